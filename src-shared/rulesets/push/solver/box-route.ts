/**
 * One box's route: the fewest pushes that take one box to a target cell while every other box
 * stays where it is, the player walking between pushes (a breadth-first search over the box's
 * cell and the cell the player stands on after its last push). The feature-space search uses it
 * as its packing advisor (after FESS's: a move that fills the next goal of the packing order is
 * proposed as one macro move), and expands such a macro back into single pushes when it hands
 * out a solution, with the same search from the same position, so the two always agree.
 */
import type { CompiledBoard } from './compiled.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';
import { PlayerReach } from './reach.ts';

/** Direction d's opposite (SOLVER_DIRS pairs them: up/down, left/right). */
const opposite = (d: number): number => d ^ 1;

export class BoxRoute {
  private readonly board: CompiledBoard;
  /** Per state (cell * 4 + the direction of the push that brought the box there): the stamp when seen. */
  private readonly seenState: Uint32Array;
  private readonly parentState: Int32Array;
  private readonly queue: Int32Array;
  private stateStamp = 0;
  /** The player's walk between pushes. */
  private readonly reach: PlayerReach;

  constructor(board: CompiledBoard) {
    this.board = board;
    this.seenState = new Uint32Array(board.size * 4);
    this.parentState = new Int32Array(board.size * 4);
    this.queue = new Int32Array(board.size * 4);
    this.reach = new PlayerReach(board);
  }

  /**
   * The box cells of the fewest-push route of the box on `from` to `to` (from's successor first,
   * `to` last; each one push from the one before), the player starting on `player` and the other
   * boxes where `boxAt` marks them (the routed box's own mark on `from` is lifted meanwhile);
   * undefined when it has none. A box
   * never stops on a dead square unless it is `to`.
   */
  route(from: number, to: number, player: number, boxAt: Int32Array, poll?: StopPoll): number[] | undefined {
    if (from === to) return [];
    // The routed box is not an obstacle to itself once it moves.
    const index = boxAt[from];
    boxAt[from] = -1;
    const cells = this.search(from, to, player, boxAt, poll);
    boxAt[from] = index;
    return cells;
  }

  private search(from: number, to: number, player: number, boxAt: Int32Array, poll?: StopPoll): number[] | undefined {
    const { nbr, dead } = this.board;
    const stamp = ++this.stateStamp;
    let head = 0;
    let tail = 0;
    // The start (state -1): the box on `from`, the player walking from where it stands; after a
    // push the player stands where the box was, the cell behind it in the push's direction.
    for (let state = -1; ; state = this.queue[head++]) {
      const c = state < 0 ? from : state >> 2;
      // The player's walk with the box on c (marked for it like the others).
      boxAt[c] = 0;
      const visited = this.reach.visited;
      const walked = this.reach.flood(state < 0 ? player : nbr[c * 4 + opposite(state & 3)], boxAt);
      boxAt[c] = -1;
      // Counted for the host's stop (a stop seen here ends the search that asked at its next poll).
      poll?.tick(8 + this.reach.visited - visited);
      for (let d = 0; d < 4; d++) {
        const t = nbr[c * 4 + d];
        const pusher = nbr[c * 4 + opposite(d)];
        if (t < 0 || pusher < 0 || boxAt[t] >= 0 || this.reach.seen[pusher] !== walked || (dead[t] && t !== to)) continue;
        const next = t * 4 + d;
        if (this.seenState[next] === stamp) continue;
        this.seenState[next] = stamp;
        this.parentState[next] = state;
        if (t === to) return this.cellsOf(next);
        this.queue[tail++] = next;
      }
      if (head === tail) return undefined;
    }
  }

  /** The box cells along the states that led to `state`, in order. */
  private cellsOf(state: number): number[] {
    const cells: number[] = [];
    for (let s = state; s >= 0; s = this.parentState[s]) cells.push(s >> 2);
    return cells.reverse();
  }
}
