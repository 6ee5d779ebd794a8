/**
 * From a push level document to the engine's board and start state.
 *
 * The board is static and shared by every state of a level; a state is the player cell, the box
 * cells (indexed by box id, so animations can follow a box) and counters. Cells are indexed
 * `y * width + x`. Door states are not stored: a door is open while its link's buttons are pressed
 * or while something stands in it, which the current positions decide.
 */
import { validateDocument } from '../../engine/text/documents.ts';
import type { Diagnostic } from '../../engine/diagnostics.ts';
import { pushLevelSchema, type CellXY, type PushConfig, type PushLevel } from './schema.ts';
import { edgeCells, floodCells, offsetCell } from '../../engine/grid.ts';

export interface PushBoard {
  readonly width: number;
  readonly height: number;
  readonly wall: Uint8Array;
  readonly goal: Uint8Array;
  readonly ice: Uint8Array;
  /** Cells outside the walls (reached from the border without crossing a wall): drawn as nothing. */
  readonly outside: Uint8Array;
  /** Link index of the button on each cell, or -1. */
  readonly button: Int16Array;
  /** Link index of the door on each cell, or -1. */
  readonly door: Int16Array;
  /** The paired pad of each teleporter pad, or -1. */
  readonly teleport: Int32Array;
  /** Link names, by link index. */
  readonly links: readonly string[];
  /** Cells of each link's buttons and doors, by link index. */
  readonly linkButtons: readonly (readonly number[])[];
  readonly linkDoors: readonly (readonly number[])[];
  readonly goals: readonly number[];
  /** Weight of each box, by box id. */
  readonly boxWeight: readonly number[];
  /** Whether each box is heavy, by box id (kept apart from weight so a save keeps it). */
  readonly heavyBox: readonly boolean[];
  readonly config: PushConfig;
  /** True when the level uses no mechanic beyond plain Sokoban under this config. */
  readonly plain: boolean;
}

export interface PushState {
  readonly board: PushBoard;
  readonly player: number;
  /** Box cells by box id. */
  readonly boxes: readonly number[];
  readonly moves: number;
  readonly pushes: number;
}

export interface BuiltLevel {
  readonly level?: PushLevel;
  readonly state?: PushState;
  readonly diagnostics: readonly Diagnostic[];
}

/** Validate an untrusted document against the level schema, with one diagnostic per problem. */
export function validatePushLevel(input: unknown): { level?: PushLevel; diagnostics: Diagnostic[] } {
  const { value, diagnostics } = validateDocument(pushLevelSchema, input, 'push.schema', 'push level');
  return value ? { level: value, diagnostics } : { diagnostics };
}

const cellOf = (width: number, [x, y]: CellXY): number => y * width + x;

/**
 * Build the board and start state of a schema-valid level. Returns error diagnostics (and no
 * state) for anything that makes the level unplayable as written: unknown symbols, no player or
 * several, entities outside the map or inside walls, overlapping mechanisms.
 */
