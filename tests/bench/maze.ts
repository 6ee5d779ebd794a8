/**
 * Maze solver bench (printed, never asserted): boulder levels solved by A* with the kind's bound
 * (walls-only exit distance; behind closed gates the plates bound) and by the same search without
 * it (uniform cost), nodes, states and time each, and the packed key's length; seed 001's point is
 * that the bound turns the boulder levels from a blow-up into milliseconds.
 *
 *   npm run bench -- maze
 */
import { performance } from 'node:perf_hooks';
import { astar } from '../../src-shared/search/generic.ts';
import { defaultMazeRules } from '../../src-shared/rulesets/maze/kind.ts';

const LEVELS: { name: string; rows: string[] }[] = [
  {
    name: 'two boulders, two plates, a gate',
    rows: ['############', '#@.........#', '#..o....o..#', '#..........#', '#.._....._.#', '#..........#', '#####GG#####', '#..........#', '#.........X#', '############'],
  },
  {
    name: 'three boulders, a pit to fill, a gate',
    rows: ['##############', '#@...........#', '#.o...o...o..#', '#............#', '#..._.....x..#', '#..........._#', '######G#######', '#............#', '#...........X#', '##############'],
  },
  {
    name: 'boulders, key and door, spikes',
    rows: ['############', '#@..k......#', '#.o.....o..#', '#...^^^....#', '#.._....._.#', '#..........#', '####D#GG####', '#..........#', '#.........X#', '############'],
  },
];

export function runMazeBench(): void {
  const rules = defaultMazeRules();
  console.log('maze A*: level | key length | with the bound (nodes, stored, ms) | without (nodes, stored, ms) | steps');
  for (const level of LEVELS) {
    const state = rules.load({ rows: level.rows }).state;
    if (!state) throw new Error(`${level.name}: does not load`);
    let t = performance.now();
    const bounded = rules.solve!(state, { budget: 2_000_000 });
    const boundedMs = performance.now() - t;
    t = performance.now();
    const plain = astar({ step: rules.step, status: rules.status, commands: rules.commands, key: rules.key }, state, { budget: 600_000 });
    const plainMs = performance.now() - t;
    console.log(
      `  ${level.name} | ${rules.key(state).length} | ${bounded.status} ${bounded.nodes}, ${bounded.stored}, ${boundedMs.toFixed(1)} | ${plain.status} ${plain.nodes}, ${plain.stored}, ${plainMs.toFixed(1)} | ${bounded.solution?.length ?? '-'}`,
    );
  }
}
