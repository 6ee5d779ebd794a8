/**
 * Maze solver bench (printed, never asserted): boulder levels solved by the kind's solver (A* over
 * walks folded into macro moves, with the walls-only exit distance and behind closed gates the
 * plates bound; time: the best of five runs, the machine being shared) and by the plain search
 * without bound or macros (uniform cost, one run), nodes, states and time each, and the packed
 * key's length; seed 001's point is that boulder levels go from a blow-up to milliseconds.
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
  console.log('maze A*: level | key length | solver (nodes, stored, best ms of 5) | plain uniform cost (nodes, stored, ms) | steps');
  for (const level of LEVELS) {
    const state = rules.load({ rows: level.rows }).state;
    if (!state) throw new Error(`${level.name}: does not load`);
    let bounded = rules.solve!(state, { budget: 2_000_000 });
    let boundedMs = Infinity;
    for (let run = 0; run < 5; run++) {
      const t = performance.now();
      bounded = rules.solve!(state, { budget: 2_000_000 });
      boundedMs = Math.min(boundedMs, performance.now() - t);
    }
    const t = performance.now();
    const plain = astar({ step: rules.step, status: rules.status, commands: rules.commands, key: rules.key }, state, { budget: 600_000 });
    const plainMs = performance.now() - t;
    console.log(
      `  ${level.name} | ${rules.key(state).length} | ${bounded.status} ${bounded.nodes}, ${bounded.stored}, ${boundedMs.toFixed(1)} | ${plain.status} ${plain.nodes}, ${plain.stored}, ${plainMs.toFixed(1)} | ${bounded.solution?.length ?? '-'}`,
    );
  }
}
