/**
 * The push kind's rule pipeline: one command in, the next state and its visual events out.
 *
 * Seed 000: "the trigger order is a game rule, not a code detail: it must be a fixed pipeline,
 * kept the same in the docs and the tests", and "each phase modifies only the state it owns, so
 * one rule never calls another half-way". The phases, always in this order:
 *
 *   1. validateInput     a won state refuses every command; an unknown direction is refused.
 *   2. movePlayer        the target cell: off the grid, a wall or a closed door is a bump.
 *   3. resolvePushChain  the line of boxes ahead: weight within `pushStrength`, free cell beyond.
 *   4. applyDisplacement the chain and the player move one cell; then `slideOnIce`: boxes (front
 *                        first), then the player, slide while the next cell is free.
 *   5. enterTriggers     teleporter pads carry what moved and rests on them (boxes, then player).
 *   6. updateDoors       buttons and doors follow from where things rest: open/close events.
 *   7. checkWin          every goal holds a box.
 *
 * Door states are never stored: a door is open while its link's buttons are pressed or while
 * something stands in the doorway. Until phase 6, every phase sees the doors as they were at the
 * start of the step, so a box sliding across a button cannot open a door mid-slide, and a door
 * whose button is released this step still lets a slide through and closes behind it. This is
 * the engine's answer to seed 000's question "open the door first, or finish the move and then
 * open?": finish the move; doors change at the end of the step, both ways.
 */
import type { GridCell } from '../../engine/diagnostics.ts';
import type { PlayStatus, StepResult, VisualEvent } from '../../engine/ruleset.ts';
import { DIRECTION_DELTA, neighbour, type PushBoard, type PushState } from './board.ts';
import type { Direction } from './schema.ts';

type Delta = readonly [number, number];

/** Whether the door mechanic takes part in the rules of this board at all. */
function doorsActive(board: PushBoard): boolean {
  return board.config.doors.enabled && board.links.length > 0;
}

function buttonPressed(board: PushBoard, player: number, boxes: readonly number[], cell: number): boolean {
  if (boxes.includes(cell)) return true;
  return board.config.doors.pressedBy === 'boxes-and-player' && player === cell;
}

/** Per link index: whether its buttons hold its doors open (`all` of them, or `any`). */
function linkPressed(board: PushBoard, player: number, boxes: readonly number[]): boolean[] {
  return board.linkButtons.map((buttons) => {
    if (buttons.length === 0) return false; // a link without buttons never opens: its doors are walls
    const pressed = (c: number): boolean => buttonPressed(board, player, boxes, c);
    return board.config.doors.opensWhen === 'all' ? buttons.every(pressed) : buttons.some(pressed);
  });
}

/** A door on `cell` is closed unless its link is pressed or the doorway is occupied. */
function closedDoor(board: PushBoard, pressed: readonly boolean[], player: number, boxes: readonly number[], cell: number): boolean {
  const link = board.door[cell];
  if (link < 0) return false;
  // "A door never closes on a box or the player": an occupied doorway stays open.
  return !pressed[link] && player !== cell && !boxes.includes(cell);
}

/** Whether something that presses buttons (per `pressedBy`) rests on `cell`. */
export function buttonIsPressed(state: PushState, cell: number): boolean {
  return buttonPressed(state.board, state.player, state.boxes, cell);
}

/** Per link index: whether its buttons currently hold its doors open. All false without doors. */
export function pressedLinks(state: PushState): boolean[] {
  if (!doorsActive(state.board)) return state.board.links.map(() => false);
  return linkPressed(state.board, state.player, state.boxes);
}

/**
 * Whether the door on `cell` lets things through. A cell without a door, or any cell while the
 * door mechanic is disabled by the config, counts as open: no door stands in the way.
 */
export function doorIsOpen(state: PushState, cell: number): boolean {
  const { board } = state;
  if (!doorsActive(board) || cell < 0 || cell >= board.door.length || board.door[cell] < 0) return true;
  return !closedDoor(board, linkPressed(board, state.player, state.boxes), state.player, state.boxes, cell);
}

/** Won when every goal holds a box (and there is a goal). Push has no lost state. */
export function pushStatus(state: PushState): PlayStatus {
  const { goals } = state.board;
  return goals.length > 0 && goals.every((g) => state.boxes.includes(g)) ? 'won' : 'playing';
}

const xy = (board: PushBoard, cell: number): GridCell => ({ x: cell % board.width, y: Math.floor(cell / board.width) });

