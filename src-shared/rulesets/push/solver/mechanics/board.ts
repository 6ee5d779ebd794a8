/**
 * A push board with mechanics compiled for search (mechanics/search.ts): the floor cells the
 * player can ever reach (across teleporters too) plus the box cells, numbered densely, with a
 * 4-neighbour table, and each mechanic the config turns on as flat arrays over those cells: ice,
 * teleporter pairs, the doors and buttons of each link, and the weight class of each box (light,
 * or heavy when a heavy box weighs more than a light one). A position is the player cell and the
 * sorted cells of each class: boxes of one weight are interchangeable for every rule (the engine
 * keeps ids only so animations can follow a box).
 *
 * Box distances are the relaxed model's (analysis.ts: other boxes ignored, doors open, any stop
 * of an ice run, a carried teleport taken or not), so a cell with no goal in reach is dead under
 * the mechanic's rules too. A heavy box the push strength cannot move never leaves its cell.
 */
import { neighbourCell } from '../../../../engine/grid.ts';
import type { StopPoll } from '../../../../search/stop-poll.ts';
import { UNREACHABLE, goalDistanceTables, nearestGoalPushes, playerFlood } from '../../analysis.ts';
import type { PushState } from '../../board.ts';
import type { CompiledBoard } from '../compiled.ts';

/** Box classes as stored in an occupancy array: 0 is a free cell. */
export const LIGHT = 1;
export const HEAVY = 2;

/**
 * The floor numbering is the plain compiled board's (`size`, `width`, `gridOf`, `floorOf`, `nbr`
 * with directions u, d, l, r, `goal`), over the cells this board counts as floor.
 */
export interface MechanicsBoard extends Pick<CompiledBoard, 'size' | 'width' | 'gridOf' | 'floorOf' | 'nbr' | 'goal'> {
  readonly goals: Int32Array;
  /** Ice that takes effect (1), and what slides on it. */
  readonly ice: Uint8Array;
  readonly boxesSlide: boolean;
  readonly playerSlides: boolean;
  /** The paired pad of each pad, or -1 (all -1 when teleporters are off). */
  readonly teleport: Int32Array;
  readonly carryBoxes: boolean;
  /** Link index of the door / button on each cell, or -1 (all -1 when doors are off). */
  readonly doorLink: Int16Array;
  readonly buttonLink: Int16Array;
  /** Buttons per link; a link without buttons never opens. */
  readonly linkButtons: Int32Array;
  readonly doorsActive: boolean;
  readonly opensWhenAll: boolean;
  readonly playerPresses: boolean;
  /** Door cells (floor indices), to set their state at the start of a step. */
  readonly doorCells: Int32Array;
  readonly strength: number;
  /** Weight of a box of each class, by class code (index 0 unused). */
  readonly weightOf: readonly number[];
  /** Most boxes one move can push (the strength over the lightest box's weight). */
  readonly chain: number;
  /** Heavy boxes cannot be moved at all under this strength. */
  readonly heavyFixed: boolean;
  /**
   * Only push strength and heavy boxes take part (no ice that slides, no doors, no pads), and no
   * heavy box is too heavy to push alone: every plain Sokoban line is then legal here too (it never
   * pushes into a box).
   */
  readonly strengthOnly: boolean;
  /** The player's free walks are undone by walking back (no sliding, pads or pressed doors on the way). */
  readonly symmetricWalk: boolean;
  /** Relaxed pushes from each cell onto its nearest goal (UNREACHABLE where none). */
  readonly nearest: Uint16Array;
  /** dist[g * size + c]: relaxed pushes from c onto goal g (UNREACHABLE where none). */
  readonly dist: Uint16Array;
  /** Start position: player, and the sorted cells of each class. */
  readonly player: number;
  readonly light: Int32Array;
  readonly heavy: Int32Array;
  /** Why the position can never be won before any search, if so. */
  readonly hopeless?: string;
}

