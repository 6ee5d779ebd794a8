/**
 * The push kind's editing description: a push level as a grid in four layers (terrain: wall,
 * goal; surface: ice; mechanism: button, door, teleporter pad; piece: player, box, heavy box), the
 * palette the config allows, and the kind's constraints (one player; a wall holds nothing; a
 * piece or mechanism put on a wall turns it to floor). Board rows are XSB; what XSB cannot say
 * goes in the JSON level's lists, as `serializePushState` writes them.
 */
import type { Diagnostic, EditCell, EditFix, EditGrid, EditToken, EditingFacet, GridCell, PaletteEntry } from '../../engine/ruleset.ts';
import type { CellXY, PushConfig, PushLevel } from './schema.ts';
import { MAX_BOARD_SIDE } from './schema.ts';

const LINK_PATTERN = '[A-Za-z0-9_-]{1,64}';

function pushPalette(config: PushConfig): PaletteEntry[] {
  const entries: PaletteEntry[] = [
    { id: 'wall', layer: 'terrain', label: 'Wall', look: { terrain: 'wall' }, key: '1' },
    { id: 'floor', layer: 'terrain', label: 'Floor', look: { terrain: 'floor' }, key: '2' },
    { id: 'goal', layer: 'terrain', label: 'Goal', look: { terrain: 'goal' }, key: '3' },
    { id: 'box', layer: 'piece', label: 'Box', look: { piece: { kind: 'box' } }, key: '4' },
    { id: 'player', layer: 'piece', label: 'Player', look: { piece: { kind: 'player' } }, key: '5', unique: true },
    { id: 'heavy', layer: 'piece', label: 'Heavy box', look: { piece: { kind: 'box', variant: 'heavy' } }, key: '6' },
  ];
  if (config.ice.enabled) entries.push({ id: 'ice', layer: 'surface', label: 'Ice', look: { terrain: 'ice' }, key: '7' });
  if (config.doors.enabled) {
    const link = { id: 'link', label: 'Link id', type: 'link', default: 'A', pattern: LINK_PATTERN } as const;
    entries.push({ id: 'button', layer: 'mechanism', label: 'Button', look: { terrain: 'floor', piece: { kind: 'button' } }, params: [link], key: '8' });
    entries.push({ id: 'door', layer: 'mechanism', label: 'Door', look: { terrain: 'floor', piece: { kind: 'door', variant: 'closed' } }, params: [link], key: '9' });
  }
  if (config.teleporters.enabled) {
    const pair = { id: 'pair', label: 'Pair id', type: 'link', default: '1', pattern: LINK_PATTERN } as const;
    entries.push({ id: 'teleporter', layer: 'mechanism', label: 'Teleporter pad', look: { terrain: 'floor', piece: { kind: 'teleporter' } }, params: [pair], key: '0' });
  }
  return entries;
}

function pushToGrid(level: PushLevel): EditGrid {
  const height = level.board.length;
  const width = Math.max(1, ...level.board.map((r) => r.length));
  const cells: Record<string, EditToken>[] = Array.from({ length: width * height }, () => ({}));
  const at = ([x, y]: CellXY): Record<string, EditToken> | undefined => (x < width && y < height ? cells[y * width + x] : undefined);
  level.board.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const ch = row[x];
      const cell = cells[y * width + x];
      if (ch === '#') cell.terrain = { id: 'wall' };
      if (ch === '.' || ch === '*' || ch === '+') cell.terrain = { id: 'goal' };
      if (ch === '$' || ch === '*') cell.piece = { id: 'box' };
      if (ch === '@' || ch === '+') cell.piece = { id: 'player' };
      // Floor symbols and any unknown one stay empty: the level's own lint names an unknown one.
    }
  });
  for (const c of level.ice ?? []) {
    const cell = at(c);
    if (cell) cell.surface = { id: 'ice' };
  }
  for (const b of level.buttons ?? []) {
    const cell = at(b.at);
    if (cell) cell.mechanism = { id: 'button', params: { link: b.link } };
  }
  for (const d of level.doors ?? []) {
    const cell = at(d.at);
    if (cell) cell.mechanism = { id: 'door', params: { link: d.link } };
  }
  (level.teleporters ?? []).forEach((t, i) => {
    for (const end of [t.a, t.b]) {
      const cell = at(end);
      if (cell) cell.mechanism = { id: 'teleporter', params: { pair: String(i + 1) } };
    }
  });
  for (const h of level.heavy ?? []) {
    const cell = at(h);
    if (cell?.piece?.id === 'box') cell.piece = { id: 'heavy' };
  }
  return { width, height, cells };
}

