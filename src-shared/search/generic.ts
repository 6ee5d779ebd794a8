/**
 * Generic searches over any ruleset through the contract: breadth-first (optimal in commands,
 * whatever the steps cost) and A* with the kind's admissible `lowerBound`, optimal in cost (the sum
 * of the steps' `cost`: a maze's jump costs 2). Both track the first command of each
 * state's path, so a hint needs a single search (seed 002), and both stop at a state budget:
 * "budget exceeded" is its own status, never "probably solvable".
 *
 * These are the reference searches: simple and kind-agnostic (string keys). Kinds with large
 * spaces bring a specialised solver (`Rules.solve`) that must agree with them.
 *
 * The host's stop is asked by work done (stop-poll.ts), not every so many expansions: a step's
 * cost grows with the state, so each child counts its key's length (the key is made from the
 * whole state, as the step made the state) plus a constant for the step itself.
 */
import { stepCost, type SearchableRules, type SolveOptions, type SolveResult } from '../engine/ruleset.ts';
import { BucketQueue } from './bucket-queue.ts';
import { DEFAULT_STATE_BUDGET, memoryText, stateBudget, statesWithin } from './budget.ts';
import { StopPoll } from './stop-poll.ts';

export const GENERIC_BFS_NAME = 'generic-bfs/1';
export const GENERIC_ASTAR_NAME = 'generic-astar/1';

export interface GenericSearchOptions {
  readonly budget?: number;
  readonly shouldStop?: () => boolean;
  readonly progress?: SolveOptions['progress'];
  /** Cap on the search's memory (SolveOptions.memoryBytes), at GENERIC_STATE_BYTES a state plus its key. */
  readonly memoryBytes?: number;
  /**
   * A* only: f = g + weight * h. Above 1 it finds a solution in far fewer states, not an optimal
   * one (the result says `optimal: false`).
   */
  readonly weight?: number;
  /**
   * A* only: the cost of a solution known already. Only cheaper ones are searched for (a child
   * with g + h >= upperBound is not stored), so an exhausted search (`unsolvable`) proves that
   * solution optimal.
   */
  readonly upperBound?: number;
}

/**
 * A rough figure for one state stored by the generic searches besides its key's characters: the
 * state object, the node, the map entry and the queue's share. Only used against a memory cap.
 */
export const GENERIC_STATE_BYTES = 400;

/** The budget, cut to what the memory cap holds at the start state's size. */
function allowance<S, C>(rules: SearchableRules<S, C>, start: S, options: GenericSearchOptions) {
  const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
  const perState = GENERIC_STATE_BYTES + 2 * rules.key(start).length;
  const within = statesWithin(budget, options.memoryBytes, perState);
  const outOfRoom = (stored: number, expanded: number, solver: string): GenericSearchResult<C> =>
    within.byMemory
      ? {
          solver, status: 'budget', stoppedBy: 'memory', optimal: false, nodes: expanded, stored,
          reason: `The search's memory cap of ${memoryText(options.memoryBytes!)} (about ${perState} bytes a state) ran out before the budget of ${budget} states.`,
        }
      : { solver, status: 'budget', stoppedBy: 'budget', optimal: false, nodes: expanded, stored };
  return { states: within.states, outOfRoom };
}

export interface GenericSearchResult<C> extends SolveResult<C> {
  /** First command of the solution: the hint. */
  readonly firstMove?: C;
}

interface Node<S, C> {
  readonly state: S;
  readonly parent: number;
  readonly command: C | undefined;
  /** Index of the first command on the path to this node (-1 at the start). */
  readonly first: number;
}

/** Work units a child costs besides its key's characters (the step, the look-up, the bound). */
const CHILD_WORK = 64;

function rebuild<S, C>(nodes: readonly Node<S, C>[], index: number): C[] {
  const out: C[] = [];
  for (let i = index; nodes[i].parent >= 0; i = nodes[i].parent) out.push(nodes[i].command as C);
  return out.reverse();
}

/** Breadth-first search in commands: the first won state reached is at optimal depth. */
export function bfs<S, C>(rules: SearchableRules<S, C>, start: S, options: GenericSearchOptions = {}): GenericSearchResult<C> {
  const { states: budget, outOfRoom } = allowance(rules, start, options);
  const nodes: Node<S, C>[] = [{ state: start, parent: -1, command: undefined, first: -1 }];
  const seen = new Set<string>([rules.key(start)]);
  const base = { solver: GENERIC_BFS_NAME };
  if (rules.status(start) === 'won') return { ...base, status: 'solved', solution: [], optimal: true, nodes: 0, stored: 1 };
  const poll = new StopPoll(options.shouldStop);
  let expanded = 0;
  for (let head = 0; head < nodes.length; head++) {
    const node = nodes[head];
    if (rules.status(node.state) === 'lost') continue;
    expanded++;
    if ((expanded & 1023) === 0) options.progress?.({ nodes: expanded, stored: nodes.length });
    for (const command of rules.commands(node.state)) {
      const result = rules.step(node.state, command);
      if (!result.changed) {
        if (poll.tick(CHILD_WORK)) return { ...base, status: 'budget', stoppedBy: 'stopped', optimal: false, nodes: expanded, stored: nodes.length };
        continue;
      }
      const key = rules.key(result.state);
      if (poll.tick(CHILD_WORK + key.length)) return { ...base, status: 'budget', stoppedBy: 'stopped', optimal: false, nodes: expanded, stored: nodes.length };
      if (seen.has(key)) continue;
      if (nodes.length >= budget) return outOfRoom(nodes.length, expanded, base.solver);
      seen.add(key);
      const first = node.first < 0 ? nodes.length : node.first;
      nodes.push({ state: result.state, parent: head, command, first });
      if (rules.status(result.state) === 'won') {
        const solution = rebuild(nodes, nodes.length - 1);
        return { ...base, status: 'solved', solution, firstMove: nodes[first].command, optimal: true, nodes: expanded, stored: nodes.length };
      }
    }
  }
  return { ...base, status: 'unsolvable', optimal: true, nodes: expanded, stored: nodes.length };
}

