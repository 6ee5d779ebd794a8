/**
 * The ruleset contract: what every puzzle kind (push, sliding, maze, blocks) provides so that the
 * editor preview, play-test, solvers, generators, bots, replay and re-verification all run the
 * same `step` (seed 000: one rule engine, many consumers).
 *
 * A *kind* is a puzzle family with a config schema. `create(config)` binds a validated config and
 * returns the `Rules` every consumer calls. Everything here is pure: no clock, no Math.random, no
 * globals; the same inputs give the same outputs on every host.
 */
import type { z } from 'zod';
import type { Diagnostic, GridCell } from './diagnostics.ts';

export type PlayStatus = 'playing' | 'won' | 'lost';

/**
 * A visual event describes what happened for display only (animation, sound); it never drives
 * state. Common types: move, push, bump, slide, open, close, teleport, win, lose, place, clear.
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

/** A generic picture of a state for the shared board renderer and for thumbnails. */
export interface BoardPiece {
  readonly id: string;
  /** What to draw: `player`, `box`, `tile`, `door`, ... */
  readonly kind: string;
  readonly x: number;
  readonly y: number;
  readonly label?: string;
  /** Variant for drawing: `on-goal`, `heavy`, `open`, ... */
  readonly variant?: string;
}

export interface BoardView {
  readonly width: number;
  readonly height: number;
  /** One terrain name per cell, row-major: `wall`, `floor`, `goal`, `ice`, `outside`, ... */
  readonly terrain: readonly string[];
  readonly pieces: readonly BoardPiece[];
}

export type SolveStatus = 'solved' | 'unsolvable' | 'budget';

/**
 * Storage a host offers a solver for large precomputed tables (pattern databases): built once,
 * kept on disk beside the library, handed back on later solves. Names are the solver's own.
 */
export interface SolverTables {
  get(name: string): Uint8Array | undefined;
  put(name: string, data: Uint8Array): void;
  /**
   * Before a long build: true when this process should build the table now, false when another
   * one is already building it (the solver then uses a weaker method for this solve). Absent:
   * always build.
   */
  claim?(name: string): boolean;
  /** Give up a claim without a table (the build was stopped). */
  release?(name: string): void;
}

export interface SolveOptions {
  /**
   * Most distinct states the search may store. Seed 002: 400,000; exceeding it is its own
   * status, never "probably solvable".
   */
  readonly budget?: number;
  /** What to minimise; one of the kind's `objectives` (the first is the default). */
  readonly objective?: string;
  /** Polled during the search; a host uses it for deadlines and cancellation. */
  readonly shouldStop?: () => boolean;
  /** Called now and then (every 1,024 expansions or so): states expanded and stored so far (for progress bars). */
  readonly progress?: (p: { readonly nodes: number; readonly stored: number }) => void;
  /** Precomputed tables the host keeps between solves, where it has storage. */
  readonly tables?: SolverTables;
}

export interface SolveResult<C> {
  readonly status: SolveStatus;
  /** Commands from the start to a won state, when solved. */
  readonly solution?: readonly C[];
  /** True when the solution is proven minimal for the objective. */
  readonly optimal: boolean;
  /** States expanded. */
  readonly nodes: number;
  /** Distinct states stored when the search ended. */
  readonly stored: number;
  /** Why the search stopped early (`budget`, `stopped`), when it did. */
  readonly stoppedBy?: 'budget' | 'stopped';
  /** Solver name and version, e.g. `push-astar/1`. */
  readonly solver: string;
  /** A proven lower bound on the optimal length when the search stopped early, if known. */
  readonly lowerBound?: number;
  /** Bytes of search memory per stored state, where the solver knows it. */
  readonly bytesPerState?: number;
  /**
   * Why the solver stopped early or could not prove the par (budget, time limit, board size), as
   * a sentence a designer can read; set with `stoppedBy` or a size limit.
   */
  readonly reason?: string;
}

/** A text format for collections of levels (XSB/SOK for push, ...). */
export interface LevelCollection<L> {
  readonly title?: string;
  readonly author?: string;
  readonly comments?: readonly string[];
  readonly notes?: Readonly<Record<string, string>>;
  readonly levels: readonly L[];
}

export interface CollectionReadResult<L> {
  readonly collection: LevelCollection<L>;
  /** Per-level problems carry `level` (1-based, counting every level found) and `line`. */
  readonly diagnostics: readonly Diagnostic[];
  /** How many levels were found but not kept because of errors. */
  readonly rejected: number;
  /** For each kept level, its 1-based position among all levels found in the file. */
  readonly levelNumbers: readonly number[];
  /**
   * For each level found, kept or not (index: its number - 1), where its text is and its title
   * when the file gives one: so a later problem (lint) can name a line, and a rejected level
   * keeps its name. Filled by the readers of text and JSON files.
   */
  readonly found?: readonly FoundLevel[];
}

