/**
 * The generic search for a maximised objective (a score): best-first branch and bound over any
 * rules, the counterpart of the A* in generic.ts for objectives where higher is better.
 *
 * A line's value is the objective's counter where the line ends, less its value at the start; a
 * line may end in any state (won, lost or still playing), and ends at the first ended one. The
 * search expands states by their optimistic value f = score + `upperBound` (the kind's admissible
 * bound on what can still be gained; Infinity without one) and keeps the best-scoring state seen.
 *
 * What "proven" means here: the best value found is optimal when no state still to expand could
 * beat it: the next f is no better than the best (with an admissible bound), or every reachable
 * state was expanded. Out of budget (or stopped), the best line found stands as the result, not
 * proven; the largest f still open is then a proven upper bound on the best (`upperBound`), when
 * the kind has a bound at all. The empty line always exists, so this search never answers
 * `unsolvable` or `budget`: a maximised objective always has a value.
 *
 * States are keyed by the kind's `key`; where two lines reach one key with different scores, the
 * higher one is kept (its state replaces the other, whose counters are lower) and reopened.
 */
import type { ScorableRules, StopCause } from '../engine/ruleset.ts';
import { DEFAULT_STATE_BUDGET, memoryText, stateBudget, statesWithin } from './budget.ts';
import { GENERIC_STATE_BYTES, type GenericSearchOptions, type GenericSearchResult } from './generic.ts';
import { StopPoll } from './stop-poll.ts';

export const GENERIC_BEST_NAME = 'generic-best/1';

/** Work units a child costs besides its key's characters (as in generic.ts). */
const CHILD_WORK = 64;

/** A max-heap of (id, f, g): the highest f first, and among equal f the highest g (the line furthest on). */
class MaxHeap {
  private readonly ids: number[] = [];
  private readonly fs: number[] = [];
  private readonly gs: number[] = [];

  get size(): number {
    return this.ids.length;
  }

  /** The highest f waiting (-Infinity when empty). */
  get topF(): number {
    return this.ids.length > 0 ? this.fs[0] : -Infinity;
  }

  private above(i: number, j: number): boolean {
    return this.fs[i] > this.fs[j] || (this.fs[i] === this.fs[j] && this.gs[i] > this.gs[j]);
  }

  private swap(i: number, j: number): void {
    [this.ids[i], this.ids[j]] = [this.ids[j], this.ids[i]];
    [this.fs[i], this.fs[j]] = [this.fs[j], this.fs[i]];
    [this.gs[i], this.gs[j]] = [this.gs[j], this.gs[i]];
  }

