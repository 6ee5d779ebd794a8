/**
 * The `.tiles` text format: one board per block of lines, rows of numbers (0, `_` or `.` for the
 * blank) with `Key: value` lines for the level's title, author, goal and notes, and `;` lines for
 * comments. A first block without a board is the collection's header.
 *
 *   Title: Warm-up
 *   Goal: blank-last
 *   1 2 3
 *   4 0 6
 *   7 5 8
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import type { CollectionReadResult, FoundLevel, LevelCollection, LevelFormat, ReadOptions } from '../../../engine/ruleset.ts';
import { lineBlocks } from '../../../engine/text/lines.ts';
import { unlistedProblems } from '../../../engine/text/wording.ts';
import { validateSlidingLevel } from '../level.ts';
import type { SlidingLevel } from '../schema.ts';
import { KEY_VALUE_LINE, metaLines } from '../../../engine/text/meta-lines.ts';

const MAX_DIAGNOSTICS = 1000;
const ROW = /^[\s,]*(?:\d+|[_.])(?:[\s,]+(?:\d+|[_.]))+[\s,]*$/;
const XSB_ROW = /^[ \t]*#[#\-_ .$*@+]*$/m;

export function readSlidingText(input: string, options: ReadOptions = {}): CollectionReadResult<SlidingLevel> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const diagnostics: Diagnostic[] = [];
  const header: { title?: string; author?: string; comments?: string[]; notes?: Record<string, string> } = {};
  const levels: SlidingLevel[] = [];
  const levelNumbers: number[] = [];
  let rejected = 0;
  let found = 0;
  /** Where each level is, so problems found later (lint, on import) name its lines too. */
  const places: FoundLevel[] = [];
  let dropped = 0;
  const report = (d: Diagnostic): void => {
    if (diagnostics.length < MAX_DIAGNOSTICS) diagnostics.push(d);
    else dropped++;
  };

  const maxLevels = options.maxLevels ?? Number.POSITIVE_INFINITY;
  let stoppedEarly = false;
  for (const block of lineBlocks(text, (raw) => raw.replace(/\s+$/, ''))) {
    if (found >= maxLevels) {
      stoppedEarly = true;
      break;
    }
    const meta: { title?: string; author?: string; goal?: string; comments: string[]; notes: Record<string, string> } = { comments: [], notes: {} };
    const rows: { cells: string[]; line: number }[] = [];
    const problems: Diagnostic[] = [];
    for (const { text: line, number } of block.lines) {
      const trimmed = line.trim();
      if (trimmed.startsWith(';')) {
        meta.comments.push(trimmed.slice(1).trim());
        continue;
      }
      if (ROW.test(trimmed)) {
        if (rows.length > 0 && rows[rows.length - 1].line !== number - 1) {
          problems.push({ severity: 'error', code: 'tiles.rows.split', message: `Line ${number}: the board's rows must follow one another without other lines between them.`, line: number });
        }
        rows.push({ cells: trimmed.split(/[\s,]+/).filter((c) => c !== ''), line: number });
        continue;
      }
      const kv = KEY_VALUE_LINE.exec(trimmed);
      if (kv) {
        const key = kv[1].trim();
        const value = kv[2].trim();
        const lower = key.toLowerCase();
        if (lower === 'title') meta.title = value;
        else if (lower === 'author') meta.author = value;
        else if (lower === 'goal') meta.goal = value;
        else if (lower === 'comment') meta.comments.push(value);
        else meta.notes[key] = value;
        continue;
      }
      problems.push({ severity: 'error', code: 'tiles.line', message: `Line ${number} is neither a row of numbers, a "Key: value" line nor a ";" comment.`, line: number });
    }

    if (rows.length === 0) {
      if (found === 0 && problems.length === 0) {
        if (meta.title !== undefined) header.title = meta.title;
        if (meta.author !== undefined) header.author = meta.author;
        if (meta.comments.length > 0) header.comments = meta.comments;
        if (Object.keys(meta.notes).length > 0) header.notes = meta.notes;
      } else {
        report({ severity: 'warning', code: 'tiles.block.no-board', message: `The lines from line ${block.start} hold no board and were ignored.`, line: block.start });
      }
      continue;
    }

    found++;
    places.push({ line: block.start, rowLines: rows.map((r) => r.line), ...(meta.title !== undefined ? { title: meta.title.slice(0, 1000) } : {}) });
    const width = rows[0].cells.length;
    for (const row of rows) {
      if (row.cells.length !== width) {
        problems.push({ severity: 'error', code: 'tiles.rows.ragged', message: `Line ${row.line} has ${row.cells.length} tiles but the board's first row has ${width}: every row needs the same number.`, line: row.line });
      }
    }
    const tiles = rows.flatMap((r) => r.cells.map((c) => (c === '_' || c === '.' ? 0 : Number(c))));
    const document: Record<string, unknown> = { width, height: rows.length, tiles };
    if (meta.title !== undefined) document.title = meta.title;
    if (meta.author !== undefined) document.author = meta.author;
    if (meta.goal !== undefined) document.goal = meta.goal;
    if (meta.comments.length > 0) document.comments = meta.comments;
    if (Object.keys(meta.notes).length > 0) document.notes = meta.notes;
    const checked = problems.length === 0 ? validateSlidingLevel(document) : { diagnostics: problems };
    if ('level' in checked && checked.level) {
      levels.push(checked.level);
      levelNumbers.push(found);
      continue;
    }
    rejected++;
    for (const d of checked.diagnostics) report({ ...d, level: found, line: d.line ?? block.start });
  }
  if (dropped > 0) report({ severity: 'info', code: 'tiles.diagnostics.truncated', message: unlistedProblems(dropped), params: { count: dropped } });
  return { collection: { ...header, levels }, diagnostics, rejected, levelNumbers, found: places, ...(stoppedEarly ? { stoppedEarly } : {}) };
}

/** Keys the reader gives a meaning of their own, compared without case. */
const RESERVED_KEY = /^(title|author|goal|comment)$/i;

export function writeSlidingText(collection: LevelCollection<SlidingLevel>): string {
  const blocks: string[] = [];
  const head = metaLines(collection, RESERVED_KEY);
  if (head.length > 0) blocks.push(head.join('\n'));
  for (const level of collection.levels) {
    const lines = metaLines(level, RESERVED_KEY);
    if (level.goal !== undefined) lines.push(`Goal: ${level.goal}`);
    const pad = String(level.width * level.height - 1).length;
    for (let y = 0; y < level.height; y++) {
      lines.push(level.tiles.slice(y * level.width, (y + 1) * level.width).map((t) => String(t).padStart(pad)).join(' '));
    }
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

export const slidingTextFormat: LevelFormat<SlidingLevel> = {
  id: 'tiles',
  label: 'Sliding tiles text',
  extensions: ['tiles'],
  read: readSlidingText,
  write: writeSlidingText,
  sniff(text) {
    const head = text.slice(0, 65536).replace(/^\uFEFF/, '');
    const trimmed = head.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[') || XSB_ROW.test(head)) return 0;
    return head.split(/\r\n|\r|\n/).some((line) => ROW.test(line.trim())) ? 2 : 0;
  },
};
