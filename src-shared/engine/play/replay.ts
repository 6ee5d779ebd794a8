/**
 * Deterministic replay of a command list: every step runs the real `step` and yields a state hash,
 * so two hosts (or two rule versions) can be compared step by step and a recorded solution is a
 * regression test.
 */
import { stateHash } from '../fingerprint.ts';
import type { GridCell } from '../diagnostics.ts';
import { stepCost, type LevelMeta, type PlayStatus, type Rules, type VisualEvent } from '../ruleset.ts';

export interface ReplayFrame<C> {
  /** 0 is the start state; frame i follows command i-1. */
  readonly index: number;
  readonly command?: C;
  readonly hash: string;
  readonly status: PlayStatus;
  readonly changed: boolean;
  readonly events: readonly VisualEvent[];
}

export interface ReplayResult<S, C> {
  readonly frames: readonly ReplayFrame<C>[];
  readonly final: S;
  readonly status: PlayStatus;
  /** 0-based index of the first command the rules refused, if any. */
  readonly firstRefused?: number;
}

export function replay<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, commands: readonly C[]): ReplayResult<S, C> {
  const frames: ReplayFrame<C>[] = [
    { index: 0, hash: stateHash(rules.canonical(start)), status: rules.status(start), changed: false, events: [] },
  ];
  let state = start;
  let firstRefused: number | undefined;
  commands.forEach((command, i) => {
    const result = rules.step(state, command);
    if (!result.changed && firstRefused === undefined) firstRefused = i;
    state = result.state;
    frames.push({
      index: i + 1,
      command,
      hash: stateHash(rules.canonical(state)),
      status: rules.status(state),
      changed: result.changed,
      events: result.events,
    });
  });
  return { frames, final: state, status: rules.status(state), firstRefused };
}

/** The states along a command list (start included), without hashing: for scrubbing and tests. */
export function statesAlong<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, commands: readonly C[]): S[] {
  const out = [start];
  let state = start;
  for (const command of commands) {
    state = rules.step(state, command).state;
    out.push(state);
  }
  return out;
}

/** The states along a command list and what it costs (the sum of the steps' costs; refused steps cost nothing). */
export function costAlong<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, commands: readonly C[]): { readonly states: S[]; readonly cost: number } {
  const states = [start];
  let state = start;
  let cost = 0;
  for (const command of commands) {
    const result = rules.step(state, command);
    if (result.changed) cost += stepCost(result);
    state = result.state;
    states.push(state);
  }
  return { states, cost };
}

/** Hex digits of a per-step hash in a recording: 32 bits, 4 bytes a step when stored. */
export const STEP_HASH_DIGITS = 8;

/**
 * The short hash of the state after each command (refused ones included: the state is then the
 * one before), as a recording stores them: replaying under other rules, the first index whose
 * hash differs is where the recording diverges.
 */
export function stepHashes<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, commands: readonly C[]): string[] {
  return shortHashes(rules, statesAlong(rules, start, commands).slice(1));
}

/** The short hash of each state, as a recording stores them (`stepHashes` of the states a replay already has). */
export function shortHashes<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, states: readonly S[]): string[] {
  return states.map((state) => stateHash(rules.canonical(state)).slice(0, STEP_HASH_DIGITS));
}

/** The 0-based index of the first step whose hash differs (length differences count), or -1. */
export function firstDivergence(recorded: readonly string[], replayed: readonly string[]): number {
  const n = Math.min(recorded.length, replayed.length);
  for (let i = 0; i < n; i++) if (recorded[i] !== replayed[i]) return i;
  return recorded.length === replayed.length ? -1 : n;
}

/**
 * The cells a command list moves things through (each visual event's path and destination), in
 * order of first visit: the editor draws an optimal solution's path with it, for any kind.
 */
export function cellsAlong<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, commands: readonly C[]): GridCell[] {
  const seen = new Set<string>();
  const out: GridCell[] = [];
  const add = (cell: GridCell | undefined): void => {
    if (!cell) return;
    const key = `${cell.x},${cell.y}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(cell);
  };
  let state = start;
  for (const command of commands) {
    const result = rules.step(state, command);
    for (const event of result.events) {
      event.path?.forEach(add);
      add(event.to);
    }
    state = result.state;
  }
  return out;
}