  push(id: number, f: number, g: number): void {
    this.ids.push(id);
    this.fs.push(f);
    this.gs.push(g);
    for (let i = this.ids.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.above(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Removes the top entry and returns it. */
  pop(): { readonly id: number; readonly f: number; readonly g: number } | undefined {
    if (this.ids.length === 0) return undefined;
    const top = { id: this.ids[0], f: this.fs[0], g: this.gs[0] };
    const last = this.ids.length - 1;
    this.swap(0, last);
    this.ids.pop();
    this.fs.pop();
    this.gs.pop();
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.ids.length && this.above(l, m)) m = l;
      if (r < this.ids.length && this.above(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
}

interface Node<S, C> {
  state: S;
  parent: number;
  command: C | undefined;
}

function rebuild<S, C>(nodes: readonly Node<S, C>[], index: number): C[] {
  const out: C[] = [];
  for (let i = index; nodes[i].parent >= 0; i = nodes[i].parent) out.push(nodes[i].command as C);
  return out.reverse();
}

/** Whether node `a` is on the line to node `b` (or is `b`). */
function isAncestor<S, C>(nodes: readonly Node<S, C>[], a: number, b: number): boolean {
  for (let i = b; i >= 0; i = nodes[i].parent) if (i === a) return true;
  return false;
}

/** The line to the best value of the maximised objective `objective` (a counter id) from `start`. */
export function bestScore<S, C>(rules: ScorableRules<S, C>, start: S, objective: string, options: GenericSearchOptions = {}): GenericSearchResult<C> {
  const asked = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  // The budget, cut to what the memory cap holds at the start state's size (as the A* does).
  const perState = GENERIC_STATE_BYTES + 2 * rules.key(start).length;
  const within = statesWithin(asked, options.memoryBytes, perState);
  const budget = within.states;
  const startValue = rules.counters(start)[objective] ?? 0;
  const score = (s: S): number => (rules.counters(s)[objective] ?? 0) - startValue;
  const gain = (s: S): number => {
    const h = rules.upperBound ? rules.upperBound(s) : Infinity;
    return Number.isNaN(h) ? Infinity : Math.max(0, h);
  };
  const nodes: Node<S, C>[] = [{ state: start, parent: -1, command: undefined }];
  const value: number[] = [0];
  const index = new Map<string, number>([[rules.key(start), 0]]);
  const open = new MaxHeap();
  let best = 0;
  let bestId = 0;
  let expanded = 0;
  let expanding = -Infinity;
  if (rules.status(start) === 'playing') open.push(0, gain(start), 0);

  const answer = (optimal: boolean, stoppedBy?: StopCause): GenericSearchResult<C> => {
    const solution = rebuild(nodes, bestId);
    const bound = Math.max(best, expanding, open.topF);
    return {
      solver: GENERIC_BEST_NAME,
      status: 'solved',
      solution,
      ...(solution.length > 0 ? { firstMove: solution[0] } : {}),
      optimal,
      nodes: expanded,
      stored: nodes.length,
      ...(stoppedBy ? { stoppedBy } : {}),
      ...(!optimal && Number.isFinite(bound) ? { upperBound: bound } : {}),
      ...(stoppedBy === 'memory'
        ? { reason: `The search's memory cap of ${memoryText(options.memoryBytes!)} (about ${perState} bytes a state) ran out before the budget of ${asked} states.` }
        : {}),
    };
  };

  const poll = new StopPoll(options.shouldStop);
  for (;;) {
    const entry = open.pop();
    // Every reachable state was expanded: nothing is left that could beat the best.
    if (!entry) return answer(true);
    // Nothing still open can beat the best found (the bound is admissible): proven.
    if (entry.f <= best) return answer(true);
    if (entry.g !== value[entry.id]) continue;
    expanding = entry.f;
    const node = nodes[entry.id];
    expanded++;
    if ((expanded & 1023) === 0) options.progress?.({ nodes: expanded, stored: nodes.length });
    for (const command of rules.commands(node.state)) {
      const result = rules.step(node.state, command);
      if (!result.changed) {
        if (poll.tick(CHILD_WORK)) return answer(false, 'stopped');
        continue;
      }
      const key = rules.key(result.state);
      if (poll.tick(CHILD_WORK + key.length)) return answer(false, 'stopped');
      const g = score(result.state);
      let id = index.get(key);
      if (id !== undefined) {
        // A line back to one of its own states with more points would score without end: a kind
        // whose key leaves out what the score depends on. Such a return is not taken.
        if (value[id] >= g || isAncestor(nodes, id, entry.id)) continue;
        // A better way to a known state: it takes the higher score (and its state) and opens again.
        nodes[id] = { state: result.state, parent: entry.id, command };
        value[id] = g;
      } else {
        if (nodes.length >= budget) return answer(false, within.byMemory ? 'memory' : 'budget');
        id = nodes.length;
        index.set(key, id);
        nodes.push({ state: result.state, parent: entry.id, command });
        value.push(g);
      }
      if (g > best) {
        best = g;
        bestId = id;
      }
      if (rules.status(result.state) === 'playing') open.push(id, g + gain(result.state), g);
    }
    expanding = -Infinity;
  }
}
