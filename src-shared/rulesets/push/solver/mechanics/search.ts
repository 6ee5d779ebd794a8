/**
 * A* over box-moving steps for push levels with mechanics, by moves or by pushes, on packed keys.
 *
 * A node is a position right after a step that moved boxes (or the start): the sorted cells of
 * each box class and the player cell, stored as bytes in a StateTable (key-codec.ts). Expanding
 * it walks the player breadth-first with the boxes still (each walk step through the compiled
 * step, step.ts, so ice, pads and the doors the player presses act on the walk as they do in
 * play) and makes a child of every step that moves boxes from a cell reached. An edge costs the
 * walk plus one by moves, one by pushes. By pushes, where the player's free walks can be walked
 * back (board.ts `symmetricWalk`), the player is normalised to the least cell of its region, so
 * positions that differ only by a walk merge; elsewhere (sliding player, pads, doors the player
 * holds open) the exact cell is kept. The bound is bound.ts's; by moves, a node's first pop adds
 * the walk to its first box-moving step (a node whose bound rises goes back in), which keeps the
 * bound consistent. Optional weight (f = g + w h) and a cutoff (`upperBound`): only cheaper
 * solutions are looked for, so an exact search that runs dry proves the cutoff optimal.
 */
import { BucketQueue } from '../../../../search/bucket-queue.ts';
import { STATE_TABLE_LIMIT, StateTable } from '../../../../search/state-table.ts';
import type { StopPoll } from '../../../../search/stop-poll.ts';
import type { SolveOptions } from '../../../../engine/ruleset.ts';
import type { Direction } from '../../schema.ts';
import { SOLVER_DIRS } from '../compiled.ts';
import { PositionCodec } from '../key-codec.ts';
import { HEAVY, LIGHT, type MechanicsBoard } from './board.ts';
import { MechanicsBound, NO_SOLUTION } from './bound.ts';
import { MechanicsStepper, WALK } from './step.ts';
import { WalkRegion } from './region.ts';
import { nextStamp } from '../../../../search/stamps.ts';

export interface MechanicsSearchOptions {
  readonly objective: 'moves' | 'pushes';
  readonly budget: number;
  readonly weight?: number;
  readonly upperBound?: number;
  readonly poll: StopPoll;
  readonly progress?: SolveOptions['progress'];
}

export interface MechanicsSearchResult {
  readonly status: 'solved' | 'unsolvable' | 'budget' | 'stopped';
  readonly solution?: Direction[];
  readonly cost?: number;
  /** The f layer reached (exact search only): no solution is cheaper. */
  readonly lowerBound: number;
  readonly nodes: number;
  readonly stored: number;
  readonly bytesPerState: number;
}

const CLOSED = 1;
const WALKED = 2;
/** Largest cost a table holds (16 bits, one kept free). */
const MAX_COST = 0xfffe;

/** Bytes one stored position takes at most (as plainStateBytes: key, table row, lookup slots, queue). */
export function mechanicsStateBytes(boxes: number, floorCells: number): number {
  return (boxes + 1) * (floorCells > 255 ? 2 : 1) + 13 + 16 + 8;
}

export function searchMechanics(board: MechanicsBoard, options: MechanicsSearchOptions): MechanicsSearchResult {
  return new MechanicsSearch(board, options).run();
}

class MechanicsSearch {
  private readonly b: MechanicsBoard;
  private readonly o: MechanicsSearchOptions;
  private readonly n: number;
  private readonly nLight: number;
  private readonly byMoves: boolean;
  /** By pushes on boards whose walks can be walked back: the player's region, named by its least cell. */
  private readonly region: WalkRegion | undefined;
  private readonly weight: number;
  private readonly budget: number;
  private readonly codec: PositionCodec;
  private readonly table: StateTable;
  private readonly open = new BucketQueue();
  private readonly stepper: MechanicsStepper;
  private readonly bound: MechanicsBound;
  private readonly cells: Int32Array;
  private readonly child: Int32Array;
  private readonly occ: Uint8Array;
  /** The walk: stamp of the cells reached, their distance, and the way each was entered. */
  private readonly seen: Uint32Array;
  private readonly dist: Uint16Array;
  private readonly via: Int32Array;
  private readonly queue: Int32Array;
  private stamp = 0;
  /** The parent's matching is solved for its single-box children (bound.ts `parent`), once per expansion. */
  private parentMatched = false;
  /** Index in `cells` of the box the last child moved, when it moved one. */
  private movedIndex = -1;
  /** Work units of one child for the stop poll. */
  private readonly childWork: number;
  private cutoff: number;
  private reachedF = 0;
  private expanded = 0;

