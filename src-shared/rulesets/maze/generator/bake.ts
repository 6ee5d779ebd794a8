/**
 * Baking Echo Halls (seed 001's tools/bake.py): scan candidate seeds per chapter until each has
 * its six levels, then report the chapter table (shortest range, step-limit range, tightness,
 * blind one-try pass rate) and every sieve's rejections. A chapter is one unit of work, so a host
 * spreads chapters over its workers; the same generator version gives the same campaign.
 */
import type { FoundCandidate, GenerateOptions, SieveCount } from '../../../engine/ruleset.ts';
import type { BakePlan } from '../../bake-plan.ts';
import { stepLimitFor } from '../level.ts';
import type { MazeConfig, MazeLevel } from '../schema.ts';
import { chapterRulesOf, ECHO_HALLS, ECHO_HALLS_LEVELS_PER_CHAPTER, ECHO_HALLS_NAME } from './chapters.ts';
import { MAZE_GENERATOR_ID, MAZE_GENERATOR_VERSION, searchChapter, type MazeParams } from './index.ts';
import type { MazeRulesLike } from './sieves.ts';

/** The seed every chapter of the built-in campaign is scanned from. */
export const BAKE_SEED = 'echo-halls';
/** Candidates a chapter may scan before the bake says it fell short. */
export const BAKE_MAX_CANDIDATES = 6000;

export interface ChapterBake {
  readonly chapter: number;
  readonly name: string;
  readonly levels: readonly FoundCandidate<MazeLevel>[];
  readonly candidates: number;
  readonly sieves: readonly SieveCount[];
  readonly stopped: boolean;
}

/** One row of seed 001's table. */
export interface ChapterRow {
  readonly chapter: number;
  readonly name: string;
  readonly levels: number;
  readonly shortest: readonly [number, number];
  readonly stepLimit: readonly [number, number];
  readonly tightness: number;
  readonly blindPassRate: number;
}

/** Params of one chapter of the built-in campaign. */
export function chapterParams(chapter: number): MazeParams {
  return { chapter, count: ECHO_HALLS_LEVELS_PER_CHAPTER, maxCandidates: BAKE_MAX_CANDIDATES };
}

/** Bake one chapter (1-based) of Echo Halls. */
export function bakeChapter(rulesFor: (config: Partial<MazeConfig>) => MazeRulesLike, chapter: number, options: GenerateOptions = {}): ChapterBake {
  const params = chapterParams(chapter);
  const run = searchChapter(rulesFor, params, BAKE_SEED, { from: 1, to: params.maxCandidates }, params.count, options);
  return { chapter, name: ECHO_HALLS[chapter - 1].name, levels: run.found, candidates: run.statistics.candidates, sieves: run.statistics.sieves, stopped: run.stopped };
}

/** A chapter's row of the table, from its levels' pars and blind pass rates. */
export function chapterRow(bake: Pick<ChapterBake, 'chapter' | 'name' | 'levels'>): ChapterRow {
  const { tightness } = ECHO_HALLS[bake.chapter - 1];
  const pars = bake.levels.map((l) => l.par);
  const limits = pars.map((p) => stepLimitFor(p, tightness));
  const rates = bake.levels.map((l) => Number(l.level.notes?.blindPassRate ?? 0));
  const span = (xs: number[]): [number, number] => (xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 0]);
  const mean = rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : 0;
  return { chapter: bake.chapter, name: bake.name, levels: bake.levels.length, shortest: span(pars), stepLimit: span(limits), tightness, blindPassRate: Math.round(mean * 1000) / 1000 };
}

/** The ruleset config of the built-in campaign: every chapter's rules, so a level plays under its chapter's. */
export function echoHallsConfig(): Partial<MazeConfig> {
  return { chapters: ECHO_HALLS.map(chapterRulesOf) };
}

/** What a host writes: the campaign's name, rules, chapters and levels (chapter order). */
export interface BakedCampaign {
  readonly name: string;
  readonly generator: string;
  readonly version: number;
  readonly seed: string;
  readonly config: Partial<MazeConfig>;
  readonly chapters: readonly { readonly name: string; readonly levels: readonly MazeLevel[] }[];
}

export function bakedCampaign(bakes: readonly ChapterBake[]): BakedCampaign {
  return {
    name: ECHO_HALLS_NAME,
    generator: MAZE_GENERATOR_ID,
    version: MAZE_GENERATOR_VERSION,
    seed: BAKE_SEED,
    config: echoHallsConfig(),
    chapters: [...bakes].sort((a, b) => a.chapter - b.chapter).map((b) => ({ name: b.name, levels: b.levels.map((l, i) => ({ ...l.level, title: `${b.chapter}-${i + 1} ${b.name}` })) })),
  };
}

/** The sieves' counts of several chapters added up, in sieve order. */
export function totalSieves(bakes: readonly Pick<ChapterBake, 'sieves'>[]): SieveCount[] {
  const out = new Map<string, SieveCount>();
  for (const bake of bakes) {
    for (const s of bake.sieves) {
      const was = out.get(s.id);
      out.set(s.id, { ...s, rejected: (was?.rejected ?? 0) + s.rejected, ms: (was?.ms ?? 0) + s.ms });
    }
  }
  return [...out.values()];
}

/** Parses `--chapters 1-8`, `3` or `1,4-5` into chapter numbers of Echo Halls (undefined: not that form). */
export function parseChapters(text: string): number[] | undefined {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) return undefined;
    const a = Number(m[1]);
    const b = Number(m[2] ?? m[1]);
    if (a < 1 || b > ECHO_HALLS.length || a > b) return undefined;
    for (let c = a; c <= b; c++) out.add(c);
  }
  return [...out].sort((x, y) => x - y);
}

const span = ([a, b]: readonly [number, number]): string => (a === b ? String(a) : `${a}-${b}`);

/** Echo Halls as a bake plan: what the studio's "Bake from seeds" queues, chapter by chapter across the pool. */
export const ECHO_HALLS_BAKE: BakePlan = {
  id: 'echo-halls',
  kind: 'maze',
  generator: MAZE_GENERATOR_ID,
  campaign: ECHO_HALLS_NAME,
  config: echoHallsConfig(),
  chapters: ECHO_HALLS.map((spec, i) => ({ name: spec.name, params: chapterParams(i + 1), seed: BAKE_SEED })),
  columns: [
    { id: 'shortest', label: 'Shortest' },
    { id: 'stepLimit', label: 'Step limit' },
    { id: 'tightness', label: 'Tightness' },
    { id: 'blindPassRate', label: 'Blind pass rate' },
  ],
  figures(chapter, found) {
    const row = chapterRow({ chapter, name: ECHO_HALLS[chapter - 1].name, levels: found as FoundCandidate<MazeLevel>[] });
    return { shortest: span(row.shortest), stepLimit: span(row.stepLimit), tightness: row.tightness.toFixed(2), blindPassRate: `${Math.round(row.blindPassRate * 100)}%` };
  },
};
