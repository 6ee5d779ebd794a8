/**
 * The reverse generator's params (zod, defaults filled) and what they resolve to: a mode sets the
 * room size, the boxes, the pulls and the par window (BoxCat's normal / hard / expert differ in
 * exactly these); any of them can be set on its own. The room is a template room of
 * `blocks.width` x `blocks.height` 3x3 blocks, or a room the designer drew (`room`).
 *
 * A drawn room: its walls and floor are used as drawn (no pruning). Its goals, if it has any
 * (`.`, `*`, `+`), are THE goal set, so the box count is theirs; with none, every candidate
 * places its goals at random. Its boxes and player are ignored: the walk places them.
 */
import { z } from 'zod';
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../../search/budget.ts';
import { MAX_BOARD_SIDE } from '../schema.ts';
import { isFloorDisconnected } from './sieves.ts';
import { edgeCells, floodCells } from '../../../engine/grid.ts';
import type { Room } from './rooms.ts';

export const MODES = ['normal', 'hard', 'expert'] as const;
export type Mode = (typeof MODES)[number];

interface ModeDefaults {
  readonly blocks: { readonly width: number; readonly height: number };
  readonly boxes: number;
  readonly pulls: { readonly min: number; readonly max: number };
  readonly par: { readonly min: number; readonly max: number };
}

/** What each mode means: larger rooms, more boxes, longer walks, a deeper par. */
export const MODE_DEFAULTS: Readonly<Record<Mode, ModeDefaults>> = {
  normal: { blocks: { width: 2, height: 2 }, boxes: 2, pulls: { min: 10, max: 40 }, par: { min: 8, max: 40 } },
  hard: { blocks: { width: 3, height: 2 }, boxes: 3, pulls: { min: 20, max: 80 }, par: { min: 20, max: 60 } },
  expert: { blocks: { width: 3, height: 3 }, boxes: 4, pulls: { min: 40, max: 140 }, par: { min: 35, max: 100 } },
};

/** Most blocks a template room may have a side (3 cells each, plus the border: 38 cells). */
export const MAX_BLOCKS = 12;
/** Most boxes a level may have. */
export const MAX_BOXES = 24;

const range = (max: number) =>
  z.object({ min: z.int().min(0).max(max), max: z.int().min(0).max(max) }).describe('An inclusive range: min and max.');

export const reverseParamsSchema = z.object({
  count: z.int().min(1).max(200).default(10).describe('Levels to make.'),
  mode: z.enum(MODES).default('normal').describe('Room size, boxes, pulls and par window together (BoxCat: normal, hard, expert); each can be set on its own below.'),
  boxes: z.int().min(1).max(MAX_BOXES).optional().describe('Boxes (and goals) per level.'),
  pulls: range(10_000).optional().describe('How many pulls the reverse walk makes from the solved position, drawn in this range per candidate.'),
  par: range(100_000).optional().describe('The par window: a level is kept only if its proven optimal moves lie in it.'),
  blocks: z.object({ width: z.int().min(1).max(MAX_BLOCKS), height: z.int().min(1).max(MAX_BLOCKS) }).optional().describe('Template room size in 3x3 blocks (Taylor and Parberry).'),
  room: z
    .object({ board: z.array(z.string().max(MAX_BOARD_SIDE)).min(1).max(MAX_BOARD_SIDE) })
    .optional()
    .describe('A room the designer drew (XSB rows): its walls and floor are the room; its goals, if any, the goal set; its boxes and player are ignored.'),
  budget: z.int().min(1).max(MAX_VERIFY_BUDGET).default(DEFAULT_STATE_BUDGET).describe('State budget of each forward proof: a level whose par is not proven within it is rejected.'),
  maxCandidates: z.int().min(1).max(1_000_000).default(20_000).describe('Candidates tried at most before the run gives up (it never loops for ever).'),
  pool: z.int().min(1).max(20).default(1).describe('Proven levels gathered per level asked for; the best by quality score are kept.'),
});
export type ReverseParams = z.infer<typeof reverseParamsSchema>;

/** Params resolved against their mode, and the room (for a drawn one). */
export interface Settings {
  readonly count: number;
  readonly boxes: number;
  readonly pulls: { readonly min: number; readonly max: number };
  readonly par: { readonly min: number; readonly max: number };
  readonly blocks: { readonly width: number; readonly height: number };
  /** A drawn room, when one was given. */
  readonly drawn?: DrawnRoom;
  readonly budget: number;
  readonly maxCandidates: number;
  readonly pool: number;
}

export interface DrawnRoom {
  readonly room: Room;
  /** Its goal cells (grid indices); empty when the generator places goals. */
  readonly goals: readonly number[];
  readonly floor: number;
}

/** Spare floor a template room needs beyond the boxes and the player: room to move. */
export function spareFloor(boxes: number): number {
  return boxes + 2;
}

const error = (code: string, message: string, path?: string): Diagnostic => ({ severity: 'error', code: `push.generate.${code}`, message, ...(path ? { path } : {}) });