  constructor(board: MechanicsBoard, options: MechanicsSearchOptions) {
    this.b = board;
    this.o = options;
    this.nLight = board.light.length;
    this.n = board.light.length + board.heavy.length;
    this.byMoves = options.objective === 'moves';
    this.region = !this.byMoves && board.symmetricWalk ? new WalkRegion(board) : undefined;
    this.weight = options.weight ?? 1;
    this.budget = Math.min(options.budget, STATE_TABLE_LIMIT);
    this.codec = new PositionCodec(this.n, board.size);
    this.table = new StateTable(this.codec.keyBytes);
    this.stepper = new MechanicsStepper(board);
    this.bound = new MechanicsBound(board);
    this.cells = new Int32Array(this.n);
    this.child = new Int32Array(this.n);
    this.occ = new Uint8Array(board.size);
    this.seen = new Uint32Array(board.size);
    this.dist = new Uint16Array(board.size);
    this.via = new Int32Array(board.size);
    this.queue = new Int32Array(board.size);
    this.cutoff = options.upperBound ?? Infinity;
    this.childWork = 16 + this.n * (board.goals.length + 2) + (this.region ? board.size : 0);
  }

  private get exact(): boolean {
    return this.weight === 1;
  }

  private result(status: MechanicsSearchResult['status'], goalId = -1): MechanicsSearchResult {
    const lowerBound = !this.exact ? 0 : status === 'unsolvable' ? (Number.isFinite(this.cutoff) ? this.cutoff : this.reachedF) : this.reachedF;
    const base = { lowerBound, nodes: this.expanded, stored: this.table.count, bytesPerState: this.table.bytesPerState() };
    if (goalId < 0) return { status, ...base };
    const solution = this.lineTo(goalId);
    return { status, solution, cost: this.table.cost(goalId), ...base };
  }

  run(): MechanicsSearchResult {
    const { b, table, open, codec, cells, occ } = this;
    if (b.hopeless) return { status: 'unsolvable', lowerBound: 0, nodes: 0, stored: 0, bytesPerState: 0 };
    cells.set(b.light, 0);
    cells.set(b.heavy, this.nLight);
    const h = this.bound.of(cells);
    if (h === NO_SOLUTION) return this.result('unsolvable');
    if (h >= this.cutoff) {
      this.reachedF = this.cutoff;
      return this.result('unsolvable');
    }
    this.fill(cells);
    const start = this.region ? this.region.least(b.player, occ) : b.player;
    this.clear(cells);
    const id = table.insert(codec.key, codec.write(cells, start), -1, 0);
    table.setAux(id, h);
    open.push(id, Math.round(this.weight * h), 0);
    this.reachedF = h;
    for (;;) {
      const next = open.pop();
      if (next === -1) return this.result('unsolvable');
      if (this.exact && open.lastF >= this.cutoff) return this.result('unsolvable');
      const ended = this.expand(next, open.lastG, open.lastF);
      if (ended) return ended;
    }
  }

  private fill(cells: Int32Array): void {
    for (let i = 0; i < this.n; i++) this.occ[cells[i]] = i < this.nLight ? LIGHT : HEAVY;
  }

  private clear(cells: Int32Array): void {
    for (let i = 0; i < this.n; i++) this.occ[cells[i]] = 0;
  }

  private won(): boolean {
    const { goals } = this.b;
    for (let k = 0; k < goals.length; k++) if (this.occ[goals[k]] === 0) return false;
    return true;
  }

  /** Pop one node: skip it, put it back with the walk in its bound, or expand it. The search's end, if here. */
  private expand(id: number, g: number, f: number): MechanicsSearchResult | undefined {
    const { table, codec, cells, occ, stepper, seen, dist, via, queue, open } = this;
    const flags = table.flags(id);
    if (table.cost(id) !== g || (flags & CLOSED) !== 0) return undefined;
    if (!this.exact && g + table.aux(id) >= this.cutoff) return undefined;
    if (f > this.reachedF) this.reachedF = f;
    const player = codec.read(table, id, cells);
    this.fill(cells);
    if (this.won()) {
      this.clear(cells);
      return this.result('solved', id);
    }
    stepper.prepare(occ);
    this.parentMatched = false;
    const stamp = (this.stamp = nextStamp(this.stamp, seen));
    seen[player] = stamp;
    dist[player] = 0;
    queue[0] = player;
    let tail = 1;
    let firstPush = true;
    let outOfBudget = false;
    let stopped = false;
    let work = 0;
    for (let head = 0; head < tail && !outOfBudget && !stopped; head++) {
      const q = queue[head];
      for (let d = 0; d < 4; d++) {
        const moved = stepper.step(q, occ, d);
        work += 4;
        if (moved < WALK) continue;
        if (moved === WALK) {
          const t = stepper.player;
          if (seen[t] !== stamp) {
            seen[t] = stamp;
            dist[t] = dist[q] + 1;
            via[t] = q * 4 + d;
            queue[tail++] = t;
          }
          continue;
        }
        if (firstPush) {
          firstPush = false;
          // By moves, the walk to the first push is in the bound from the node's first pop on.
          if (this.byMoves && (flags & WALKED) === 0) {
            table.setFlags(id, flags | WALKED);
            if (dist[q] > 0) {
              stepper.undo(occ);
              this.clear(cells);
              const h = table.aux(id) + dist[q];
              table.setAux(id, Math.min(h, MAX_COST));
              if (g + h < this.cutoff) open.push(id, g + Math.round(this.weight * h), g);
              return undefined;
            }
          }
          table.setFlags(id, table.flags(id) | CLOSED);
          this.expanded++;
          if ((this.expanded & 1023) === 0) this.o.progress?.({ nodes: this.expanded, stored: table.count });
        }
        const ng = g + (this.byMoves ? dist[q] + 1 : 1);
        outOfBudget = this.addChild(id, ng) || outOfBudget;
        stepper.undo(occ);
        // A child's key, lookup and bound (the matching's cost rows: boxes x goals), counted as it goes.
        stopped = this.o.poll.tick(work + this.childWork);
        work = 0;
        if (outOfBudget || stopped) break;
      }
    }
    this.clear(cells);
    if (firstPush) {
      // No box can move from here: a dead end.
      table.setFlags(id, table.flags(id) | CLOSED);
      this.expanded++;
    }
    if (stopped || this.o.poll.tick(work + 1)) return this.result('stopped');
    if (outOfBudget) return this.result('budget');
    return undefined;
  }

