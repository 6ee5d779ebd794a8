/**
 * The maze generator (seed 001): a recursive backtracker with braiding for the skeleton
 * (skeleton.ts), motifs placed backwards (motifs.ts), six sieves cheapest first (sieves.ts), all
 * under one chapter (chapters.ts). Each candidate is made from (seed, index) alone, so a run splits
 * across workers (the candidates bench) and a level regenerates exactly from the seed, the
 * chapter's spec and the generator version its notes carry.
 */
import { z } from 'zod';
import { canonicalJson } from '../../../engine/fingerprint.ts';
import { Rng } from '../../../engine/rng.ts';
import type { CandidateSearch, Diagnostic, FoundCandidate, GenerateOptions, GenerationStatistics, LevelGenerator } from '../../../engine/ruleset.ts';
import type { MazeConfig, MazeLevel } from '../schema.ts';
import { chapterRulesOf, chapterSpecSchema, ECHO_HALLS, type ChapterSpec } from './chapters.ts';
import { placeMotifs } from './motifs.ts';
import { sieveLevel, SieveTally, type MazeRulesLike, type SievePass } from './sieves.ts';
import { carveSkeleton } from './skeleton.ts';

export const MAZE_GENERATOR_ID = 'maze-chapters';
/** Bump whenever the same seed and chapter could give another maze. */
export const MAZE_GENERATOR_VERSION = 1;

export const mazeParamsSchema = z
  .object({
    chapter: z.int().min(1).max(ECHO_HALLS.length).default(1).describe('Which chapter of the built-in campaign (Echo Halls) to make levels for, 1 to 8.'),
    spec: chapterSpecSchema.optional().describe("A chapter of one's own instead of the built-in one: its rules, size, braiding, step window, bot windows and motifs."),
    count: z.int().min(1).max(48).default(6).describe('Levels to make.'),
    maxCandidates: z.int().min(1).max(200_000).default(4000).describe('Most candidates the run may try.'),
  })
  .describe('Chapter mazes: a backtracker with braiding, motifs placed backwards, six sieves.');
export type MazeParams = z.infer<typeof mazeParamsSchema>;

/** The chapter a run makes: its own spec, else the built-in chapter's. */
export function chapterOf(params: MazeParams): ChapterSpec {
  return params.spec ?? ECHO_HALLS[params.chapter - 1];
}

/** The rules config a chapter's levels are sieved under (its rules on the defaults). */
export function chapterConfigInput(spec: ChapterSpec): Partial<MazeConfig> {
  const { name: _name, ...rules } = chapterRulesOf(spec);
  return rules;
}

/** One candidate's rows from (seed, index): the skeleton and its motifs, or undefined when no motif found a place. */
export function candidateRows(spec: ChapterSpec, seed: string, index: number): string[] | undefined {
  const rng = new Rng(`${MAZE_GENERATOR_ID}@${MAZE_GENERATOR_VERSION}|${seed}|${index}`);
  const board = carveSkeleton(spec.cells[0], spec.cells[1], spec.braid, rng);
  // The skeleton's distance start -> exit, before motifs lengthen the way.
  const window: [number, number] = [Math.floor(spec.shortest[0] * 0.7), Math.ceil(spec.shortest[1] * 0.95)];
  if (!placeMotifs(board, rng, spec.motifs, window)) return undefined;
  const rows: string[] = [];
  for (let y = 0; y < board.height; y++) rows.push(board.cells.slice(y * board.width, (y + 1) * board.width).join(''));
  return rows;
}

/** The level document of a candidate that passed, with what regenerates it in its notes. */
function levelOf(pass: SievePass, spec: ChapterSpec, chapter: number | undefined, seed: string, index: number): MazeLevel {
  return {
    ...pass.level,
    title: `${spec.name} #${index}`,
    ...(chapter !== undefined ? { chapter } : {}),
    notes: {
      generator: `${MAZE_GENERATOR_ID}@${MAZE_GENERATOR_VERSION}`,
      seed,
      candidate: String(index),
      chapterSpec: canonicalJson(spec),
      par: String(pass.par),
      solution: pass.solution,
      blindPassRate: pass.blindPassRate.toFixed(3),
      depth: String(pass.depth),
    },
  };
}

export interface MazeRun {
  readonly found: FoundCandidate<MazeLevel>[];
  readonly statistics: GenerationStatistics;
  readonly stopped: boolean;
}

/**
 * Candidates `from` to `to` (both included, as the candidates bench's shards count them) of a chapter under `seed`, sieved, until `wanted` pass. The rules
 * are the kind's, bound to the chapter's rules by the caller (kind.ts owns `create`).
 */
