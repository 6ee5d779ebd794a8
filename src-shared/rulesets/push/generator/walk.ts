/**
 * The reverse walk (seed 002, BoxCat): from the solved position, the player pulls boxes off their
 * goals, one pull at a time. Every pull is undone by a push, so the walk read backwards is a
 * solution: the candidate carries a path back, and its length bounds the par from above.
 *
 * The policy, per pull, weighs every pull the position allows and draws one:
 * - x4 when it takes the box farther from the goals (by pushes in the relaxed model): boxes that
 *   travel far make levels that are more than a nudge;
 * - x3 when it moves another box than the last pull did: a solution that must switch between
 *   boxes is a puzzle, one that shoves a single box along is a corridor (box changes are what
 *   the quality score counts too);
 * - x0.05 when it leads to a set of box cells the walk has already been through: a loop spends
 *   pulls and adds nothing.
 * Weights multiply; the draw uses the candidate's own RNG stream, so a candidate is reproduced
 * from the seed and its index alone.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { Direction } from '../schema.ts';
import type { CompiledBoard } from '../solver/compiled.ts';
import { pathToMoves } from '../solver/index.ts';
import { applyPull, pullsFrom, type Pull } from '../solver/moves.ts';

const FARTHER = 4;
const OTHER_BOX = 3;
const REVISIT = 0.05;

export interface WalkEnd {
  /** Box cells (floor indices of the compiled board), sorted. */
  readonly boxes: Int32Array;
  /** The player's cell: the level's start. */
  readonly player: number;
  /** Pulls made (fewer than asked when the position had none left). */
  readonly pulls: number;
  /**
   * Moves of the path back: each pull undone by a push (1 move), and before it the walk back to
   * where the pull ended, as long as the walk to the pull was; the walk to the first pull is not
   * needed (the level is won when the last push lands).
   */
  readonly pathBack: number;
  /** The box cells after each pull, the solved position first: read backwards, the path back. */
  readonly trail: readonly Int32Array[];
}

export function pullWalk(board: CompiledBoard, start: { readonly player: number; readonly boxes: Int32Array }, steps: number, rng: Rng): WalkEnd {
  let boxes = start.boxes;
  let player = start.player;
  let lastBox = -1;
  let pathBack = 0;
  let pulls = 0;
  const visited = new Set<string>([boxes.join(',')]);
  const trail: Int32Array[] = [boxes];
  for (let s = 0; s < steps; s++) {
    const options = pullsFrom(board, player, boxes);
    if (options.length === 0) break;
    const weights = options.map((pull) => weigh(board, pull, lastBox, boxes, visited));
    const pull = options[draw(weights, rng)];
    const next = applyPull(boxes, pull);
    pathBack += 1 + (pulls === 0 ? 0 : pull.walk);
    pulls++;
    boxes = next.boxes;
    player = next.player;
    lastBox = pull.to;
    visited.add(boxes.join(','));
    trail.push(boxes);
  }
  return { boxes, player, pulls, pathBack, trail };
}

/**
 * The path back as player moves from the walk's end: each pull undone by a push, after the
 * shortest walk to it (the solver's own expansion of push positions into moves). It has
 * `pathBack` moves and wins: the candidate's proof of solvability before any search.
 */
export function pathBackMoves(board: CompiledBoard, walk: WalkEnd): Direction[] {
  const path = [...walk.trail].reverse().map((boxes) => ({ boxes, player: -1 }));
  return pathToMoves({ ...board, player: walk.player }, { status: 'solved', path, lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 });
}

function weigh(board: CompiledBoard, pull: Pull, lastBox: number, boxes: Int32Array, visited: Set<string>): number {
  let w = 1;
  if (board.nearest[pull.to] > board.nearest[pull.from]) w *= FARTHER;
  if (pull.from !== lastBox) w *= OTHER_BOX;
  if (visited.has(applyPull(boxes, pull).boxes.join(','))) w *= REVISIT;
  return w;
}

/** An index drawn with probability proportional to its weight. */
function draw(weights: readonly number[], rng: Rng): number {
  let total = 0;
  for (const w of weights) total += w;
  let r = rng.float() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return weights.length - 1;
}
