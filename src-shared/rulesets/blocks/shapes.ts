/**
 * Polyominoes as row bitmasks. A shape is drawn as text, rows joined by `/`, `#` part of the piece
 * and `.` not (`#./##`); it is trimmed to the bounding box of its cells, so (0, 0) is the
 * bounding box's top-left corner and a placement at (x, y) names the board cell under it. Bit x of
 * a row mask is column x.
 */

export interface Shape {
  /** The trimmed text: equal keys, the same shape (identical shapes are searched once). */
  readonly key: string;
  readonly width: number;
  readonly height: number;
  /** One mask per row, top to bottom. */
  readonly rows: readonly number[];
  /** The cells as [dx, dy], row by row. */
  readonly cells: readonly (readonly [number, number])[];
  readonly size: number;
}

/** The widest board or piece a row mask holds (row masks are 32-bit integers; 16 keeps shifts safe). */
export const MAX_SIDE = 16;
export const MAX_PIECE_SIDE = 5;

export type ShapeParse = { readonly shape: Shape } | { readonly error: string };

/** A shape from its text; an error says what is wrong (a character, ragged rows, no cell, too big). */
export function parseShape(text: string): ShapeParse {
  if (typeof text !== 'string' || text.length === 0) return { error: 'a piece needs at least one row' };
  const lines = text.split('/');
  const width = lines[0].length;
  for (const line of lines) {
    if (!/^[#.]+$/.test(line)) return { error: `'${line.slice(0, 20)}' holds something other than '#' and '.'` };
    if (line.length !== width) return { error: `its rows differ in length ('${text.slice(0, 40)}'): every row needs the same number of cells` };
  }
  const filled: [number, number][] = [];
  lines.forEach((line, y) => [...line].forEach((ch, x) => ch === '#' && filled.push([x, y])));
  if (filled.length === 0) return { error: `'${text.slice(0, 40)}' has no '#' cell` };
  const minX = Math.min(...filled.map((c) => c[0]));
  const minY = Math.min(...filled.map((c) => c[1]));
  const w = Math.max(...filled.map((c) => c[0])) - minX + 1;
  const h = Math.max(...filled.map((c) => c[1])) - minY + 1;
  if (w > MAX_PIECE_SIDE || h > MAX_PIECE_SIDE) return { error: `'${text.slice(0, 40)}' is ${w}x${h}: a piece fits in ${MAX_PIECE_SIDE}x${MAX_PIECE_SIDE}` };
  return { shape: shapeFromCells(filled.map(([x, y]) => [x - minX, y - minY])) };
}

/** A shape from cells whose bounding box starts at (0, 0). */
function shapeFromCells(cells: readonly (readonly [number, number])[]): Shape {
  const width = Math.max(...cells.map((c) => c[0])) + 1;
  const height = Math.max(...cells.map((c) => c[1])) + 1;
  const rows = new Array<number>(height).fill(0);
  for (const [x, y] of cells) rows[y] |= 1 << x;
  const sorted = [...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const key = rows.map((mask) => Array.from({ length: width }, (_, x) => ((mask >> x) & 1 ? '#' : '.')).join('')).join('/');
  return { key, width, height, rows, cells: sorted, size: cells.length };
}

/** The shape turned a quarter clockwise. */
export function rotateShape(shape: Shape): Shape {
  return shapeFromCells(shape.cells.map(([x, y]) => [shape.height - 1 - y, x] as const));
}

/** The shape and its distinct quarter turns. */
export function rotationsOf(shape: Shape): Shape[] {
  const out = [shape];
  let turned = shape;
  for (let i = 0; i < 3; i++) {
    turned = rotateShape(turned);
    if (!out.some((s) => s.key === turned.key)) out.push(turned);
  }
  return out;
}

/**
 * The default set, every orientation listed (rotation is off by default, so a tray's pieces come
 * as drawn): single, bars of 2 to 5, squares 2x2 and 3x3, 2x3 blocks, small and large corners,
 * L and J, T, S and Z.
 */
export const DEFAULT_PIECES: readonly string[] = [
  '#',
  '##', '#/#',
  '###', '#/#/#',
  '####', '#/#/#/#',
  '#####', '#/#/#/#/#',
  '##/##', '###/###/###',
  '###/###', '##/##/##',
  '##/#.', '##/.#', '#./##', '.#/##',
  '###/#../#..', '###/..#/..#', '#../#../###', '..#/..#/###',
  '#./#./##', '.#/.#/##', '##/#./#.', '##/.#/.#', '###/#..', '###/..#', '#../###', '..#/###',
  '###/.#.', '.#./###', '#./##/#.', '.#/##/.#',
  '##./.##', '.##/##.', '#./##/.#', '.#/##/#.',
];