/** Params (untrusted) to settings, or the diagnostics that say why not, before any work. */
export function resolveSettings(input: unknown): { settings?: Settings; params?: ReverseParams; diagnostics: Diagnostic[] } {
  const parsed = reverseParamsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    return {
      diagnostics: parsed.error.issues.map((issue) => error('params', `Not valid generator parameters: ${issue.path.join('.') || 'params'}: ${issue.message}.`, issue.path.join('.'))),
    };
  }
  const params = parsed.data;
  const mode = MODE_DEFAULTS[params.mode];
  const diagnostics: Diagnostic[] = [];
  const drawn = params.room ? readDrawnRoom(params.room.board, diagnostics) : undefined;
  if (hasError(diagnostics)) return { diagnostics };
  const boxes = drawn && drawn.goals.length > 0 ? drawn.goals.length : (params.boxes ?? mode.boxes);
  if (drawn && drawn.goals.length > 0 && params.boxes !== undefined && params.boxes !== drawn.goals.length) {
    diagnostics.push(error('boxes', `The drawn room has ${drawn.goals.length} goals, so its levels have ${drawn.goals.length} boxes, not ${params.boxes}: leave boxes out or draw the room without goals.`, 'boxes'));
  }
  const pulls = params.pulls ?? mode.pulls;
  const par = params.par ?? mode.par;
  const blocks = params.blocks ?? mode.blocks;
  if (pulls.min > pulls.max) diagnostics.push(error('pulls', `The pull range is empty: min ${pulls.min} is above max ${pulls.max}.`, 'pulls'));
  if (pulls.max < 1) diagnostics.push(error('pulls', 'The walk must make at least one pull: raise pulls.max.', 'pulls'));
  if (par.min > par.max) diagnostics.push(error('par-window', `The par window is empty: min ${par.min} is above max ${par.max}. No level can meet it.`, 'par'));
  const floor = drawn ? drawn.floor : 9 * blocks.width * blocks.height;
  const needed = drawn ? boxes + 1 : boxes + 1 + spareFloor(boxes);
  if (floor < needed) {
    diagnostics.push(
      error(
        'too-many-boxes',
        drawn
          ? `The drawn room has ${floor} floor cells: too few for ${boxes} boxes and the player. Draw more floor or ask for fewer boxes.`
          : `A ${blocks.width}x${blocks.height}-block room has at most ${floor} floor cells: too few for ${boxes} boxes, the player and room to move (${needed}). Ask for fewer boxes or a larger room.`,
        'boxes',
      ),
    );
  }
  // Each pull adds one push and a walk across at most the free cells: the path back, an upper
  // bound on par, is at most pulls.max * (floor - boxes).
  const reachable = pulls.max * Math.max(1, floor - boxes);
  if (par.min <= par.max && par.min > reachable) {
    diagnostics.push(error('par-unreachable', `No level can reach par ${par.min}: ${pulls.max} pulls in ${floor} floor cells give paths of at most ${reachable} moves. Raise pulls.max or lower par.min.`, 'par'));
  }
  if (hasError(diagnostics)) return { diagnostics };
  return {
    params,
    settings: { count: params.count, boxes, pulls, par, blocks, ...(drawn ? { drawn } : {}), budget: params.budget, maxCandidates: params.maxCandidates, pool: params.pool },
    diagnostics,
  };
}

const hasError = (diagnostics: readonly Diagnostic[]): boolean => diagnostics.some((d) => d.severity === 'error');

/** XSB rows to a room: walls, floor (everything inside the walls), and the goal marks. */
export function readDrawnRoom(rows: readonly string[], diagnostics: Diagnostic[]): DrawnRoom | undefined {
  const height = rows.length;
  const width = Math.max(0, ...rows.map((r) => r.length));
  const wall = new Uint8Array(width * height);
  const goals: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ch = x < rows[y].length ? rows[y][x] : ' ';
      const c = y * width + x;
      if (ch === '#') wall[c] = 1;
      else if (ch === '.' || ch === '*' || ch === '+') goals.push(c);
      else if (!' -_$@'.includes(ch)) {
        diagnostics.push(error('room', `The drawn room has an unknown symbol '${ch}' at column ${x + 1}, row ${y + 1}: use # wall, space floor, . goal.`, `room.board[${y}]`));
        return undefined;
      }
    }
  }
  // Floor reached from beyond the edge without crossing a wall is outside the room.
  const outside = floodCells(width, height, (c) => !wall[c], edgeCells(width, height));
  for (let c = 0; c < wall.length; c++) if (outside[c]) wall[c] = 1;
  const room: Room = { width, height, wall };
  const floor = wall.reduce((n, w) => n + (w ? 0 : 1), 0);
  if (floor === 0) {
    diagnostics.push(error('no-floor', 'The drawn room has no floor inside its walls: draw a closed wall round some floor.', 'room'));
    return undefined;
  }
  if (goals.some((g) => wall[g])) {
    diagnostics.push(error('room', 'A goal of the drawn room lies outside its walls: close the wall round it.', 'room'));
    return undefined;
  }
  if (isFloorDisconnected(room)) {
    diagnostics.push(error('room-disconnected', 'The floor of the drawn room is in more than one piece: the player could never reach all of it. Open a way between the parts.', 'room'));
    return undefined;
  }
  return { room, goals, floor };
}
