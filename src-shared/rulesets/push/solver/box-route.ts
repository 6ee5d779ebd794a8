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

/** Direction d's opposite (SOLVER_DIRS pairs them: up/down, left/right). */
const opposite = (d: number): number => d ^ 1;

export class BoxRoute {
  private readonly board: CompiledBoard;
  /** Per state (cell * 4 + the direction of the push that brought the box there): the stamp when seen. */
  private readonly seenState: Uint32Array;
  private readonly parentState: Int32Array;
  private readonly queue: Int32Array;
  private stateStamp = 0;
  /** The player's walk: a stamp per cell and a queue. */
  private readonly walkSeen: Uint32Array;
  private readonly walkQueue: Int32Array;
  private walkStamp = 0;

  constructor(board: CompiledBoard) {
    this.board = board;
    this.seenState = new Uint32Array(board.size * 4);
    this.parentState = new Int32Array(board.size * 4);
    this.queue = new Int32Array(board.size * 4);
    this.walkSeen = new Uint32Array(board.size);
    this.walkQueue = new Int32Array(board.size);
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
    // The start: the player walks to any side of the box.
    const reach = this.walk(player, from, boxAt);
    for (let d = 0; d < 4; d++) {
      const t = nbr[from * 4 + d];
      const pusher = nbr[from * 4 + opposite(d)];
      if (t < 0 || pusher < 0 || boxAt[t] >= 0 || this.walkSeen[pusher] !== reach || (dead[t] && t !== to)) continue;
      const state = t * 4 + d;
      if (this.seenState[state] === stamp) continue;
      this.seenState[state] = stamp;
      this.parentState[state] = -1;
      if (t === to) return this.cellsOf(state);
      this.queue[tail++] = state;
    }
    while (head < tail) {
      const state = this.queue[head++];
      const c = state >> 2;
      // The player stands where the box was: the cell behind it in the push's direction.
      const at = nbr[c * 4 + opposite(state & 3)];
      const walked = this.walk(at, c, boxAt);
      poll?.tick(8);
      for (let d = 0; d < 4; d++) {
        const t = nbr[c * 4 + d];
        const pusher = nbr[c * 4 + opposite(d)];
        if (t < 0 || pusher < 0 || boxAt[t] >= 0 || this.walkSeen[pusher] !== walked || (dead[t] && t !== to)) continue;
        const next = t * 4 + d;
        if (this.seenState[next] === stamp) continue;
        this.seenState[next] = stamp;
        this.parentState[next] = state;
        if (t === to) return this.cellsOf(next);
        this.queue[tail++] = next;
      }
    }
    return undefined;
  }

  /** The box cells along the states that led to `state`, in order. */
  private cellsOf(state: number): number[] {
    const cells: number[] = [];
    for (let s = state; s >= 0; s = this.parentState[s]) cells.push(s >> 2);
    return cells.reverse();
  }

  /** The player's walk from `from` with the routed box on `box` and the others where `boxAt` has them; returns the stamp. */
  private walk(from: number, box: number, boxAt: Int32Array): number {
    const { nbr } = this.board;
    const { walkSeen: seen, walkQueue: queue } = this;
    const stamp = ++this.walkStamp;
    let head = 0;
    let tail = 0;
    if (from === box) return stamp;
    seen[from] = stamp;
    queue[tail++] = from;
    while (head < tail) {
      const c = queue[head++];
      for (let d = 0; d < 4; d++) {
        const m = nbr[c * 4 + d];
        if (m >= 0 && m !== box && seen[m] !== stamp && boxAt[m] < 0) {
          seen[m] = stamp;
          queue[tail++] = m;
        }
      }
    }
    return stamp;
  }
}