/** What the phases after the first read: the input state and the doors at the start of the step. */
interface StepContext {
  readonly start: PushState;
  readonly board: PushBoard;
  readonly delta: Delta;
  /** Doors as they were at the start of the step (doors change only in phase 6; see the header). */
  readonly closedAtStart: (cell: number) => boolean;
}

/** The positions being built by phases 4 and 5; a local draft, never the input state. */
interface Draft {
  player: number;
  /** The input's array until a box moves; replaced (never written in place) after that. */
  boxes: readonly number[];
  /** Box ids that moved this step, front of the chain first. */
  readonly movedBoxes: readonly number[];
  readonly events: VisualEvent[];
}

/** A copy of `boxes` with box `id` on `cell`: states are immutable, so arrays are never edited. */
function withBoxAt(boxes: readonly number[], id: number, cell: number): number[] {
  const next = [...boxes];
  next[id] = cell;
  return next;
}

function refuse(state: PushState, events: readonly VisualEvent[]): StepResult<PushState> {
  return { state, events, changed: false };
}

function bump(ctx: StepContext, target: number): StepResult<PushState> {
  const from = xy(ctx.board, ctx.start.player);
  const event: VisualEvent = target >= 0 ? { type: 'bump', entity: 'player', from, to: xy(ctx.board, target) } : { type: 'bump', entity: 'player', from };
  return refuse(ctx.start, [event]);
}

// Phase 1 ---------------------------------------------------------------------------------------

function validateInput(state: PushState, dir: Direction): Delta | undefined {
  if (pushStatus(state) === 'won') return undefined; // a solved level stays solved
  if (typeof dir !== 'string' || !Object.hasOwn(DIRECTION_DELTA, dir)) return undefined;
  return DIRECTION_DELTA[dir];
}

// Phase 2 ---------------------------------------------------------------------------------------

/** The cell the player tries to enter, or -1 when it is off the grid. */
function movePlayer(ctx: StepContext): { target: number; blocked: boolean } {
  const { board, delta } = ctx;
  const target = neighbour(board, ctx.start.player, delta[0], delta[1]);
  const blocked = target < 0 || board.wall[target] === 1 || ctx.closedAtStart(target);
  return { target, blocked };
}

// Phase 3 ---------------------------------------------------------------------------------------

/**
 * The ids of the contiguous boxes from `target` onward, front box first; empty when `target`
 * holds no box; undefined when the chain is too heavy or has no free cell beyond it.
 */
function resolvePushChain(ctx: StepContext, target: number): number[] | undefined {
  const { board, delta, start } = ctx;
  const chain: number[] = [];
  let weight = 0;
  let cell = target;
  for (let id = start.boxes.indexOf(cell); id >= 0; id = start.boxes.indexOf(cell)) {
    chain.push(id);
    weight += board.boxWeight[id];
    // "Plain Sokoban = strength 1 = one light box": the whole line counts, not just the first.
    if (weight > board.config.pushStrength) return undefined;
    cell = neighbour(board, cell, delta[0], delta[1]);
    if (cell < 0) return undefined;
  }
  if (chain.length > 0 && (board.wall[cell] === 1 || ctx.closedAtStart(cell))) return undefined;
  return chain.reverse();
}

// Phase 4 ---------------------------------------------------------------------------------------

function applyDisplacement(ctx: StepContext, target: number, chain: readonly number[]): Draft {
  const { board, delta, start } = ctx;
  const events: VisualEvent[] = [{ type: 'move', entity: 'player', from: xy(board, start.player), to: xy(board, target) }];
  if (chain.length === 0) return { player: target, boxes: start.boxes, movedBoxes: chain, events };
  const boxes = [...start.boxes];
  for (const id of chain) {
    const from = boxes[id];
    boxes[id] = neighbour(board, from, delta[0], delta[1]);
    events.push({ type: 'push', entity: `box:${id}`, from: xy(board, from), to: xy(board, boxes[id]) });
  }
  return { player: target, boxes, movedBoxes: chain, events };
}

/**
 * Things that moved and rest on ice keep going in the move direction until the next cell is not
 * free; they stop on the first non-ice cell they enter. Boxes go first (front first) so that "a
 * player behind a sliding box stops behind it".
 */
