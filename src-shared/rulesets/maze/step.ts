/**
 * The maze's rule pipeline, pure and deterministic: one command -> the next state, its cost in
 * steps and its visual events. Order of a step (pinned by tests/unit/maze-rules.test.ts):
 * 1. the move itself (enter a cell: open a door with a key, break a cracked wall with a bomb,
 *    push a boulder, pick up an item; a cell left that was crumbling floor becomes a pit);
 * 2. on ice the move goes on the same way until a cell refuses it or the player stands off ice;
 * 3. the step counter grows by the cost (move, slide, hook, wait 1; jump 2; recall 3);
 * 4. spikes under the player that are up at the new count take a heart.
 * A won or lost state refuses everything.
 */
import type { PlayStatus, StepResult, VisualEvent } from '../../engine/ruleset.ts';
import { cellXY, DIRECTION_DX, DIRECTION_DY } from '../../engine/grid.ts';
import type { MazeBoard, MazeState } from './level.ts';
import type { MazeCommand } from './schema.ts';

/** Cells a player may stand on (items lie on floor and are picked up on entry). */
const STANDABLE = new Set(['.', 'X', '_', '^', '~', '-', '/']);
const ITEMS = new Set(['k', 'b', 'f', 'g', 't', 'L', 'h']);
/** Cells a jump passes over or a hook's line crosses: low ground, pits included. */
const LOW = new Set(['.', 'X', '_', '^', '~', '-', '/', 'x']);
/** Where a pushed boulder may go: floor, a plate (it sinks, fixed), a pit (it fills it). */
const BOULDER_INTO = new Set(['.', '_', 'x']);

const DIRECTION_OF: Readonly<Record<string, number>> = { u: 0, d: 1, l: 2, r: 3, U: 0, D: 1, L: 2, R: 3, '^': 0, v: 1, '<': 2, '>': 3 };
const MAX_LIGHT = 5;

/** Spikes are up at step count `t` when (t + phase) % period < duty (seed 001). */
export function spikesUp(board: MazeBoard, t: number): boolean {
  const { period, duty, phase } = board.spikes;
  return (t + phase) % period < duty;
}

export function mazeStatus(state: MazeState): PlayStatus {
  const { limit } = state.board;
  if (limit > 0 && state.steps > limit) return 'lost';
  if (state.cells[state.player] === 'X') return 'won';
  if (state.hearts <= 0) return 'lost';
  return limit > 0 && state.steps >= limit ? 'lost' : 'playing';
}

/** A state being built by one step: cells as an array, the rest as fields. */
interface Draft {
  /** The state's cells until the step first changes one (most steps change none: no copy). */
  readonly base: string;
  changed: string[] | undefined;
  player: number;
  keys: number;
  bombs: number;
  feather: boolean;
  hook: boolean;
  lightBonus: number;
  hearts: number;
  events: VisualEvent[];
}

const at = (board: MazeBoard, cell: number) => cellXY(board.width, cell);

const cellOf = (draft: Draft, cell: number): string => (draft.changed ? draft.changed[cell] : draft.base[cell]);

function setCell(draft: Draft, cell: number, ch: string): void {
  draft.changed ??= [...draft.base];
  draft.changed[cell] = ch;
}

function neighbour(board: MazeBoard, cell: number, d: number, by = 1): number {
  const x = (cell % board.width) + DIRECTION_DX[d] * by;
  const y = Math.floor(cell / board.width) + DIRECTION_DY[d] * by;
  return x < 0 || y < 0 || x >= board.width || y >= board.height ? -1 : y * board.width + x;
}

/** The player leaves a cell: crumbling floor gives way behind them. */
function leave(board: MazeBoard, draft: Draft, cell: number): void {
  if (cellOf(draft, cell) !== '~') return;
  setCell(draft, cell, 'x');
  draft.events.push({ type: 'crumble', entity: `tile:${cell}`, from: at(board, cell) });
}

/** The player arrives on a standable cell: an item there is picked up. */
function arrive(board: MazeBoard, draft: Draft, cell: number): void {
  const ch = cellOf(draft, cell);
  if (!ITEMS.has(ch)) return;
  setCell(draft, cell, '.');
  if (ch === 'k') draft.keys++;
  else if (ch === 'b') draft.bombs++;
  else if (ch === 'f') draft.feather = true;
  else if (ch === 'g') draft.hook = true;
  else if (ch === 't') draft.lightBonus++;
  else if (ch === 'L') draft.lightBonus += 2;
  else if (ch === 'h') draft.hearts++;
  draft.events.push({ type: 'pickup', entity: `item:${ch}`, from: at(board, cell) });
}

/** Every plate holds a boulder: the gates open, for good. */
function openGatesIfPressed(board: MazeBoard, draft: Draft): void {
  const cells = draft.changed ?? [...draft.base];
  if (cells.includes('_') || !cells.includes('G')) return;
  cells.forEach((c, i) => {
    if (c !== 'G') return;
    setCell(draft, i, '/');
    draft.events.push({ type: 'open', entity: `gate:${i}`, from: at(board, i) });
  });
}

