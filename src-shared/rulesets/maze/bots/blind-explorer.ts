/**
 * The blind explorer (seed 001's fifth sieve, and the pass rate the player is shown): a player who
 * sees only their light radius, through the kind's own `perceive`, and plans one target at a time.
 * It keeps a map of what it has seen, walks to the exit as soon as it knows a way there, otherwise
 * to the nearest cell it has not walked that still borders the unknown (or holds an item), so it
 * backs out of dead ends along cells it knows. It never steps onto spikes that will be up (it
 * waits instead), and it uses what it carries: keys and bombs open the way, the feather jumps a
 * pit, the hook pulls to an anchor it has seen. Ties between equally near targets and between
 * equally short ways are broken by the run's random numbers, so 15 runs give a pass rate.
 * Seed 001's lesson: it is weak in information and planning, never in abilities.
 */
import type { Bot } from '../../../engine/ruleset.ts';
import type { MazeState } from '../level.ts';
import type { MazeCommand } from '../schema.ts';
import { spikesUp } from '../step.ts';
import { perceiveMaze } from '../view.ts';
import { cellToward, HOOK, JUMP, probe, WALK } from './moves.ts';

/** The number of runs whose pass rate the explorer reports (seed 001: 15). */
export const BLIND_RUNS = 15;

const UNKNOWN = '?';
const STANDABLE = new Set(['.', 'X', '_', '^', '~', '-', '/', 'k', 'b', 'f', 'g', 't', 'L', 'h']);
const ITEMS = new Set(['k', 'b', 'f', 'g', 't', 'L', 'h']);
const LOW = new Set(['.', 'X', '_', '^', '~', '-', '/', 'x']);
const BOULDER_INTO = new Set(['.', '_', 'x']);

interface Edge {
  readonly to: number;
  readonly command: MazeCommand;
  readonly cost: number;
}

/** What the explorer believes it can do from `cell` on its map, with what it carries now. */
function edgesFrom(state: MazeState, known: string[], cell: number, order: readonly number[]): Edge[] {
  const { board } = state;
  const out: Edge[] = [];
  for (const d of order) {
    const to = cellToward(board, cell, d);
    if (to < 0) continue;
    const ch = known[to];
    const enterable = STANDABLE.has(ch) || (ch === 'D' && state.keys > 0) || (ch === '%' && state.bombs > 0) || (ch === 'o' && BOULDER_INTO.has(known[cellToward(board, to, d)] ?? '#'));
    if (enterable) out.push({ to, command: WALK[d], cost: 1 });
    if (state.feather && LOW.has(ch)) {
      const landing = cellToward(board, cell, d, 2);
      if (landing >= 0 && STANDABLE.has(known[landing]) && (ch === 'x' || !enterable)) out.push({ to: landing, command: JUMP[d], cost: 2 });
    }
    if (state.hook) {
      let landing = cell;
      for (;;) {
        const next = cellToward(board, landing, d);
        if (next < 0 || !LOW.has(known[next])) break;
        landing = next;
      }
      const anchor = cellToward(board, landing, d);
      if (landing !== cell && anchor >= 0 && known[anchor] === '+' && STANDABLE.has(known[landing])) out.push({ to: landing, command: HOOK[d], cost: 1 });
    }
  }
  return out;
}

/** The first command of the way to the target the explorer picks now, or undefined with none. */
function plan(state: MazeState, known: string[], walked: ReadonlySet<number>, blocked: ReadonlySet<string>, random: () => number): MazeCommand | undefined {
  const size = known.length;
  const dist = new Int32Array(size).fill(-1);
  const first: (MazeCommand | undefined)[] = new Array(size);
  const order = [0, 1, 2, 3];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  dist[state.player] = 0;
  // Uniform-cost search by steps (jumps cost 2), small enough for buckets by distance.
  const buckets: number[][] = [[state.player]];
  const reached: number[] = [];
  for (let d = 0; d < buckets.length; d++) {
    for (const cell of buckets[d] ?? []) {
      if (dist[cell] !== d) continue;
      reached.push(cell);
      for (const edge of edgesFrom(state, known, cell, order)) {
        if (cell === state.player && blocked.has(`${cell}:${edge.command}`)) continue;
        const nd = d + edge.cost;
        if (dist[edge.to] >= 0 && dist[edge.to] <= nd) continue;
        dist[edge.to] = nd;
        first[edge.to] = cell === state.player ? edge.command : first[cell];
        (buckets[nd] ??= []).push(edge.to);
      }
    }
  }
  const exits = reached.filter((c) => known[c] === 'X');
  const targets = exits.length > 0 ? exits : reached.filter((c) => c !== state.player && !walked.has(c) && (ITEMS.has(known[c]) || bordersUnknown(state, known, c)));
  if (targets.length === 0) return undefined;
  const nearest = Math.min(...targets.map((c) => dist[c]));
  const ties = targets.filter((c) => dist[c] === nearest);
  return first[ties[Math.floor(random() * ties.length)]];
}

function bordersUnknown(state: MazeState, known: string[], cell: number): boolean {
  for (let d = 0; d < 4; d++) {
    const n = cellToward(state.board, cell, d);
    if (n >= 0 && known[n] === UNKNOWN) return true;
  }
  return false;
}

/** Where a command would put the player, for the spike check (the probe's answer). */
function wouldStandOnRaisedSpikes(state: MazeState, command: MazeCommand): boolean {
  const next = probe(state, command);
  return next !== undefined && next.cells[next.player] === '^' && spikesUp(state.board, next.steps);
}

export const blindExplorer: Bot<MazeState, MazeCommand> = {
  id: 'blind',
  label: 'Blind explorer',
  runs: BLIND_RUNS,
  start(start, random) {
    const known: string[] = new Array<string>(start.cells.length).fill(UNKNOWN);
    const walked = new Set<number>();
    let memory: unknown;
    let blocked = new Set<string>();
    let cellsSeen = start.cells;
    return (state) => {
      const perception = perceiveMaze(state, memory);
      memory = perception.memory;
      perception.visibility.forEach((v, i) => {
        if (v === 'visible') known[i] = state.cells[i];
      });
      known[state.player] = state.cells[state.player];
      walked.add(state.player);
      // A refusal is remembered until something in the maze changes (a boulder moved, a door opened).
      if (state.cells !== cellsSeen) {
        blocked = new Set();
        cellsSeen = state.cells;
      }
      for (let attempt = 0; attempt < 8; attempt++) {
        const command = plan(state, known, walked, blocked, random);
        if (command === undefined) return undefined;
        if (!probe(state, command)) {
          blocked.add(`${state.player}:${command}`);
          continue;
        }
        if (wouldStandOnRaisedSpikes(state, command) && !wouldStandOnRaisedSpikes(state, 'w')) return 'w';
        return command;
      }
      return undefined;
    };
  },
};