function slideOnIce(ctx: StepContext, draft: Draft): void {
  const { board, delta } = ctx;
  const ice = board.config.ice;
  if (!ice.enabled) return;
  const free = (c: number): boolean =>
    c >= 0 && board.wall[c] === 0 && !ctx.closedAtStart(c) && !draft.boxes.includes(c) && c !== draft.player;
  const slide = (from: number): number[] => {
    const path: number[] = [];
    let cell = from;
    while (board.ice[cell] === 1) {
      const next = neighbour(board, cell, delta[0], delta[1]);
      if (!free(next)) break;
      cell = next;
      path.push(cell);
    }
    return path;
  };
  const event = (entity: string, from: number, path: readonly number[]): VisualEvent => ({
    type: 'slide', entity, from: xy(board, from), to: xy(board, path[path.length - 1]), path: path.map((c) => xy(board, c)),
  });
  if (ice.boxesSlide) {
    for (const id of draft.movedBoxes) {
      const from = draft.boxes[id];
      const path = slide(from);
      if (path.length === 0) continue;
      draft.boxes = withBoxAt(draft.boxes, id, path[path.length - 1]);
      draft.events.push(event(`box:${id}`, from, path));
    }
  }
  if (ice.playerSlides) {
    const from = draft.player;
    const path = slide(from);
    if (path.length > 0) {
      draft.player = path[path.length - 1];
      draft.events.push(event('player', from, path));
    }
  }
}

// Phase 5 ---------------------------------------------------------------------------------------

/**
 * A pad carries what moved this step and rests on it to its pair, if the pair is free. Each thing
 * is looked at once, so it jumps at most once and does not slide after landing.
 */
function enterTriggers(ctx: StepContext, draft: Draft): void {
  const { board } = ctx;
  if (!board.config.teleporters.enabled) return;
  const free = (c: number): boolean => !draft.boxes.includes(c) && c !== draft.player;
  if (board.config.teleporters.carryBoxes) {
    for (const id of draft.movedBoxes) {
      const from = draft.boxes[id];
      const to = board.teleport[from];
      if (to < 0 || !free(to)) continue;
      draft.boxes = withBoxAt(draft.boxes, id, to);
      draft.events.push({ type: 'teleport', entity: `box:${id}`, from: xy(board, from), to: xy(board, to) });
    }
  }
  const from = draft.player;
  const to = board.teleport[from];
  if (to >= 0 && free(to)) {
    draft.player = to;
    draft.events.push({ type: 'teleport', entity: 'player', from: xy(board, from), to: xy(board, to) });
  }
}

// Phase 6 ---------------------------------------------------------------------------------------

/** Doors follow from resting positions only: compare each door before and after the step. */
function updateDoors(ctx: StepContext, draft: Draft): void {
  const { board, start } = ctx;
  if (!doorsActive(board)) return;
  const before = linkPressed(board, start.player, start.boxes);
  const after = linkPressed(board, draft.player, draft.boxes);
  board.linkDoors.forEach((doors) => {
    for (const cell of doors) {
      const wasClosed = closedDoor(board, before, start.player, start.boxes, cell);
      const isClosed = closedDoor(board, after, draft.player, draft.boxes, cell);
      if (wasClosed === isClosed) continue;
      draft.events.push({ type: isClosed ? 'close' : 'open', entity: `door:${cell}`, to: xy(board, cell) });
    }
  });
}

// Phase 7 ---------------------------------------------------------------------------------------

function checkWin(next: PushState, draft: Draft): void {
  if (pushStatus(next) === 'won') draft.events.push({ type: 'win' });
}

/** One command through the fixed pipeline. Never mutates `state`; a refusal returns it as is. */
export function stepPush(state: PushState, dir: Direction): StepResult<PushState> {
  const delta = validateInput(state, dir);
  if (!delta) return refuse(state, []);
  const { board } = state;
  let closedAtStart: (cell: number) => boolean = () => false;
  if (doorsActive(board)) {
    const pressed = linkPressed(board, state.player, state.boxes);
    closedAtStart = (cell) => closedDoor(board, pressed, state.player, state.boxes, cell);
  }
  const ctx: StepContext = { start: state, board, delta, closedAtStart };

  const { target, blocked } = movePlayer(ctx);
  if (blocked) return bump(ctx, target);
  const chain = resolvePushChain(ctx, target);
  if (!chain) return bump(ctx, target);

  const draft = applyDisplacement(ctx, target, chain);
  slideOnIce(ctx, draft);
  enterTriggers(ctx, draft);
  updateDoors(ctx, draft);
  const next: PushState = {
    board,
    player: draft.player,
    boxes: draft.boxes,
    moves: state.moves + 1,
    pushes: state.pushes + (chain.length > 0 ? 1 : 0),
  };
  checkWin(next, draft);
  return { state: next, events: draft.events, changed: true };
}
