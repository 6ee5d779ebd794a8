/**
 * The maze's skeleton (seed 001): a recursive backtracker carves a perfect maze on the odd cells
 * of the board, then braiding knocks a share of its dead ends through into a neighbour, making
 * loops (a perfect maze is one the left hand solves). The board is a mutable array of legend
 * characters; `bfs` is the one breadth-first walk the motifs and the start/exit choice share.
 */
import type { Rng } from '../../../engine/rng.ts';

export interface Board {
  readonly width: number;
  readonly height: number;
  readonly cells: string[];
}

const DX = [0, 0, -1, 1];
const DY = [-1, 1, 0, 0];

export function neighbourOf(board: Board, cell: number, d: number, by = 1): number {
  const x = (cell % board.width) + DX[d] * by;
  const y = Math.floor(cell / board.width) + DY[d] * by;
  return x < 0 || y < 0 || x >= board.width || y >= board.height ? -1 : y * board.width + x;
}

/** Carve a perfect maze of `cw` x `ch` cells, then braid it. */
export function carveSkeleton(cw: number, ch: number, braid: number, rng: Rng): Board {
  const width = cw * 2 + 1;
  const height = ch * 2 + 1;
  const board: Board = { width, height, cells: new Array<string>(width * height).fill('#') };
  const at = (cx: number, cy: number) => (cy * 2 + 1) * width + cx * 2 + 1;
  const visited = new Uint8Array(cw * ch);
  const stack: number[] = [rng.int(cw * ch)];
  visited[stack[0]] = 1;
  board.cells[at(stack[0] % cw, Math.floor(stack[0] / cw))] = '.';
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const cx = top % cw;
    const cy = Math.floor(top / cw);
    const open = [0, 1, 2, 3].filter((d) => {
      const nx = cx + DX[d];
      const ny = cy + DY[d];
      return nx >= 0 && ny >= 0 && nx < cw && ny < ch && !visited[ny * cw + nx];
    });
    if (open.length === 0) {
      stack.pop();
      continue;
    }
    const d = rng.pick(open);
    const next = (cy + DY[d]) * cw + cx + DX[d];
    visited[next] = 1;
    board.cells[at(cx, cy) + DY[d] * width + DX[d]] = '.';
    board.cells[at(cx + DX[d], cy + DY[d])] = '.';
    stack.push(next);
  }
  // Braiding: a dead end keeps its single opening, and gains another with probability `braid`.
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const cell = at(cx, cy);
      const walls = [0, 1, 2, 3].filter((d) => board.cells[neighbourOf(board, cell, d)] === '#' && inside(board, neighbourOf(board, cell, d, 2)));
      if (walls.length !== 3 || rng.float() >= braid) continue;
      board.cells[neighbourOf(board, cell, rng.pick(walls))] = '.';
    }
  }
  return board;
}

/** Whether a cell lies inside the outer wall. */
function inside(board: Board, cell: number): boolean {
  if (cell < 0) return false;
  const x = cell % board.width;
  const y = Math.floor(cell / board.width);
  return x > 0 && y > 0 && x < board.width - 1 && y < board.height - 1;
}

/** Breadth-first distances from `from` over cells `open` allows (-1: not reached), and each cell's parent. */
export function bfs(board: Board, from: number, open: (cell: number) => boolean): { readonly dist: Int32Array; readonly parent: Int32Array } {
  const size = board.width * board.height;
  const dist = new Int32Array(size).fill(-1);
  const parent = new Int32Array(size).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head];
    for (let d = 0; d < 4; d++) {
      const n = neighbourOf(board, cell, d);
      if (n < 0 || dist[n] >= 0 || !open(n)) continue;
      dist[n] = dist[cell] + 1;
      parent[n] = cell;
      queue.push(n);
    }
  }
  return { dist, parent };
}

/** The cells from `from` to `to` along BFS parents (both ends included). */
export function pathTo(parent: Int32Array, from: number, to: number): number[] {
  const path = [to];
  while (path[path.length - 1] !== from) {
    const p = parent[path[path.length - 1]];
    if (p < 0) return [];
    path.push(p);
  }
  return path.reverse();
}

/** Open cells with exactly one open neighbour. */
export function deadEnds(board: Board, isOpen: (cell: number) => boolean): number[] {
  const out: number[] = [];
  for (let cell = 0; cell < board.cells.length; cell++) {
    if (!isOpen(cell)) continue;
    let open = 0;
    for (let d = 0; d < 4; d++) {
      const n = neighbourOf(board, cell, d);
      if (n >= 0 && isOpen(n)) open++;
    }
    if (open === 1) out.push(cell);
  }
  return out;
}
