/**
 * Solver limits on big boards (printed, never asserted): for walled rooms up to the largest the
 * push level schema allows (128x128) with many boxes, and big rooms with two boxes, the wall time
 * of a solve with a 1 s time limit (target: within 1.5 s), with a budget of 10 states (target:
 * within 1 s), and at the default budget for the two-box rooms (target: seconds), plus the longest
 * gap between two polls of the host's stop (a job's cancel needs one every 50 ms or so). The same
 * gaps for the generic A* and BFS (push levels with mechanics: a big room with ice) and for the
 * sliding solver's tables (the 3x3 table, a stretch of the 4x4 pattern databases' build) and its
 * searches on 5x5.
 *
 *   npm run bench -- push-limits
 */
import { performance } from 'node:perf_hooks';
import { Rng } from '../../src-shared/engine/rng.ts';
import { MAX_BOARD_SIDE } from '../../src-shared/rulesets/push/schema.ts';
import { solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { neighbourTable } from '../../src-shared/rulesets/sliding/board.ts';
import { defaultSlidingRules } from '../../src-shared/rulesets/sliding/kind.ts';
import { buildCompleteTable } from '../../src-shared/rulesets/sliding/solver/complete-table.ts';
import { PARTITION_663, buildPartitionTables } from '../../src-shared/rulesets/sliding/solver/pattern-db.ts';
import { astar, bfs } from '../../src-shared/search/generic.ts';
import { pushRules, stateOf } from '../support/microban.ts';
import { randomBoard } from '../support/sliding.ts';

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

/**
 * This thread's CPU time so far, in ms: on a shared machine wall times and gaps include waits for
 * a core, and the process's CPU time the compiler's and collector's threads.
 */
function cpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** A host stop with a deadline (`seconds` from now, none if undefined) that keeps the longest gap between its polls, in wall and CPU time. */
function stopWatch(seconds?: number): { readonly shouldStop: () => boolean; readonly gap: () => number; readonly cpuGap: () => number } {
  const started = performance.now();
  const deadline = seconds === undefined ? Infinity : started + seconds * 1000;
  let last = started;
  let lastCpu = cpuMs();
  let gap = 0;
  let cpuGap = 0;
  return {
    shouldStop: () => {
      const now = performance.now();
      const cpu = cpuMs();
      gap = Math.max(gap, now - last);
      cpuGap = Math.max(cpuGap, cpu - lastCpu);
      last = now;
      lastCpu = cpu;
      return now > deadline;
    },
    gap: () => Math.max(gap, performance.now() - last),
    cpuGap: () => Math.max(cpuGap, cpuMs() - lastCpu),
  };
}

/** Wall and CPU time and longest gaps between stop polls of `work`, with what it says about its result. */
function gaps(seconds: number | undefined, work: (shouldStop: () => boolean) => string): string {
  const watch = stopWatch(seconds);
  const started = performance.now();
  const startedCpu = cpuMs();
  const said = work(watch.shouldStop);
  const ms = performance.now() - started;
  const cpu = cpuMs() - startedCpu;
  const pad = (n: number, width: number): string => String(Math.round(n)).padStart(width);
  return `${pad(ms, 7)} ms (cpu ${pad(cpu, 6)})  gap ${pad(watch.gap(), 4)} ms (cpu ${pad(watch.cpuGap(), 4)})  ${said}`;
}

function timed(board: string[], options: { timeLimit?: number; budget?: number }): string {
  const state = stateOf(board);
  return gaps(options.timeLimit, (shouldStop) => {
    const result = solvePlainPush(state, { objective: 'moves', budget: options.budget, shouldStop });
    return `${result.status}${result.solution ? ` ${result.solution.length} moves` : ''}${result.optimal ? ' (proven)' : ''}  ${result.reason ?? ''}`;
  });
}

/** A room with ice on every fifth row's middle third: the level has a mechanic, so the generic searches solve it. */
function icyRoom(side: number, boxes: number): { board: string[]; ice: [number, number][] } {
  const board = room(side, boxes);
  const ice: [number, number][] = [];
  for (let y = 5; y < side - 1; y += 5) for (let x = Math.floor(side / 3); x < Math.floor((2 * side) / 3); x++) if (board[y][x] === ' ') ice.push([x, y]);
  return { board, ice };
}

function genericLimits(): void {
  for (const [side, boxes] of [
    [60, 400],
    [MAX_BOARD_SIDE, 1000],
  ] as const) {
    const { board, ice } = icyRoom(side, boxes);
    const state = stateOf(board, { ice });
    const said = (result: { status: string; nodes: number; stored: number }): string => `${result.status}, ${result.nodes} nodes, ${result.stored} stored`;
    console.log(`${side}x${side}, ${boxes} boxes, ice, generic A*, time limit 1 s: ${gaps(1, (shouldStop) => said(astar(pushRules, state, { shouldStop })))}`);
    console.log(`${side}x${side}, ${boxes} boxes, ice, generic BFS, time limit 1 s: ${gaps(1, (shouldStop) => said(bfs(pushRules, state, { shouldStop })))}`);
  }
}

function slidingLimits(): void {
  console.log(`sliding 3x3 complete table build: ${gaps(undefined, (shouldStop) => (buildCompleteTable(9, neighbourTable(3, 3), { shouldStop }) ? 'built' : 'stopped'))}`);
  console.log(`sliding 4x4 pattern databases, 3 s of the build: ${gaps(3, (shouldStop) => (buildPartitionTables(PARTITION_663, { shouldStop }) ? 'built' : 'stopped'))}`);
  const rules = defaultSlidingRules();
  const rng = new Rng('push-limits-5x5');
  const loaded = rules.load({ width: 5, height: 5, tiles: randomBoard(rng, 5, 5, 'blank-last'), goal: 'blank-last' });
  const state = loaded.state!;
  console.log(`sliding 5x5 solve, time limit 1 s: ${gaps(1, (shouldStop) => rules.solve!(state, { shouldStop }).status)}`);
}

export function runPushLimitsBench(): void {
  const rooms: [number, number][] = [
    [60, 400],
    [100, 1000],
    [MAX_BOARD_SIDE, 1000],
    [MAX_BOARD_SIDE, 3000],
  ];
  console.log('push solver limits (room side x boxes): wall time (CPU time), longest gap between stop polls (in CPU time), result');
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
  genericLimits();
  slidingLimits();
}