/**
 * A* in cost with the kind's lower bound (0 without one, which makes it a uniform-cost search). With an admissible bound the first won state expanded is optimal: a state reached
 * again by a shorter path is reopened, so the bound need not be consistent.
 */
export function astar<S, C>(rules: SearchableRules<S, C>, start: S, options: GenericSearchOptions = {}): GenericSearchResult<C> {
  const { states: budget, outOfRoom } = allowance(rules, start, options);
  const bound = (s: S): number => (rules.lowerBound ? rules.lowerBound(s) : 0);
  const weight = options.weight ?? 1;
  // The queue's buckets are whole numbers: a weighted bound is rounded up.
  const fOf = (g: number, h: number): number => g + (weight === 1 ? h : Math.ceil(weight * h));
  const upperBound = options.upperBound ?? Infinity;
  // The least f = g + h of a node still to expand: a proven lower bound in an unweighted search.
  const proven = (): number => (weight === 1 ? Math.max(0, open.lastF) : 0);
  const base = { solver: GENERIC_ASTAR_NAME };
  const nodes: Node<S, C>[] = [];
  const cost: number[] = [];
  const closed: boolean[] = [];
  const index = new Map<string, number>();
  const open = new BucketQueue();
  const startBound = bound(start);
  if (!Number.isFinite(startBound) || startBound >= upperBound) return { ...base, status: 'unsolvable', optimal: true, nodes: 0, stored: 0 };
  nodes.push({ state: start, parent: -1, command: undefined, first: -1 });
  cost.push(0);
  closed.push(false);
  index.set(rules.key(start), 0);
  open.push(0, fOf(0, startBound), 0);
  const poll = new StopPoll(options.shouldStop);
  const stopped = (): GenericSearchResult<C> => ({ ...base, status: 'budget', stoppedBy: 'stopped', optimal: false, nodes: expanded, stored: nodes.length, lowerBound: proven() });
  let expanded = 0;
  for (;;) {
    const id = open.pop();
    if (id < 0) return { ...base, status: 'unsolvable', optimal: true, nodes: expanded, stored: nodes.length };
    if (closed[id] || cost[id] !== open.lastG) continue;
    closed[id] = true;
    const node = nodes[id];
    const status = rules.status(node.state);
    if (status === 'won') {
      const solution = rebuild(nodes, id);
      const firstMove = node.first < 0 ? undefined : nodes[node.first].command;
      return { ...base, status: 'solved', solution, firstMove, optimal: weight === 1, nodes: expanded, stored: nodes.length };
    }
    if (status === 'lost') continue;
    expanded++;
    if ((expanded & 1023) === 0) options.progress?.({ nodes: expanded, stored: nodes.length });
    for (const command of rules.commands(node.state)) {
      const result = rules.step(node.state, command);
      if (!result.changed) {
        if (poll.tick(CHILD_WORK)) return stopped();
        continue;
      }
      const g = cost[id] + stepCost(result);
      const key = rules.key(result.state);
      if (poll.tick(CHILD_WORK + key.length)) return stopped();
      const known = index.get(key);
      const first = node.first < 0 ? (known ?? nodes.length) : node.first;
      if (known !== undefined) {
        if (cost[known] <= g) continue;
        // A shorter way to a known state: re-link it (its bound is unchanged). A closed one opens
        // again: kinds' bounds are admissible but need not be consistent (one move can lower the
        // nearest-box sum by two), and without reopening A* could keep a path that is too long.
        const h = bound(result.state);
        if (g + h >= upperBound) continue;
        nodes[known] = { state: nodes[known].state, parent: id, command, first: node.first < 0 ? known : node.first };
        cost[known] = g;
        closed[known] = false;
        open.push(known, fOf(g, h), g);
        continue;
      }
      const h = bound(result.state);
      if (!Number.isFinite(h) || g + h >= upperBound) continue;
      if (nodes.length >= budget) return { ...outOfRoom(nodes.length, expanded, base.solver), lowerBound: proven() };
      index.set(key, nodes.length);
      nodes.push({ state: result.state, parent: id, command, first });
      cost.push(g);
      closed.push(false);
      open.push(nodes.length - 1, fOf(g, h), g);
    }
  }
}
