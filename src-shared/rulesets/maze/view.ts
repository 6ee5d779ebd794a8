/**
 * How a maze looks and what its player sees: the board picture (terrain per cell, boulders,
 * items and the player as pieces), the appearance of each name, and perception (seed 001): light
 * around the player blocked by walls, doors and gates; walked cells remembered in the dark; a
 * recall shows the whole map for the step it was made.
 */
import type { Appearances, BoardPiece, BoardView, Perception, Visibility } from '../../engine/ruleset.ts';
import type { MazeState } from './level.ts';
import { LEGEND_BY_CHAR } from './schema.ts';

/** Cells light does not pass. */
const OPAQUE = new Set(['#', 'D', '%', 'G']);

export function viewMaze(state: MazeState): BoardView {
  const { width, height } = state.board;
  const terrain: string[] = [];
  const pieces: BoardPiece[] = [];
  for (let i = 0; i < state.cells.length; i++) {
    const ch = state.cells[i];
    const entry = LEGEND_BY_CHAR.get(ch);
    const x = i % width;
    const y = Math.floor(i / width);
    if (entry?.what === 'item') {
      terrain.push('floor');
      pieces.push({ id: `item:${i}`, kind: entry.name, x, y });
    } else if (ch === 'o') {
      terrain.push('floor');
      // Boulders have no identity of their own: the id follows the cell (enough for drawing).
      pieces.push({ id: `boulder:${i}`, kind: 'boulder', x, y });
    } else {
      terrain.push(entry?.name ?? 'floor');
    }
  }
  pieces.push({ id: 'player', kind: 'player', x: state.player % width, y: Math.floor(state.player / width) });
  return { width, height, terrain, pieces };
}

export const MAZE_APPEARANCE: Appearances = {
  terrain: {
    wall: { shape: 'fill', tone: 'wall' },
    floor: { shape: 'fill', tone: 'floor' },
    exit: { shape: 'fill', tone: 'goal', overlay: { shape: 'mark', tone: 'goal' } },
    door: { shape: 'fill', tone: 'floor', overlay: { shape: 'door', tone: 'mechanism' } },
    cracked: { shape: 'fill', tone: 'wall', overlay: { shape: 'hatch', tone: 'warning' } },
    plate: { shape: 'fill', tone: 'floor', overlay: { shape: 'pad', tone: 'mechanism' } },
    pressed: { shape: 'fill', tone: 'floor', overlay: { shape: 'box', tone: 'box' } },
    gate: { shape: 'fill', tone: 'floor', overlay: { shape: 'door', tone: 'warning' } },
    'open-gate': { shape: 'fill', tone: 'floor', overlay: { shape: 'mark', tone: 'muted' } },
    spikes: { shape: 'fill', tone: 'floor', overlay: { shape: 'spike', tone: 'danger' } },
    crumbling: { shape: 'fill', tone: 'floor', overlay: { shape: 'hatch', tone: 'muted' } },
    pit: { shape: 'fill', tone: 'outside' },
    anchor: { shape: 'fill', tone: 'floor', overlay: { shape: 'ring', tone: 'accent' } },
    ice: { shape: 'fill', tone: 'ice', overlay: { shape: 'hatch', tone: 'ice' } },
  },
  pieces: {
    player: { shape: 'player', tone: 'player' },
    boulder: { shape: 'box', tone: 'box' },
    key: { shape: 'token', tone: 'accent' },
    bomb: { shape: 'disc', tone: 'muted' },
    feather: { shape: 'token', tone: 'success' },
    hook: { shape: 'token', tone: 'mechanism' },
    torch: { shape: 'disc', tone: 'warning' },
    lantern: { shape: 'ring', tone: 'warning' },
    heart: { shape: 'token', tone: 'danger' },
  },
};

/** Whether the straight line from the player to a cell passes no opaque cell (the ends excepted). */
function inSight(state: MazeState, from: number, to: number): boolean {
  const { width } = state.board;
  let x0 = from % width;
  let y0 = Math.floor(from / width);
  const x1 = to % width;
  const y1 = Math.floor(to / width);
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    if (x0 === x1 && y0 === y1) return true;
    const cell = y0 * width + x0;
    if (cell !== from && OPAQUE.has(state.cells[cell])) return false;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x0 += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y0 += sy;
    }
  }
}

/** The walked cells a memory holds (a sorted list of cell numbers; anything else is forgotten). */
function walkedCells(memory: unknown, size: number): Set<number> {
  const walked = new Set<number>();
  if (!Array.isArray(memory)) return walked;
  for (const c of memory.slice(0, size)) if (Number.isInteger(c) && c >= 0 && c < size) walked.add(c as number);
  return walked;
}

export function perceiveMaze(state: MazeState, memory: unknown): Perception {
  const { width, height, lightRadius } = state.board;
  const size = width * height;
  const walked = walkedCells(memory, size);
  walked.add(state.player);
  const radius = lightRadius + state.lightBonus;
  const px = state.player % width;
  const py = Math.floor(state.player / width);
  const visibility: Visibility[] = [];
  for (let i = 0; i < size; i++) {
    const dx = (i % width) - px;
    const dy = Math.floor(i / width) - py;
    const lit = state.flash || (dx * dx + dy * dy <= radius * radius + radius && inSight(state, state.player, i));
    visibility.push(lit ? 'visible' : walked.has(i) ? 'remembered' : 'hidden');
  }
  return { visibility, memory: [...walked].sort((a, b) => a - b) };
}
