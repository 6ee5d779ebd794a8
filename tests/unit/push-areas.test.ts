/**
 * The feature search's connectivity (areas.ts): the areas a child's boxes split the floor into,
 * counted from its parent's depth-first walk (low links) without a flood, against a plain
 * union-find count of every child, on XSokoban and Microban boards with random boxes and random
 * moves (pushes to a neighbour and macro moves anywhere).
 */
import { describe, expect, it } from 'vitest';
import { AreaCounter } from '../../src-shared/rulesets/push/solver/areas.ts';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { microbanState, pushRules } from '../support/microban.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { seededRandom as random } from '../support/seeded-random.ts';

/** The areas by union-find over free cells (independent of the counter's walk), and each free cell's root. */
function unionFind(board: CompiledBoard, boxAt: Int32Array): { count: number; root: (x: number) => number } {
  const parent = Int32Array.from({ length: board.size }, (_, i) => i);
  const root = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (let c = 0; c < board.size; c++) {
    if (boxAt[c] >= 0) continue;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[c * 4 + d];
      if (m >= 0 && boxAt[m] < 0) parent[root(m)] = root(c);
    }
  }
  let count = 0;
  for (let c = 0; c < board.size; c++) if (boxAt[c] < 0 && root(c) === c) count++;
  return { count, root };
}

function unionFindAreas(board: CompiledBoard, boxAt: Int32Array): number {
  return unionFind(board, boxAt).count;
}

function boards(): CompiledBoard[] {
  const xsokoban = pushSetLevels('xsokoban').slice(0, 8).map((level) => compilePlainBoard(pushRules.load(level).state! as never));
  const microban = [1, 20, 60, 100, 153].map((n) => compilePlainBoard(microbanState(n)));
  return [...xsokoban, ...microban];
}

describe('AreaCounter', () => {
  it('counts every child as a union-find does, without flooding it, and says which cells of it share an area', () => {
    const next = random(2026);
    let calls = 0;
    let floods = 0;
    let pairs = 0;
    let same = 0;
    for (const board of boards()) {
      const counter = new AreaCounter(board);
      const boxAt = new Int32Array(board.size).fill(-1);
      for (let trial = 0; trial < 40; trial++) {
        boxAt.fill(-1);
        // Dense or sparse boxes: splits are common in dense ones.
        const density = 0.1 + next() * 0.4;
        const boxes: number[] = [];
        for (let c = 0; c < board.size; c++) if (next() < density) boxAt[c] = boxes.push(c) - 1;
        if (boxes.length === 0 || boxes.length === board.size) continue;
        expect(counter.labelFrom(boxAt)).toBe(unionFindAreas(board, boxAt));
        for (let move = 0; move < 25; move++) {
          const i = Math.floor(next() * boxes.length);
          const c = boxes[i];
          // A push to a free neighbour, or a macro move to any free cell.
          let t: number;
          if (next() < 0.6) {
            t = board.nbr[c * 4 + Math.floor(next() * 4)];
            if (t < 0 || boxAt[t] >= 0) continue;
          } else {
            t = Math.floor(next() * board.size);
            if (boxAt[t] >= 0) continue;
          }
          boxAt[c] = -1;
          boxAt[t] = i;
          const before = counter.floods;
          const { count, root } = unionFind(board, boxAt);
          expect(counter.afterMove(c, t, boxAt), `board of ${board.size} cells, ${c} -> ${t}`).toBe(count);
          // Whether two free cells of the child are in one area (the freed cell among them).
          const free = (): number => {
            for (;;) {
              const x = Math.floor(next() * board.size);
              if (boxAt[x] < 0) return x;
            }
          };
          for (const [a, b] of [[c, free()], [free(), c], [free(), free()], [free(), free()]]) {
            expect(counter.sameArea(a, b, c, t, boxAt), `${a} and ${b} after ${c} -> ${t}`).toBe(root(a) === root(b));
            pairs++;
            if (root(a) === root(b)) same++;
          }
          // A count of another position in between leaves the labels alone.
          if (move % 7 === 0) expect(counter.count(boxAt)).toBe(unionFindAreas(board, boxAt));
          boxAt[t] = -1;
          boxAt[c] = i;
          calls++;
          floods += counter.floods - before;
        }
        counter.forget();
      }
    }
    expect(calls).toBeGreaterThan(2000);
    // The parent's walk decides every child.
    expect(floods).toBe(0);
    // Both answers are common among the pairs asked.
    expect(same).toBeGreaterThan(pairs / 10);
    expect(same).toBeLessThan(pairs - pairs / 10);
  });

  it('floods a child whole when no position is labelled, and when a move ends where it began', () => {
    const board = compilePlainBoard(microbanState(1));
    const counter = new AreaCounter(board);
    const boxAt = new Int32Array(board.size).fill(-1);
    boxAt[board.boxes[0]] = 0;
    expect(counter.afterMove(board.boxes[0], board.boxes[0], boxAt)).toBe(unionFindAreas(board, boxAt));
    counter.labelFrom(boxAt);
    counter.forget();
    expect(counter.afterMove(board.boxes[0], board.boxes[0], boxAt)).toBe(unionFindAreas(board, boxAt));
    expect(counter.sameArea(0, 1, board.boxes[0], board.boxes[0], boxAt)).toBeUndefined();
  });
});
