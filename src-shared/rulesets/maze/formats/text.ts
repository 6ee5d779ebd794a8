/**
 * The `.maze` text format: one maze per block of lines, one legend character per cell (see
 * `LEGEND` in schema.ts, listed in the README), `Key: value` lines for the title, author, par and
 * notes, `;` lines for comments. A first block without a maze is the collection's header. No
 * legend character is a space, a colon or a semicolon, so a row is never mistaken for the rest.
 *
 *   Title: First hall
 *   Par: 6
 *   #######
 *   #@.k.D#
 *   #####X#
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import type { CollectionReadResult, FoundLevel, LevelCollection, LevelFormat, ReadOptions } from '../../../engine/ruleset.ts';
import { unlistedProblems } from '../../../engine/text/wording.ts';
import { lineBlocks } from '../../../engine/text/lines.ts';
import { validateDocument } from '../../../engine/text/documents.ts';
import { LEGEND_CHARS, mazeLevelSchema, type MazeLevel } from '../schema.ts';
import { KEY_VALUE_LINE, metaLines } from '../../../engine/text/meta-lines.ts';

const MAX_DIAGNOSTICS = 1000;
const ROW = new RegExp(`^[${LEGEND_CHARS.replace(/[-\\^\]/]/g, (c) => `\\${c}`)}]+$`);
/** Keys the reader gives a meaning of their own, compared without case. */
const RESERVED_KEY = /^(title|author|par|chapter|comment)$/i;

/** A maze document checked against the schema (lint is the rules' `load`, as for every kind). */
export function validateMazeLevel(input: unknown): { level?: MazeLevel; diagnostics: readonly Diagnostic[] } {
  const { value, diagnostics } = validateDocument(mazeLevelSchema, input, 'maze.schema', 'maze level');
  return value ? { level: value, diagnostics } : { diagnostics };
}

interface Line {
  readonly text: string;
  readonly number: number;
}

