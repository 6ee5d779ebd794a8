/**
 * The game facet: what a level is, how it starts, and the fixed rule pipeline that moves it on
 * (seed 000: state + command -> next state + visual events). Pure and deterministic: no clock, no
 * Math.random, no globals; the same inputs give the same outputs on every host.
 */
import type { Diagnostic, GridCell } from '../diagnostics.ts';

export type PlayStatus = 'playing' | 'won' | 'lost';

/**
 * A visual event describes what happened for display only (animation, sound); it never drives
 * state. Common types: move, push, bump, slide, open, close, teleport, jump, win, lose, place, clear.
 */
export interface VisualEvent {
  readonly type: string;
  /** What it concerns: `player`, `box:2`, `door:3`, `tile:7`, ... */
  readonly entity?: string;
  readonly from?: GridCell;
  readonly to?: GridCell;
  /** Cells crossed on the way, for slides. */
  readonly path?: readonly GridCell[];
}

export interface StepResult<S> {
  readonly state: S;
  readonly events: readonly VisualEvent[];
  /** False when the command was refused (a bump, an illegal placement): `state` is the input. */
  readonly changed: boolean;
  /**
   * What the step costs in the kind's primary objective when it is minimised (a maze's jump costs
   * 2 steps, a recall 3): a whole number, at least 1; absent means 1. The generic searches add it
   * up; a refused step costs nothing.
   */
  readonly cost?: number;
}

/** The cost of a step result (absent means 1). */
export function stepCost(result: Pick<StepResult<unknown>, 'cost'>): number {
  return result.cost ?? 1;
}

/** Metadata every level document carries, whatever its kind. */
export interface LevelMeta {
  readonly title?: string;
  readonly author?: string;
  readonly comments?: readonly string[];
  /** `Key: value` notes from the source file that have no field of their own. */
  readonly notes?: Readonly<Record<string, string>>;
}

export interface LoadResult<L, S> {
  /** The validated level document (present unless the input was not a level of this kind). */
  readonly level?: L;
  /** The start state; present when there are no errors. */
  readonly state?: S;
  readonly diagnostics: readonly Diagnostic[];
}

export interface GameFacet<L extends LevelMeta, S, C> {
  /** Validate an untrusted level document and build its start state. */
  load(input: unknown): LoadResult<L, S>;
  /** Structural checks beyond the schema (one player, links resolve, parity, ...). */
  lint(level: L): readonly Diagnostic[];
  /** The state as a level document (save a position reached in play or in the editor). */
  serialize(state: S, meta?: LevelMeta): L;
  /**
   * The fixed rule pipeline. Pure and deterministic. A won or lost state refuses every command
   * (`changed` false, the same state): the game has ended.
   */
  step(state: S, command: C): StepResult<S>;
  status(state: S): PlayStatus;
  /** Commands worth trying from this state (search tries each; `step` may still refuse one). */
  commands(state: S): readonly C[];
  /**
   * The counters of a state since the level's start, by id: every objective of the kind is one
   * (`moves`, `pushes`, `steps`, `score`), and a kind may keep more (`stepsLeft`). Verification
   * measures a solution by them, the HUD shows them.
   */
  counters(state: S): Readonly<Record<string, number>>;
}
