/**
 * A recording as a timeline a designer can scrub: every journal entry (command, undo, redo,
 * restart, hint) is a step, so the wrong turn and the retreat stay visible instead of a cleaned-up
 * line. Step 0 is the start; step k is the position after the first k entries.
 *
 * The positions the play visited form a tree (a command grows a child, undo goes to the parent,
 * redo back down the redo line, restart to the root). The timeline keeps that tree as typed arrays
 * and a state only every `checkpointEvery` levels down each branch (a 200,000-step recording must
 * not hold 200,000 boards); `stateAt` replays from the nearest checkpoint above, at most
 * `checkpointEvery - 1` steps, and remembers the last position it built so playing forwards costs
 * one step.
 */
import type { TimedJournalEntry } from './recording.ts';
import { stepCost, type LevelMeta, type Rules, type VisualEvent } from '../ruleset.ts';

/**
 * States kept on each branch: one every this many levels. Measured with `npm run bench -- replay`
 * (random push plays of 10,000 and 200,000 steps, K from 8 to 128): every K keeps p95 seeks far
 * under a frame (0.1 ms at most); the typed arrays dominate memory (6.7 MB at 200,000 steps with
 * K = 32, 7.7 MB with K = 8), and K above 32 saves little while slowing seeks and the build.
 */
export const DEFAULT_CHECKPOINT_EVERY = 32;

/** What a step of the timeline is marked with on the overview bar. */
export type TimelineMarker = 'undo' | 'redo' | 'restart' | 'hint' | 'refused';
export const TIMELINE_MARKERS: readonly TimelineMarker[] = ['undo', 'redo', 'restart', 'hint', 'refused'];

export interface TimelineOptions {
  readonly checkpointEvery?: number;
}

type Journal<C> = readonly TimedJournalEntry<C>[];

export class ReplayTimeline<L extends LevelMeta, S, C> {
  /** Number of steps after the start (journal entries). */
  readonly length: number;
  readonly checkpointEvery: number;
  private readonly entries: Journal<C>;
  /** nodeOfStep[k]: the position at step k. */
  private readonly nodeOfStep: Int32Array;
  /** Per step: the entry changed nothing (a refused command, an undo at the start, a redo with nothing to redo). */
  private readonly refusedAt: Uint8Array;
  /** Per step: the entry's time offset (ms since the play began), never decreasing. */
  private readonly timeAt: Float64Array;
  /** Per position: its parent, depth, the line's cost from the start and the command from the parent. */
  private parent: Int32Array;
  private depth: Int32Array;
  private lineCost: Float64Array;
  private readonly commandOf: C[] = [];
  private readonly checkpoints = new Map<number, S>();
  private nodes = 0;
  /** The position `stateAt` built last, for cheap sequential playback. */
  private lastNode = 0;
  private lastState: S;

  private readonly rules: Rules<L, S, C>;
  readonly start: S;

  constructor(rules: Rules<L, S, C>, start: S, journal: Journal<C>, options: TimelineOptions = {}) {
    this.rules = rules;
    this.start = start;
    this.checkpointEvery = Math.max(1, Math.floor(options.checkpointEvery ?? DEFAULT_CHECKPOINT_EVERY));
    this.entries = journal;
    this.length = journal.length;
    this.nodeOfStep = new Int32Array(journal.length + 1);
    this.refusedAt = new Uint8Array(journal.length + 1);
    this.timeAt = new Float64Array(journal.length + 1);
    const capacity = 1 + journal.filter((e) => e.type === 'command').length;
    this.parent = new Int32Array(capacity);
    this.depth = new Int32Array(capacity);
    this.lineCost = new Float64Array(capacity);
    this.lastState = start;
    this.build(start);
  }

  /** The state after the first `step` entries. */
  stateAt(step: number): S {
    return this.stateOfNode(this.nodeOfStep[this.checkStep(step)]);
  }

  /** The entry that leads to `step` (1..length); the start has none. */
  entryAt(step: number): TimedJournalEntry<C> | undefined {
    return step >= 1 && step <= this.length ? this.entries[step - 1] : undefined;
  }

  /** True when the entry of `step` changed nothing (a bump, an undo with nothing to undo). */
  refused(step: number): boolean {
    return this.refusedAt[this.checkStep(step)] === 1;
  }

  /** Time offset of `step` in ms since the play began (0 at the start). */
  time(step: number): number {
    return this.timeAt[this.checkStep(step)];
  }

  /** The play's length in time (the last entry's offset). */
  get duration(): number {
    return this.timeAt[this.length];
  }

  /** The position (a node of the visited tree) at `step`: equal nodes are the same line from the start. */
  positionAt(step: number): number {
    return this.nodeOfStep[this.checkStep(step)];
  }

  /** Distinct positions the play visited. */
  get positions(): number {
    return this.nodes;
  }

  /** The cost of the line from the start to the state at `step` (undone moves no longer count). */
  lineCostAt(step: number): number {
    return this.lineCost[this.positionAt(step)];
  }

  /** Commands of the line from the start to the state at `step` (what a solution text up to there is). */
  lineAt(step: number): C[] {
    return this.commandsToNode(this.positionAt(step), 0);
  }

