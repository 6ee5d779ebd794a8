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
import { nextStamp } from '../../../search/stamps.ts';

/** Direction d's opposite (SOLVER_DIRS pairs them: up/down, left/right). */
const opposite = (d: number): number => d ^ 1;

export class BoxRoute {
  private readonly board: CompiledBoard;
  /** Per state (cell * 4 + the direction of the push that brought the box there): the stamp when seen. */
  private readonly seenState: Uint32Array;
  private readonly parentState: Int32Array;
  /** Per state: its pushes from the start (written by every search, read by routeWhere's limit). */
  private readonly depthOf: Uint16Array;
  /** Per cell: the stamp of the last routeWhere that reached it (only a cell's first state is offered). */
  private readonly cellStamp: Uint32Array;
  private readonly queue: Int32Array;
  private stateStamp = 0;
  /** The state whose cell routeWhere's test is asked about. */
  private offered = -1;
  /** The player's walk between pushes. */
  private readonly reach: PlayerReach;
  /**
   * Per cell the box stands on (filled the first time a search, `route` or `pullsTo`, reaches it:
   * `sidesStamp`): for each of its four neighbours, a label (one of the sides) shared by exactly
   * the sides in the same area of the floor (the box on the cell, the other boxes in place), or -1
   * for a wall or a box. A push or pull from the player's side is possible where the side it needs
   * is in the player's area: worked out once per cell, not once per state, and without a flood
   * (the corners, else the blocks below).
   */
  private readonly sideArea: Int8Array;
  private readonly sidesStamp: Uint32Array;
  /**
   * The blocks (biconnected components) of the free floor the routed box moves on, found once per
   * search where the corners leave sides apart (`findBlocks`): per cell * 4 + direction, the block
   * of the edge to that neighbour. Two sides of a box's cell are in one area exactly when their
   * edges are in one block (a path between them that avoids the cell closes a cycle through both).
   */
  private readonly blockOf: Int32Array;
  /** The search (its stamp) the blocks were found for, and the depth-first walk's scratch. */
  private blocksStamp = 0;
  private readonly discStamp: Uint32Array;
  private readonly disc: Int32Array;
  private readonly low: Int32Array;
  private readonly nextDir: Uint8Array;
  private readonly treeEdge: Int32Array;
  private readonly cellStack: Int32Array;
  private readonly edgeStack: Int32Array;
  private discStampNow = 0;
  /** Per cell: the stamp of the last search whose box stood on it (`mayOpen` reads it). */
  private readonly boxSeen: Uint32Array;
  /** Per cell: the stamp of the last relaxed search (`relaxed`) that took the box there. */
  private readonly relaxedSeen: Uint32Array;
  private relaxedStamp = 0;
  /** The last `routeExists` ended in its relaxed search (`mayOpen` then reads that one). */
  private shutRelaxed = false;
  /** The player's walk at the start of the last search (its stamp in `reach.seen`). */
  private walkedStamp = -1;
  /** `mayOpen`'s blocks of the first free neighbour (at most four) and how many are left. */
  private readonly shared = new Int32Array(4);

  constructor(board: CompiledBoard) {
    this.board = board;
    this.seenState = new Uint32Array(board.size * 4);
    this.parentState = new Int32Array(board.size * 4);
    this.depthOf = new Uint16Array(board.size * 4);
    this.cellStamp = new Uint32Array(board.size);
    this.queue = new Int32Array(board.size * 4);
    this.reach = new PlayerReach(board);
    this.sideArea = new Int8Array(board.size * 4);
    this.sidesStamp = new Uint32Array(board.size);
    this.blockOf = new Int32Array(board.size * 4);
    this.discStamp = new Uint32Array(board.size);
    this.disc = new Int32Array(board.size);
    this.low = new Int32Array(board.size);
    this.nextDir = new Uint8Array(board.size);
    this.treeEdge = new Int32Array(board.size);
    this.cellStack = new Int32Array(board.size);
    this.edgeStack = new Int32Array(board.size * 2);
    this.boxSeen = new Uint32Array(board.size);
    this.relaxedSeen = new Uint32Array(board.size);
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
    const cells = this.relaxed(from, to, boxAt, poll) ? this.search(from, to, player, boxAt, poll) : undefined;
    boxAt[from] = index;
    return cells;
  }

