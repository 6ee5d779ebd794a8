/**
 * Push distances that know the player's side of the box (sides.ts): a box on a cell that splits
 * the floor can only be pushed from the part the player is in. Checked against a brute-force
 * search over (box, player) pairs for one box, and for admissibility against the optimal table.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { bfs } from '../../src-shared/search/generic.ts';
import { UNREACHABLE } from '../../src-shared/rulesets/push/analysis.ts';
import { compilePlainBoard, reverseBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { searchPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { sideCell } from '../../src-shared/rulesets/push/solver/sides.ts';
import { Assignment, INFEASIBLE } from '../../src-shared/search/assignment.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules, stateOf } from '../support/microban.ts';

/**
 * One box alone, by brute force: the fewest pushes from each (box, player) pair to a pair in
 * `targets` (walks are free), as `out[box * size + player]`. `backwards` runs the pushes the other
 * way round, giving the fewest pushes from a target pair to each pair.
 */
function singleBoxPushes(board: CompiledBoard, targets: (box: number, player: number) => boolean, backwards: boolean): Uint16Array {
  const { size, nbr } = board;
  const out = new Uint16Array(size * size).fill(UNREACHABLE);
  // Layer by layer of pushes: a layer grows by walks (free) while it is scanned, and its pushes
  // make the next one.
  let layer: number[] = [];
  for (let b = 0; b < size; b++) {
    for (let p = 0; p < size; p++) {
      if (p !== b && targets(b, p)) {
        out[b * size + p] = 0;
        layer.push(b * size + p);
      }
    }
  }
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

/** The fewest pushes that solve a small board, by brute force over (boxes, player) states. */
function pushOptimum(board: CompiledBoard): number | undefined {
  const { nbr } = board;
  const key = (boxes: number[], player: number): string => `${[...boxes].sort((x, y) => x - y).join(',')}|${player}`;
  const seen = new Set<string>();
  let layer: [number[], number][] = [[Array.from(board.boxes), board.player]];
  for (let cost = 0; layer.length > 0; cost++) {
    const next: [number[], number][] = [];
    for (let k = 0; k < layer.length; k++) {
      const [boxes, player] = layer[k];
      const id = key(boxes, player);
      if (seen.has(id)) continue;
      seen.add(id);
      if (boxes.every((b) => board.goal[b])) return cost;
      for (let d = 0; d < 4; d++) {
        const q = nbr[player * 4 + d];
        if (q < 0) continue;
        const i = boxes.indexOf(q);
        if (i < 0) layer.push([boxes, q]);
        else {
          const t = nbr[q * 4 + d];
          if (t >= 0 && !boxes.includes(t)) next.push([boxes.map((b, j) => (j === i ? t : b)), q]);
        }
      }
    }
    layer = next;
  }
  return undefined;
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

  it('doorway boards: every search finds the brute-force optimum, and starts from it by pushes', () => {
    const boards = [
      ['#########', '#   #   #', '#   $@ .#', '#   #   #', '#########'],
      ['#########', '#   #   #', '#   $@ .#', '#   # $ #', '#   #  .#', '#########'],
      ['#########', '#   #   #', '#   $@  #', '#   # $.#', '#   #  .#', '#########'],
    ];
    // Their mirror images, and a board that is its own mirror image (symmetry merging).
    const mirrored = boards.map((rows) => rows.map((row) => [...row].reverse().join('')));
    const symmetric = ['###########', '#   # #   #', '#.  $@$  .#', '#   # #   #', '###########'];
    let raised = 0;
    for (const rows of [...boards, ...mirrored, symmetric]) {
      const state = stateOf(rows);
      const board = compilePlainBoard(state);
      const reversed = reverseBoard(board);
      const pushes = pushOptimum(board)!;
      const moves = bfs(pushRules, state, { budget: 400_000 }).solution!.length;
      for (const [objective, optimum] of [['pushes', pushes], ['moves', moves]] as const) {
        const label = `${rows.join('/')} by ${objective}`;
        expect(searchPlain(board, { objective, budget: 100_000 }).cost, label).toBe(optimum);
        expect(searchPlain(reversed, { objective, budget: 100_000, direction: 'pull' }).cost, label).toBe(optimum);
        const solved = solvePlainPush(state, { objective, budget: 100_000 });
        expect(solved.optimal, label).toBe(true);
        const replayed = replay(pushRules, state, solved.solution!);
        expect(replayed.status, label).toBe('won');
        expect(objective === 'moves' ? solved.solution!.length : replayed.final.pushes, label).toBe(optimum);
      }
      // The start bound by pushes is the optimum, both ways; the relaxed matching is below it on
      // the boards where the player starts on the wrong side of a doorway box.
      expect(searchPlain(board, { objective: 'pushes', budget: 1 }).lowerBound).toBe(pushes);
      expect(searchPlain(reversed, { objective: 'pushes', budget: 1, direction: 'pull' }).lowerBound).toBe(pushes);
      const a = new Assignment(board.boxes.length, board.goals.length);
      board.boxes.forEach((b, i) => board.goals.forEach((_, k) => (a.cost[i * board.goals.length + k] = board.dist[k * board.size + b])));
      if (a.solve() < pushes) raised++;
    }
    expect(raised).toBe(6);
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