  /**
   * The last step at which the play stood `moves` commands along its final line (the recorded
   * line's step `moves`, as re-verification numbers it), or undefined past the line's end.
   */
  stepOfLine(moves: number): number | undefined {
    let node = this.nodeOfStep[this.length];
    if (moves < 0 || moves > this.depth[node]) return undefined;
    while (this.depth[node] > moves) node = this.parent[node];
    for (let step = this.length; step >= 0; step--) if (this.nodeOfStep[step] === node) return step;
    return undefined;
  }

  /** The marker of `step`, if its entry is one worth a tick of its own. */
  markerAt(step: number): TimelineMarker | undefined {
    const entry = this.entryAt(step);
    if (!entry) return undefined;
    if (entry.type === 'command') return this.refusedAt[step] ? 'refused' : undefined;
    return entry.type;
  }

  /** Every marked step, in order. */
  markers(): { readonly step: number; readonly marker: TimelineMarker }[] {
    const out: { step: number; marker: TimelineMarker }[] = [];
    for (let step = 1; step <= this.length; step++) {
      const marker = this.markerAt(step);
      if (marker) out.push({ step, marker });
    }
    return out;
  }

  /** The next marked step after `step` (of the given markers, any by default), if any. */
  nextMarker(step: number, only: readonly TimelineMarker[] = TIMELINE_MARKERS): number | undefined {
    for (let k = step + 1; k <= this.length; k++) if (only.includes(this.markerAt(k)!)) return k;
    return undefined;
  }

  /** The previous marked step before `step`, if any. */
  previousMarker(step: number, only: readonly TimelineMarker[] = TIMELINE_MARKERS): number | undefined {
    for (let k = Math.min(step, this.length + 1) - 1; k >= 1; k--) if (only.includes(this.markerAt(k)!)) return k;
    return undefined;
  }

  /** The move into `step` as the board animates it: the visual events of the step from the state before. */
  eventsInto(step: number): readonly VisualEvent[] {
    const entry = this.entryAt(step);
    if (entry?.type !== 'command' || this.refusedAt[step]) return [];
    return this.rules.step(this.stateAt(step - 1), entry.command).events;
  }

  /** Bytes the timeline holds besides its checkpoint states and journal (typed arrays). */
  get arrayBytes(): number {
    return this.nodeOfStep.byteLength + this.refusedAt.byteLength + this.timeAt.byteLength + this.parent.byteLength + this.depth.byteLength + this.lineCost.byteLength;
  }

  /** States held (the start included). */
  get checkpointCount(): number {
    return this.checkpoints.size;
  }

  private checkStep(step: number): number {
    if (!Number.isInteger(step) || step < 0 || step > this.length) throw new RangeError(`Step ${step} is outside 0..${this.length}.`);
    return step;
  }

  private build(start: S): void {
    const { rules } = this;
    this.checkpoints.set(0, start);
    this.nodes = 1;
    // The line from the start to the end of the redo line, and where on it the play stands (as History does).
    const line: number[] = [0];
    let cursor = 0;
    let state = start;
    let node = 0;
    let time = 0;
    this.entries.forEach((entry, i) => {
      const step = i + 1;
      time = Math.max(time, entry.t ?? time);
      this.timeAt[step] = time;
      let changed = true;
      switch (entry.type) {
        case 'command': {
          const result = rules.step(state, entry.command);
          changed = result.changed;
          if (changed) {
            node = this.addNode(node, entry.command, stepCost(result), result.state);
            line.length = cursor + 1;
            line.push(node);
            cursor++;
            state = result.state;
          }
          break;
        }
        case 'undo':
        case 'redo': {
          const to = entry.type === 'undo' ? cursor - 1 : cursor + 1;
          changed = to >= 0 && to < line.length;
          if (changed) {
            cursor = to;
            node = line[cursor];
            state = this.stateOfNode(node);
          }
          break;
        }
        case 'restart':
          cursor = 0;
          node = 0;
          state = start;
          break;
        case 'hint':
          break;
      }
      this.nodeOfStep[step] = node;
      this.refusedAt[step] = changed ? 0 : 1;
      this.lastNode = node;
      this.lastState = state;
    });
  }

  private addNode(parent: number, command: C, cost: number, state: S): number {
    const node = this.nodes++;
    this.parent[node] = parent;
    this.depth[node] = this.depth[parent] + 1;
    this.lineCost[node] = this.lineCost[parent] + cost;
    this.commandOf[node] = command;
    if (this.depth[node] % this.checkpointEvery === 0) this.checkpoints.set(node, state);
    return node;
  }

  /** Commands from `ancestor` down to `node` (ancestor must be on node's line). */
  private commandsToNode(node: number, ancestor: number): C[] {
    const out: C[] = [];
    for (let n = node; n !== ancestor; n = this.parent[n]) out.push(this.commandOf[n]);
    return out.reverse();
  }

  private stateOfNode(node: number): S {
    if (node === this.lastNode) return this.lastState;
    // Walk up to the nearest checkpoint, or to the position built last if it comes first.
    let from = node;
    let state: S | undefined;
    while (state === undefined) {
      if (from === this.lastNode) state = this.lastState;
      else state = this.checkpoints.get(from);
      if (state === undefined) from = this.parent[from];
    }
    for (const command of this.commandsToNode(node, from)) state = this.rules.step(state, command).state;
    this.lastNode = node;
    this.lastState = state;
    return state;
  }
}
