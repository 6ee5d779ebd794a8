/**
 * The sieves of the reverse generator, each a function of its own so it can be tested alone, and
 * their order: cheapest first (seed 001: a costly sieve in front burns ten times the time). All
 * but the forward proof cost a pass over the board or less; the proof is a real solve within the
 * state budget. Each returns true when it REJECTS.
 *
 * Why each exists:
 * - floor in pieces: the player could never reach part of the room (a template room can come
 *   out so; a drawn one is checked before any work starts).
 * - large open area: a 3x4 stretch of bare floor makes rooms where boxes are shuffled freely
 *   and nothing is a puzzle (Taylor and Parberry drop such rooms).
 * - too little floor: the boxes, the player and room to move must fit.
 * - already solved: a walk that pulled every box back onto a goal is no level.
 * - box on a dead square: no push sequence brings it to a goal (analysis.ts). A pulled box can
 *   always be pushed back, so this never fires on a walk's end; it guards the order of the
 *   sieves and candidates whose boxes were not placed by pulls.
 * - shallow: the pull path back is an upper bound on par; a path shorter than the par floor
 *   proves the par is below it, without a solve.
 * - too deep: a proven lower bound on par (each box's nearest goal by pushes) above the par
 *   ceiling rejects it without a solve.
 * - duplicate: the same start as an earlier candidate or a library level under any of the 8
 *   turns and mirror images (canonical.ts).
 * - forward proof: the real solver from the start, within the state budget; only a proven
 *   optimal par passes (seed 002: a budget overrun is a rejection, never "probably solvable").
 * - par window: the proven par lies outside what was asked.
 */
import { floodCells } from '../../../engine/grid.ts';
import type { Room } from './rooms.ts';

export type SieveId =
  | 'floor-disconnected'
  | 'open-area'
  | 'room-small'
  | 'solved'
  | 'dead-square'
  | 'shallow'
  | 'deep'
  | 'duplicate'
  | 'proof'
  | 'par-window';

export interface SieveInfo {
  readonly id: SieveId;
  readonly label: string;
}

/** The sieves in the order they run: cheapest first, the forward proof last but the window. */
export const SIEVES: readonly SieveInfo[] = [
  { id: 'floor-disconnected', label: 'floor not connected' },
  { id: 'open-area', label: 'large open area' },
  { id: 'room-small', label: 'too little floor' },
  { id: 'solved', label: 'already solved' },
  { id: 'dead-square', label: 'box on a dead square' },
  { id: 'shallow', label: 'path back below the par floor' },
  { id: 'deep', label: 'par bound above the par ceiling' },
  { id: 'duplicate', label: 'duplicate (8 symmetries)' },
  { id: 'proof', label: 'no proven par within the budget' },
  { id: 'par-window', label: 'par outside the window' },
];

/** Floor in more than one 4-connected piece (or none at all). */
export function isFloorDisconnected(room: Room): boolean {
  const { width, height, wall } = room;
  const start = wall.indexOf(0);
  if (start < 0) return true;
  const reached = floodCells(width, height, (c) => !wall[c], [start]);
  for (let c = 0; c < wall.length; c++) if (!wall[c] && !reached[c]) return true;
  return false;
}

/** Some 3x4 or 4x3 rectangle of the room is all floor. */
export function hasLargeOpenArea(room: Room): boolean {
  const { width, height, wall } = room;
  // Per cell, the run of floor cells ending there going right; a rectangle of w columns and h
  // rows ends at (x, y) when h rows in a row have a run of at least w.
  const run = new Uint16Array(wall.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = y * width + x;
      run[c] = wall[c] ? 0 : (x > 0 ? run[c - 1] : 0) + 1;
    }
  }
  for (const [w, h] of [[4, 3], [3, 4]] as const) {
    for (let x = w - 1; x < width; x++) {
      let rows = 0;
      for (let y = 0; y < height; y++) {
        rows = run[y * width + x] >= w ? rows + 1 : 0;
        if (rows >= h) return true;
      }
    }
  }
  return false;
}

/** Fewer floor cells than the boxes, the player and `spare` cells to move in need. */
export function isRoomTooSmall(floorCount: number, boxes: number, spare: number): boolean {
  return floorCount < boxes + 1 + spare;
}

/** Every box on a goal. */
export function isAlreadySolved(goal: ArrayLike<number>, boxes: ArrayLike<number>): boolean {
  for (let i = 0; i < boxes.length; i++) if (!goal[boxes[i]]) return false;
  return true;
}

/** Some box stands where no push sequence can bring it to a goal. */
export function hasBoxOnDeadSquare(dead: ArrayLike<number>, boxes: ArrayLike<number>): boolean {
  for (let i = 0; i < boxes.length; i++) if (dead[boxes[i]]) return true;
  return false;
}

/** The path back (an upper bound on par) is shorter than the least par wanted. */
export function isShallow(pathBack: number, parMin: number): boolean {
  return pathBack < parMin;
}

/** A proven lower bound on par is above the most wanted. */
export function isTooDeep(lowerBound: number, parMax: number): boolean {
  return lowerBound > parMax;
}

/**
 * The key was seen before (an earlier candidate or a library level); a key seen for the first
 * time is remembered, so every later candidate with the same start is caught.
 */
export function isDuplicate(key: string, seen: Set<string>): boolean {
  if (seen.has(key)) return true;
  seen.add(key);
  return false;
}

/** The proven par lies outside [min, max]. */
export function isOutsideParWindow(par: number, window: { readonly min: number; readonly max: number }): boolean {
  return par < window.min || par > window.max;
}
