/**
 * PI-corral pruning, as a sound restriction of a position's pushes.
 *
 * A corral is a connected area of free floor the player cannot reach; its barrier is the boxes
 * next to it. While no barrier box moves, the corral stays sealed. Call a barrier push possible
 * unless it is blocked for good until a barrier box moves: its pushing cell or target is a wall
 * or a barrier box, its pushing cell lies inside the corral, or its target is a dead square. The
 * corral is PI when every possible barrier push goes into the corral and the player can make it
 * now, and it needs work when a goal inside it is empty or, when every box must end on a goal
 * (no spare boxes), a barrier box is off its goal.
 *
 * Then any solution pushes a barrier box at some point, and its first such push is one of those
 * pushes, legal now. Moving that push to the front keeps every earlier push legal: the box goes
 * from its barrier cell (which no other box can enter first) into the sealed corral (which no
 * other box can reach), and the player's area only grows. The push count is unchanged, so the
 * positions reached by the corral's pushes alone still contain a solution with the fewest
 * pushes; a search by pushes may drop every other push. The move count can change, so a search
 * for fewest moves must not use it. A corral that needs work and has no possible push at all is
 * a deadlock.
 */
import type { CompiledBoard } from './compiled.ts';

/** No PI corral: every push stays. */
export const NO_CORRAL = -1;
/** A corral that needs work can never be opened: the position is dead. */
export const CORRAL_DEADLOCK = -2;

export class CorralPruner {
  private readonly nbr: Int32Array;
  private readonly goal: Uint8Array;
  private readonly dead: Uint8Array | undefined;
  private readonly everyBoxOnGoal: boolean;
  private readonly area: Uint32Array;
  private readonly fence: Uint32Array;
  private readonly queue: Int32Array;
  private readonly barrier: Int32Array;
  private readonly current: Int32Array;
  /** Pushes of the chosen corral, as box index * 4 + direction; `find` returns how many. */
  readonly pushes: Int32Array;
  private label = 0;

  /**
   * `everyBoxOnGoal`: as many boxes as goals, so every box must end on one. Only then does an
   * off-goal box need work and a dead square count as a blocked target; a spare box may stay.
   */
  constructor(board: CompiledBoard, boxCount: number, everyBoxOnGoal: boolean) {
    this.nbr = board.nbr;
    this.goal = board.goal;
    this.dead = everyBoxOnGoal ? board.dead : undefined;
    this.everyBoxOnGoal = everyBoxOnGoal;
    this.area = new Uint32Array(board.size);
    this.fence = new Uint32Array(board.size);
    this.queue = new Int32Array(board.size);
    this.barrier = new Int32Array(boxCount);
    this.current = new Int32Array(boxCount * 4);
    this.pushes = new Int32Array(boxCount * 4);
  }

  /**
   * The PI corral needing work with the fewest pushes, written to `pushes`; its push count, or
   * NO_CORRAL, or CORRAL_DEADLOCK. `boxAt` maps cells to box indices (-1 free); the player's
   * area is the cells with `seen[c] === reach`.
   */
  find(boxes: Int32Array, boxAt: Int32Array, seen: Uint32Array, reach: number): number {
    const { nbr, goal, dead, area, fence, queue, barrier, current } = this;
    if (this.label > 0xfff00000) {
      area.fill(0);
      fence.fill(0);
      this.label = 0;
    }
    const first = this.label + 1;
    let best = NO_CORRAL;
    for (let i = 0; i < boxes.length; i++) {
      const c = boxes[i];
      for (let d = 0; d < 4; d++) {
        const start = nbr[c * 4 + d];
        if (start < 0 || boxAt[start] >= 0 || seen[start] === reach || area[start] >= first) continue;
        // A new corral: flood it, collecting its barrier.
        const label = ++this.label;
        let head = 0;
        let tail = 0;
        let barrierCount = 0;
        let needsWork = false;
        area[start] = label;
        queue[tail++] = start;
        while (head < tail) {
          const cell = queue[head++];
          if (goal[cell]) needsWork = true;
          for (let e = 0; e < 4; e++) {
            const m = nbr[cell * 4 + e];
            if (m < 0) continue;
            const box = boxAt[m];
            if (box >= 0) {
              if (fence[m] !== label) {
                fence[m] = label;
                barrier[barrierCount++] = box;
                if (!goal[m] && this.everyBoxOnGoal) needsWork = true;
              }
            } else if (area[m] !== label) {
              area[m] = label;
              queue[tail++] = m;
            }
          }
        }
        if (!needsWork) continue;
        // Classify every barrier push.
        let count = 0;
        let pi = true;
        for (let k = 0; k < barrierCount && pi; k++) {
          const box = barrier[k];
          const b = boxes[box];
          for (let e = 0; e < 4; e++) {
            const p = nbr[b * 4 + (e ^ 1)];
            const t = nbr[b * 4 + e];
            if (p < 0 || t < 0) continue;
            if (boxAt[p] >= 0 ? fence[p] === label : area[p] === label) continue;
            if (boxAt[t] >= 0 ? fence[t] === label : dead !== undefined && dead[t] === 1) continue;
            if (boxAt[t] < 0 && area[t] === label && boxAt[p] < 0 && seen[p] === reach) {
              current[count++] = box * 4 + e;
              continue;
            }
            pi = false;
            break;
          }
        }
        if (!pi) continue;
        if (count === 0) return CORRAL_DEADLOCK;
        if (best === NO_CORRAL || count < best) {
          best = count;
          this.pushes.set(current.subarray(0, count));
        }
      }
    }
    return best;
  }
}
