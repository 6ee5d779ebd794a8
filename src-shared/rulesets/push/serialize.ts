/** A push state back to a level document: the position reached becomes a level of its own. */
import type { LevelMeta } from '../../engine/ruleset.ts';
import type { PushState } from './board.ts';
import type { CellXY, PushLevel } from './schema.ts';

export function serializePushState(state: PushState, meta: LevelMeta = {}): PushLevel {
  const { board } = state;
  const { width, height } = board;
  const xy = (c: number): CellXY => [c % width, Math.floor(c / width)];
  const boxAt = new Set(state.boxes);
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const c = y * width + x;
      const goal = board.goal[c] === 1;
      if (board.wall[c]) row += '#';
      else if (c === state.player) row += goal ? '+' : '@';
      else if (boxAt.has(c)) row += goal ? '*' : '$';
      else row += goal ? '.' : ' ';
    }
    rows.push(row.replace(/ +$/, ''));
  }
  // Trailing floor is dropped row by row, but the board keeps its width: a floor column on the
  // right edge is part of the puzzle (an open edge), and mechanisms there must stay on the map.
  if (rows.length > 0 && Math.max(...rows.map((r) => r.length)) < width) rows[0] = rows[0].padEnd(width, ' ');
  const level: {
    -readonly [K in keyof PushLevel]: PushLevel[K];
  } = { ...pickMeta(meta), board: rows };
  const ice: CellXY[] = [];
  const buttons: { at: CellXY; link: string }[] = [];
  const doors: { at: CellXY; link: string }[] = [];
  const teleporters: { a: CellXY; b: CellXY }[] = [];
  for (let c = 0; c < width * height; c++) {
    if (board.ice[c]) ice.push(xy(c));
    if (board.button[c] >= 0) buttons.push({ at: xy(c), link: board.links[board.button[c]] });
    if (board.door[c] >= 0) doors.push({ at: xy(c), link: board.links[board.door[c]] });
    if (board.teleport[c] > c) teleporters.push({ a: xy(c), b: xy(board.teleport[c]) });
  }
  const heavy = state.boxes.filter((_, id) => board.heavyBox[id]).map(xy);
  if (ice.length > 0) level.ice = ice;
  if (buttons.length > 0) level.buttons = buttons;
  if (doors.length > 0) level.doors = doors;
  if (teleporters.length > 0) level.teleporters = teleporters;
  if (heavy.length > 0) level.heavy = heavy;
  return level;
}

function pickMeta(meta: LevelMeta): Partial<PushLevel> {
  const out: { -readonly [K in keyof PushLevel]?: PushLevel[K] } = {};
  if (meta.title !== undefined) out.title = meta.title;
  if (meta.author !== undefined) out.author = meta.author;
  if (meta.comments !== undefined) out.comments = [...meta.comments];
  if (meta.notes !== undefined) out.notes = { ...meta.notes };
  return out;
}
