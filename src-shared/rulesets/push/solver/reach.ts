/**
 * Where the player can walk in a position: walk distances from its cell (by moves every push
 * costs the walk to its pushing cell) and its region's least cell (by pushes the player is keyed
 * by its region, so positions that differ only by a walk merge). Boxes block; `boxAt[c] >= 0`
 * marks a box on c. Marks are stamps, so nothing is cleared between positions.
 */
import type { CompiledBoard } from './compiled.ts';

export class PlayerReach {
  private readonly nbr: Int32Array;
  /** seen[c] === the stamp `flood` returned: the player can walk to c. */
  readonly seen: Uint32Array;
  /** Walk distances of the cells the last `flood` reached. */
  readonly walk: Uint16Array;
  private readonly queue: Int32Array;
  private stamp = 0;
  private readonly seenRegion: Uint32Array;
  private regionStamp = 0;
  /** The cells of the last `regionMin`'s region are region[0..regionSize). */
  readonly region: Int32Array;
  regionSize = 0;

  constructor(board: Pick<CompiledBoard, 'size' | 'nbr'>) {
    this.nbr = board.nbr;
    this.seen = new Uint32Array(board.size);
    this.walk = new Uint16Array(board.size);
    this.queue = new Int32Array(board.size);
    this.seenRegion = new Uint32Array(board.size);
    this.region = new Int32Array(board.size);
    this.target = new Uint32Array(board.size);
  }

  /**
   * Walk distances from `from`; returns the stamp that marks the reached cells in `seen`. With
   * `targets` (cells marked in `target` with the current `targetStamp`), it may stop once all of
   * them are reached: then only they (and the cells nearer than the last of them) are marked.
   */
  flood(from: number, boxAt: Int32Array, targets = 0): number {
    const { nbr, seen, walk, queue, target } = this;
    const stamp = ++this.stamp;
    const targetStamp = this.targetStamp;
    let left = targets > 0 ? targets - (target[from] === targetStamp ? 1 : 0) : -1;
    let head = 0;
    let tail = 0;
    seen[from] = stamp;
    walk[from] = 0;
    queue[tail++] = from;
    while (head < tail && left !== 0) {
      const c = queue[head++];
      const base = c * 4;
      for (let d = 0; d < 4; d++) {
        const m = nbr[base + d];
        if (m >= 0 && seen[m] !== stamp && boxAt[m] < 0) {
          seen[m] = stamp;
          walk[m] = walk[c] + 1;
          queue[tail++] = m;
          if (target[m] === targetStamp && --left === 0) break;
        }
      }
    }
    this.visited += tail;
    return stamp;
  }

  private readonly target: Uint32Array;
  private targetStamp = 0;
  /** Cells the floods and region scans have visited (a measure of work, for stop polling). */
  visited = 0;

  /**
   * Mark the free cells next to boxes `boxes` (where the player stands to push or pull), and
   * `extra` if given, as the targets of the next `flood`; returns how many were marked.
   */
  markTargets(boxes: ArrayLike<number>, boxAt: Int32Array, extra = -1): number {
    const { nbr, target } = this;
    const stamp = ++this.targetStamp;
    let count = 0;
    for (let i = 0; i < boxes.length; i++) {
      const base = boxes[i] * 4;
      for (let d = 0; d < 4; d++) {
        const m = nbr[base + d];
        if (m >= 0 && boxAt[m] < 0 && target[m] !== stamp) {
          target[m] = stamp;
          count++;
        }
      }
    }
    if (extra >= 0 && boxAt[extra] < 0 && target[extra] !== stamp) {
      target[extra] = stamp;
      count++;
    }
    return count;
  }

  /** Smallest cell of the player's region from `from` (the player key by pushes); keeps the region in `region`. */
  regionMin(from: number, boxAt: Int32Array): number {
    const { nbr, seenRegion, region } = this;
    const stamp = ++this.regionStamp;
    let head = 0;
    let tail = 0;
    let leastCell = from;
    seenRegion[from] = stamp;
    region[tail++] = from;
    while (head < tail) {
      const c = region[head++];
      if (c < leastCell) leastCell = c;
      const base = c * 4;
      for (let d = 0; d < 4; d++) {
        const m = nbr[base + d];
        if (m >= 0 && seenRegion[m] !== stamp && boxAt[m] < 0) {
          seenRegion[m] = stamp;
          region[tail++] = m;
        }
      }
    }
    this.regionSize = tail;
    this.visited += tail;
    return leastCell;
  }
}