function pushFromGrid(grid: EditGrid, base?: PushLevel): PushLevel {
  const { width, height, cells } = grid;
  const xy = (i: number): CellXY => [i % width, Math.floor(i / width)];
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += symbolOf(cells[y * width + x]);
    rows.push(row);
  }
  // Rows keep the grid's width (an open right edge is part of the puzzle), but a level that ends
  // in floor everywhere on the right needs no trailing spaces on every row.
  const board = rows.map((r) => r.replace(/ +$/, ''));
  if (Math.max(0, ...board.map((r) => r.length)) < width && board.length > 0) board[0] = board[0].padEnd(width, ' ');
  const ice: CellXY[] = [];
  const buttons: { at: CellXY; link: string }[] = [];
  const doors: { at: CellXY; link: string }[] = [];
  const heavy: CellXY[] = [];
  const pads = new Map<string, number[]>();
  cells.forEach((cell, i) => {
    if (cell.surface?.id === 'ice') ice.push(xy(i));
    const m = cell.mechanism;
    if (m?.id === 'button') buttons.push({ at: xy(i), link: m.params?.link ?? 'A' });
    if (m?.id === 'door') doors.push({ at: xy(i), link: m.params?.link ?? 'A' });
    if (m?.id === 'teleporter') {
      const pair = m.params?.pair ?? '1';
      pads.set(pair, [...(pads.get(pair) ?? []), i]);
    }
    if (cell.piece?.id === 'heavy') heavy.push(xy(i));
  });
  // Pads pair up in reading order within a pair id; a pad left over is paired with itself, which
  // the level's lint reports ("no partner") instead of the editor losing it.
  const teleporters: { a: CellXY; b: CellXY }[] = [];
  for (const list of pads.values()) {
    for (let k = 0; k < list.length; k += 2) teleporters.push({ a: xy(list[k]), b: xy(list[k + 1] ?? list[k]) });
  }
  const { board: _board, ice: _ice, buttons: _buttons, doors: _doors, teleporters: _tele, heavy: _heavy, ...meta } = base ?? ({ board: [] } as PushLevel);
  return {
    ...meta,
    board,
    ...(ice.length ? { ice } : {}),
    ...(buttons.length ? { buttons } : {}),
    ...(doors.length ? { doors } : {}),
    ...(teleporters.length ? { teleporters } : {}),
    ...(heavy.length ? { heavy } : {}),
  };
}

function symbolOf(cell: EditCell): string {
  const terrain = cell.terrain?.id;
  if (terrain === 'wall') return '#';
  const goal = terrain === 'goal';
  const piece = cell.piece?.id;
  if (piece === 'player') return goal ? '+' : '@';
  if (piece === 'box' || piece === 'heavy') return goal ? '*' : '$';
  return goal ? '.' : ' ';
}

/** A wall holds nothing; a piece, mechanism or ice put on a wall turns it to floor; floor is the background. */
function constrainPush(grid: EditGrid, changed: readonly number[], layer: string): EditGrid {
  const cells = [...grid.cells];
  for (const i of changed) {
    const cell = { ...cells[i] } as Record<string, EditToken>;
    if (cell.terrain?.id === 'floor') delete cell.terrain;
    if (cell.terrain?.id === 'wall') {
      if (layer === 'terrain') {
        delete cell.surface;
        delete cell.mechanism;
        delete cell.piece;
      } else if (cell[layer]) {
        delete cell.terrain;
      }
    }
    cells[i] = cell;
  }
  return { ...grid, cells };
}

/** A room of `width` x `height` with walls round it and floor inside. */
function blankPushLevel(width: number, height: number): PushLevel {
  const w = Math.max(3, width);
  const h = Math.max(3, height);
  const wall = '#'.repeat(w);
  const inner = `#${' '.repeat(w - 2)}#`;
  return { board: [wall, ...Array.from({ length: h - 2 }, () => inner), wall] };
}

const REMOVE = (cell: GridCell): EditFix => ({ id: 'remove', label: 'Remove it', operations: [{ type: 'erase', cells: [cell] }] });

/** The cells round the edge of a board of this size. */
function border(width: number, height: number): GridCell[] {
  const out: GridCell[] = [];
  for (let x = 0; x < width; x++) out.push({ x, y: 0 }, { x, y: height - 1 });
  for (let y = 1; y < height - 1; y++) out.push({ x: 0, y }, { x: width - 1, y });
  return out;
}

/**
 * Fixes where one is obvious: a second player, a mechanism in a wall or on another, a button
 * nothing listens to or a lone pad go; a door no button opens becomes the wall it acts as; an
 * open board gets a ring of walls.
 */
function pushFixes(level: PushLevel, diagnostic: Diagnostic): EditFix[] {
  const { cell } = diagnostic;
  switch (diagnostic.code) {
    case 'push.player.multiple':
    case 'push.entity.in-wall':
    case 'push.entity.overlap':
    case 'push.link.no-door':
    case 'push.teleporter.unpaired':
      return cell ? [REMOVE(cell)] : [];
    case 'push.link.no-button':
      return cell ? [{ id: 'wall', label: 'Draw a wall here instead', operations: [{ type: 'place', cells: [cell], entry: 'wall' }] }] : [];
    case 'push.board.open': {
      const width = Math.max(0, ...level.board.map((r) => r.length)) + 2;
      const height = level.board.length + 2;
      return [{
        id: 'close-board',
        label: 'Close the board with walls',
        operations: [{ type: 'resize', edges: { top: 1, right: 1, bottom: 1, left: 1 } }, { type: 'place', cells: border(width, height), entry: 'wall' }],
      }];
    }
    default:
      return [];
  }
}

export function pushEditing(config: PushConfig): EditingFacet<PushLevel> {
  return {
    layers: ['terrain', 'surface', 'mechanism', 'piece'],
    background: { id: 'floor' },
    enclosure: { wall: 'wall', outside: 'outside' },
    paintable: true,
    palette: pushPalette(config),
    minSize: { width: 1, height: 1 },
    maxSize: { width: MAX_BOARD_SIDE, height: MAX_BOARD_SIDE },
    toGrid: pushToGrid,
    fromGrid: pushFromGrid,
    blank: blankPushLevel,
    constrain: constrainPush,
    fixes: pushFixes,
  };
}
