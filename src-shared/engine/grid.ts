/**
 * The shared grid: cells numbered row-major (`y * width + x`), the four directions and their
 * codec, and keys that move in them. Every kind on a square grid uses these rather than its own
 * copy of the neighbour arithmetic.
 */
import type { GridCell } from './diagnostics.ts';
import type { KeyBinding } from './contract/display.ts';

export type Direction4 = 'u' | 'd' | 'l' | 'r';

/** In index order: 0 up, 1 down, 2 left, 3 right; the opposite of index i is i ^ 1. */
export const DIRECTIONS_4: readonly Direction4[] = ['u', 'd', 'l', 'r'];
export const DIRECTION_DX: readonly number[] = [0, 0, -1, 1];
export const DIRECTION_DY: readonly number[] = [-1, 1, 0, 0];
/** The four steps as `[dx, dy]`, in index order. */
export const DIRECTION_STEPS: readonly (readonly [number, number])[] = DIRECTION_DX.map((dx, i) => [dx, DIRECTION_DY[i]] as const);
export const DIRECTION_INDEX: Readonly<Record<Direction4, number>> = { u: 0, d: 1, l: 2, r: 3 };
export const DIRECTION_DELTA: Readonly<Record<Direction4, readonly [number, number]>> = { u: [0, -1], d: [0, 1], l: [-1, 0], r: [1, 0] };
export const DIRECTION_ARROWS: Readonly<Record<Direction4, string>> = { u: '↑', d: '↓', l: '←', r: '→' };

const DIRECTION_WORDS: Readonly<Record<string, Direction4>> = { u: 'u', d: 'd', l: 'l', r: 'r', up: 'u', down: 'd', left: 'l', right: 'r' };

/** `u`, `Up`, ` left ` ... as a direction; anything else (`constructor` included) as undefined. */
export function decodeDirection(text: string): Direction4 | undefined {
  if (typeof text !== 'string') return undefined;
  const t = text.trim().toLowerCase();
  // Own keys only: 'constructor' or '__proto__' must not decode to Object's members.
  return Object.hasOwn(DIRECTION_WORDS, t) ? DIRECTION_WORDS[t] : undefined;
}

export const cellIndex = (width: number, x: number, y: number): number => y * width + x;
export const cellXY = (width: number, cell: number): GridCell => ({ x: cell % width, y: Math.floor(cell / width) });

/** The cell `dx`, `dy` from `cell`, or -1 off a `width` x `height` grid. */
export function offsetCell(width: number, height: number, cell: number, dx: number, dy: number): number {
  const x = (cell % width) + dx;
  const y = Math.floor(cell / width) + dy;
  return x < 0 || y < 0 || x >= width || y >= height ? -1 : y * width + x;
}

/** The neighbour of `cell` in direction index `d` (see DIRECTIONS_4), or -1 off the grid. */
export function neighbourCell(width: number, height: number, cell: number, d: number): number {
  return offsetCell(width, height, cell, DIRECTION_DX[d], DIRECTION_DY[d]);
}

/**
 * The cells reached from `starts` by steps to the four neighbours through cells where `passable`
 * holds (a start is reached when it is passable), and across `jump(cell)` when given (a
 * teleporter pad to its pair; -1 for none). One flood for every kind: a player's region, the
 * outside of a drawn room, a generator's pieces. A solver's inner loop may keep its own compiled
 * form (a neighbour table, bit masks) and says so where it does.
 */
export function floodCells(width: number, height: number, passable: (cell: number) => boolean, starts: Iterable<number>, jump?: (cell: number) => number): Uint8Array {
  const size = width * height;
  const reached = new Uint8Array(size);
  const stack: number[] = [];
  const visit = (c: number): void => {
    if (c >= 0 && !reached[c] && passable(c)) {
      reached[c] = 1;
      stack.push(c);
    }
  };
  for (const c of starts) visit(c);
  while (stack.length > 0) {
    const c = stack.pop()!;
    const x = c % width;
    if (x > 0) visit(c - 1);
    if (x < width - 1) visit(c + 1);
    if (c >= width) visit(c - width);
    if (c + width < size) visit(c + width);
    if (jump) visit(jump(c));
  }
  return reached;
}

/** The cells on the grid's edge (where a flood from beyond the grid enters). */
export function edgeCells(width: number, height: number): number[] {
  const cells: number[] = [];
  for (let x = 0; x < width; x++) cells.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) cells.push(y * width, y * width + width - 1);
  return cells;
}

/**
 * Arrow keys and WASD, each sending the command for its direction: `commandFor(direction)` lets
 * a kind whose command is not the pressed direction (sliding moves the blank the other way)
 * translate.
 */
export function arrowKeyBindings(commandFor: (direction: Direction4) => string = (d) => d): KeyBinding[] {
  const keys: [string, Direction4][] = [
    ['ArrowUp', 'u'], ['ArrowDown', 'd'], ['ArrowLeft', 'l'], ['ArrowRight', 'r'],
    ['w', 'u'], ['s', 'd'], ['a', 'l'], ['d', 'r'],
  ];
  return keys.map(([key, direction]) => ({ key, command: commandFor(direction) }));
}
