/**
 * The box moves of a position: pushes forwards, pulls backwards. A push of the box on c in
 * direction d needs the player behind it (on c - d, in its reach) and c + d free. A pull in d
 * needs the player on t = c + d (in its reach) and the cell beyond, t + d, free: the player steps
 * back onto t + d and the box follows onto t. A pull undoes the push in the other direction, so
 * pulls from a solved position reach exactly the positions from which it can be solved: the
 * search runs them backwards, and a level generator (seed 002) makes levels with them.
 */
import type { Direction } from '../schema.ts';
import { SOLVER_DIRS, type CompiledBoard } from './compiled.ts';
import { PlayerReach } from './reach.ts';

/** A list of box moves, rewritten by each `list` (no objects per move in the search). */
export class BoxMoves {
  private readonly nbr: Int32Array;
  /** Per move: the index of the moved box in the position's box list. */
  readonly box: Int32Array;
  readonly dir: Uint8Array;
  /** Where the box goes. */
  readonly target: Int32Array;
  /** Where the player must walk to make the move (behind the box; for a pull, the box's target). */
  readonly stand: Int32Array;
  /** Where the player stands after it (the box's old cell; for a pull, one step beyond the target). */
  readonly after: Int32Array;
  count = 0;

  constructor(board: Pick<CompiledBoard, 'nbr'>, boxCount: number) {
    this.nbr = board.nbr;
    this.box = new Int32Array(boxCount * 4);
    this.dir = new Uint8Array(boxCount * 4);
    this.target = new Int32Array(boxCount * 4);
    this.stand = new Int32Array(boxCount * 4);
    this.after = new Int32Array(boxCount * 4);
  }

  /**
   * The moves of the boxes `boxes` (boxAt[c] their index, -1 on free cells) that the player, who
   * reaches the cells with seen[c] === reach, can make; none onto a cell with `dead` set. In box
   * order, then direction order (SOLVER_DIRS). Returns the count.
   */
  list(boxes: ArrayLike<number>, boxAt: Int32Array, seen: Uint32Array, reach: number, way: 'push' | 'pull', dead?: Uint8Array): number {
    const { nbr } = this;
    let count = 0;
    for (let i = 0; i < boxes.length; i++) {
      const c = boxes[i];
      for (let d = 0; d < 4; d++) {
        const t = nbr[c * 4 + d];
        if (t < 0 || boxAt[t] >= 0 || (dead !== undefined && dead[t] === 1)) continue;
        let stand: number;
        let after: number;
        if (way === 'pull') {
          if (seen[t] !== reach) continue;
          after = nbr[t * 4 + d];
          if (after < 0 || boxAt[after] >= 0) continue;
          stand = t;
        } else {
          stand = nbr[c * 4 + (d ^ 1)];
          if (stand < 0 || seen[stand] !== reach) continue;
          after = c;
        }
        this.box[count] = i;
        this.dir[count] = d;
        this.target[count] = t;
        this.stand[count] = stand;
        this.after[count] = after;
        count++;
      }
    }
    this.count = count;
    return count;
  }
}

/** One pull on a compiled board (floor indices, see CompiledBoard). */
export interface Pull {
  /** The pulled box's cell before the pull. */
  readonly from: number;
  /** Its cell after: the cell the player stood on to pull. */
  readonly to: number;
  /** The player's cell after the pull, one step beyond `to`. */
  readonly player: number;
  /** Which way the player (and the box) moves; the push that undoes the pull goes the other way. */
  readonly direction: Direction;
  /** The player's shortest walk to `to` before the pull, in moves. */
  readonly walk: number;
}

/**
 * The pulls available from a position: the player on `player`, boxes on `boxes` (floor indices of
 * `board`; any order). Every box the player can walk up to and step back from, in box order, then
 * direction order. From a solved position these lead, pull by pull, to every position from which
 * the level can be solved (with boxes on goals as the target), and only to those.
 */
export function pullsFrom(board: CompiledBoard, player: number, boxes: ArrayLike<number>): Pull[] {
  const boxAt = new Int32Array(board.size).fill(-1);
  for (let i = 0; i < boxes.length; i++) boxAt[boxes[i]] = i;
  if (boxAt[player] >= 0) throw new Error('pullsFrom: the player stands on a box');
  const reach = new PlayerReach(board);
  const stamp = reach.flood(player, boxAt);
  const moves = new BoxMoves(board, boxes.length);
  const count = moves.list(boxes, boxAt, reach.seen, stamp, 'pull');
  const pulls: Pull[] = [];
  for (let k = 0; k < count; k++) {
    pulls.push({
      from: boxes[moves.box[k]],
      to: moves.target[k],
      player: moves.after[k],
      direction: SOLVER_DIRS[moves.dir[k]],
      walk: reach.walk[moves.stand[k]],
    });
  }
  return pulls;
}

/** The position after `pull` (one of `pullsFrom(board, player, boxes)`): boxes sorted, and the player. */
export function applyPull(boxes: ArrayLike<number>, pull: Pull): { readonly boxes: Int32Array; readonly player: number } {
  const next = Int32Array.from(boxes);
  const i = next.indexOf(pull.from);
  if (i < 0) throw new Error('applyPull: no box on the pulled cell');
  next[i] = pull.to;
  return { boxes: next.sort(), player: pull.player };
}