  /**
   * Whether the box on `from` (its mark lifted) reaches `to` when the player could stand on any
   * free cell: each push needs only its target and the cell behind the box free (never a dead
   * square but `to`). A route needs that and more, so where this finds none there is none; it
   * floods no player's walk and finds no blocks, so a route shut early is told cheaply. Most
   * routes the advisors ask for fail: on XSokoban 14 (the clearer's variant alone, 47,731
   * states) 128,352 of 152,482; this tells 57,964 of them, and the search took 2.0 to 2.1 s where
   * it took 2.5 s (the same states).
   */
  private relaxed(from: number, to: number, boxAt: Int32Array, poll?: StopPoll): boolean {
    const { nbr, dead } = this.board;
    const { queue, relaxedSeen } = this;
    const stamp = (this.relaxedStamp = nextStamp(this.relaxedStamp, this.relaxedSeen));
    relaxedSeen[from] = stamp;
    queue[0] = from;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const c = queue[head++];
      for (let d = 0; d < 4; d++) {
        const t = nbr[c * 4 + d];
        const pusher = nbr[c * 4 + opposite(d)];
        if (t < 0 || pusher < 0 || boxAt[t] >= 0 || boxAt[pusher] >= 0 || relaxedSeen[t] === stamp || (dead[t] && t !== to)) continue;
        if (t === to) return true;
        relaxedSeen[t] = stamp;
        queue[tail++] = t;
      }
    }
    poll?.tick(tail);
    return false;
  }

  /**
   * Whether the box on `from` can be pulled, one pull or more, onto a cell marked in `sources`
   * while the cells `boxAt` marks stay blocked (the box's own mark on `from`, if any, is lifted
   * meanwhile), the player starting on any side of it: the
   * packing order's test that the last goal of a set can be filled with the player walking to
   * its pushes (the pushes that fill it, run backwards). A box is pulled from side d of it by a
   * player who steps on beyond: that side and the cell past it must be free, and the player must
   * reach the side around the box.
   */
  pullsTo(from: number, sources: Uint8Array, boxAt: Int32Array, poll?: StopPoll): boolean {
    return this.pulledTo(from, sources, boxAt, poll) >= 0;
  }

  /** `pullsTo`'s search: the marked cell the box reaches in the fewest pulls, or -1 when none. */
  pulledTo(from: number, sources: Uint8Array, boxAt: Int32Array, poll?: StopPoll): number {
    const index = boxAt[from];
    boxAt[from] = -1;
    const pulled = this.pullSearch(from, sources, boxAt, poll);
    boxAt[from] = index;
    return pulled;
  }

  /** `pulledTo` with the box's mark lifted; -1 as well once the host said stop. */
  private pullSearch(from: number, sources: Uint8Array, boxAt: Int32Array, poll?: StopPoll): number {
    const { nbr } = this.board;
    const stamp = this.nextStateStamp();
    const free = (c: number): boolean => c >= 0 && boxAt[c] < 0;
    let head = 0;
    let tail = 0;
    // The first pull may start from any side: states are the box's cell * 4 + the player's side.
    for (let state = -1; ; state = this.queue[head++]) {
      const c = state < 0 ? from : state >> 2;
      this.fillSides(c, boxAt, poll);
      const area = state < 0 ? -1 : this.sideArea[c * 4 + (state & 3)];
      for (let d = 0; d < 4; d++) {
        const p = nbr[c * 4 + d];
        if (!free(p) || !free(nbr[p * 4 + d]) || (state >= 0 && this.sideArea[c * 4 + d] !== area)) continue;
        const next = p * 4 + d;
        if (this.seenState[next] === stamp) continue;
        this.seenState[next] = stamp;
        if (sources[p]) return p;
        this.queue[tail++] = next;
      }
      if (head === tail || poll?.stopped) return -1;
    }
  }

  /**
   * The box cells of the fewest-push route of the box on `from` (as `route`, never over a dead
   * square) to the first position, within `most` pushes, that `accept` takes: its box cell and the
   * cell the player stands on after the push. Only a cell's first position is offered, so `route`
   * to the cell found takes the same pushes (the packing advisor's macros are expanded by it).
   */
  routeWhere(from: number, player: number, boxAt: Int32Array, most: number, accept: (cell: number, behind: number) => boolean, poll?: StopPoll): number[] | undefined {
    const index = boxAt[from];
    boxAt[from] = -1;
    const cells = this.search(from, -1, player, boxAt, poll, most, accept);
    boxAt[from] = index;
    return cells;
  }

  /**
   * The box cells of the route of the box on `from` (as `route`, never over a dead square) to the
   * cell it can reach that `score` rates lowest, and below `from`'s own score (of those, the one
   * reached first: fewest pushes); undefined when it reaches none. `route` to that cell takes the
   * same pushes.
   */
  routeNearer(from: number, player: number, boxAt: Int32Array, score: (cell: number) => number, poll?: StopPoll): number[] | undefined {
    let least = score(from);
    let best = -1;
    this.routeWhere(from, player, boxAt, Infinity, (cell) => {
      const value = score(cell);
      if (value < least) {
        least = value;
        best = this.offered;
      }
      return false;
    }, poll);
    return best < 0 ? undefined : this.cellsOf(best);
  }

  /**
   * `route`'s answer (true when the box on `from` has a route to `to`), keeping what `mayOpen`
   * needs when it has none: the cells the box stood on, and the blocks of the floor it moved on.
   */
  routeExists(from: number, to: number, player: number, boxAt: Int32Array, poll?: StopPoll): boolean {
    if (from === to) return true;
    const index = boxAt[from];
    boxAt[from] = -1;
    this.shutRelaxed = !this.relaxed(from, to, boxAt, poll);
    const found = !this.shutRelaxed && this.search(from, to, player, boxAt, poll) !== undefined;
    if (!found && !this.shutRelaxed && this.blocksStamp !== this.stateStamp) this.findBlocks(from, boxAt, poll);
    boxAt[from] = index;
    return found;
  }

  /**
   * After `routeExists` found no route for the box on `from` (and before another search of this
   * router): false when lifting the box on `k` (from `boxAt`, unchanged since) cannot give it one.
   * Lifting a box frees its cell. That changes the search only where the box stood next to the
   * cell (a push into it, or a side to push from), or where the cell joins parts of the floor:
   * - Parts the box's cell kept apart, in the floor the box moved on. The cell joins none when its
   *   free neighbours there share a block: a block minus one cell stays connected, and no two of a
   *   cell's neighbours are neighbours (so no block is two of them alone).
   * - That floor and the player's, when the player is walled off from the box at the start.
   * Other floor, walled off from both, plays no part. So those lifts are skipped, unsearched.
   */
  mayOpen(k: number, from: number, boxAt: Int32Array): boolean {
    const { nbr } = this.board;
    if (this.shutRelaxed) {
      // Shut without the player: a lift there changes only pushes from a cell the box reached.
      for (let d = 0; d < 4; d++) {
        const m = nbr[k * 4 + d];
        if (m >= 0 && this.relaxedSeen[m] === this.relaxedStamp) return true;
      }
      return false;
    }
    const { blockOf, shared } = this;
    const { seen } = this.reach;
    // The free neighbours on the box's floor, the blocks they all share, and whether one is on the player's.
    let inside = 0;
    let left = 0;
    let toPlayer = false;
    for (let d = 0; d < 4; d++) {
      const m = nbr[k * 4 + d];
      if (m < 0) continue;
      if (this.boxSeen[m] === this.stateStamp) return true;
      if (m !== from && boxAt[m] >= 0) continue;
      if (this.discStamp[m] !== this.discStampNow) {
        toPlayer ||= seen[m] === this.walkedStamp;
        continue;
      }
      let kept = 0;
      if (inside === 0) {
        for (let e = 0; e < 4; e++) {
          const n = nbr[m * 4 + e];
          if (n < 0 || (n !== from && boxAt[n] >= 0)) continue;
          const block = blockOf[m * 4 + e];
          let known = false;
          for (let j = 0; j < kept; j++) known ||= shared[j] === block;
          if (!known) shared[kept++] = block;
        }
      } else {
        for (let j = 0; j < left; j++) {
          for (let e = 0; e < 4; e++) {
            const n = nbr[m * 4 + e];
            if (n < 0 || (n !== from && boxAt[n] >= 0) || blockOf[m * 4 + e] !== shared[j]) continue;
            shared[kept++] = shared[j];
            break;
          }
        }
      }
      inside++;
      left = kept;
      if (inside > 1 && left === 0) return true;
    }
    return toPlayer && inside > 0;
  }

  private search(from: number, to: number, player: number, boxAt: Int32Array, poll?: StopPoll, most = Infinity, accept?: (cell: number, behind: number) => boolean): number[] | undefined {
    const { nbr, dead } = this.board;
    const stamp = this.nextStateStamp();
    if (accept) this.cellStamp[from] = stamp;
    let head = 0;
    let tail = 0;
    // The start (state -1): the box on `from`, the player walking from where it stands; after a
    // push the player stands where the box was, the cell behind it in the push's direction.
    for (let state = -1; ; state = this.queue[head++]) {
      const c = state < 0 ? from : state >> 2;
      // After a push, the side the player stands on: the cell the box came from.
      const side = state < 0 ? -1 : opposite(state & 3);
      // Breadth first: once one state is `most` pushes deep, so are all the rest.
      const depth = state < 0 ? 0 : this.depthOf[state];
      if (depth >= most) return undefined;
      this.boxSeen[c] = stamp;
      // At the start the player's walk (a flood it needs anyway) tells which sides it reaches, so
      // the start cell needs no sides' areas: most routes that end soon then never find the
      // blocks (the feature-space variants alone on six hard XSokoban levels, a fixed budget of
      // states each: the same states in 25 % less time).
      let walked = -1;
      if (state < 0) {
        boxAt[c] = 0;
        walked = this.reach.flood(player, boxAt);
        this.walkedStamp = walked;
        boxAt[c] = -1;
      } else this.fillSides(c, boxAt, poll);
      const area = state < 0 ? -1 : this.sideArea[c * 4 + side];
      const { seen } = this.reach;
      for (let d = 0; d < 4; d++) {
        const t = nbr[c * 4 + d];
        const pusher = nbr[c * 4 + opposite(d)];
        if (t < 0 || pusher < 0 || boxAt[t] >= 0 || (dead[t] && t !== to)) continue;
        if (state < 0 ? seen[pusher] !== walked : this.sideArea[c * 4 + opposite(d)] !== area) continue;
        const next = t * 4 + d;
        if (this.seenState[next] === stamp) continue;
        this.seenState[next] = stamp;
        this.parentState[next] = state;
        this.depthOf[next] = depth + 1;
        if (t === to) return this.cellsOf(next);
        if (accept && this.cellStamp[t] !== stamp) {
          this.cellStamp[t] = stamp;
          this.offered = next;
          if (accept(t, c)) return this.cellsOf(next);
        }
        this.queue[tail++] = next;
      }
      if (head === tail) return undefined;
    }
  }

  /**
   * The areas of cell c's sides with the box on c (sideArea), once per search. Two sides
   * at a corner whose diagonal cell is free are in one area; sides still apart after that are in
   * one area when their edges are in one block (`findBlocks`, once a search, only for a search
   * that needs it: none for a box in the open). Flooding from each side instead, as this did
   * before, took 8-12% more of the feature-space search's time (XSokoban 31 and 45, box moves).
   */
  private fillSides(c: number, boxAt: Int32Array, poll?: StopPoll): void {
    if (this.sidesStamp[c] === this.stateStamp) return;
    this.sidesStamp[c] = this.stateStamp;
    const { nbr } = this.board;
    const base = c * 4;
    const area = this.sideArea;
    for (let d = 0; d < 4; d++) {
      const m = nbr[base + d];
      area[base + d] = m < 0 || boxAt[m] >= 0 ? -1 : d;
    }
    // Corners: up or down (0, 1) with left or right (2, 3), joined through their diagonal cell.
    for (let v = 0; v < 2; v++) {
      for (let h = 2; h < 4; h++) {
        if (area[base + v] < 0 || area[base + h] < 0) continue;
        const diagonal = nbr[nbr[base + v] * 4 + h];
        if (diagonal < 0 || boxAt[diagonal] >= 0) continue;
        const from = area[base + h];
        const into = area[base + v];
        if (from !== into) for (let e = 0; e < 4; e++) if (area[base + e] === from) area[base + e] = into;
      }
    }
    // Sides still in different groups: joined where their edges share a block.
    let groups = 0;
    for (let d = 0; d < 4; d++) if (area[base + d] === d) groups++;
    if (groups < 2) return;
    if (this.blocksStamp !== this.stateStamp) this.findBlocks(c, boxAt, poll);
    const { blockOf } = this;
    for (let d = 0; d < 4 && groups > 1; d++) {
      if (area[base + d] !== d) continue;
      for (let e = d + 1; e < 4; e++) {
        if (area[base + e] !== e || blockOf[base + e] !== blockOf[base + d]) continue;
        for (let f = 0; f < 4; f++) if (area[base + f] === e) area[base + f] = d;
        groups--;
      }
    }
  }

  /**
   * The blocks of the free floor (cells `boxAt` leaves free) around `root`, into `blockOf`: a
   * depth-first walk (Tarjan's, without recursion) that keeps the edges on a stack and closes a
   * block when a child's lowest reachable discovery time is not below its parent's.
   */
  private findBlocks(root: number, boxAt: Int32Array, poll?: StopPoll): void {
    const { nbr } = this.board;
    const { disc, low, nextDir, treeEdge, cellStack, edgeStack, blockOf, discStamp } = this;
    this.blocksStamp = this.stateStamp;
    const stamp = (this.discStampNow = nextStamp(this.discStampNow, this.discStamp));
    let time = 0;
    let blocks = 0;
    let top = 0;
    let edges = 0;
    discStamp[root] = stamp;
    disc[root] = low[root] = time++;
    nextDir[root] = 0;
    treeEdge[root] = -1;
    cellStack[top++] = root;
    while (top > 0) {
      const u = cellStack[top - 1];
      if (nextDir[u] < 4) {
        const d = nextDir[u]++;
        const v = nbr[u * 4 + d];
        if (v < 0 || boxAt[v] >= 0) continue;
        if (discStamp[v] !== stamp) {
          discStamp[v] = stamp;
          disc[v] = low[v] = time++;
          nextDir[v] = 0;
          treeEdge[v] = u * 4 + d;
          edgeStack[edges++] = u * 4 + d;
          cellStack[top++] = v;
        } else if (disc[v] < disc[u] && treeEdge[u] !== v * 4 + (d ^ 1)) {
          // A back edge to an ancestor (the tree edge to the parent excepted).
          edgeStack[edges++] = u * 4 + d;
          if (disc[v] < low[u]) low[u] = disc[v];
        }
        continue;
      }
      top--;
      const e = treeEdge[u];
      if (e < 0) continue;
      const p = e >> 2;
      if (low[u] < low[p]) low[p] = low[u];
      if (low[u] >= disc[p]) {
        const id = blocks++;
        for (;;) {
          const f = edgeStack[--edges];
          blockOf[f] = id;
          blockOf[nbr[f] * 4 + ((f & 3) ^ 1)] = id;
          if (f === e) break;
        }
      }
    }
    poll?.tick(8 + time * 2);
  }

  /** A search's stamp (`seenState`, `cellStamp`, `sidesStamp`, `boxSeen`); the blocks found before are none of its. */
  private nextStateStamp(): number {
    this.stateStamp = nextStamp(this.stateStamp, this.seenState, this.cellStamp, this.sidesStamp, this.boxSeen);
    if (this.stateStamp === 1) this.blocksStamp = 0;
    return this.stateStamp;
  }

  /** The box cells along the states that led to `state`, in order. */
  private cellsOf(state: number): number[] {
    const cells: number[] = [];
    for (let s = state; s >= 0; s = this.parentState[s]) cells.push(s >> 2);
    return cells.reverse();
  }
}