export interface FoundLevel {
  /** 1-based line the level's text starts on. */
  readonly line: number;
  /** For boards drawn in text: the line of each board row, top to bottom. */
  readonly rowLines?: readonly number[];
  readonly title?: string;
}

export interface LevelFormat<L> {
  readonly id: string;
  readonly label: string;
  /** File name endings this format reads, lower case, without the dot. */
  readonly extensions: readonly string[];
  read(text: string): CollectionReadResult<L>;
  write(collection: LevelCollection<L>): string;
  /**
   * How surely `text` is in this format, for files whose ending several kinds share (.json):
   * 0 not this format, 1 could be, 2 certainly (its format tag or its telltale fields).
   */
  sniff(text: string): 0 | 1 | 2;
}

/** Rules bound to one config. */
export interface Rules<L extends LevelMeta, S, C> {
  readonly kind: string;
  /** Hash of kind, rules version and canonical config: see `rulesFingerprint`. */
  readonly fingerprint: string;
  /** Validate an untrusted level document and build its start state. */
  load(input: unknown): LoadResult<L, S>;
  /** The state as a level document (save a position reached in play or in the editor). */
  serialize(state: S, meta?: LevelMeta): L;
  /** Structural checks beyond the schema (one player, links resolve, parity, ...). */
  lint(level: L): readonly Diagnostic[];
  /**
   * The fixed rule pipeline. Pure and deterministic. A won or lost state refuses every command
   * (`changed` false, the same state): the game has ended.
   */
  step(state: S, command: C): StepResult<S>;
  status(state: S): PlayStatus;
  /** Commands worth trying from this state (search tries each; `step` may still refuse one). */
  commands(state: S): readonly C[];
  /** Canonical key: equal keys mean equal futures for search. */
  key(state: S): string;
  /** Exact canonical text of the state, for replay hashes (keeps what `key` may normalise). */
  canonical(state: S): string;
  /** Admissible lower bound on the commands still needed to win. */
  lowerBound?(state: S): number;
  encodeCommand(command: C): string;
  decodeCommand(text: string): C | undefined;
  /** A whole solution as text (LURD for push); `start` lets a kind mark pushes. */
  encodeSolution(start: S, commands: readonly C[]): string;
  decodeSolution(text: string): { readonly commands?: readonly C[]; readonly diagnostics: readonly Diagnostic[] };
  view(state: S): BoardView;
  /**
   * Keyboard bindings for play: `KeyboardEvent.key` (e.g. `ArrowUp`, `w`) to an encoded command.
   * The renderer knows no kind; it looks keys up here.
   */
  readonly keyBindings: Readonly<Record<string, string>>;
  /** A short, language-neutral picture of a command for hints and replays: `↑`, `7↓`. */
  commandGlyph(command: C): string;
  /** What a click on a board cell means in play (sliding: slide that tile), if anything. */
  commandAt?(state: S, cell: GridCell): C | undefined;
  /** A solver specialised for this kind; the generic search is used where absent. */
  solve?(state: S, options?: SolveOptions): SolveResult<C>;
  /** Size and structure figures for a verification record. */
  metrics?(state: S, solution?: readonly C[]): Readonly<Record<string, number>>;
}

export interface GenerateOptions {
  readonly shouldStop?: () => boolean;
  /** Levels made so far out of those asked for. */
  readonly progress?: (done: number, total: number) => void;
  readonly tables?: SolverTables;
}

/** Seeded level generation: the same generator version, seed and params give the same levels. */
export interface LevelGenerator<L> {
  readonly id: string;
  readonly label: string;
  /** Bumped whenever the same seed and params could give other levels. */
  readonly version: number;
  /** Params with defaults (`paramsSchema.parse({})` is the default set). */
  readonly paramsSchema: z.ZodType<unknown>;
  generate(params: unknown, seed: string, options?: GenerateOptions): {
    readonly levels: readonly L[];
    readonly diagnostics: readonly Diagnostic[];
  };
}

export interface RulesetKind<Config, L extends LevelMeta, S, C> {
  readonly kind: string;
  /** Bumped whenever `step` can give a different result for the same input. */
  readonly rulesVersion: number;
  /** Filling defaults: `configSchema.parse({})` is the default config. */
  readonly configSchema: z.ZodType<Config>;
  readonly levelSchema: z.ZodType<L>;
  /** What a solver may minimise; the first is the default. */
  readonly objectives: readonly string[];
  readonly formats: readonly LevelFormat<L>[];
  /** Level generators this kind offers (may be empty). */
  readonly generators: readonly LevelGenerator<L>[];
  /** Bind a config; `config` is untrusted (from the rule inspector or a file). */
  create(config?: unknown): { readonly rules?: Rules<L, S, C>; readonly diagnostics: readonly Diagnostic[] };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRules = Rules<LevelMeta, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRulesetKind = RulesetKind<any, any, any, any>;
