/**
 * Manhattan distance plus linear conflicts, in the canonical frame (tile t's goal is cell t).
 * Two tiles in their goal row (or column) in reversed order cannot pass each other inside it:
 * all but a longest increasing run of the tiles that belong to a line must leave it and come
 * back, two moves each beyond their Manhattan distance. Admissible; rows and columns add up
 * because a vertical move never changes a column's order and a horizontal one never a row's.
 */
export interface LineConflicts {
  /** Extra moves of a row, by its code (see `rowCode`); rows are `width` cells long. */
  readonly rows: Uint8Array;
  readonly cols: Uint8Array;
}

/** 2 * (k - longest increasing subsequence) for a line whose cells hold `values` (0 = not of this line). */
function lineExtra(values: readonly number[]): number {
  const seq = values.filter((v) => v > 0);
  const best: number[] = [];
  for (let i = 0; i < seq.length; i++) {
    let longest = 1;
    for (let j = 0; j < i; j++) if (seq[j] < seq[i] && best[j] + 1 > longest) longest = best[j] + 1;
    best.push(longest);
  }
  const lis = best.length === 0 ? 0 : Math.max(...best);
  return 2 * (seq.length - lis);
}

/** Every line code of a line of `length` cells: digit i (base length+1) is 1 + the goal index of the cell's tile, or 0. */
function lineTable(length: number): Uint8Array {
  const base = length + 1;
  const size = base ** length;
  const out = new Uint8Array(size);
  const digits = new Array<number>(length).fill(0);
  for (let code = 0; code < size; code++) {
    let rest = code;
    for (let i = 0; i < length; i++) {
      digits[i] = rest % base;
      rest = Math.floor(rest / base);
    }
    // Codes with a repeated goal index cannot occur; their value is never read.
    out[code] = lineExtra(digits);
  }
  return out;
}

export function lineConflicts(width: number, height: number): LineConflicts {
  return { rows: lineTable(width), cols: lineTable(height) };
}

export function rowCode(tiles: ArrayLike<number>, width: number, row: number): number {
  let code = 0;
  for (let x = width - 1; x >= 0; x--) {
    const t = tiles[row * width + x];
    code = code * (width + 1) + (t !== 0 && Math.floor(t / width) === row ? (t % width) + 1 : 0);
  }
  return code;
}

export function colCode(tiles: ArrayLike<number>, width: number, height: number, col: number): number {
  let code = 0;
  for (let y = height - 1; y >= 0; y--) {
    const t = tiles[y * width + col];
    code = code * (height + 1) + (t !== 0 && t % width === col ? Math.floor(t / width) + 1 : 0);
  }
  return code;
}

export function manhattan(tiles: ArrayLike<number>, width: number): number {
  let sum = 0;
  for (let c = 0; c < tiles.length; c++) {
    const t = tiles[c];
    if (t !== 0) sum += Math.abs((t % width) - (c % width)) + Math.abs(Math.floor(t / width) - Math.floor(c / width));
  }
  return sum;
}

/** Manhattan distance and the linear-conflict extra of a canonical arrangement. */
export function conflictBound(tiles: ArrayLike<number>, width: number, height: number, lines: LineConflicts): { manhattan: number; conflicts: number } {
  let conflicts = 0;
  for (let y = 0; y < height; y++) conflicts += lines.rows[rowCode(tiles, width, y)];
  for (let x = 0; x < width; x++) conflicts += lines.cols[colCode(tiles, width, height, x)];
  return { manhattan: manhattan(tiles, width), conflicts };
}
