/**
 * Freeze deadlocks, computed as a greatest fixpoint so the test is sound (it never calls a
 * solvable position dead, which would make a par wrong).
 *
 * Take the boxes connected to the pushed box through side-by-side contact. Repeatedly drop any box
 * that is not blocked on both axes, where a box is blocked on an axis when a neighbour on that
 * axis is a wall or a box still in the set, or both neighbours are dead squares. What remains can
 * never move: to move the first of them, a neighbour that is still in place would have to be
 * free. If any remaining box is off a goal the position is dead.
 */
import type { CompiledBoard } from './compiled.ts';

export class FreezeDetector {
  private readonly nbr: Int32Array;
  private readonly goal: Uint8Array;
  private readonly dead: Uint8Array;
  private readonly mark: Uint32Array;
  private readonly inSet: Uint8Array;
  private readonly members: Int32Array;
  private stamp = 0;

  constructor(board: CompiledBoard) {
    this.nbr = board.nbr;
    this.goal = board.goal;
    this.dead = board.dead;
    this.mark = new Uint32Array(board.size);
    this.inSet = new Uint8Array(board.size);
    this.members = new Int32Array(board.size);
  }

  /** True when the box just pushed to `cell` leaves a frozen group with a box off its goal. */
  isDeadlock(boxAt: Int32Array, cell: number): boolean {
    const { nbr, mark, inSet, members } = this;
    const stamp = ++this.stamp;
    let count = 0;
    mark[cell] = stamp;
    members[count++] = cell;
    for (let i = 0; i < count; i++) {
      const c = members[i];
      for (let d = 0; d < 4; d++) {
        const m = nbr[c * 4 + d];
        if (m >= 0 && boxAt[m] >= 0 && mark[m] !== stamp) {
          mark[m] = stamp;
          members[count++] = m;
        }
      }
    }
    for (let i = 0; i < count; i++) inSet[members[i]] = 1;
    let changed = true;
    while (changed) {
      changed = false;
      for (let i = 0; i < count; i++) {
        const c = members[i];
        if (inSet[c] && !(this.blocked(c, 0) && this.blocked(c, 1))) {
          inSet[c] = 0;
          changed = true;
          // The pushed box itself can move: any other frozen box was frozen before this push.
          if (c === cell) break;
        }
      }
      if (!inSet[cell]) break;
    }
    let deadlock = false;
    if (inSet[cell]) {
      for (let i = 0; i < count; i++) {
        const c = members[i];
        if (inSet[c] && !this.goal[c]) deadlock = true;
      }
    }
    for (let i = 0; i < count; i++) inSet[members[i]] = 0;
    return deadlock;
  }

  private blocked(c: number, axis: number): boolean {
    const a = this.nbr[c * 4 + 2 * axis];
    const b = this.nbr[c * 4 + 2 * axis + 1];
    if (a < 0 || b < 0) return true;
    if (this.inSet[a] || this.inSet[b]) return true;
    return this.dead[a] === 1 && this.dead[b] === 1;
  }
}
