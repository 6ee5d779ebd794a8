/**
 * How a maze looks and what its player sees: the board picture (terrain per cell, boulders,
 * items and the player as pieces), the appearance of each name, and perception (seed 001): light
 * around the player blocked by walls, doors and gates; walked cells remembered in the dark; a
 * recall shows the whole map for the step it was made.
 */
import { circlePath } from '../../engine/appearance.ts';
import type { Appearances, BoardPiece, BoardView, HudItem, Perception, Visibility } from '../../engine/ruleset.ts';
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

/**
 * How a maze looks: base shapes and tones where they fit, and the maze's own where they do not
 * (a key, a heart, a feather, a hook, a flame in its own tone, the recall's eye for the HUD).
 */
export const MAZE_APPEARANCE: Appearances = {
  terrain: {
    wall: { shape: 'fill', tone: 'wall' },
    floor: { shape: 'fill', tone: 'floor' },
    exit: { shape: 'fill', tone: 'goal', overlay: { shape: 'mark', tone: 'goal' } },
    door: { shape: 'fill', tone: 'floor', overlay: { shape: 'door', tone: 'mechanism' } },
    cracked: { shape: 'fill', tone: 'wall', overlay: { shape: 'crack', tone: 'warning' } },
    plate: { shape: 'fill', tone: 'floor', overlay: { shape: 'pad', tone: 'mechanism' } },
    pressed: { shape: 'fill', tone: 'floor', overlay: { shape: 'boulder', tone: 'box' } },
    gate: { shape: 'fill', tone: 'floor', overlay: { shape: 'bars', tone: 'warning' } },
    'open-gate': { shape: 'fill', tone: 'floor', overlay: { shape: 'mark', tone: 'muted' } },
    spikes: { shape: 'fill', tone: 'floor', overlay: { shape: 'spike', tone: 'danger' } },
    crumbling: { shape: 'fill', tone: 'floor', overlay: { shape: 'crack', tone: 'muted' } },
    pit: { shape: 'fill', tone: 'outside', overlay: { shape: 'pit', tone: 'muted' } },
    anchor: { shape: 'fill', tone: 'floor', overlay: { shape: 'ring', tone: 'accent' } },
    ice: { shape: 'fill', tone: 'ice', overlay: { shape: 'hatch', tone: 'ice' } },
  },
  pieces: {
    player: { shape: 'player', tone: 'player' },
    boulder: { shape: 'boulder', tone: 'box' },
    key: { shape: 'key', tone: 'accent' },
    bomb: { shape: 'disc', tone: 'muted' },
    feather: { shape: 'feather', tone: 'success' },
    hook: { shape: 'hook', tone: 'mechanism' },
    torch: { shape: 'flame', tone: 'flame' },
    lantern: { shape: 'lantern', tone: 'flame' },
    heart: { shape: 'heart', tone: 'danger' },
    // Not on the board: the HUD's icons for steps and recalls.
    step: { shape: 'footprint', tone: 'player' },
    recall: { shape: 'eye', tone: 'accent' },
  },
  shapes: {
    boulder: { body: 'M0.5 0.14C0.72 0.14 0.86 0.3 0.86 0.5C0.86 0.72 0.7 0.86 0.5 0.86C0.28 0.86 0.14 0.7 0.16 0.48C0.18 0.28 0.3 0.14 0.5 0.14z', detail: 'M0.34 0.4L0.46 0.5M0.56 0.66L0.68 0.58', detailWeight: 0.05 },
    key: { body: `${circlePath(0.32, 0.5, 0.13)}M0.45 0.5H0.84M0.74 0.5V0.66M0.62 0.5V0.62`, paint: 'line', weight: 0.09 },
    feather: { body: 'M0.2 0.8C0.28 0.46 0.5 0.22 0.82 0.18C0.78 0.5 0.56 0.74 0.2 0.8z', detail: 'M0.2 0.8L0.64 0.36', detailWeight: 0.04 },
    hook: { body: 'M0.56 0.14V0.62A0.2 0.2 0 0 1 0.16 0.62L0.26 0.52M0.44 0.14H0.68', paint: 'line', weight: 0.08 },
    flame: { body: 'M0.5 0.14C0.68 0.36 0.76 0.5 0.7 0.66C0.64 0.82 0.36 0.82 0.3 0.66C0.24 0.5 0.36 0.38 0.5 0.14z', detail: 'M0.5 0.5C0.58 0.6 0.56 0.7 0.5 0.72C0.44 0.7 0.42 0.6 0.5 0.5z', detailPaint: 'solid' },
    lantern: { body: 'M0.3 0.3H0.7V0.82H0.3z', detail: 'M0.5 0.44C0.58 0.54 0.58 0.64 0.5 0.7C0.42 0.64 0.42 0.54 0.5 0.44zM0.4 0.3V0.18H0.6V0.3', detailPaint: 'solid' },
    heart: { body: 'M0.5 0.82C0.2 0.6 0.12 0.44 0.18 0.3C0.25 0.16 0.44 0.16 0.5 0.32C0.56 0.16 0.75 0.16 0.82 0.3C0.88 0.44 0.8 0.6 0.5 0.82z' },
    eye: { body: 'M0.1 0.5Q0.5 0.12 0.9 0.5Q0.5 0.88 0.1 0.5z', detail: circlePath(0.5, 0.5, 0.12), detailPaint: 'solid' },
    footprint: { body: `${circlePath(0.38, 0.62, 0.13)}${circlePath(0.62, 0.36, 0.13)}`, paint: 'colour' },
    crack: { body: 'M0.2 0.15L0.42 0.42L0.32 0.58L0.6 0.86M0.42 0.42L0.76 0.34', paint: 'line', weight: 0.06 },
    bars: { body: 'M0.1 0.14H0.9M0.1 0.86H0.9M0.26 0.14V0.86M0.5 0.14V0.86M0.74 0.14V0.86', paint: 'line', weight: 0.08 },
    pit: { body: 'M0.14 0.14H0.86V0.86H0.14z', paint: 'line', weight: 0.05 },
  },
  tones: {
    // Fire light: warmer than the warning tone, so a torch never reads as a cracked wall.
    flame: {
      dark: { colour: '#ff9d42', edge: '#8c4a12', ground: '#3b2a1b' },
      light: { colour: '#e2791c', edge: '#8a470d', ground: '#f5e3cf' },
    },
  },
};