  /**
   * The child the stepper just made (boxes moved in `occ`, the player on `stepper.player`) at
   * cost `ng`: stored, or improved, when its bound leaves it under the cutoff. True when the
   * budget is spent.
   */
  private addChild(parent: number, ng: number): boolean {
    const { table, codec } = this;
    if (ng > MAX_COST) return false;
    const hash = this.writeChild();
    const found = table.find(codec.key, hash);
    if (found >= 0) {
      const h = table.aux(found);
      if ((table.flags(found) & CLOSED) === 0 && ng < table.cost(found) && ng + h < this.cutoff) {
        table.update(found, parent, ng);
        this.open.push(found, ng + Math.round(this.weight * h), ng);
      }
      return false;
    }
    const h = this.childBound();
    if (h === NO_SOLUTION || ng + h >= this.cutoff) return false;
    if (table.count >= this.budget) return true;
    const id = table.insert(codec.key, hash, parent, ng);
    table.setAux(id, Math.min(h, MAX_COST));
    this.open.push(id, ng + Math.round(this.weight * h), ng);
    return false;
  }

  /** The bound of the child in `child`: one row of the parent's matching re-solved when one box moved. */
  private childBound(): number {
    const { bound } = this;
    if (!bound.incremental || this.movedIndex < 0) return bound.of(this.child);
    if (!this.parentMatched) {
      bound.parent(this.cells);
      this.parentMatched = true;
    }
    return bound.child(this.movedIndex, this.stepper.to[0]);
  }

  /** The child the stepper just made, in `child` and the codec's key (its player normalised where it may be); its hash. */
  private writeChild(): number {
    const { cells, child, stepper } = this;
    child.set(cells);
    for (let i = 0; i < stepper.moved; i++) {
      const from = stepper.from[i];
      let j = 0;
      while (child[j] !== from) j++;
      child[j] = stepper.to[i];
      this.movedIndex = j;
    }
    if (stepper.moved !== 1) this.movedIndex = -1;
    sortSegment(child, 0, this.nLight);
    sortSegment(child, this.nLight, this.n);
    const player = this.region ? this.region.least(stepper.player, this.occ) : stepper.player;
    return this.codec.write(child, player);
  }

  /**
   * The commands of the line to node `goalId`: between two stored positions, the shortest walk
   * (through the compiled step) to a step that makes the next one, then that step.
   */
  private lineTo(goalId: number): Direction[] {
    const { table, codec, cells, occ, stepper, seen, via, queue } = this;
    const ids: number[] = [];
    for (let id = goalId; id >= 0; id = table.parent(id)) ids.push(id);
    ids.reverse();
    const line: Direction[] = [];
    const want = new Uint8Array(codec.keyBytes);
    let player = this.b.player;
    for (let s = 0; s + 1 < ids.length; s++) {
      codec.read(table, ids[s], cells);
      table.readKey(ids[s + 1], want);
      this.fill(cells);
      stepper.prepare(occ);
      const stamp = (this.stamp = nextStamp(this.stamp, seen));
      seen[player] = stamp;
      queue[0] = player;
      let tail = 1;
      let made = -1;
      for (let head = 0; head < tail && made < 0; head++) {
        const q = queue[head];
        for (let d = 0; d < 4 && made < 0; d++) {
          const moved = stepper.step(q, occ, d);
          if (moved < WALK) continue;
          if (moved === WALK) {
            if (seen[stepper.player] !== stamp) {
              seen[stepper.player] = stamp;
              via[stepper.player] = q * 4 + d;
              queue[tail++] = stepper.player;
            }
            continue;
          }
          this.writeChild();
          const after = stepper.player;
          stepper.undo(occ);
          if (!sameKey(codec.key, want)) continue;
          made = q * 4 + d;
          const walk: Direction[] = [];
          for (let c = q; c !== player; c = via[c] >> 2) walk.push(SOLVER_DIRS[via[c] & 3]);
          line.push(...walk.reverse(), SOLVER_DIRS[d]);
          player = after;
        }
      }
      this.clear(cells);
      if (made < 0) throw new Error('push mechanics search: no step between two stored positions (internal error)');
    }
    return line;
  }
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  for (let k = 0; k < b.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Insertion sort of a[from..to) (a handful of boxes). */
function sortSegment(a: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= from && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}
