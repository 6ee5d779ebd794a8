/**
 * Push distances that know the player's side of the box (sides.ts): a box on a cell that splits
 * the floor can only be pushed from the part the player is in. Checked against a brute-force
 * search over (box, player) pairs for one box, and for admissibility against the optimal table.
 */
import { describe, expect, it } from 'vitest';
import { UNREACHABLE } from '../../src-shared/rulesets/push/analysis.ts';
import { compilePlainBoard, reverseBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { searchPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { floorSides, sideCell } from '../../src-shared/rulesets/push/solver/sides.ts';
import { Assignment, INFEASIBLE } from '../../src-shared/search/assignment.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, stateOf } from '../support/microban.ts';

/**
 * One box alone, by brute force: the fewest pushes from each (box, player) pair to a pair in
 * `targets` (walks are free), as `out[box * size + player]`. `backwards` runs the pushes the other
 * way round, giving the fewest pushes from a target pair to each pair.
 */
function singleBoxPushes(board: CompiledBoard, targets: (box: number, player: number) => boolean, backwards: boolean): Uint16Array {
  const { size, nbr } = board;
  const out = new Uint16Array(size * size).fill(UNREACHABLE);
  const deque: number[] = [];
  for (let b = 0; b < size; b++) {
    for (let p = 0; p < size; p++) {
      if (p !== b && targets(b, p)) {
        out[b * size + p] = 0;
        deque.push(b * size + p);
      }
    }
  }
  // 0-1 BFS: walks cost nothing, pushes one. Costs only grow along the array (a plain Dijkstra
  // by layers is simpler to get right than a deque here).
  let layer = deque;
  let cost = 0;
  while (layer.length > 0) {
    const pushed: number[] = [];
    for (let k = 0; k < layer.length; k++) {
      const s = layer[k];
      if (out[s] !== cost) continue;
      const b = Math.floor(s / size);
      const p = s % size;
      for (let d = 0; d < 4; d++) {
        // A step of the player (either way round: walks are reversible).
        const q = nbr[p * 4 + d];
        if (q >= 0 && q !== b && out[b * size + q] > cost) {
          out[b * size + q] = cost;
          layer.push(b * size + q);
        }
        if (!backwards) {
          // Undo a push: the box came to b from c = b - d, the player from c - d to c.
          const c = nbr[b * 4 + (d ^ 1)];
          if (c < 0 || c !== p) continue;
          const from = nbr[c * 4 + (d ^ 1)];
          if (from >= 0 && out[c * size + from] > cost + 1) {
            out[c * size + from] = cost + 1;
            pushed.push(c * size + from);
          }
        } else {
          // A push: the player on p pushes the box on b = p + d on to t.
          if (nbr[p * 4 + d] !== b) continue;
          const t = nbr[b * 4 + d];
          if (t >= 0 && out[t * size + b] > cost + 1) {
            out[t * size + b] = cost + 1;
            pushed.push(t * size + b);
          }
        }
      }
    }
    layer = pushed;
    cost++;
  }
  return out;
}

const doorway = compilePlainBoard(
  stateOf([
    '#######',
    '#  #  #',
    '# $   #',
    '#  #@.#',
    '#######',
  ]),
);

describe('side cells', () => {
  it('a doorway splits the floor in two; a cell in a room splits nothing', () => {
    const { sides, size, floorOf } = doorway;
    const at = (row: number, col: number): number => floorOf[row * 7 + col];
    // The doorway and the cells either side of it (each the only way into its room's ring).
    const splitting = Array.from({ length: size }, (_, c) => c).filter((c) => sides.art[c] >= 0);
    expect(splitting.sort((x, y) => x - y)).toEqual([at(2, 2), at(2, 3), at(2, 4)]);
    expect(sides.count).toBe(size + 3);
    expect(sideCell(sides, size, at(2, 3), at(2, 2))).not.toBe(sideCell(sides, size, at(2, 3), at(2, 4)));
    expect(sideCell(sides, size, at(1, 1), at(2, 2))).toBe(at(1, 1));
  });

  it('a box in the doorway with the player on the wrong side has no way to the goal', () => {
    const { sides, sideDist, size, floorOf } = doorway;
    const door = floorOf[2 * 7 + 3];
    const west = floorOf[2 * 7 + 2];
    const east = floorOf[2 * 7 + 4];
    // From the west: east twice, then down onto the goal.
    expect(sideDist[sideCell(sides, size, door, west)]).toBe(3);
    expect(doorway.dist[door]).toBe(3);
    // From the east it can only go west, where the player can never get behind it again.
    expect(sideDist[sideCell(sides, size, door, east)]).toBe(UNREACHABLE);
  });

  it('equal the brute-force pushes of one box, forwards and backwards, on Microban 1-40', () => {
    for (let level = 1; level <= 40; level++) {
      const board = compilePlainBoard(microbanState(level));
      const { size, sides } = board;
      const V = sides.count;
      board.goals.forEach((g, k) => {
        const truth = singleBoxPushes(board, (b) => b === g, false);
        for (let b = 0; b < size; b++) {
          for (let p = 0; p < size; p++) {
            if (p === b) continue;
            expect(board.sideDist[k * V + sideCell(sides, size, b, p)], `Microban ${level} goal ${k} box ${b} player ${p}`).toBe(truth[b * size + p]);
          }
        }
      });
      if (board.boxes.length !== board.goals.length) continue;
      const reversed = reverseBoard(board);
      board.boxes.forEach((s, k) => {
        const home = sideCell(sides, size, s, board.player);
        const truth = singleBoxPushes(board, (b, p) => b === s && sideCell(sides, size, b, p) === home, true);
        for (let b = 0; b < size; b++) {
          for (let p = 0; p < size; p++) {
            if (p === b) continue;
            expect(reversed.sideDist[k * V + sideCell(sides, size, b, p)], `Microban ${level} start ${k} box ${b} player ${p}`).toBe(truth[b * size + p]);
          }
        }
      });
    }
  });

  it('never fall below the relaxed distances, and the start matching never exceeds the optimal pushes', () => {
    const table = readMicrobanOptimal();
    let raised = 0;
    for (const row of table) {
      const board = compilePlainBoard(microbanState(row.level));
      const n = board.boxes.length;
      const G = board.goals.length;
      const V = board.sides.count;
      for (let k = 0; k < G; k++) {
        for (let c = 0; c < board.size; c++) {
          for (const v of [c, ...Array.from({ length: V - board.size }, (_, i) => board.size + i).filter((x) => board.sides.cellOf[x] === c)]) {
            expect(board.sideDist[k * V + v]).toBeGreaterThanOrEqual(board.dist[k * board.size + c]);
          }
        }
      }
      if (n !== G || row.pushes === undefined) continue;
      const matching = (cost: (box: number, goal: number) => number): number => {
        const a = new Assignment(n, G);
        for (let i = 0; i < n; i++) for (let k = 0; k < G; k++) a.cost[i * G + k] = cost(board.boxes[i], k);
        return a.solve();
      };
      const relaxed = matching((b, k) => board.dist[k * board.size + b]);
      const sided = matching((b, k) => {
        const v = board.sideDist[k * V + sideCell(board.sides, board.size, b, board.player)];
        return v === UNREACHABLE ? INFEASIBLE : v;
      });
      expect(sided, `Microban ${row.level}`).toBeLessThanOrEqual(row.pushes);
      if (sided > relaxed) raised++;
    }
    // Corridors and doorways are everywhere in Microban: the bound rises on about 40 levels.
    expect(raised).toBeGreaterThan(30);
  });

  it('the search starts from the higher bound (Microban 153: 318 pushes, not 186) and stays optimal', () => {
    const board = compilePlainBoard(microbanState(153));
    expect(searchPlain(board, { objective: 'pushes', budget: 1 }).lowerBound).toBeGreaterThanOrEqual(318);
    expect(searchPlain(reverseBoard(board), { objective: 'pushes', budget: 1, direction: 'pull' }).lowerBound).toBeGreaterThanOrEqual(318);
    // Microban 8: the start bound is the optimum itself (32 pushes; relaxed, 4).
    const eight = compilePlainBoard(microbanState(8));
    expect(searchPlain(eight, { objective: 'pushes', budget: 1 }).lowerBound).toBe(32);
    const found = searchPlain(eight, { objective: 'pushes', budget: 400_000 });
    expect(found.status).toBe('solved');
    expect(found.cost).toBe(32);
  });
});