export function readMazeText(input: string, options: ReadOptions = {}): CollectionReadResult<MazeLevel> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const diagnostics: Diagnostic[] = [];
  const header: { title?: string; author?: string; comments?: string[]; notes?: Record<string, string> } = {};
  const levels: MazeLevel[] = [];
  const levelNumbers: number[] = [];
  const places: FoundLevel[] = [];
  let rejected = 0;
  let dropped = 0;
  const report = (d: Diagnostic): void => {
    if (diagnostics.length < MAX_DIAGNOSTICS) diagnostics.push(d);
    else dropped++;
  };

  const maxLevels = options.maxLevels ?? Number.POSITIVE_INFINITY;
  let stoppedEarly = false;
  for (const block of lineBlocks(text, (raw) => raw.trim())) {
    if (places.length >= maxLevels) {
      stoppedEarly = true;
      break;
    }
    const meta: { title?: string; author?: string; par?: string; chapter?: string; comments: string[]; notes: Record<string, string> } = { comments: [], notes: {} };
    const rows: Line[] = [];
    const problems: Diagnostic[] = [];
    for (const line of block.lines) {
      if (line.text.startsWith(';')) {
        meta.comments.push(line.text.slice(1).trim());
        continue;
      }
      if (ROW.test(line.text)) {
        if (rows.length > 0 && rows[rows.length - 1].number !== line.number - 1) {
          problems.push({ severity: 'error', code: 'maze.text.rows.split', message: `Line ${line.number}: the maze's rows must follow one another without other lines between them.`, line: line.number });
        }
        rows.push(line);
        continue;
      }
      const kv = KEY_VALUE_LINE.exec(line.text);
      if (kv) {
        const key = kv[1].trim();
        const value = kv[2].trim();
        const lower = key.toLowerCase();
        if (lower === 'title') meta.title = value;
        else if (lower === 'author') meta.author = value;
        else if (lower === 'par') meta.par = value;
        else if (lower === 'chapter') meta.chapter = value;
        else if (lower === 'comment') meta.comments.push(value);
        else meta.notes[key] = value;
        continue;
      }
      problems.push({ severity: 'error', code: 'maze.text.line', message: `Line ${line.number} is neither a row of maze cells, a "Key: value" line nor a ";" comment.`, line: line.number });
    }

    if (rows.length === 0) {
      if (places.length === 0 && problems.length === 0) {
        if (meta.title !== undefined) header.title = meta.title;
        if (meta.author !== undefined) header.author = meta.author;
        if (meta.comments.length > 0) header.comments = meta.comments;
        if (Object.keys(meta.notes).length > 0) header.notes = meta.notes;
      } else {
        report({ severity: 'warning', code: 'maze.text.no-maze', message: `The lines from line ${block.start} hold no maze and were ignored.`, line: block.start });
      }
      continue;
    }

    places.push({ line: block.start, rowLines: rows.map((r) => r.number), ...(meta.title !== undefined ? { title: meta.title.slice(0, 1000) } : {}) });
    const found = places.length;
    const width = rows[0].text.length;
    for (const row of rows) {
      if (row.text.length !== width) problems.push({ severity: 'error', code: 'maze.text.rows.ragged', message: `Line ${row.number} has ${row.text.length} cells but the maze's first row has ${width}: every row needs the same number.`, line: row.number });
    }
    if (meta.par !== undefined && !/^\d{1,6}$/.test(meta.par)) problems.push({ severity: 'error', code: 'maze.text.par', message: `The par '${meta.par.slice(0, 40)}' is not a whole number of steps.`, line: block.start });
    const document: Record<string, unknown> = { rows: rows.map((r) => r.text) };
    if (meta.title !== undefined) document.title = meta.title;
    if (meta.author !== undefined) document.author = meta.author;
    if (meta.par !== undefined) document.par = Number(meta.par);
    if (meta.chapter !== undefined && /^\d{1,2}$/.test(meta.chapter)) document.chapter = Number(meta.chapter);
    if (meta.comments.length > 0) document.comments = meta.comments;
    if (Object.keys(meta.notes).length > 0) document.notes = meta.notes;
    const checked = problems.length === 0 ? validateMazeLevel(document) : { diagnostics: problems };
    if (checked.level) {
      levels.push(checked.level);
      levelNumbers.push(found);
      continue;
    }
    rejected++;
    for (const d of checked.diagnostics) report({ ...d, level: found, line: d.line ?? block.start });
  }
  if (dropped > 0) report({ severity: 'info', code: 'maze.text.diagnostics.truncated', message: unlistedProblems(dropped), params: { count: dropped } });
  return { collection: { ...header, levels }, diagnostics, rejected, levelNumbers, found: places, ...(stoppedEarly ? { stoppedEarly } : {}) };
}

export function writeMazeText(collection: LevelCollection<MazeLevel>): string {
  const blocks: string[] = [];
  const head = metaLines(collection, RESERVED_KEY);
  if (head.length > 0) blocks.push(head.join('\n'));
  for (const level of collection.levels) {
    const lines = metaLines(level, RESERVED_KEY);
    if (level.par !== undefined) lines.push(`Par: ${level.par}`);
    if (level.chapter !== undefined) lines.push(`Chapter: ${level.chapter}`);
    lines.push(...level.rows);
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

export const mazeTextFormat: LevelFormat<MazeLevel> = {
  id: 'maze',
  label: 'Maze text',
  extensions: ['maze'],
  read: readMazeText,
  write: writeMazeText,
  sniff(text) {
    const head = text.slice(0, 65536).replace(/^\uFEFF/, '').trimStart();
    if (head.startsWith('{') || head.startsWith('[')) return 0;
    const rows = head.split(/\r\n|\r|\n/).map((l) => l.trim()).filter((l) => ROW.test(l));
    // A push board has no exit and a sliding board has spaces: a start and an exit mark a maze.
    return rows.some((r) => r.includes('@')) && rows.some((r) => r.includes('X')) ? 2 : 0;
  },
};
