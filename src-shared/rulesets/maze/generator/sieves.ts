/**
 * The six sieves (seed 001), cheapest first, each counted: A* shortest (unsolvable out), step
 * window (too short or too long out), greedy bot, wall followers (left and right hand), blind
 * explorer x15 (a pass rate outside the chapter's window out), item necessity / mechanism depth
 * (an item the shortest solution never picks up is decoration; too few mechanism uses is shallow).
 * The bots are the kind's own (the verification facet) through the generic runner.
 */
import { runBot } from '../../../engine/play/bots.ts';
import type { Rules, SieveCount } from '../../../engine/ruleset.ts';
import { blindExplorer, greedyBot, leftHandBot, rightHandBot } from '../bots/index.ts';
import type { MazeState } from '../level.ts';
import type { MazeLevel, MazeCommand } from '../schema.ts';

/** The kind's rules (typed here, not imported from kind.ts, which imports this generator). */
export type MazeRulesLike = Rules<MazeLevel, MazeState, MazeCommand>;
import type { ChapterSpec } from './chapters.ts';

export const MAZE_SIEVES = [
  { id: 'astar', label: 'A* shortest (unsolvable)' },
  { id: 'step-window', label: 'Step window' },
  { id: 'greedy', label: 'Greedy bot' },
  { id: 'wall-followers', label: 'Wall followers' },
  { id: 'blind', label: 'Blind explorer x15' },
  { id: 'necessity', label: 'Item necessity / mechanism depth' },
] as const;
export type MazeSieveId = (typeof MAZE_SIEVES)[number]['id'];

/** A state budget for the A* sieve: a candidate that needs more is not one to keep. */
export const SIEVE_BUDGET = 15_000;

/** Items whose presence must matter: keys, bombs, feathers, hooks (light and hearts only help). */
const NEEDED_ITEMS = new Set(['k', 'b', 'f', 'g']);
/** Visual events that are a mechanism's use. */
const DEPTH_EVENTS = new Set(['open', 'clear', 'jump', 'pull', 'fill']);

export interface SievePass {
  readonly par: number;
  readonly solution: string;
  readonly blindPassRate: number;
  readonly depth: number;
  /** The level with its par: the document to keep. */
  readonly level: MazeLevel;
}

export type SieveOutcome = { readonly passed: SievePass } | { readonly rejectedBy: MazeSieveId };

/** Per sieve: rejections and milliseconds (by the host's clock). */
export class SieveTally {
  readonly rejected = new Map<MazeSieveId, number>();
  readonly ms = new Map<MazeSieveId, number>();
  private readonly clock: () => number;
  constructor(clock: () => number = () => 0) {
    this.clock = clock;
  }

  time<T>(id: MazeSieveId, run: () => T): T {
    const started = this.clock();
    try {
      return run();
    } finally {
      this.ms.set(id, (this.ms.get(id) ?? 0) + this.clock() - started);
    }
  }

  reject(id: MazeSieveId): SieveOutcome {
    this.rejected.set(id, (this.rejected.get(id) ?? 0) + 1);
    return { rejectedBy: id };
  }

  counts(): SieveCount[] {
    return MAZE_SIEVES.map((s) => ({ id: s.id, label: s.label, rejected: this.rejected.get(s.id) ?? 0, ms: this.ms.get(s.id) ?? 0 }));
  }

  add(other: readonly SieveCount[]): void {
    for (const s of other) {
      const id = s.id as MazeSieveId;
      this.rejected.set(id, (this.rejected.get(id) ?? 0) + s.rejected);
      this.ms.set(id, (this.ms.get(id) ?? 0) + s.ms);
    }
  }
}

/** A level of the chapter (rules bound to its rules) through the six sieves in order. */
export function sieveLevel(rules: MazeRulesLike, spec: ChapterSpec, level: MazeLevel, tally: SieveTally): SieveOutcome {
  const free = rules.load({ ...level, par: undefined });
  if (!free.state) return tally.reject('astar');
  // The walls-only bound already past the window: out for free, before any search.
  const bound = rules.lowerBound?.(free.state) ?? 0;
  if (Number.isFinite(bound) && bound > spec.shortest[1]) return tally.reject('step-window');
  const solved = tally.time('astar', () => rules.solve!(free.state!, { budget: SIEVE_BUDGET }));
  if (solved.status !== 'solved' || !solved.solution) return tally.reject('astar');
  const commands: readonly MazeCommand[] = solved.solution;
  let par = 0;
  let state = free.state;
  let depth = 0;
  for (const command of commands) {
    const step = rules.step(state, command);
    par += step.cost ?? 1;
    depth += step.events.filter((e) => DEPTH_EVENTS.has(e.type)).length;
    state = step.state;
  }
  if (par < spec.shortest[0] || par > spec.shortest[1]) return tally.reject('step-window');
  const withPar: MazeLevel = { ...level, par };
  const start = rules.load(withPar).state;
  if (!start) return tally.reject('step-window');
  if (spec.simpleBots === 'reject') {
    if (tally.time('greedy', () => runBot(rules, greedyBot, start).passed > 0)) return tally.reject('greedy');
    if (tally.time('wall-followers', () => runBot(rules, leftHandBot, start).passed > 0 || runBot(rules, rightHandBot, start).passed > 0)) return tally.reject('wall-followers');
  }
  const blind = tally.time('blind', () => runBot(rules, blindExplorer, start).passRate);
  if (blind < spec.blindPassRate[0] - 1e-9 || blind > spec.blindPassRate[1] + 1e-9) return tally.reject('blind');
  const decoration = [...state.cells].some((ch) => NEEDED_ITEMS.has(ch));
  if (decoration || depth < spec.minDepth) return tally.reject('necessity');
  return { passed: { par, solution: commands.join(''), blindPassRate: blind, depth, level: withPar } };
}