export function buildPushLevel(level: PushLevel, config: PushConfig): BuiltLevel {
  const diagnostics: Diagnostic[] = [];
  const error = (code: string, message: string, x?: number, y?: number, path?: string): void => {
    diagnostics.push({ severity: 'error', code, message, ...(x !== undefined && y !== undefined ? { cell: { x, y } } : {}), ...(path ? { path } : {}) });
  };

  const height = level.board.length;
  const width = Math.max(0, ...level.board.map((row) => row.length));
  if (width === 0) {
    error('push.board.empty', 'The board has no cells: draw at least walls, a player and a box.');
    return { level, diagnostics };
  }
  const size = width * height;
  const wall = new Uint8Array(size);
  const goal = new Uint8Array(size);
  const ice = new Uint8Array(size);
  const button = new Int16Array(size).fill(-1);
  const door = new Int16Array(size).fill(-1);
  const teleport = new Int32Array(size).fill(-1);
  const players: number[] = [];
  const boxCells: number[] = [];

  for (let y = 0; y < height; y++) {
    const row = level.board[y];
    for (let x = 0; x < width; x++) {
      const ch = x < row.length ? row[x] : ' ';
      const c = y * width + x;
      switch (ch) {
        case '#': wall[c] = 1; break;
        case ' ': case '-': case '_': break;
        case '.': goal[c] = 1; break;
        case '$': boxCells.push(c); break;
        case '*': goal[c] = 1; boxCells.push(c); break;
        case '@': players.push(c); break;
        case '+': goal[c] = 1; players.push(c); break;
        default:
          error('push.board.symbol', `Unknown board symbol '${ch}' at column ${x + 1}, row ${y + 1}: use # wall, space floor, . goal, $ box, * box on goal, @ player, + player on goal.`, x, y, `board[${y}]`);
      }
    }
  }
  if (players.length === 0) error('push.player.missing', 'The board has no player: place one @ (or + on a goal).');
  if (players.length > 1) {
    for (const p of players.slice(1)) {
      error('push.player.multiple', `The board has ${players.length} players; keep exactly one.`, p % width, Math.floor(p / width));
    }
  }

  // Mechanisms: every cell inside the map and not in a wall; at most one mechanism per cell.
  const taken = new Map<number, string>();
  const place = (at: CellXY, what: string, path: string): number | undefined => {
    const [x, y] = at;
    if (x >= width || y >= height) {
      error('push.entity.outside', `The ${what} at (${x},${y}) is outside the ${width}x${height} board.`, x, y, path);
      return undefined;
    }
    const c = cellOf(width, at);
    if (wall[c]) {
      error('push.entity.in-wall', `The ${what} at (${x},${y}) is inside a wall.`, x, y, path);
      return undefined;
    }
    const other = taken.get(c);
    if (other) {
      error('push.entity.overlap', `The ${what} at (${x},${y}) shares its cell with a ${other}.`, x, y, path);
      return undefined;
    }
    taken.set(c, what);
    return c;
  };

  const links: string[] = [];
  const linkIndex = (name: string): number => {
    let i = links.indexOf(name);
    if (i < 0) {
      i = links.length;
      links.push(name);
    }
    return i;
  };
  level.buttons?.forEach((b, i) => {
    const c = place(b.at, 'button', `buttons[${i}]`);
    if (c !== undefined) button[c] = linkIndex(b.link);
  });
  level.doors?.forEach((d, i) => {
    const c = place(d.at, 'door', `doors[${i}]`);
    if (c !== undefined) door[c] = linkIndex(d.link);
  });
  level.teleporters?.forEach((t, i) => {
    // A pad paired with itself is how an editor keeps a pad whose partner is not placed yet.
    if (t.a[0] === t.b[0] && t.a[1] === t.b[1]) {
      error('push.teleporter.unpaired', `The teleporter pad at (${t.a[0]},${t.a[1]}) has no partner: place a second pad with the same pair id.`, t.a[0], t.a[1], `teleporters[${i}]`);
      return;
    }
    const a = place(t.a, 'teleporter pad', `teleporters[${i}].a`);
    const b = place(t.b, 'teleporter pad', `teleporters[${i}].b`);
    if (a !== undefined && b !== undefined) {
      teleport[a] = b;
      teleport[b] = a;
    }
  });
  // Ice is terrain: it may lie under a button or a pad, never under a wall.
  level.ice?.forEach((at, i) => {
    const [x, y] = at;
    if (x >= width || y >= height) error('push.entity.outside', `The ice at (${x},${y}) is outside the ${width}x${height} board.`, x, y, `ice[${i}]`);
    else if (wall[cellOf(width, at)]) error('push.entity.in-wall', `The ice at (${x},${y}) is inside a wall.`, x, y, `ice[${i}]`);
    else ice[cellOf(width, at)] = 1;
  });
  const heavyCells = new Set<number>();
  level.heavy?.forEach((at, i) => {
    const [x, y] = at;
    const c = x < width && y < height ? cellOf(width, at) : -1;
    if (c < 0 || !boxCells.includes(c)) error('push.heavy.no-box', `A heavy box is listed at (${x},${y}) but no box starts there.`, x, y, `heavy[${i}]`);
    else heavyCells.add(c);
  });

  const linkButtons: number[][] = links.map(() => []);
  const linkDoors: number[][] = links.map(() => []);
  for (let c = 0; c < size; c++) {
    if (button[c] >= 0) linkButtons[button[c]].push(c);
    if (door[c] >= 0) linkDoors[door[c]].push(c);
  }

  const outside = floodOutside(width, height, wall);
  const goals: number[] = [];
  for (let c = 0; c < size; c++) if (goal[c]) goals.push(c);
  const heavyBox = boxCells.map((c) => heavyCells.has(c));
  const boxWeight = heavyBox.map((heavy) => (heavy ? config.heavyWeight : 1));
  const plain =
    config.pushStrength === 1 &&
    boxWeight.every((w) => w === 1) &&
    (!config.ice.enabled || !ice.includes(1) || (!config.ice.boxesSlide && !config.ice.playerSlides)) &&
    (!config.doors.enabled || links.length === 0) &&
    (!config.teleporters.enabled || !teleport.some((t) => t >= 0));

  if (diagnostics.some((d) => d.severity === 'error')) return { level, diagnostics };
  const board: PushBoard = {
    width, height, wall, goal, ice, outside, button, door, teleport, links, linkButtons, linkDoors, goals, boxWeight, heavyBox, config, plain,
  };
  return { level, state: { board, player: players[0], boxes: boxCells, moves: 0, pushes: 0 }, diagnostics };
}

/** Cells reached from beyond the grid's edge without crossing a wall. */
function floodOutside(width: number, height: number, wall: Uint8Array): Uint8Array {
  return floodCells(width, height, (c) => !wall[c], edgeCells(width, height));
}

/** The cell one step from `cell` in a direction, or -1 off the grid (engine/grid.ts). */
export function neighbour(board: Pick<PushBoard, 'width' | 'height'>, cell: number, dx: number, dy: number): number {
  return offsetCell(board.width, board.height, cell, dx, dy);
}

export { DIRECTION_DELTA } from '../../engine/grid.ts';
