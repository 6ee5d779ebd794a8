/**
 * Where the player can walk in a position: walk distances from its cell (by moves every push
 * costs the walk to its pushing cell) and its region's least cell (by pushes the player is keyed
 * by its region, so positions that differ only by a walk merge). Boxes block; `boxAt[c] >= 0`
 * marks a box on c. Marks are stamps, so nothing is cleared between positions.
 *
 * A search by moves needs the walks to the cells next to boxes only. On a big board with few
 * boxes a flood to the farthest of them covers most of the room for a handful of distances, so
 * there each is found by its own A* walk (Manhattan distance as the estimate, exact in an open
 * room), falling back to the flood where those walks together would visit more than it.
 */
import type { CompiledBoard } from './compiled.ts';
import { nextStamp } from '../../../search/stamps.ts';

/** Boards from which the walks to few targets are searched one by one (below, a flood is cheap). */
export const TARGETED_WALKS_FROM = 1024;
/** The most targets walked to one by one; more, and one flood serves them all. */
const MAX_TARGETED = 24;
/** Directions up, left, down, right (SOLVER_DIRS: u, d, l, r): `leastIn` heads for the least cells. */
const LEAST_FIRST = [0, 2, 1, 3] as const;

/** The flag bit of a closed cell in a targeted walk's `walkG` (walks stay below it). */
const CLOSED_WALK = 0x8000;

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
  /** `leastIn`'s walk. */
  private readonly leastSeen: Uint32Array;
  private readonly leastStack: Int32Array;
  private leastStamp = 0;
  /** The cells of the last `regionMin`'s region are region[0..regionSize). */
  readonly region: Int32Array;
  regionSize = 0;

  /** Grid column and row of each cell, where targeted walks are used (else undefined). */
  private readonly column: Int32Array | undefined;
  private readonly row: Int32Array | undefined;
  /** Scratch of the targeted walks: a stamp and walk per cell, and the two buckets of open cells. */
  private readonly walkSeen: Uint32Array | undefined;
  private walkStamp = 0;
  private readonly walkG: Uint16Array | undefined;
  private current: Int32Array | undefined;
  private later: Int32Array | undefined;
  /** The cells `markTargets` marked, in order. */
  private readonly targetList: Int32Array;

  constructor(board: Pick<CompiledBoard, 'size' | 'nbr'> & Partial<Pick<CompiledBoard, 'gridOf' | 'width'>>) {
    this.nbr = board.nbr;
    this.seen = new Uint32Array(board.size);
    this.walk = new Uint16Array(board.size);
    this.queue = new Int32Array(board.size);
    this.seenRegion = new Uint32Array(board.size);
    this.region = new Int32Array(board.size);
    this.leastSeen = new Uint32Array(board.size);
    this.leastStack = new Int32Array(board.size);
    this.target = new Uint32Array(board.size);
    this.targetList = new Int32Array(board.size);
    if (board.gridOf && board.width && board.size >= TARGETED_WALKS_FROM) {
      const { gridOf, width } = board;
      this.column = Int32Array.from(gridOf, (g) => g % width);
      this.row = Int32Array.from(gridOf, (g) => Math.floor(g / width));
      this.walkSeen = new Uint32Array(board.size);
      this.walkG = new Uint16Array(board.size);
      // A cell goes into the buckets at most twice per walk (found, then found shorter).
      this.current = new Int32Array(2 * board.size);
      this.later = new Int32Array(2 * board.size);
    }
  }

  /**
   * Walk distances from `from`; returns the stamp that marks the reached cells in `seen`. With
   * `targets` (cells marked in `target` with the current `targetStamp`), it may stop once all of
   * them are reached: then only they are sure to be marked (on a big board, by targeted walks).
   */
  flood(from: number, boxAt: Int32Array, targets = 0): number {
    if (targets > 0 && targets <= MAX_TARGETED && this.column) {
      const stamp = (this.stamp = nextStamp(this.stamp, this.seen));
      if (this.walkTargets(from, boxAt, targets, stamp)) return stamp;
    }
    return this.floodFrom(from, boxAt, targets, (this.stamp = nextStamp(this.stamp, this.seen)));
  }

  private floodFrom(from: number, boxAt: Int32Array, targets: number, stamp: number): number {
    const { nbr, seen, walk, queue, target } = this;
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
    const { nbr, target, targetList } = this;
    const stamp = (this.targetStamp = nextStamp(this.targetStamp, this.target));
    let count = 0;
    for (let i = 0; i < boxes.length; i++) {
      const base = boxes[i] * 4;
      for (let d = 0; d < 4; d++) {
        const m = nbr[base + d];
        if (m >= 0 && boxAt[m] < 0 && target[m] !== stamp) {
          target[m] = stamp;
          targetList[count++] = m;
        }
      }
    }
    if (extra >= 0 && boxAt[extra] < 0 && target[extra] !== stamp) {
      target[extra] = stamp;
      targetList[count++] = extra;
    }
    return count;
  }

  /**
   * The walks from `from` to the `count` targets of the last `markTargets`, each by an A* walk
   * (marking each reachable target with `stamp` in `seen`, its distance in `walk`); false, with
   * nothing to rely on, once they would visit more cells than a flood of the whole board.
   *
   * Manhattan distance is consistent, so a cell's walk is exact once it leaves the open set: every
   * target closed on the way to another is done too, and a walk that runs out of cells has closed
   * the player's whole region, every target in it. Each step keeps f = walk + estimate or raises
   * it by two, so two buckets hold the open cells: the current f (a stack, deepest first, which in
   * an open room goes straight for the target) and f + 2.
   */
  private walkTargets(from: number, boxAt: Int32Array, count: number, stamp: number): boolean {
    const { nbr, seen, walk, target, targetList } = this;
    const column = this.column!;
    const row = this.row!;
    const walkSeen = this.walkSeen!;
    const walkG = this.walkG!;
    let current = this.current!;
    let later = this.later!;
    const targetStamp = this.targetStamp;
    let budget = seen.length;
    let visited = 0;
    if (target[from] === targetStamp) {
      seen[from] = stamp;
      walk[from] = 0;
    }
    for (let k = 0; k < count; k++) {
      const goal = targetList[k];
      if (seen[goal] === stamp) continue;
      const wStamp = (this.walkStamp = nextStamp(this.walkStamp, walkSeen));
      const gx = column[goal];
      const gy = row[goal];
      const estimate = (c: number): number => Math.abs(column[c] - gx) + Math.abs(row[c] - gy);
      let top = 0;
      let laterCount = 0;
      walkSeen[from] = wStamp;
      walkG[from] = 0;
      current[top++] = from;
      let found = false;
      for (;;) {
        if (top === 0) {
          if (laterCount === 0) break;
          [current, later] = [later, current];
          top = laterCount;
          laterCount = 0;
        }
        const c = current[--top];
        const g = walkG[c];
        // Stale entries: a cell found again shorter, or closed already.
        if (walkSeen[c] !== wStamp || (g & CLOSED_WALK) !== 0) continue;
        walkG[c] = g | CLOSED_WALK;
        if (--budget < 0) {
          this.visited += visited;
          return false;
        }
        visited++;
        if (target[c] === targetStamp && seen[c] !== stamp) {
          seen[c] = stamp;
          walk[c] = g;
        }
        if (c === goal) {
          found = true;
          break;
        }
        const h = estimate(c);
        const base = c * 4;
        for (let d = 0; d < 4; d++) {
          const m = nbr[base + d];
          if (m < 0 || boxAt[m] >= 0) continue;
          const ng = g + 1;
          if (walkSeen[m] === wStamp && (walkG[m] & ~CLOSED_WALK) <= ng) continue;
          walkSeen[m] = wStamp;
          walkG[m] = ng;
          if (estimate(m) < h) current[top++] = m;
          else later[laterCount++] = m;
        }
      }
      if (!found) break; // the whole region is closed: every target in it is marked
    }
    this.current = current;
    this.later = later;
    this.visited += visited;
    return true;
  }

  /** Whether the last `regionMin`'s region holds `cell`. */
  inRegion(cell: number): boolean {
    return this.seenRegion[cell] === this.regionStamp;
  }

  /**
   * `regionMin`'s cell without its region (`region` and `inRegion` stay the last regionMin's): a
   * walk that ends once it reaches the least free cell of the board, which is then the answer,
   * heading for it (up and left first: cells are numbered by rows). Most positions' regions hold
   * it, so most walks end early, where every child stored or looked up by pushes took a whole
   * flood. The deadlock probes key their positions by it too (dead-patterns.ts).
   */
  leastIn(from: number, boxAt: Int32Array): number {
    const { nbr, leastSeen, leastStack } = this;
    let floor = 0;
    while (boxAt[floor] >= 0) floor++;
    if (from === floor) return from;
    const stamp = (this.leastStamp = nextStamp(this.leastStamp, leastSeen));
    let top = 0;
    let pushed = 1;
    let leastCell = from;
    leastSeen[from] = stamp;
    leastStack[top++] = from;
    while (top > 0) {
      const c = leastStack[--top];
      if (c < leastCell) leastCell = c;
      // Right, down, left, up onto the stack (SOLVER_DIRS: u, d, l, r): up and left come off first.
      for (let k = 3; k >= 0; k--) {
        const m = nbr[c * 4 + LEAST_FIRST[k]];
        if (m >= 0 && leastSeen[m] !== stamp && boxAt[m] < 0) {
          if (m === floor) {
            this.visited += pushed;
            return m;
          }
          leastSeen[m] = stamp;
          leastStack[top++] = m;
          pushed++;
        }
      }
    }
    this.visited += pushed;
    return leastCell;
  }

  /** Smallest cell of the player's region from `from` (the player key by pushes); keeps the region in `region`. */
  regionMin(from: number, boxAt: Int32Array): number {
    const { nbr, seenRegion, region } = this;
    const stamp = (this.regionStamp = nextStamp(this.regionStamp, seenRegion));
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
