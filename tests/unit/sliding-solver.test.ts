import { randomBoard } from '../support/sliding.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SolverTables } from '../../src-shared/engine/ruleset.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { Rng } from '../../src-shared/engine/rng.ts';
import { makeBoard, makeState, neighbourCell, neighbourTable, type SlidingState } from '../../src-shared/rulesets/sliding/board.ts';
import { defaultSlidingRules } from '../../src-shared/rulesets/sliding/kind.ts';
import type { SlidingGoal } from '../../src-shared/rulesets/sliding/schema.ts';
import { buildCompleteTable } from '../../src-shared/rulesets/sliding/solver/complete-table.ts';
import { idaStar } from '../../src-shared/rulesets/sliding/solver/ida.ts';
import { conflictIncrementalBound, patternIncrementalBound } from '../../src-shared/rulesets/sliding/solver/incremental.ts';
import { buildPartitionTables } from '../../src-shared/rulesets/sliding/solver/pattern-db.ts';
import { astar, bfs } from '../../src-shared/search/generic.ts';
import { hintFrom } from '../../src-shared/verify/verify.ts';
import { REPO_ROOT } from '../support/data.ts';

const rules = defaultSlidingRules();

/** Korf's instances (goal: blank first) with their optimal lengths. */
function korf(): { id: number; tiles: number[]; optimal: number }[] {
  const lines = readFileSync(`${REPO_ROOT}tests/fixtures/sliding/korf100_1-50.csv`, 'utf8').trim().split('\n').slice(1);
  return lines.map((line) => {
    const cells = line.split(',').map(Number);
    return { id: cells[0], tiles: cells.slice(1, 17), optimal: cells[17] };
  });
}

function memoryTables(): SolverTables & { puts: string[] } {
  const kept = new Map<string, Uint8Array>();
  const puts: string[] = [];
  return {
    puts,
    get: (name) => kept.get(name),
    put(name, data) {
      puts.push(name);
      kept.set(name, data);
    },
  };
}

function load(width: number, height: number, tiles: number[], goal: SlidingGoal = 'blank-last'): SlidingState {
  const loaded = rules.load({ width, height, tiles, goal });
  if (!loaded.state) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
  return loaded.state;
}


/** The goal, then `steps` random blank moves (the rules refuse moves from a solved board). */
function walkFromGoal(state: SlidingState, steps: number, rng: Rng): SlidingState {
  const { board } = state;
  const tiles = Array.from(board.goalTiles);
  let blank = tiles.indexOf(0);
  for (let k = 0; k < steps; k++) {
    const to = rng.pick([0, 1, 2, 3].map((m) => neighbourCell(board.width, board.height, blank, m)).filter((c) => c >= 0));
    [tiles[blank], tiles[to]] = [tiles[to], 0];
    blank = to;
  }
  return makeState(board, tiles);
}

const wins = (state: SlidingState, solution: readonly ('u' | 'd' | 'l' | 'r')[]): boolean => replay(rules, state, solution).status === 'won';

