/**
 * The areas the boxes split a board's free floor into (the feature search's connectivity), counted
 * once for a position and then for each of its children from what that count learnt.
 *
 * `labelFrom` walks the position's free floor depth first (Tarjan's low links): each free cell
 * gets its area, its place in the walk and the span of places below it, and each cell the least
 * place its subtree reaches back to. A child moves one box from `c` to `t`. Filling `t` splits its
 * area into one piece for each child of `t` in the walk that reaches back no higher than `t`, and
 * one for the rest (none for the walk's first cell of the area); freeing `c` joins the pieces its
 * free neighbours are in, each read from its area and place. No child is flooded: each costs a
 * few comparisons. The local rule with small floods this replaced flooded 30 % of the children
 * whole (XSokoban 52, box moves alone, 100,000 states) and the count took 27 % of that search's
 * time; the walk takes 10-12 %, and the same search runs in 22 % less time (the player's key read
 * from the walk too, feature-search.ts `leastPlayer`). In the race, where box routes and the
 * opener take most of the time, 2-4 % (XSokoban 24, the second part).
 */
import type { StopPoll } from '../../../search/stop-poll.ts';
import { nextStamp } from '../../../search/stamps.ts';

/** `sameArea`'s key for the freed cell itself (no piece's: labels are >= 0, cut pieces -1 to -5). */
const JOINED = -6;

export class AreaCounter {
  private readonly nbr: Int32Array;
  private readonly size: number;
  private readonly poll: StopPoll | undefined;
  private readonly seen: Uint32Array;
  private readonly label: Int32Array;
  private readonly queue: Int32Array;
  /** The walk of the labelled position: each free cell's place, least place reached back to, last place below it, and parent (-1 for an area's first). */
  private readonly place: Int32Array;
  private readonly low: Int32Array;
  private readonly last: Int32Array;
  private readonly up: Int32Array;
  private readonly nextDir: Uint8Array;
  /** Scratch of the child's rules: the pieces c joins, and how many t cuts off. */
  private readonly keys = new Int32Array(4);
  private cutCount = 0;
  private stamp = 0;
  /** Whether the walk's tables hold the position `labelFrom` was last given, and its area count. */
  private labelled = false;
  private labelledCount = 0;
  /** Children `afterMove` flooded whole (no position labelled, or a move that ends where it began; for tests). */
  floods = 0;

  constructor(board: { readonly nbr: Int32Array; readonly size: number }, poll?: StopPoll) {
    this.nbr = board.nbr;
    this.size = board.size;
    this.poll = poll;
    this.seen = new Uint32Array(board.size);
    this.label = new Int32Array(board.size);
    this.queue = new Int32Array(board.size);
    this.place = new Int32Array(board.size);
    this.low = new Int32Array(board.size);
    this.last = new Int32Array(board.size);
    this.up = new Int32Array(board.size);
    this.nextDir = new Uint8Array(board.size);
  }

  /** The areas of the free floor (`boxAt[c] >= 0` marks a box); labels are left as they are. */
  count(boxAt: Int32Array): number {
    return this.flood(boxAt, false);
  }

  /** The areas of the free floor, naming each free cell's area for `afterMove` on this position. */
  labelFrom(boxAt: Int32Array): number {
    this.labelledCount = this.walk(boxAt);
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
    if (!this.labelled || c === t) {
      this.floods++;
      return this.flood(boxAt, false);
    }
    // Filling t: a piece for each child of t in the walk that reaches back no higher than t (every
    // child, at an area's first cell), and the rest of its area; t alone was an area: it goes.
    const cut = this.cutAt(c, t, boxAt);
    const count = this.labelledCount - 1 + this.cutCount + (this.up[t] < 0 ? 0 : 1);
    // Freeing c: it joins the pieces its free neighbours are in.
    return count - this.joinAt(c, t, cut, boxAt) + 1;
  }

