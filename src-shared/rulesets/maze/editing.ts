/**
 * The maze kind's editing description: a maze as a grid in two layers, `tile` (wall, exit, doors,
 * mechanisms, ice; an empty cell is floor) and `item` (the start and the items, which lie on
 * floor), the palette the config's mechanics allow. An item painted on a tile replaces it with
 * floor when the document is written, since a cell holds one legend character.
 */
import type { EditGrid, EditToken, EditingFacet, PaletteEntry } from '../../engine/ruleset.ts';
import { LEGEND, LEGEND_BY_CHAR, MAX_SIDE, MIN_SIDE, type MazeConfig, type MazeLevel } from './schema.ts';

/** Palette ids are the legend's names; the start is `player`. */
const idOf = (ch: string): string => (ch === '@' ? 'player' : (LEGEND_BY_CHAR.get(ch)?.name ?? 'floor'));
const CHAR_OF = new Map(LEGEND.map((e) => [e.what === 'start' ? 'player' : e.name, e.char]));

function mazePalette(config: MazeConfig): PaletteEntry[] {
  const allowed = new Set<string>(config.mechanics);
  const entries: PaletteEntry[] = [];
  for (const entry of LEGEND) {
    if (entry.char === '.' || (entry.mechanic && !allowed.has(entry.mechanic))) continue;
    const id = idOf(entry.char);
    if (entry.what === 'tile') entries.push({ id, layer: 'tile', label: entry.description, look: entry.name === 'boulder' ? { terrain: 'floor', piece: { kind: 'boulder' } } : { terrain: entry.name } });
    else entries.push({ id, layer: 'item', label: entry.description, look: { terrain: 'floor', piece: { kind: entry.what === 'start' ? 'player' : entry.name } }, ...(entry.what === 'start' ? { unique: true } : {}) });
  }
  return entries;
}

function mazeToGrid(level: MazeLevel): EditGrid {
  const height = level.rows.length;
  const width = Math.max(1, ...level.rows.map((r) => r.length));
  const cells: Record<string, EditToken>[] = Array.from({ length: width * height }, () => ({}));
  level.rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      const entry = LEGEND_BY_CHAR.get(ch);
      if (!entry || ch === '.') return;
      cells[y * width + x][entry.what === 'tile' ? 'tile' : 'item'] = { id: idOf(ch) };
    });
  });
  return { width, height, cells };
}

function mazeFromGrid(grid: EditGrid, base?: MazeLevel): MazeLevel {
  const rows: string[] = [];
  for (let y = 0; y < grid.height; y++) {
    let row = '';
    for (let x = 0; x < grid.width; x++) {
      const cell = grid.cells[y * grid.width + x];
      const token = cell.item ?? cell.tile;
      row += (token && CHAR_OF.get(token.id)) ?? '.';
    }
    rows.push(row);
  }
  // A changed maze has no proven par until it is solved again.
  const { rows: _rows, par: _par, ...rest } = base ?? ({ rows: [] } as MazeLevel);
  return { ...rest, rows };
}

function blankMaze(width: number, height: number): MazeLevel {
  const w = Math.min(MAX_SIDE, Math.max(MIN_SIDE, width));
  const h = Math.min(MAX_SIDE, Math.max(MIN_SIDE, height));
  const rows = Array.from({ length: h }, (_, y) => (y === 0 || y === h - 1 ? '#'.repeat(w) : `#${'.'.repeat(w - 2)}#`));
  return { rows };
}

export function mazeEditing(config: MazeConfig): EditingFacet<MazeLevel> {
  return {
    layers: ['tile', 'item'],
    paintable: true,
    palette: mazePalette(config),
    minSize: { width: MIN_SIDE, height: MIN_SIDE },
    maxSize: { width: MAX_SIDE, height: MAX_SIDE },
    toGrid: mazeToGrid,
    fromGrid: mazeFromGrid,
    blank: blankMaze,
  };
}
