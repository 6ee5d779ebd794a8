/**
 * The distance curve in one process (figures printed, never asserted): states answered per second
 * over a 500-step recording, before and after the searches share solver tables (the search facet's
 * `SolveOptions.tables`: push keeps its proven lines there, sliding its pattern databases).
 * - "job": the curve split into chunks as the studio splits it for 2 workers, one oracle a chunk,
 *   all chunks on one worker whose tables outlive each job (before: no tables at all);
 * - "one oracle": the whole curve in one oracle, as `cli replay` runs it (before: no tables;
 *   after: the oracle's own in memory).
 * - push: Microban I #6, 500 entries: again and again a restart, a random part of the optimal line,
 *   then a few random moves (pushes off the line);
 * - sliding 4x4: the same kind of play on a board 20 moves from the goal; the first search with
 *   tables builds the pattern databases (about 23.6 million entries), so "cold" counts that build
 *   and "warm" runs again on the tables built (a worker or the CLI keeps them on disk).
 * Each figure is the best of three runs, after a warm-up run (the machine is shared).
 *
 * The sliding part runs only when asked (`--sliding`): on this shared 2-core machine a single
 * search of its 4x4 board did not end within a minute, so its figures are still to be taken.
 *
 *   npm run bench -- replay-curve [--steps 500] [--sliding]
 */
import { performance } from 'node:perf_hooks';
import type { TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { ReplayTimeline } from '../../src-shared/engine/play/replay-timeline.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { Rng } from '../../src-shared/engine/rng.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import type { SolverTables } from '../../src-shared/engine/contract/search.ts';
import { DistanceOracle, memorySolverTables } from '../../src-shared/verify/distance.ts';
import { curveChunkRanges, distanceCurve, type AnyTimeline } from '../../src-shared/verify/replay-curve.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules } from '../support/microban.ts';

const DIRECTIONS = ['u', 'd', 'l', 'r'];
const LEVEL = 6;

/** Restart, follow the optimal line a random way, then wander off it (pushing boxes where it can). */
function probingJournal(length: number, rng: Rng, line: readonly string[]): TimedJournalEntry<string>[] {
  const out: TimedJournalEntry<string>[] = [];
  let t = 0;
  const add = (entry: { type: 'command' | 'restart'; command?: string }): void => void out.push({ ...entry, t: (t += 100 + rng.int(900)) } as TimedJournalEntry<string>);
  while (out.length < length) {
    add({ type: 'restart' });
    const prefix = rng.int(line.length);
    for (let i = 0; i < prefix; i++) add({ type: 'command', command: line[i] });
    for (let i = 0; i < 4; i++) add({ type: 'command', command: rng.pick(DIRECTIONS) });
  }
  return out.slice(0, length);
}

interface Figures {
  readonly states: number;
  readonly seconds: number;
  readonly solves: number;
  readonly exact: number;
}

/** The curve as the studio's jobs compute it (chunks, one oracle each) or in one oracle; `tables` shared by every search, or none. */
function computeOnce(rules: AnyRules, timeline: AnyTimeline, chunked: boolean, tables: SolverTables | undefined): Figures {
  const ranges = chunked ? curveChunkRanges(timeline.length, 2) : [{ from: 0, to: timeline.length }];
  const started = performance.now();
  let solves = 0;
  let states = 0;
  let exact = 0;
  for (const { from, to } of ranges) {
    const oracle = new DistanceOracle(rules, tables ? { tables } : { shareTables: false });
    const values = distanceCurve(timeline, oracle, { from, to });
    solves += oracle.solves;
    states += values.length;
    exact += values.filter((v) => v.distance !== null).length;
  }
  return { states, seconds: (performance.now() - started) / 1000, solves, exact };
}

/** The best of three runs; `tables()` gives each run its tables (fresh ones, the same warm ones, or none). */
function computeCurve(rules: AnyRules, timeline: AnyTimeline, chunked: boolean, tables: () => SolverTables | undefined): Figures {
  const runs = [0, 1, 2].map(() => computeOnce(rules, timeline, chunked, tables()));
  return runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
}

const line = (label: string, f: Figures): string =>
  `${label.padEnd(24)}: ${(f.states / f.seconds).toFixed(1).padStart(8)} states/s (${f.states} states in ${f.seconds.toFixed(2)} s, ${f.solves} searches, ${f.exact} exact)`;

function measure(label: string, rules: AnyRules, start: unknown, journal: readonly TimedJournalEntry<unknown>[], warmToo: boolean): void {
  const timeline = new ReplayTimeline(rules, start, journal);
  console.log(`  ${label}`);
  computeOnce(rules, timeline, false, undefined);
  const warm = memorySolverTables();
  for (const chunked of [true, false]) {
    const mode = chunked ? 'job (chunks)' : 'one oracle';
    console.log(`    ${line(`${mode}, before`, computeCurve(rules, timeline, chunked, () => undefined))}`);
    if (warmToo && chunked) console.log(`    ${line(`${mode}, after cold`, computeOnce(rules, timeline, chunked, warm))}`);
    else if (!warmToo) console.log(`    ${line(`${mode}, after`, computeCurve(rules, timeline, chunked, () => memorySolverTables()))}`);
    if (warmToo) console.log(`    ${line(`${mode}, after warm`, computeCurve(rules, timeline, chunked, () => warm))}`);
  }
}

export function runReplayCurveBench(args: string[]): void {
  const i = args.indexOf('--steps');
  const steps = i >= 0 && args[i + 1] ? Number(args[i + 1]) : 500;
  console.log(`replay-curve bench: the distance curve of a ${steps}-step recording, states answered per second`);

  const lurd = [...readMicrobanOptimal().find((r) => r.level === LEVEL)!.moveOptimalLurd!.toLowerCase()];
  measure(`push, Microban I #${LEVEL}: restarts, parts of the optimal line, pushes off it`, pushRules, microbanState(LEVEL), probingJournal(steps, new Rng('replay-curve-push'), lurd), false);
  if (!args.includes('--sliding')) return;

  const sliding = rulesFor('sliding', {}).rules!;
  const rng = new Rng('replay-curve-sliding');
  // A board 20 random moves from the goal (the tiles in order, the blank last).
  let board = sliding.load({ width: 4, height: 4, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0] }).state!;
  for (let moves = 0; moves < 20; ) {
    const next = sliding.step(board, sliding.decodeCommand(rng.pick(DIRECTIONS))!);
    if (next.changed) moves++;
    board = next.state;
  }
  const solved = sliding.solve!(board, {});
  const slidingLine = (solved.solution ?? []).map((c) => sliding.encodeCommand(c));
  const decoded = probingJournal(steps, rng, slidingLine).map((e) => (e.type === 'command' ? { ...e, command: sliding.decodeCommand(e.command)! } : e));
  measure('sliding 4x4, a random walk around a board 20 moves from the goal', sliding, board, decoded as TimedJournalEntry<unknown>[], true);
}