export function searchChapter(rulesFor: (config: Partial<MazeConfig>) => MazeRulesLike, params: MazeParams, seed: string, range: { readonly from: number; readonly to: number }, wanted: number, options: GenerateOptions = {}): MazeRun {
  const clock = options.clock ?? (() => 0);
  const started = clock();
  const spec = chapterOf(params);
  const rules = rulesFor(chapterConfigInput(spec));
  const chapter = params.spec ? undefined : params.chapter;
  const tally = new SieveTally(clock);
  const found: FoundCandidate<MazeLevel>[] = [];
  const seen = new Set<string>();
  let candidates = 0;
  let makeMs = 0;
  let stopped = false;
  for (let index = range.from; index <= range.to && found.length < wanted; index++) {
    if (options.shouldStop?.()) {
      stopped = true;
      break;
    }
    candidates++;
    const made = clock();
    const rows = candidateRows(spec, seed, index);
    makeMs += clock() - made;
    if (!rows) {
      tally.reject('step-window');
      continue;
    }
    const outcome = sieveLevel(rules, spec, { rows }, tally);
    if (!('passed' in outcome)) continue;
    const key = rows.join('\n');
    if (seen.has(key)) continue;
    seen.add(key);
    const level = levelOf(outcome.passed, spec, chapter, seed, index);
    found.push({ index, key, level, par: outcome.passed.par, figures: {}, score: outcome.passed.depth + (1 - outcome.passed.blindPassRate), solution: outcome.passed.solution });
    options.progress?.(found.length, wanted);
  }
  const statistics: GenerationStatistics = { candidates, accepted: found.length, kept: found.length, sieves: tally.counts(), makeMs, ms: clock() - started };
  return { found, statistics, stopped };
}

/** The generator, given the kind's way to bind a config (kind.ts passes its own: no import cycle). */
export function mazeGenerator(rulesFor: (config: Partial<MazeConfig>) => MazeRulesLike): LevelGenerator<MazeLevel> {
  const parse = (input: unknown): MazeParams => mazeParamsSchema.parse(input ?? {});
  const candidates: CandidateSearch<MazeLevel> = {
    plan(input) {
      const params = parse(input);
      return { cap: params.maxCandidates, wanted: params.count, count: params.count };
    },
    search(input, seed, range, options) {
      const params = parse(input);
      return searchChapter(rulesFor, params, seed, range, params.count, options);
    },
  };
  return {
    id: MAZE_GENERATOR_ID,
    label: 'Chapter mazes (backtracker + braiding + motifs)',
    version: MAZE_GENERATOR_VERSION,
    paramsSchema: mazeParamsSchema,
    check(input) {
      const spec = chapterOf(parse(input));
      const out: Diagnostic[] = [];
      if (spec.shortest[0] > spec.shortest[1]) out.push({ severity: 'error', code: 'maze.generate.window', message: 'The shortest-solution window is empty: its least is above its most.', path: 'spec.shortest' });
      if (spec.blindPassRate[0] > spec.blindPassRate[1]) out.push({ severity: 'error', code: 'maze.generate.blind', message: 'The blind pass-rate window is empty: its least is above its most.', path: 'spec.blindPassRate' });
      return out;
    },
    generate(input, seed, options = {}) {
      const params = parse(input);
      const run = searchChapter(rulesFor, params, seed, { from: 1, to: params.maxCandidates }, params.count, options);
      const levels = run.found.map((f) => f.level);
      const diagnostics: Diagnostic[] = levels.length < params.count ? [{ severity: levels.length === 0 ? 'error' : 'warning', code: 'maze.generate.short', message: `Found ${levels.length} of ${params.count} levels in ${run.statistics.candidates} candidates.`, params: { found: levels.length, asked: params.count } }] : [];
      return { levels, diagnostics, statistics: run.statistics };
    },
    candidates,
  };
}

/** A level's rows made again from its notes' seed, candidate and chapter spec (throws on notes that are not the generator's). */
export function regenerateRows(notes: Readonly<Record<string, string>>): string[] | undefined {
  if (notes.generator !== `${MAZE_GENERATOR_ID}@${MAZE_GENERATOR_VERSION}`) throw new Error(`Not made by ${MAZE_GENERATOR_ID}@${MAZE_GENERATOR_VERSION}: ${String(notes.generator).slice(0, 60)}`);
  return candidateRows(chapterSpecSchema.parse(JSON.parse(notes.chapterSpec)), notes.seed, Number(notes.candidate));
}
