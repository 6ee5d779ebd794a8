/**
 * The push kind's reverse generator (seed 002, BoxCat): from the solved board the player pulls
 * boxes off their goals, so every candidate carries a path back; the sieves (sieves.ts), cheapest
 * first, throw out what is no good, the real solver proves each survivor's par within the state
 * budget, and a quality score ranks what is left. The same generator version, params and seed
 * give the same levels; each level's notes say how to make it again.
 *
 * Layout: params.ts (schema, modes, input checks), rooms.ts (template rooms), candidate.ts (one
 * candidate from seed and index), walk.ts (the pull policy), sieves.ts, canonical.ts (keys under
 * the 8 symmetries), proof.ts (the forward proof), quality.ts, run.ts (the loop and statistics),
 * warehouse.ts (the built-in campaign).
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import { canonicalJson } from '../../../engine/fingerprint.ts';
import type { GenerateOptions, GenerateResult, GenerationStatistics, LevelGenerator } from '../../../engine/ruleset.ts';
import { buildPushLevel } from '../board.ts';
import { pushLevelSchema, type PushLevel } from '../schema.ts';
import { startKey } from './canonical.ts';
import { PLAIN_CONFIG, candidateRng, candidateRoom, levelOf, startCells, walkCandidate } from './candidate.ts';
import { resolveSettings, reverseParamsSchema, type ReverseParams } from './params.ts';
import { runReverse, type KeptLevel, type RunHooks, type RunResult } from './run.ts';

export const REVERSE_GENERATOR_ID = 'push-reverse';
/** Bump whenever the same seed and params could give other levels. */
export const REVERSE_GENERATOR_VERSION = 1;

export { reverseParamsSchema, MODES, MODE_DEFAULTS, type ReverseParams } from './params.ts';
export { startKey } from './canonical.ts';
export { SIEVES } from './sieves.ts';

/** The keys of the level documents to avoid (those that do not load, or have mechanics, never collide). */
export function avoidKeysOf(documents: readonly unknown[]): Set<string> {
  const keys = new Set<string>();
  for (const doc of documents) {
    const parsed = pushLevelSchema.safeParse(doc);
    if (!parsed.success) continue;
    const state = buildPushLevel(parsed.data, PLAIN_CONFIG).state;
    const key = state && startKey(state);
    if (key) keys.add(key);
  }
  return keys;
}

/**
 * Run the generator with the run's own hooks (the benchmark's sieve order, a clock); the
 * LevelGenerator below is this plus the level documents. Bad input is a diagnostic before any work.
 */
export function generateReverse(input: unknown, seed: unknown, options: GenerateOptions & Pick<RunHooks, 'proofFirst'> = {}): GenerateResult<PushLevel> & { readonly run?: RunResult } {
  if (typeof seed !== 'string') {
    return { levels: [], diagnostics: [{ severity: 'error', code: 'push.generate.seed', message: `The seed must be text (got ${seed === null ? 'null' : typeof seed}).` }] };
  }
  const { settings, params, diagnostics } = resolveSettings(input);
  if (!settings || !params) return { levels: [], diagnostics };
  const run = runReverse(settings, seed, {
    shouldStop: options.shouldStop,
    progress: options.progress,
    clock: options.clock,
    avoidKeys: options.avoid ? avoidKeysOf(options.avoid) : undefined,
    proofFirst: options.proofFirst,
  });
  const levels = run.kept.map((kept, i) => levelWithNotes(kept, i, seed, params));
  const out = [...diagnostics];
  if (run.ended === 'stopped') out.push({ severity: 'warning', code: 'push.generate.stopped', message: `Generation was stopped after ${run.statistics.candidates} candidates, with ${levels.length} of ${settings.count} levels.` });
  else if (levels.length < settings.count) out.push(shortfall(levels.length, settings.count, run));
  return { levels, diagnostics: out, statistics: run.statistics, run };
}

export const reverseGenerator: LevelGenerator<PushLevel> = {
  id: REVERSE_GENERATOR_ID,
  label: 'Reverse (pull) generation',
  version: REVERSE_GENERATOR_VERSION,
  paramsSchema: reverseParamsSchema,
  generate(params, seed, options) {
    const { levels, diagnostics, statistics } = generateReverse(params, seed, options);
    return statistics ? { levels, diagnostics, statistics } : { levels, diagnostics };
  },
};

/**
 * The start of one candidate from the params and seed of a run and its index (a level's notes):
 * made again without the candidates before it (candidate.ts). Throws on params the generator refuses.
 */
export function regenerateCandidate(params: unknown, seed: string, index: number): PushLevel {
  const { settings, diagnostics } = resolveSettings(params);
  if (!settings) throw new Error(`regenerateCandidate: ${diagnostics.map((d) => d.message).join(' ')}`);
  const rng = candidateRng(seed, index);
  const candidate = walkCandidate(settings, candidateRoom(settings, rng), rng);
  const start = startCells(candidate);
  return levelOf(candidate.room, candidate.goals, start.boxes, start.player);
}

/** Provenance, the proven par and its solution, and the quality terms, in the level's notes. */
function levelWithNotes(kept: KeptLevel, i: number, seed: string, params: ReverseParams): PushLevel {
  const { proof, quality } = kept;
  return {
    title: `l${String(i + 1).padStart(3, '0')}`,
    notes: {
      generator: `${REVERSE_GENERATOR_ID}@${REVERSE_GENERATOR_VERSION}`,
      seed,
      params: canonicalJson(params),
      candidate: String(kept.index),
      par: String(proof.par),
      pushes: String(proof.pushes),
      solution: proof.lurd,
      quality: String(quality.score),
      boxLines: String(quality.boxLines),
      boxChanges: String(quality.boxChanges),
      goalLeaves: String(quality.goalLeaves),
      pulls: String(kept.pulls),
      pathBack: String(kept.pathBack),
    },
    board: kept.level.board,
  };
}

/** Fewer levels than asked: how many, and what rejected the candidates (per sieve). */
function shortfall(found: number, asked: number, run: RunResult): Diagnostic {
  const stats: GenerationStatistics = run.statistics;
  const rejected = stats.sieves.filter((s) => s.rejected > 0).map((s) => {
    const extra = s.id === 'par-window' ? ` (below ${run.outside.below}, above ${run.outside.above})` : '';
    return `${s.label} ${s.rejected}${extra}`;
  });
  const why = rejected.length > 0 ? ` Rejected: ${rejected.join('; ')}.` : '';
  return {
    severity: found === 0 ? 'error' : 'warning',
    code: 'push.generate.short',
    message: `Found ${found} of ${asked} levels in ${stats.candidates} candidates, the most this run may try (maxCandidates).${why} Widen the par window, change the pulls or the room, or raise maxCandidates.`,
    params: { found, asked, candidates: stats.candidates },
  };
}