/** One cell's walk in direction `d`; false when the cell refuses it. */
function walk(board: MazeBoard, draft: Draft, d: number): boolean {
  const from = draft.player;
  const to = neighbour(board, from, d);
  if (to < 0) return false;
  const ch = cellOf(draft, to);
  if (ch === 'D') {
    if (draft.keys === 0) return false;
    draft.keys--;
    setCell(draft, to, '.');
    draft.events.push({ type: 'open', entity: `door:${to}`, from: at(board, to) });
  } else if (ch === '%') {
    if (draft.bombs === 0) return false;
    draft.bombs--;
    setCell(draft, to, '.');
    draft.events.push({ type: 'clear', entity: `cracked:${to}`, from: at(board, to) });
  } else if (ch === 'o') {
    const beyond = neighbour(board, to, d);
    if (beyond < 0 || !BOULDER_INTO.has(cellOf(draft, beyond))) return false;
    const into = cellOf(draft, beyond);
    setCell(draft, beyond, into === 'x' ? '.' : into === '_' ? '*' : 'o');
    setCell(draft, to, '.');
    draft.events.push({ type: 'push', entity: `boulder:${to}`, from: at(board, to), to: at(board, beyond) });
    if (into === 'x') draft.events.push({ type: 'fill', entity: `tile:${beyond}`, from: at(board, beyond) });
    if (into === '_') openGatesIfPressed(board, draft);
  } else if (!STANDABLE.has(ch) && !ITEMS.has(ch)) {
    return false;
  }
  leave(board, draft, from);
  draft.player = to;
  arrive(board, draft, to);
  return true;
}

/** A move, sliding on while the player stands on ice. */
function move(board: MazeBoard, draft: Draft, d: number): boolean {
  const start = draft.player;
  if (!walk(board, draft, d)) return false;
  const path = [at(board, draft.player)];
  // Each slide cell is walked like a step, so a slide stops at anything a step would stop at.
  while (cellOf(draft, draft.player) === '-' && walk(board, draft, d)) path.push(at(board, draft.player));
  draft.events.push(path.length > 1 ? { type: 'slide', entity: 'player', from: at(board, start), to: path[path.length - 1], path } : { type: 'move', entity: 'player', from: at(board, start), to: path[0] });
  return true;
}

/** Feather jump: over one low cell onto a standable one two cells away (items there picked up). */
function jump(board: MazeBoard, draft: Draft, d: number): boolean {
  if (!draft.feather) return false;
  const over = neighbour(board, draft.player, d);
  const to = neighbour(board, draft.player, d, 2);
  if (over < 0 || to < 0 || !LOW.has(cellOf(draft, over))) return false;
  if (!STANDABLE.has(cellOf(draft, to)) && !ITEMS.has(cellOf(draft, to))) return false;
  const from = draft.player;
  leave(board, draft, from);
  draft.player = to;
  arrive(board, draft, to);
  draft.events.push({ type: 'jump', entity: 'player', from: at(board, from), to: at(board, to) });
  while (cellOf(draft, draft.player) === '-' && walk(board, draft, d));
  return true;
}

/**
 * Hook: along direction `d` over low cells (pits allowed) to the first anchor; the player is
 * pulled to the cell before it, which must be standable and not where they stand.
 */
function pull(board: MazeBoard, draft: Draft, d: number): boolean {
  if (!draft.hook) return false;
  let landing = draft.player;
  for (;;) {
    const next = neighbour(board, landing, d);
    if (next < 0) return false;
    if (cellOf(draft, next) === '+') break;
    if (!LOW.has(cellOf(draft, next))) return false;
    landing = next;
  }
  if (landing === draft.player || !STANDABLE.has(cellOf(draft, landing))) return false;
  const from = draft.player;
  leave(board, draft, from);
  draft.player = landing;
  arrive(board, draft, landing);
  draft.events.push({ type: 'pull', entity: 'player', from: at(board, from), to: at(board, landing) });
  return true;
}

export function stepMaze(state: MazeState, command: MazeCommand): StepResult<MazeState> {
  const refused: StepResult<MazeState> = { state, events: [], changed: false };
  if (mazeStatus(state) !== 'playing' || typeof command !== 'string') return refused;
  const { board } = state;
  const draft: Draft = { base: state.cells, changed: undefined, player: state.player, keys: state.keys, bombs: state.bombs, feather: state.feather, hook: state.hook, lightBonus: state.lightBonus, hearts: state.hearts, events: [] };
  let cost = 1;
  let recallsLeft = state.recallsLeft;
  let flash = false;
  const d = Object.hasOwn(DIRECTION_OF, command) ? DIRECTION_OF[command] : -1;
  if (command === 'u' || command === 'd' || command === 'l' || command === 'r') {
    if (!move(board, draft, d)) return { ...refused, events: [{ type: 'bump', entity: 'player', from: at(board, state.player) }] };
  } else if (command === 'U' || command === 'D' || command === 'L' || command === 'R') {
    if (!jump(board, draft, d)) return refused;
    cost = 2;
  } else if (command === '^' || command === 'v' || command === '<' || command === '>') {
    if (!pull(board, draft, d)) return refused;
  } else if (command === 'w') {
    draft.events.push({ type: 'wait', entity: 'player', from: at(board, state.player) });
  } else if (command === 'm') {
    if (recallsLeft <= 0) return refused;
    recallsLeft--;
    flash = true;
    cost = 3;
    draft.events.push({ type: 'recall' });
  } else {
    return refused;
  }
  const steps = state.steps + cost;
  if (cellOf(draft, draft.player) === '^' && spikesUp(board, steps)) {
    draft.hearts--;
    draft.events.push({ type: 'hurt', entity: 'player', from: at(board, draft.player) });
  }
  const next: MazeState = {
    board,
    cells: draft.changed ? draft.changed.join('') : state.cells,
    player: draft.player,
    keys: draft.keys,
    bombs: draft.bombs,
    feather: draft.feather,
    hook: draft.hook,
    lightBonus: Math.min(MAX_LIGHT - board.lightRadius, draft.lightBonus),
    hearts: draft.hearts,
    steps,
    recallsLeft,
    flash,
  };
  const status = mazeStatus(next);
  if (status !== 'playing') draft.events.push({ type: status === 'won' ? 'win' : 'lose' });
  return { state: next, events: draft.events, changed: true, cost };
}