describe('sliding solvers', () => {
  it('the 3x3 table holds every solvable state at the known distances (max 31), as a plain BFS finds them', () => {
    const table = buildCompleteTable(9, neighbourTable(3, 3))!;
    const histogram: number[] = [];
    for (const d of table) if (d !== 255) histogram[d] = (histogram[d] ?? 0) + 1;
    // A separate breadth-first search over strings, as a check on the ranked one.
    const seen = new Map<string, number>([['012345678', 0]]);
    const queue = ['012345678'];
    const near = neighbourTable(3, 3);
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head];
      const blank = s.indexOf('0');
      for (let m = 0; m < 4; m++) {
        const to = near[blank * 4 + m];
        if (to < 0) continue;
        const chars = s.split('');
        [chars[blank], chars[to]] = [chars[to], '0'];
        const next = chars.join('');
        if (!seen.has(next)) {
          seen.set(next, seen.get(s)! + 1);
          queue.push(next);
        }
      }
    }
    const plain: number[] = [];
    for (const d of seen.values()) plain[d] = (plain[d] ?? 0) + 1;
    expect(histogram).toEqual(plain);
    expect(histogram).toEqual([
      1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578,
      14560, 6274, 3910, 760, 221, 2,
    ]);
    expect(histogram.reduce((a, b) => a + b)).toBe(181_440);
  });

  it('keeps the 3x3 table through the host storage: get, else build and put', () => {
    const tables = memoryTables();
    const fresh = defaultSlidingRules();
    const state = load(3, 3, [8, 6, 7, 2, 5, 4, 3, 0, 1]);
    const first = fresh.solve!(state, { tables });
    expect(first).toMatchObject({ status: 'solved', optimal: true, solver: 'sliding-table/1' });
    expect(first.solution).toHaveLength(31);
    expect(tables.puts).toEqual(['sliding-3x3-distances-v1']);
    // Another rules instance (another worker) reads it back instead of building.
    defaultSlidingRules().solve!(load(3, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8]), { tables });
    expect(tables.puts).toHaveLength(1);
    // A damaged copy is rebuilt, not believed.
    const stored = tables.get('sliding-3x3-distances-v1')!;
    const damaged = stored.slice();
    damaged[1000] ^= 0xff;
    const other = memoryTables();
    other.put('sliding-3x3-distances-v1', damaged);
    const again = defaultSlidingRules().solve!(state, { tables: other });
    expect(again.solution).toEqual(first.solution);
    expect(other.puts).toHaveLength(2);
  });

  it('agrees with the generic breadth-first search, solution for solution, on small boards and both goals', () => {
    const rng = new Rng('agree');
    for (const [width, height] of [[2, 2], [2, 3], [3, 2], [2, 4], [3, 3], [2, 5], [3, 4]] as const) {
      for (const goal of ['blank-last', 'blank-first'] as const) {
        for (let i = 0; i < 3; i++) {
          let state = load(width, height, randomBoard(rng, width, height, goal), goal);
          // Larger boards: a short walk from the goal keeps the breadth-first search small.
          if (width * height > 9) state = walkFromGoal(state, 14, rng);
          if (rules.status(state) === 'won') continue;
          const mine = rules.solve!(state, {});
          const reference = bfs(rules, state, { budget: 2_000_000 });
          expect(mine.status, `${width}x${height} ${goal}`).toBe('solved');
          expect(mine.optimal).toBe(true);
          expect(mine.solution, `${width}x${height} ${goal} ${state.tiles.join(',')}`).toEqual(reference.solution);
          expect(astar(rules, state, { budget: 2_000_000 }).solution!.length).toBe(mine.solution!.length);
        }
      }
    }
  });

  it('solves quick Korf instances optimally with Manhattan + linear conflicts when no table storage is offered', () => {
    for (const instance of korf().filter((k) => [9, 12, 19, 42, 47, 48].includes(k.id))) {
      const state = load(4, 4, instance.tiles, 'blank-first');
      const result = rules.solve!(state, { budget: 50_000_000 });
      expect(result.solver).toBe('sliding-ida-lc/1');
      expect(result.optimal).toBe(true);
      expect(result.solution!.length, `instance ${instance.id}`).toBe(instance.optimal);
      expect(wins(state, result.solution!)).toBe(true);
    }
  });

  it('pattern databases (a small 4-4-4-3 partition) give the same first optimal solutions as linear conflicts', () => {
    const partition = [[1, 4, 5, 8], [2, 3, 6, 7], [9, 10, 13, 14], [11, 12, 15]];
    const tables = buildPartitionTables(partition)!;
    const frame = { width: 4, height: 4, n: 16, turned: false, order: Int8Array.from([0, 1, 2, 3]), neighbours: neighbourTable(4, 4) };
    for (const instance of korf().filter((k) => [9, 12, 42, 47].includes(k.id))) {
      const tiles = Uint8Array.from(instance.tiles);
      const withTables = idaStar(frame, tiles, patternIncrementalBound(partition, tables), { maxExpansions: 1e9 });
      const withConflicts = idaStar(frame, tiles, conflictIncrementalBound(4, 4), { maxExpansions: 1e9 });
      expect(withTables.moves!.length).toBe(instance.optimal);
      expect(withTables.moves).toEqual(withConflicts.moves);
      expect(withTables.nodes).toBeLessThan(withConflicts.nodes * 2);
    }
  });

  it('builds the 6-6-3 databases once through the host storage and solves Korf instances optimally with them', () => {
    const tables = memoryTables();
    const progress: number[] = [];
    const fresh = defaultSlidingRules();
    const sample = korf().filter((k) => [1, 9, 12, 30, 42, 47].includes(k.id));
    for (const instance of sample) {
      const state = load(4, 4, instance.tiles, 'blank-first');
      const result = fresh.solve!(state, { tables, budget: 400_000, progress: ({ stored }) => progress.push(stored) });
      expect(result.solver).toBe('sliding-ida-pdb663/1');
      expect(result.optimal).toBe(true);
      expect(result.solution!.length, `instance ${instance.id}`).toBe(instance.optimal);
      expect(wins(state, result.solution!)).toBe(true);
    }
    expect(tables.puts).toEqual(['sliding-4x4-pdb663-v1']);
    expect(tables.get('sliding-4x4-pdb663-v1')!.length).toBeLessThan(100 * 1024 * 1024);
    // The build reported its share through `stored`, rising towards the budget.
    expect(Math.max(...progress)).toBeGreaterThan(200_000);
    // The same instance with the blank-last goal: turned half a turn and renumbered.
    const k1 = sample[0];
    const turnedTiles = k1.tiles.map((_, p) => (k1.tiles[15 - p] === 0 ? 0 : 16 - k1.tiles[15 - p]));
    const turned = fresh.solve!(load(4, 4, turnedTiles, 'blank-last'), { tables });
    expect(turned.solution!.length).toBe(k1.optimal);
  }, 60_000);

  it('hint: the remaining optimal distance drops by exactly one', () => {
    const rng = new Rng('hint');
    for (const [width, height, goal] of [[3, 3, 'blank-last'], [3, 3, 'blank-first'], [2, 4, 'blank-last'], [3, 4, 'blank-last']] as const) {
      let state = load(width, height, randomBoard(rng, width, height, goal), goal);
      for (let i = 0; i < 6 && rules.status(state) !== 'won'; i++) {
        const hint = hintFrom(rules, state);
        expect(hint.status).toBe('solved');
        state = rules.step(state, hint.command!).state;
        expect(hintFrom(rules, state).distance).toBe(hint.distance! - 1);
      }
    }
  });

  it('answers a 3x3 hint from the complete table within a budget of one state', () => {
    // The table holds every position, so no search runs; how fast is the bench's to print.
    const state = load(3, 3, [8, 6, 7, 2, 5, 4, 3, 0, 1]);
    rules.solve!(state, {});
    const hint = hintFrom(rules, state, { budget: 1 });
    expect(hint).toMatchObject({ status: 'solved', optimal: true });
    expect(hint.distance).toBeGreaterThan(20);
  });

  it('budget exceeded is its own status, with a proven lower bound', () => {
    const k3 = korf().find((k) => k.id === 3)!;
    const result = rules.solve!(load(4, 4, k3.tiles, 'blank-first'), { budget: 5 });
    expect(result).toMatchObject({ status: 'budget', stoppedBy: 'budget', optimal: false });
    expect(result.lowerBound).toBeGreaterThanOrEqual(41);
    expect(result.lowerBound).toBeLessThanOrEqual(k3.optimal);
    const stopped = rules.solve!(load(4, 4, k3.tiles, 'blank-first'), { shouldStop: () => true });
    expect(stopped).toMatchObject({ status: 'budget', stoppedBy: 'stopped' });
  });

  it('falls back to weighted search, marked not optimal, when the exact search runs out', () => {
    const k3 = korf().find((k) => k.id === 3)!;
    const state = load(4, 4, k3.tiles, 'blank-first');
    const result = rules.solve!(state, { budget: 20_000 });
    expect(result).toMatchObject({ status: 'solved', optimal: false, solver: 'sliding-wastar/1' });
    expect(result.solution!.length).toBeGreaterThanOrEqual(k3.optimal);
    expect(wins(state, result.solution!)).toBe(true);
  });

  it('5x5: a bounded search finds a winning solution and says whether it is proven', () => {
    const rng = new Rng('five');
    const state = load(5, 5, randomBoard(rng, 5, 5, 'blank-last'));
    const result = rules.solve!(state, { budget: 200_000 });
    expect(result.status).toBe('solved');
    expect(result.optimal).toBe(false);
    expect(result.lowerBound).toBeGreaterThan(0);
    expect(wins(state, result.solution!)).toBe(true);
  });

  it('reports an unsolvable state without searching', () => {
    const board = makeBoard(3, 3, 'blank-last');
    const swapped = makeState(board, [2, 1, 3, 4, 5, 6, 7, 8, 0]);
    expect(rules.solve!(swapped, {})).toMatchObject({ status: 'unsolvable', optimal: true, nodes: 0 });
  });
});
