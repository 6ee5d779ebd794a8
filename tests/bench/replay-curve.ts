/**
 * The distance curve's oracle in one process (figures printed, never asserted): states answered
 * per second over a 500-step recording, before and after every search shares the oracle's solver
 * tables (`shareTables`: the search facet's `SolveOptions.tables`, the host's or the oracle's own).
 * - push: Microban I #6, 500 journal entries (wandering with undos, a restart, then the optimal
 *   line): push's solve does not keep tables today, so both columns should match until it does;
 * - sliding 4x4: 500 entries of a random walk (with undos) from a board 30 random moves from the
 *   goal; with tables the first solve builds the pattern databases and the rest use them.
 *
 *   npm run bench -- replay-curve [--steps 500]
 */
import { performance } from 'node:perf_hooks';
import type { TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { ReplayTimeline } from '../../src-shared/engine/play/replay-timeline.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { Rng } from '../../src-shared/engine/rng.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import { DistanceOracle } from '../../src-shared/verify/distance.ts';
import { distanceCurve } from '../../src-shared/verify/replay-curve.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules } from '../support/microban.ts';

const DIRECTIONS = ['u', 'd', 'l', 'r'];
const LEVEL = 6;

/** Random moves with an undo now and then, then (for push) a restart and the optimal line. */
function journalOf(length: number, rng: Rng, ending: readonly string[]): TimedJournalEntry<string>[] {
  const out: TimedJournalEntry<string>[] = [];
  let t = 0;
  const add = (entry: { type: 'command' | 'undo' | 'restart'; command?: string }): void => void out.push({ ...entry, t: (t += 100 + rng.int(900)) } as TimedJournalEntry<string>);
  while (out.length < length - ending.length - (ending.length > 0 ? 1 : 0)) {
    add({ type: 'command', command: rng.pick(DIRECTIONS) });
    if (rng.int(5) === 0) add({ type: 'undo' });
  }
  if (ending.length > 0) add({ type: 'restart' });
  for (const command of ending) add({ type: 'command', command });
  return out.slice(0, length);
}

function measure(label: string, rules: AnyRules, start: unknown, journal: readonly TimedJournalEntry<unknown>[]): void {
  const timeline = new ReplayTimeline(rules, start, journal);
  const columns: string[] = [];
  for (const shareTables of [false, true]) {
    const oracle = new DistanceOracle(rules, { shareTables });
    const started = performance.now();
    const curve = distanceCurve(timeline, oracle);
    const seconds = (performance.now() - started) / 1000;
    const exact = curve.filter((v) => v.distance !== null).length;
    const dead = curve.filter((v) => v.dead).length;
    columns.push(
      `${shareTables ? 'after (tables shared)' : 'before (no tables)   '}: ${(curve.length / seconds).toFixed(1)} states/s ` +
        `(${curve.length} states in ${seconds.toFixed(2)} s, ${oracle.solves} searches, ${exact} exact, ${dead} dead)`,
    );
  }
  console.log(`  ${label}\n    ${columns.join('\n    ')}`);
}

export function runReplayCurveBench(args: string[]): void {
  const i = args.indexOf('--steps');
  const steps = i >= 0 && args[i + 1] ? Number(args[i + 1]) : 500;
  console.log(`replay-curve bench: one DistanceOracle over a ${steps}-step recording, states answered per second`);

  const lurd = readMicrobanOptimal().find((r) => r.level === LEVEL)!.moveOptimalLurd!.toLowerCase();
  const pushJournal = journalOf(steps, new Rng('replay-curve-push'), [...lurd]);
  measure(`push, Microban I #${LEVEL}`, pushRules, microbanState(LEVEL), pushJournal);

  const sliding = rulesFor('sliding', {}).rules!;
  const rng = new Rng('replay-curve-sliding');
  // A board 30 random moves from the goal (the goal is the tiles in order, the blank last).
  let board = sliding.load({ width: 4, height: 4, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0] }).state!;
  for (let moves = 0; moves < 30; ) {
    const next = sliding.step(board, sliding.decodeCommand(rng.pick(DIRECTIONS))!);
    if (next.changed) moves++;
    board = next.state;
  }
  const decoded = journalOf(steps, rng, []).map((e) => (e.type === 'command' ? { ...e, command: sliding.decodeCommand(e.command)! } : e));
  measure('sliding 4x4, a random walk around a board 30 moves from the goal', sliding, board, decoded as TimedJournalEntry<unknown>[]);
}
