/**
 * A puzzle kind: its config and level schemas, objectives, formats, generators and messages, and
 * `create(config)`, which binds a validated config and returns the rules every consumer calls.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.ts';
import type { LevelFormat } from './codec.ts';
import type { LevelMeta } from './game.ts';
import type { Rules } from './rules.ts';
import type { Objective, SolverTables } from './search.ts';

export interface GenerateOptions {
  readonly shouldStop?: () => boolean;
  /** Levels made so far out of those asked for. */
  readonly progress?: (done: number, total: number) => void;
  readonly tables?: SolverTables;
  /** Milliseconds clock supplied by the host, for the statistics' times (src-shared reads no clock). */
  readonly clock?: () => number;
  /**
   * Level documents of this kind the generated levels must not repeat (the library's, so a new
   * campaign adds nothing it already holds); the kind decides what counts as the same level (push:
   * the same start under any turn or mirror image). Documents it cannot read are passed over.
   */
  readonly avoid?: readonly unknown[];
}

/** One sieve of a generator run: how many candidates it rejected and the time spent in it. */
export interface SieveCount {
  readonly id: string;
  readonly label: string;
  readonly rejected: number;
  /** Milliseconds by the host's clock (0 without one). */
  readonly ms: number;
}

/** What a generator run did: candidates tried, and per sieve (in the order they run) its rejections. */
export interface GenerationStatistics {
  readonly candidates: number;
  /** Candidates that passed every sieve. */
  readonly accepted: number;
  /** Levels returned (the best of those accepted, where the generator ranks them). */
  readonly kept: number;
  readonly sieves: readonly SieveCount[];
  /** Milliseconds spent making candidates, outside the sieves. */
  readonly makeMs: number;
  /** Milliseconds the whole run took. */
  readonly ms: number;
}

export interface GenerateResult<L> {
  readonly levels: readonly L[];
  readonly diagnostics: readonly Diagnostic[];
  /** Where the generator keeps them: candidates and per-sieve counts and times. */
  readonly statistics?: GenerationStatistics;
}

/** A candidate that passed every sieve of a generator run: the designer's to accept or dismiss. */
export interface FoundCandidate<L> {
  /** Its number in the run (1-based): candidates are made from (seed, index) alone. */
  readonly index: number;
  /** Equal keys, the same level (push: the same start under any turn or mirror image). */
  readonly key: string;
  /** The level document, its provenance in its notes. */
  readonly level: L;
  /** The primary objective's proven optimum. */
  readonly par: number;
  /** Secondary figures of that solution, by objective id (push: pushes). */
  readonly figures: Readonly<Record<string, number>>;
  /** The generator's quality score (higher is better); ranks, never rejects. */
  readonly score: number;
  /** The proven solution, in the kind's solution text. */
  readonly solution: string;
}

/** What one shard of a split run found, and what it did. */
export interface CandidateShard<L> {
  /** In candidate order, at most the run's `wanted`. */
  readonly found: readonly FoundCandidate<L>[];
  readonly statistics: GenerationStatistics;
  /** The host said stop before the shard was done. */
  readonly stopped: boolean;
}

/**
 * A generator whose candidates are numbered and each made from (seed, index) alone, so a run
 * splits into ranges of candidate numbers that workers search apart; merged in candidate order
 * (src-main/library/candidate-shards.ts) the shards give the same levels as one run, whatever
 * the worker count.
 */
export interface CandidateSearch<L> {
  /** From parsed, checked params: candidates the run may try (its cap), proven levels it gathers, levels it returns. */
  plan(params: unknown): { readonly cap: number; readonly wanted: number; readonly count: number };
  search(params: unknown, seed: string, range: { readonly from: number; readonly to: number }, options?: GenerateOptions): CandidateShard<L>;
}

/** Seeded level generation: the same generator version, seed and params give the same levels. */
export interface LevelGenerator<L> {
  readonly id: string;
  readonly label: string;
  /** Bumped whenever the same seed and params could give other levels. */
  readonly version: number;
  /** Params with defaults (`paramsSchema.parse({})` is the default set). */
  readonly paramsSchema: z.ZodType<unknown>;
  /**
   * Cheap checks of parsed params that no level could meet (a minimum above a maximum, a distance
   * past the board's farthest): run before a job starts, so a dialog can say why beside the field
   * (a diagnostic's `path` names it). Absent: the schema is all.
   */
  check?(params: unknown): readonly Diagnostic[];
  generate(params: unknown, seed: string, options?: GenerateOptions): GenerateResult<L>;
  /** Present when a run can be split across workers (the candidates bench). */
  readonly candidates?: CandidateSearch<L>;
}

/**
 * A kind's own display strings, by locale (`en`, `zh-CN`), in vue-i18n syntax: `kind.label`,
 * `objective.<id>`, `unit.<id>` (a count with plural forms: "{n} moves | {n} move | {n} moves"),
 * `hud.<id>` (a counter's name after its value: "move | moves"), `terrain.<name>`, `piece.<kind>`. The renderer files them under `kinds.<kind>.` so a new kind brings its words
 * with it and needs no edit outside its folder.
 */
export type KindMessages = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface RulesetKind<Config, L extends LevelMeta, S, C> {
  readonly kind: string;
  /** Bumped whenever `step` can give a different result for the same input. */
  readonly rulesVersion: number;
  /** Filling defaults: `configSchema.parse({})` is the default config. */
  readonly configSchema: z.ZodType<Config>;
  readonly levelSchema: z.ZodType<L>;
  /**
   * What a solver may optimise; the first is the primary one: a level's par is the best value of
   * it (moves for push and sliding). The others are the kind's secondary figures (pushes).
   */
  readonly objectives: readonly Objective[];
  readonly formats: readonly LevelFormat<L>[];
  /** Level generators this kind offers (may be empty). */
  readonly generators: readonly LevelGenerator<L>[];
  readonly messages?: KindMessages;
  /** Bind a config; `config` is untrusted (from the rule inspector or a file). */
  create(config?: unknown): { readonly rules?: Rules<L, S, C>; readonly diagnostics: readonly Diagnostic[] };
}

/** The primary objective (a kind has at least one). */
export function primaryObjective(kind: Pick<RulesetKind<unknown, LevelMeta, unknown, unknown>, 'objectives'>): Objective {
  return kind.objectives[0];
}

export function findObjective(kind: Pick<RulesetKind<unknown, LevelMeta, unknown, unknown>, 'objectives'>, id: string): Objective | undefined {
  return kind.objectives.find((o) => o.id === id);
}

export function objectiveIds(kind: Pick<RulesetKind<unknown, LevelMeta, unknown, unknown>, 'objectives'>): string[] {
  return kind.objectives.map((o) => o.id);
}
