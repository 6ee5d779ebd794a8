/**
 * The board as a bitboard: one integer per row, bit x set when column x is filled (seed 004: the
 * check runs at every deal, so it must cost microseconds). Every function takes the board's rows
 * and its width; none allocates in the loops the searches call.
 */
import type { Shape } from './shapes.ts';
import { MAX_SIDE } from './shapes.ts';

export type BoardRows = ArrayLike<number>;

/** What one placement cleared: full rows and columns, found together and emptied at once. */
export interface Cleared {
  readonly rows: readonly number[];
  readonly cols: readonly number[];
}

export const fullRowMask = (width: number): number => (width >= 32 ? -1 : (1 << width) - 1);

/**
 * The columns x where `shape` fits with its top-left corner at (x, y), as a mask: a cell (dx, dy)
 * needs column x + dx of row y + dy empty, so the empty columns of that row shifted right by dx.
 */
export function fitColumns(rows: BoardRows, width: number, height: number, shape: Shape, y: number): number {
  if (y < 0 || y + shape.height > height || shape.width > width) return 0;
  let mask = (1 << (width - shape.width + 1)) - 1;
  const { cells } = shape;
  for (let i = 0; i < cells.length && mask !== 0; i++) mask &= ~rows[y + cells[i][1]] >>> cells[i][0];
  return mask;
}

export function fits(rows: BoardRows, width: number, height: number, shape: Shape, x: number, y: number): boolean {
  if (x < 0 || x + shape.width > width) return false;
  return ((fitColumns(rows, width, height, shape, y) >>> x) & 1) === 1;
}

/** True when the shape fits somewhere on the board. */
export function fitsAnywhere(rows: BoardRows, width: number, height: number, shape: Shape): boolean {
  for (let y = 0; y + shape.height <= height; y++) if (fitColumns(rows, width, height, shape, y) !== 0) return true;
  return false;
}

/** How many placements the shape has on the board. */
export function placementCount(rows: BoardRows, width: number, height: number, shape: Shape): number {
  let count = 0;
  for (let y = 0; y + shape.height <= height; y++) count += popcount(fitColumns(rows, width, height, shape, y));
  return count;
}

/** Writes the shape into `rows` at (x, y) (the caller checked that it fits). */
export function stamp(rows: { [i: number]: number }, shape: Shape, x: number, y: number): void {
  for (let r = 0; r < shape.height; r++) rows[y + r] |= shape.rows[r] << x;
}

/** The full rows (as a bit per row) and full columns (a bit per column) of the board. */
export function fullLines(rows: BoardRows, width: number, height: number): { rowBits: number; colBits: number } {
  const full = fullRowMask(width);
  let rowBits = 0;
  let colBits = full;
  for (let y = 0; y < height; y++) {
    const row = rows[y];
    colBits &= row;
    if (row === full) rowBits |= 1 << y;
  }
  return { rowBits, colBits };
}

/** Empties the given full rows and columns at once; returns how many lines that was. */
export function clearLines(rows: { [i: number]: number }, height: number, rowBits: number, colBits: number): number {
  if (rowBits === 0 && colBits === 0) return 0;
  const keep = ~colBits;
  for (let y = 0; y < height; y++) rows[y] = (rowBits >>> y) & 1 ? 0 : rows[y] & keep;
  return popcount(rowBits) + popcount(colBits);
}

export function bitsToList(bits: number): number[] {
  const out: number[] = [];
  for (let i = 0; bits !== 0; i++, bits >>>= 1) if (bits & 1) out.push(i);
  return out;
}

export function popcount(v: number): number {
  let n = v - ((v >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Lowest set bit's index (v non-zero). */
export const lowestBit = (v: number): number => 31 - Math.clz32(v & -v);

/** Places the shape, then clears what became full: a new row array and the lines cleared. */
export function placeAndClear(rows: readonly number[], width: number, height: number, shape: Shape, x: number, y: number): { rows: number[]; cleared: Cleared } {
  const next = rows.slice();
  stamp(next, shape, x, y);
  const { rowBits, colBits } = fullLines(next, width, height);
  clearLines(next, height, rowBits, colBits);
  return { rows: next, cleared: { rows: bitsToList(rowBits), cols: bitsToList(colBits) } };
}

export function filledCells(rows: BoardRows, height: number): number {
  let n = 0;
  for (let y = 0; y < height; y++) n += popcount(rows[y]);
  return n;
}

export type BoardParse = { readonly rows: number[]; readonly width: number; readonly height: number } | { readonly error: string };

/** Board text rows (`#` filled, `.` empty) as masks; an error names the first bad row. */
export function parseBoardRows(lines: readonly string[]): BoardParse {
  if (lines.length === 0) return { error: 'the board has no row' };
  const width = lines[0].length;
  if (width === 0) return { error: 'the board has an empty row' };
  if (width > MAX_SIDE || lines.length > MAX_SIDE) return { error: `the board is ${width}x${lines.length}: at most ${MAX_SIDE}x${MAX_SIDE}` };
  const rows: number[] = [];
  for (let y = 0; y < lines.length; y++) {
    const line = lines[y];
    if (!/^[#.]+$/.test(line)) return { error: `row ${y + 1} ('${line.slice(0, 20)}') holds something other than '#' and '.'` };
    if (line.length !== width) return { error: `row ${y + 1} has ${line.length} cells but the first has ${width}: every row needs the same number` };
    let mask = 0;
    for (let x = 0; x < width; x++) if (line[x] === '#') mask |= 1 << x;
    rows.push(mask);
  }
  return { rows, width, height: lines.length };
}

export function boardText(rows: BoardRows, width: number, height: number): string[] {
  const out: string[] = [];
  for (let y = 0; y < height; y++) {
    let line = '';
    for (let x = 0; x < width; x++) line += (rows[y] >>> x) & 1 ? '#' : '.';
    out.push(line);
  }
  return out;
}
