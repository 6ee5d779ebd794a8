/**
 * Brute force on small push boards, for the deadlock rules' tests: every placement of the boxes
 * with the player in each of its areas, and the positions from which the board can be won (found
 * by pulls from every solved position: moves.ts pulls reach exactly those).
 */
import type { CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { applyPull, pullsFrom } from '../../src-shared/rulesets/push/solver/moves.ts';
import { stateOf } from './microban.ts';

/** The board with its boxes on `cells` (grid indices) and the player on `player`, as a PushState. */
export function placed(rows: readonly string[], cells: readonly number[], player: number) {
  const width = rows[0].length;
  const grid = rows.map((r) => r.replace(/[$@*+]/g, (ch) => (ch === '*' || ch === '+' ? '.' : ' ')).split(''));
  for (const c of cells) {
    const [x, y] = [c % width, Math.floor(c / width)];
    grid[y][x] = grid[y][x] === '.' ? '*' : '$';
  }
  const [px, py] = [player % width, Math.floor(player / width)];
  grid[py][px] = grid[py][px] === '.' ? '+' : '@';
  return stateOf(grid.map((r) => r.join('')));
}

/** Key of a position: sorted box cells and the least cell of the player's area. */
export function keyOf(board: CompiledBoard, boxes: ArrayLike<number>, player: number): string {
  return `${Array.from(boxes).sort((a, b) => a - b).join(',')}|${areaOf(board, boxes, player).min}`;
}

export function areaOf(board: CompiledBoard, boxes: ArrayLike<number>, player: number): { min: number; seen: Uint8Array } {
  const blocked = new Uint8Array(board.size);
  for (let i = 0; i < boxes.length; i++) blocked[boxes[i]] = 1;
  const seen = new Uint8Array(board.size);
  const queue = [player];
  seen[player] = 1;
  let min = player;
  while (queue.length > 0) {
    const c = queue.pop()!;
    if (c < min) min = c;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[c * 4 + d];
      if (m >= 0 && !blocked[m] && !seen[m]) {
        seen[m] = 1;
        queue.push(m);
      }
    }
  }
  return { min, seen };
}

/** Every winnable position (by key), by pulls from each solved position. */
export function winnable(board: CompiledBoard): Set<string> {
  const found = new Set<string>();
  const queue: { boxes: Int32Array; player: number }[] = [];
  const goals = Int32Array.from(board.goals).sort();
  for (let p = 0; p < board.size; p++) {
    if (board.goal[p]) continue;
    const key = keyOf(board, goals, p);
    if (found.has(key)) continue;
    found.add(key);
    queue.push({ boxes: goals, player: p });
  }
  while (queue.length > 0) {
    const { boxes, player } = queue.pop()!;
    for (const pull of pullsFrom(board, player, boxes)) {
      const next = applyPull(boxes, pull);
      const key = keyOf(board, next.boxes, next.player);
      if (found.has(key)) continue;
      found.add(key);
      queue.push(next);
    }
  }
  return found;
}

/** Every placement of `n` boxes on the board's floor, each with the player once in each area. */
export function* positions(board: CompiledBoard, n: number): Generator<{ boxes: Int32Array; player: number }> {
  const pick = new Int32Array(n);
  function* choose(k: number, from: number): Generator<Int32Array> {
    if (k === n) return yield pick;
    for (let c = from; c < board.size; c++) {
      pick[k] = c;
      yield* choose(k + 1, c + 1);
    }
  }
  for (const boxes of choose(0, 0)) {
    const covered = new Uint8Array(board.size);
    for (const b of boxes) covered[b] = 1;
    for (let p = 0; p < board.size; p++) {
      if (covered[p]) continue;
      const { seen } = areaOf(board, boxes, p);
      for (let c = 0; c < board.size; c++) if (seen[c]) covered[c] = 1;
      yield { boxes: Int32Array.from(boxes), player: p };
    }
  }
}
