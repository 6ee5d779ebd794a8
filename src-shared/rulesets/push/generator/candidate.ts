/**
 * One candidate of the reverse generator, made from the run's seed and its index alone (its own
 * RNG stream, `seed#index`): the room (a template room, or the drawn one), the goals, the player
 * in the solved position, and the reverse walk of pulls that ends at the level's start. So the
 * provenance (generator, version, seed, params, candidate index) regenerates a level exactly,
 * without the candidates before it.
 */
import { Rng } from '../../../engine/rng.ts';
import { buildPushLevel, type PushState } from '../board.ts';
import { pushConfigSchema, type PushLevel } from '../schema.ts';
import { compilePlainBoard, type CompiledBoard } from '../solver/compiled.ts';
import type { Settings } from './params.ts';
import { edgeCells, floodCells } from '../../../engine/grid.ts';
import { floorCells, templateRoom, type Room } from './rooms.ts';
import { pullWalk, type WalkEnd } from './walk.ts';

/** Plain Sokoban: the generator's levels use no mechanic. */
export const PLAIN_CONFIG = pushConfigSchema.parse({});

export function candidateRng(seed: string, index: number): Rng {
  return new Rng(`${seed}#${index}`);
}

/** The candidate's room: drawn rooms are used as drawn, template rooms made from the stream. */
export function candidateRoom(settings: Settings, rng: Rng): Room {
  if (settings.drawn) return settings.drawn.room;
  return templateRoom(settings.blocks.width, settings.blocks.height, rng);
}

export interface WalkedCandidate {
  readonly room: Room;
  /** Goal cells (grid indices of the room). */
  readonly goals: readonly number[];
  /** The compiled solved position (floor indices, dead squares, distances to the goals). */
  readonly board: CompiledBoard;
  readonly walk: WalkEnd;
}

/** Goals (the drawn ones, or drawn at random), the player off them, then the reverse walk. */
export function walkCandidate(settings: Settings, room: Room, rng: Rng): WalkedCandidate {
  const floor = floorCells(room);
  const drawnGoals = settings.drawn?.goals ?? [];
  const goals = drawnGoals.length > 0 ? [...drawnGoals] : rng.shuffled(floor).slice(0, settings.boxes).sort((a, b) => a - b);
  const isGoal = new Set(goals);
  const player = rng.pick(floor.filter((c) => !isGoal.has(c)));
  const solved = buildState(room, goals, goals, player);
  const board = compilePlainBoard(solved);
  const steps = settings.pulls.min + rng.int(settings.pulls.max - settings.pulls.min + 1);
  const walk = pullWalk(board, { player: board.player, boxes: board.boxes }, steps, rng);
  return { room, goals, board, walk };
}

/** The candidate's start as grid cells of its room. */
export function startCells(candidate: WalkedCandidate): { boxes: number[]; player: number } {
  const { gridOf } = candidate.board;
  return { boxes: Array.from(candidate.walk.boxes, (b) => gridOf[b]), player: gridOf[candidate.walk.player] };
}

/** A position on a room as a push state (the room's own grid). */
export function buildState(room: Room, goals: readonly number[], boxes: readonly number[], player: number): PushState {
  const built = buildPushLevel({ board: roomRows(room, goals, boxes, player, false) }, PLAIN_CONFIG);
  if (!built.state) throw new Error(`generator: a candidate did not build (${built.diagnostics.map((d) => d.message).join('; ')})`);
  return built.state;
}

/**
 * The level document of a position: the room trimmed to its floor and one ring of wall round it,
 * wall that touches no floor (not even at a corner) and lies outside the room left blank.
 */
export function levelOf(room: Room, goals: readonly number[], boxes: readonly number[], player: number): PushLevel {
  return { board: roomRows(room, goals, boxes, player, true) };
}

function roomRows(room: Room, goals: readonly number[], boxes: readonly number[], player: number, trim: boolean): string[] {
  const { width, height, wall } = room;
  let minX = 0;
  let minY = 0;
  let maxX = width - 1;
  let maxY = height - 1;
  if (trim) {
    minX = width;
    minY = height;
    maxX = -1;
    maxY = -1;
    for (let c = 0; c < wall.length; c++) {
      if (wall[c]) continue;
      const x = c % width;
      const y = Math.floor(c / width);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    minX = Math.max(0, minX - 1);
    minY = Math.max(0, minY - 1);
    maxX = Math.min(width - 1, maxX + 1);
    maxY = Math.min(height - 1, maxY + 1);
  }
  const blank = trim ? outerWall(room) : new Uint8Array(wall.length);
  const isGoal = new Set(goals);
  const isBox = new Set(boxes);
  const rows: string[] = [];
  for (let y = minY; y <= maxY; y++) {
    let row = '';
    for (let x = minX; x <= maxX; x++) {
      const c = y * width + x;
      if (wall[c]) row += blank[c] ? ' ' : '#';
      else if (c === player) row += isGoal.has(c) ? '+' : '@';
      else if (isBox.has(c)) row += isGoal.has(c) ? '*' : '$';
      else row += isGoal.has(c) ? '.' : ' ';
    }
    rows.push(row.replace(/ +$/, ''));
  }
  return rows;
}

/** Wall cells with no floor among their 8 neighbours that connect to the grid's edge through such cells. */
function outerWall(room: Room): Uint8Array {
  const { width, height, wall } = room;
  const touchesFloor = (c: number): boolean => {
    const x = c % width;
    const y = Math.floor(c / width);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height && !wall[ny * width + nx]) return true;
      }
    }
    return false;
  };
  const blank = floodCells(width, height, (c) => wall[c] === 1 && !touchesFloor(c), edgeCells(width, height));
  return blank;
}
