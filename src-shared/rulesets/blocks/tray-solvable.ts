/**
 * `traySolvable` (seed 004's iron rule): can every piece of a tray be placed, in some order, with
 * full lines cleared after each placement? Depth-first over the order and the positions, with the
 * answer's certificate: which piece went where, in order, and what each placement cleared.
 *
 * Three things keep it in microseconds on an 8x8 board: identical shapes are one branch (a tray
 * of two bars searches the bar once per level); the first success ends the search; and two
 * placements in a row that clear nothing commute (the board only grows, so each fitted before
 * the other and the result is the same), so of those the search keeps one order only.
 */
import { bitsToList, clearLines, fitColumns, fullLines, lowestBit, stamp, type BoardRows, type Cleared } from './board.ts';
import type { Shape } from './shapes.ts';

export interface CertificateStep {
  /** The piece's index in the tray. */
  readonly piece: number;
  /** The board cell under the piece's top-left bounding-box corner. */
  readonly x: number;
  readonly y: number;
  readonly cleared: Cleared;
}

export interface TrayAnswer {
  readonly solvable: boolean;
  /** In placement order, when solvable. */
  readonly certificate?: readonly CertificateStep[];
  /** Placements tried (a cost figure for the bench). */
  readonly nodes: number;
}

interface Frame {
  readonly rows: Int32Array;
  piece: number;
  x: number;
  y: number;
  rowBits: number;
  colBits: number;
}

/** Decides the tray on the board; the board is not changed. */
export function traySolvable(board: BoardRows, width: number, height: number, tray: readonly Shape[]): TrayAnswer {
  const n = tray.length;
  // Distinct shapes, each with the tray indices that hold it (the certificate names real pieces).
  const distinct: Shape[] = [];
  const holders: number[][] = [];
  tray.forEach((shape, index) => {
    const at = distinct.findIndex((s) => s.key === shape.key);
    if (at >= 0) holders[at].push(index);
    else {
      distinct.push(shape);
      holders.push([index]);
    }
  });
  const left = holders.map((h) => h.length);
  const frames: Frame[] = Array.from({ length: n + 1 }, () => ({ rows: new Int32Array(height), piece: -1, x: 0, y: 0, rowBits: 0, colBits: 0 }));
  for (let y = 0; y < height; y++) frames[0].rows[y] = board[y];
  let nodes = 0;

  // `previous`: the distinct shape placed last when that placement cleared nothing (-1 otherwise).
  const search = (depth: number, previous: number): boolean => {
    if (depth === n) return true;
    const here = frames[depth].rows;
    const next = frames[depth + 1];
    for (let s = 0; s < distinct.length; s++) {
      if (left[s] === 0) continue;
      const shape = distinct[s];
      for (let y = 0; y + shape.height <= height; y++) {
        let xs = fitColumns(here, width, height, shape, y);
        while (xs !== 0) {
          const x = lowestBit(xs);
          xs &= xs - 1;
          nodes++;
          next.rows.set(here);
          stamp(next.rows, shape, x, y);
          const { rowBits, colBits } = fullLines(next.rows, width, height);
          const clearsNothing = rowBits === 0 && colBits === 0;
          // Two quiet placements commute: keep only the order with the shapes ascending.
          if (clearsNothing && previous >= 0 && s < previous) continue;
          clearLines(next.rows, height, rowBits, colBits);
          next.piece = s;
          next.x = x;
          next.y = y;
          next.rowBits = rowBits;
          next.colBits = colBits;
          left[s]--;
          const found = search(depth + 1, clearsNothing ? s : -1);
          left[s]++;
          if (found) return true;
        }
      }
    }
    return false;
  };

  if (!search(0, -1)) return { solvable: false, nodes };
  const used = holders.map(() => 0);
  const certificate = frames.slice(1).map((f) => ({
    piece: holders[f.piece][used[f.piece]++],
    x: f.x,
    y: f.y,
    cleared: { rows: bitsToList(f.rowBits), cols: bitsToList(f.colBits) },
  }));
  return { solvable: true, certificate, nodes };
}
