/**
 * The areas the boxes split a board's free floor into (the feature search's connectivity), counted
 * once for a position and then for each of its children by a local rule where it can be.
 *
 * `label` floods the position and names each free cell's area. A child moves one box from `c` to
 * `t`: freeing `c` joins the areas of its free neighbours (in the position) into one, and filling
 * `t` splits its area only if the free cells around `t` are not joined around it (its four
 * neighbours, linked through the corners between them). When they are not, floods of at most 64
 * cells from each group settle it, and only past that does `afterMove` flood the child whole. The
 * count is exact either way; most children are counted without a whole flood.
 */
import type { StopPoll } from '../../../search/stop-poll.ts';

/** The four neighbours of a cell in turn around it (directions 0 up, 3 right, 1 down, 2 left). */
const RING = [0, 3, 1, 2] as const;
/**
 * A flood that decides whether filling a cell splits its area stops past this many cells (the
 * child is then flooded whole): most splits seal a small pocket, most joins go round one box.
 */
const SMALL_FLOOD = 64;

export class AreaCounter {
  private readonly nbr: Int32Array;
  private readonly size: number;
  private readonly poll: StopPoll | undefined;
  private readonly seen: Uint32Array;
  private readonly label: Int32Array;
  private readonly queue: Int32Array;
  /** One free cell of each group round a filled cell. */
  private readonly reps = new Int32Array(4);
  private stamp = 0;
  /** Whether `label` holds the areas of the position `labelFrom` was last given, and their count. */
  private labelled = false;
  private labelledCount = 0;
  /** Children `afterMove` had to flood because the local rule could not say (for tests). */
  floods = 0;

  constructor(board: { readonly nbr: Int32Array; readonly size: number }, poll?: StopPoll) {
    this.nbr = board.nbr;
    this.size = board.size;
    this.poll = poll;
    this.seen = new Uint32Array(board.size);
    this.label = new Int32Array(board.size);
    this.queue = new Int32Array(board.size);
  }

  /** The areas of the free floor (`boxAt[c] >= 0` marks a box); labels are left as they are. */
  count(boxAt: Int32Array): number {
    return this.flood(boxAt, false);
  }

  /** The areas of the free floor, naming each free cell's area for `afterMove` on this position. */
  labelFrom(boxAt: Int32Array): number {
    this.labelledCount = this.flood(boxAt, true);
    this.labelled = true;
    return this.labelledCount;
  }

  /** Each free cell's area, numbered from 0 (`boxAt[c] >= 0` marks a box; -1 on those), in a new array. */
  areasOf(boxAt: Int32Array): Int32Array {
    this.flood(boxAt, true);
    this.labelled = false;
    const areas = new Int32Array(this.size);
    for (let c = 0; c < this.size; c++) areas[c] = boxAt[c] >= 0 ? -1 : this.label[c];
    return areas;
  }

  /** The labels are no longer the position's being expanded. */
  forget(): void {
    this.labelled = false;
  }

  /**
   * The areas of the child of the labelled position in which the box on `c` went to `t`; `boxAt`
   * is the child's (`c` free, `t` a box). Without labels, a flood.
   */
  afterMove(c: number, t: number, boxAt: Int32Array): number {
    if (!this.labelled || c === t) return this.flood(boxAt, false);
    const { nbr, label } = this;
    // Freeing c: its free neighbours in the position (t among them when next to c) join into one.
    let a0 = -1;
    let a1 = -1;
    let a2 = -1;
    let joined = 0;
    for (let d = 0; d < 4; d++) {
      const m = nbr[c * 4 + d];
      if (m < 0 || (m !== t && boxAt[m] >= 0)) continue;
      const l = label[m];
      if (l === a0 || l === a1 || l === a2) continue;
      if (joined === 0) a0 = l;
      else if (joined === 1) a1 = l;
      else a2 = l;
      joined++;
    }
    const count = this.labelledCount - joined + 1;
    // Filling t: its free neighbours in the child, in turn round it; one next to the one before
    // through a free corner is in the same group.
    const { reps } = this;
    let free = 0;
    let groups = 0;
    let firstFree = false;
    let prevFree = false;
    let prev = -1;
    for (let k = 0; k < 4; k++) {
      const m = nbr[t * 4 + RING[k]];
      const isFree = m >= 0 && boxAt[m] < 0;
      if (isFree) {
        free++;
        if (!(prevFree && this.cornerFree(prev, RING[k], boxAt))) reps[groups++] = m;
      }
      if (k === 0) firstFree = isFree;
      prevFree = isFree;
      prev = m;
    }
    // The last neighbour links round to the first.
    if (groups > 1 && firstFree && prevFree && this.cornerFree(prev, RING[0], boxAt)) groups--;
    // t was an area of its own: it goes.
    if (free === 0) return count - 1;
    if (groups <= 1) return count;
    const pieces = this.pieces(groups, boxAt);
    if (pieces > 0) return count + pieces - 1;
    this.floods++;
    return this.flood(boxAt, false);
  }

  /**
   * Into how many pieces the groups round the filled cell fall (`reps[0..groups)`, one free cell
   * each), by small floods from one group to the others; 0 when a flood grows past SMALL_FLOOD
   * cells before it says (the caller floods the child whole).
   */
  private pieces(groups: number, boxAt: Int32Array): number {
    const { nbr, seen, queue, reps } = this;
    let left = groups;
    let pieces = 0;
    // reps[0..left) are the groups not yet placed in a piece.
    while (left > 1) {
      const stamp = ++this.stamp;
      let head = 0;
      let tail = 0;
      seen[reps[0]] = stamp;
      queue[tail++] = reps[0];
      let found = 1;
      while (head < tail && found < left) {
        if (tail > SMALL_FLOOD) return 0;
        const x = queue[head++];
        for (let d = 0; d < 4; d++) {
          const m = nbr[x * 4 + d];
          if (m < 0 || seen[m] === stamp || boxAt[m] >= 0) continue;
          seen[m] = stamp;
          queue[tail++] = m;
          for (let g = 1; g < left; g++) if (reps[g] === m) found++;
        }
      }
      pieces++;
      if (found === left) return pieces;
      // The groups this flood did not reach make the pieces still to find.
      let kept = 0;
      for (let g = 1; g < left; g++) if (seen[reps[g]] !== stamp) reps[kept++] = reps[g];
      left = kept;
    }
    return pieces + left;
  }

  /** Whether the corner from free neighbour `from` in direction `d` is free floor. */
  private cornerFree(from: number, d: number, boxAt: Int32Array): boolean {
    const m = this.nbr[from * 4 + d];
    return m >= 0 && boxAt[m] < 0;
  }

  private flood(boxAt: Int32Array, write: boolean): number {
    const { nbr, size, seen, queue, label } = this;
    const stamp = ++this.stamp;
    let count = 0;
    for (let c = 0; c < size; c++) {
      if (seen[c] === stamp || boxAt[c] >= 0) continue;
      let head = 0;
      let tail = 0;
      seen[c] = stamp;
      queue[tail++] = c;
      while (head < tail) {
        const x = queue[head++];
        if (write) label[x] = count;
        for (let d = 0; d < 4; d++) {
          const m = nbr[x * 4 + d];
          if (m >= 0 && seen[m] !== stamp && boxAt[m] < 0) {
            seen[m] = stamp;
            queue[tail++] = m;
          }
        }
      }
      count++;
    }
    this.poll?.tick(size);
    return count;
  }
}
