/**
 * Push solver limits on big boards (printed, never asserted): for walled rooms up to the largest
 * the level schema allows (128x128) with many boxes, and big rooms with two boxes, the wall time
 * of a solve with a 1 s time limit (target: within 1.5 s), with a budget of 10 states (target:
 * within 1 s), and at the default budget for the two-box rooms (target: seconds), plus the longest
 * gap between two polls of the host's stop (a job's cancel needs one every 50 ms or so).
 *
 *   npm run bench -- push-limits
 */
import { performance } from 'node:perf_hooks';
import { Rng } from '../../src-shared/engine/rng.ts';
import { MAX_BOARD_SIDE } from '../../src-shared/rulesets/push/schema.ts';
import { solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { stateOf } from '../support/microban.ts';

function room(side: number, boxes: number): string[] {
  const grid = Array.from({ length: side }, (_, y) => Array.from({ length: side }, (_, x): string => (x === 0 || y === 0 || x === side - 1 || y === side - 1 ? '#' : ' ')));
  grid[1][1] = '@';
  if (boxes === 2) {
    const mid = side >> 1;
    grid[mid][side >> 2] = '$';
    grid[mid + 2][side >> 2] = '$';
    grid[mid][side - 1 - (side >> 2)] = '.';
    grid[mid + 2][side - 1 - (side >> 2)] = '.';
    return grid.map((row) => row.join(''));
  }
  const rng = new Rng(`push-limits-${side}-${boxes}`);
  const free: [number, number][] = [];
  for (let y = 2; y < side - 2; y++) for (let x = 2; x < side - 2; x++) free.push([x, y]);
  for (let i = free.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [free[i], free[j]] = [free[j], free[i]];
  }
  for (let i = 0; i < boxes; i++) grid[free[i][1]][free[i][0]] = '$';
  for (let i = boxes; i < 2 * boxes; i++) grid[free[i][1]][free[i][0]] = '.';
  return grid.map((row) => row.join(''));
}

function timed(board: string[], options: { timeLimit?: number; budget?: number }): string {
  const state = stateOf(board);
  const started = performance.now();
  const deadline = options.timeLimit === undefined ? Infinity : started + options.timeLimit * 1000;
  let last = started;
  let gap = 0;
  const result = solvePlainPush(state, {
    objective: 'moves',
    budget: options.budget,
    shouldStop: () => {
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
      return now > deadline;
    },
  });
  const ms = performance.now() - started;
  gap = Math.max(gap, performance.now() - last);
  return `${String(Math.round(ms)).padStart(7)} ms  gap ${String(Math.round(gap)).padStart(4)} ms  ${result.status}${result.solution ? ` ${result.solution.length} moves` : ''}${result.optimal ? ' (proven)' : ''}  ${result.reason ?? ''}`;
}

export function runPushLimitsBench(): void {
  const rooms: [number, number][] = [
    [60, 400],
    [100, 1000],
    [MAX_BOARD_SIDE, 1000],
    [MAX_BOARD_SIDE, 3000],
  ];
  console.log('push solver limits (room side x boxes): wall time, longest gap between stop polls, result');
  for (const [side, boxes] of rooms) {
    const board = room(side, boxes);
    console.log(`${side}x${side}, ${boxes} boxes, time limit 1 s: ${timed(board, { timeLimit: 1 })}`);
    console.log(`${side}x${side}, ${boxes} boxes, budget 10:       ${timed(board, { budget: 10 })}`);
  }
  for (const side of [80, MAX_BOARD_SIDE]) {
    const board = room(side, 2);
    console.log(`${side}x${side}, 2 boxes, time limit 1 s:   ${timed(board, { timeLimit: 1 })}`);
    console.log(`${side}x${side}, 2 boxes, default budget:  ${timed(board, {})}`);
  }
}