/** The HUD: steps (and steps left under a limit), hearts, recalls left; what is held as the inventory. */
export function mazeHud(state: MazeState): HudItem[] {
  const { limit } = state.board;
  const items: HudItem[] = [{ id: 'steps', value: state.steps, icon: { piece: 'step' } }];
  if (limit > 0) {
    const left = limit - state.steps;
    items.push({ id: 'stepsLeft', value: left, max: limit, low: left <= Math.max(3, Math.ceil(limit / 10)) });
  }
  items.push({ id: 'hearts', value: state.hearts, icon: { piece: 'heart' }, low: state.hearts <= 1 });
  items.push({ id: 'recallsLeft', value: state.recallsLeft, max: state.board.recalls, icon: { piece: 'recall' } });
  if (state.keys > 0) items.push({ id: 'keys', value: state.keys, icon: { piece: 'key' }, role: 'held' });
  if (state.bombs > 0) items.push({ id: 'bombs', value: state.bombs, icon: { piece: 'bomb' }, role: 'held' });
  if (state.feather) items.push({ id: 'feather', value: 1, icon: { piece: 'feather' }, role: 'held' });
  if (state.hook) items.push({ id: 'hook', value: 1, icon: { piece: 'hook' }, role: 'held' });
  if (state.lightBonus > 0) items.push({ id: 'light', value: state.lightBonus, icon: { piece: 'torch' }, role: 'held' });
  return items;
}

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