export function compileMechanics(state: PushState, poll?: StopPoll): MechanicsBoard {
  const board = state.board;
  const { config } = board;
  const gridSize = board.width * board.height;
  const region = playerFlood(board, state.player, (c) => !board.wall[c]);
  const floorOf = new Int32Array(gridSize).fill(-1);
  const gridList: number[] = [];
  const boxCell = new Uint8Array(gridSize);
  for (const b of state.boxes) boxCell[b] = 1;
  for (let c = 0; c < gridSize; c++) {
    if ((region[c] && !board.wall[c]) || boxCell[c]) {
      floorOf[c] = gridList.length;
      gridList.push(c);
    }
  }
  const size = gridList.length;
  const gridOf = Int32Array.from(gridList);
  const nbr = new Int32Array(size * 4).fill(-1);
  for (let i = 0; i < size; i++) {
    for (let d = 0; d < 4; d++) {
      const n = neighbourCell(board.width, board.height, gridOf[i], d);
      if (n >= 0 && !board.wall[n]) nbr[i * 4 + d] = floorOf[n];
    }
  }
  poll?.check(8 * gridSize);
  let hopeless: string | undefined;
  const goal = new Uint8Array(size);
  const goalList: number[] = [];
  for (const g of board.goals) {
    if (floorOf[g] < 0) hopeless ??= 'a goal the player can never reach has no box';
    else {
      goal[floorOf[g]] = 1;
      goalList.push(floorOf[g]);
    }
  }
  if (board.goals.length === 0) hopeless ??= 'no goals';
  if (state.boxes.length < board.goals.length) hopeless ??= 'fewer boxes than goals';

  const iceOn = config.ice.enabled;
  const ice = new Uint8Array(size);
  if (iceOn) for (let i = 0; i < size; i++) ice[i] = board.ice[gridOf[i]];
  const teleport = new Int32Array(size).fill(-1);
  if (config.teleporters.enabled) {
    for (let i = 0; i < size; i++) {
      const pair = board.teleport[gridOf[i]];
      if (pair >= 0 && floorOf[pair] >= 0) teleport[i] = floorOf[pair];
    }
  }
  const doorsActive = config.doors.enabled && board.links.length > 0;
  const doorLink = new Int16Array(size).fill(-1);
  const buttonLink = new Int16Array(size).fill(-1);
  const linkButtons = new Int32Array(board.links.length);
  const doorList: number[] = [];
  if (doorsActive) {
    board.linkButtons.forEach((cells, link) => (linkButtons[link] = cells.length));
    for (let i = 0; i < size; i++) {
      doorLink[i] = board.door[gridOf[i]];
      buttonLink[i] = board.button[gridOf[i]];
      if (doorLink[i] >= 0) doorList.push(i);
    }
  }
  const playerPresses = config.doors.pressedBy === 'boxes-and-player';

  // Classes: heavy only when it weighs more than a light box (else every box is alike).
  const heavyWeight = config.heavyWeight;
  const heavyClass = heavyWeight !== 1;
  const light: number[] = [];
  const heavy: number[] = [];
  state.boxes.forEach((b, id) => (board.heavyBox[id] && heavyClass ? heavy : light).push(floorOf[b]));
  const weightOf = [0, 1, heavyWeight];
  const lightest = light.length > 0 ? 1 : heavyWeight;
  const chain = Math.max(1, Math.floor(config.pushStrength / lightest));
  const heavyFixed = heavyWeight > config.pushStrength;

  const playerSlides = iceOn && config.ice.playerSlides && ice.includes(1);
  const pads = teleport.some((t) => t >= 0);
  const boxesSlide = iceOn && config.ice.boxesSlide && ice.includes(1);
  const strengthOnly = !playerSlides && !boxesSlide && !pads && !(doorsActive && doorList.length > 0) && !(heavyFixed && heavy.length > 0);
  const symmetricWalk = !playerSlides && !pads && !(doorsActive && playerPresses && doorList.length > 0);

  const toFloor = (table: Uint16Array): Uint16Array => {
    const out = new Uint16Array(size);
    for (let i = 0; i < size; i++) out[i] = table[gridOf[i]];
    return out;
  };
  const nearest = toFloor(nearestGoalPushes(board));
  poll?.check(16 * gridSize);
  const tables = goalDistanceTables(board, () => poll?.check(gridSize * 4));
  const dist = new Uint16Array(goalList.length * size);
  goalList.forEach((g, k) => dist.set(toFloor(tables[board.goals.indexOf(gridOf[g])]), k * size));
  return {
    size,
    width: board.width,
    gridOf,
    floorOf,
    nbr,
    goal,
    goals: Int32Array.from(goalList),
    ice,
    boxesSlide,
    playerSlides,
    teleport,
    carryBoxes: config.teleporters.carryBoxes,
    doorLink,
    buttonLink,
    linkButtons,
    doorsActive,
    opensWhenAll: config.doors.opensWhen === 'all',
    playerPresses,
    doorCells: Int32Array.from(doorList),
    strength: config.pushStrength,
    weightOf,
    chain,
    heavyFixed,
    strengthOnly,
    symmetricWalk,
    nearest,
    dist,
    player: floorOf[state.player],
    light: Int32Array.from(light).sort(),
    heavy: Int32Array.from(heavy).sort(),
    ...(hopeless ? { hopeless } : {}),
  };
}

export { UNREACHABLE };