  /**
   * Whether cells `a` and `b`, free in the child of the labelled position in which the box on `c`
   * went to `t` (`boxAt` the child's), are in one area of it; undefined without labels.
   */
  sameArea(a: number, b: number, c: number, t: number, boxAt: Int32Array): boolean | undefined {
    if (!this.labelled || c === t) return undefined;
    if (a === b) return true;
    const cut = this.cutAt(c, t, boxAt);
    const ka = a === c ? JOINED : this.pieceOf(a, t, cut);
    const kb = b === c ? JOINED : this.pieceOf(b, t, cut);
    if (ka === kb) return true;
    const joined = this.joinAt(c, t, cut, boxAt);
    const { keys } = this;
    const inJoin = (k: number): boolean => k === JOINED || keys[0] === k || (joined > 1 && keys[1] === k) || (joined > 2 && keys[2] === k) || (joined > 3 && keys[3] === k);
    return joined > 0 && inJoin(ka) && inJoin(kb);
  }

  /** Pieces cut off below t (a bit per direction of t's child in the walk that reaches back no higher than t); their number in cutCount. */
  private cutAt(c: number, t: number, boxAt: Int32Array): number {
    const { nbr, low, place, up } = this;
    let cut = 0;
    let pieces = 0;
    for (let d = 0; d < 4; d++) {
      const u = nbr[t * 4 + d];
      // Cells of the position's floor: the child's free ones but c.
      if (u < 0 || u === c || boxAt[u] >= 0) continue;
      if (up[u] === t && low[u] >= place[t]) {
        cut |= 1 << d;
        pieces++;
      }
    }
    this.cutCount = pieces;
    return cut;
  }

  /**
   * The piece of the position's floor less t that free cell m (not c) is in: its area's label, or
   * in t's area -1 - d below t's child in direction d (`cut`), -5 for the rest of it.
   */
  private pieceOf(m: number, t: number, cut: number): number {
    const { label, place, last, nbr } = this;
    if (label[m] !== label[t]) return label[m];
    for (let d = 0; d < 4 && cut !== 0; d++) {
      if ((cut & (1 << d)) === 0) continue;
      const u = nbr[t * 4 + d];
      if (place[u] <= place[m] && place[m] <= last[u]) return -1 - d;
    }
    return -5;
  }

  /** The distinct pieces c's free neighbours in the child are in (their keys in `keys`): those freeing c joins. */
  private joinAt(c: number, t: number, cut: number, boxAt: Int32Array): number {
    const { nbr, keys } = this;
    let joined = 0;
    for (let e = 0; e < 4; e++) {
      const m = nbr[c * 4 + e];
      if (m < 0 || boxAt[m] >= 0) continue;
      const key = this.pieceOf(m, t, cut);
      let known = false;
      for (let j = 0; j < joined; j++) if (keys[j] === key) known = true;
      if (!known) keys[joined++] = key;
    }
    return joined;
  }

  /**
   * The depth-first walk of `labelFrom` (iterative, Tarjan's low links) over the free floor:
   * fills label, place, low, last and up for every free cell; returns the areas.
   */
  private walk(boxAt: Int32Array): number {
    const { nbr, size, seen, queue: stack, label, place, low, last, up, nextDir } = this;
    const stamp = (this.stamp = nextStamp(this.stamp, this.seen));
    let time = 0;
    let count = 0;
    for (let r = 0; r < size; r++) {
      if (seen[r] === stamp || boxAt[r] >= 0) continue;
      seen[r] = stamp;
      place[r] = low[r] = time++;
      up[r] = -1;
      label[r] = count;
      nextDir[r] = 0;
      let top = 0;
      stack[top++] = r;
      while (top > 0) {
        const x = stack[top - 1];
        if (nextDir[x] < 4) {
          const y = nbr[x * 4 + nextDir[x]++];
          if (y < 0 || boxAt[y] >= 0) continue;
          if (seen[y] !== stamp) {
            seen[y] = stamp;
            place[y] = low[y] = time++;
            up[y] = x;
            label[y] = count;
            nextDir[y] = 0;
            stack[top++] = y;
          } else if (y !== up[x] && place[y] < low[x]) low[x] = place[y];
        } else {
          top--;
          last[x] = time - 1;
          const p = up[x];
          if (p >= 0 && low[x] < low[p]) low[p] = low[x];
        }
      }
      count++;
    }
    this.poll?.tick(size);
    return count;
  }

  private flood(boxAt: Int32Array, write: boolean): number {
    const { nbr, size, seen, queue, label } = this;
    const stamp = (this.stamp = nextStamp(this.stamp, this.seen));
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
