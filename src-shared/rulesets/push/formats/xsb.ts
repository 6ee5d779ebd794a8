/**
 * XSB / SOK text collections: boards in XSB symbols with the metadata conventions found in the
 * wild (`; comment` lines, SOK `Key: value` lines, `Comment:` … `Comment-End:` blocks, a lone title
 * line above a board). Reading is lenient and never throws; writing is canonical, so
 * `write(read(write(c)))` equals `write(c)`.
 *
 * Where metadata goes when reading:
 * - `Key: value` lines and Comment blocks directly under a board (no blank line) belong to it.
 * - Other text before a board belongs to that board's level: its last non-blank line is the
 *   title unless the level has a `Title:` key; the rest are comments and `Key: value` metadata.
 * - Before the first board, that text is the collection header instead (title line excepted).
 * - Text after the last level's metadata belongs to the last level.
 * - `;` lines are always comments, even when they look like `Key: value`.
 * Tabs in board rows are an error (`xsb.board.tab`): their width is a guess, the geometry is not.
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import type { CollectionReadResult, FoundLevel, LevelCollection, LevelFormat, ReadOptions } from '../../../engine/ruleset.ts';
import { LazyLines } from '../../../engine/text/lines.ts';
import { unlistedProblems } from '../../../engine/text/wording.ts';
import { validatePushLevel } from '../board.ts';
import type { PushLevel } from '../schema.ts';
import { classifyLine, mostlyBoard, parseBoardBlock, type BoardProblem, type LineClass } from './xsb-board.ts';

type Item =
  | { readonly kind: 'board'; readonly start: number; readonly end: number }
  | { readonly kind: 'blank' }
  /** A `;` line (text after `;` and one space) or a plain line (trimmed). */
  | { readonly kind: 'text'; readonly line: number; readonly text: string }
  | { readonly kind: 'block'; readonly line: number; readonly text: string }
  | { readonly kind: 'kv'; readonly line: number; readonly key: string; readonly value: string };

const BLANK: Item = { kind: 'blank' };
const COMMENT_OPEN = /^\s*comment\s*:\s*$/i;
const COMMENT_END = /^\s*comment[-_]?end\s*:/i;
/** A terminator-looking line inside a block, possibly already escaped with leading `\`. */
const COMMENT_END_ESCAPABLE = /^(\s*)(\\*comment[-_]?end\s*:)/i;
const COMMENT_END_ESCAPED = /^(\s*)\\(\\*comment[-_]?end\s*:)/i;
/** `Key: value`: a short word-like key, then `:` followed by a space or the end of the line. */
// No `\s*` before the colon: the key class already holds spaces, and a second unbounded run there
// would make a long line of spaces cost 64 full scans.
const KEY_VALUE = /^([A-Za-z][A-Za-z0-9 _.'()/-]{0,63}?):(?:\s([\s\S]*))?$/;

/** Schema limits of PushLevel metadata; longer values are clipped with a warning. */
const LIMITS = { title: 1000, comment: 100_000, comments: 10_000, noteKey: 200, note: 100_000 };
const MAX_DIAGNOSTICS = 1000;

interface MetaAcc {
  title?: string;
  author?: string;
  comments: string[];
  notes: Record<string, string>;
  hasTitleKey: boolean;
}

const newMeta = (): MetaAcc => ({ comments: [], notes: {}, hasTitleKey: false });

function applyItem(meta: MetaAcc, item: Item): void {
  if (item.kind === 'text' || item.kind === 'block') {
    meta.comments.push(item.text);
  } else if (item.kind === 'kv') {
    const key = item.key.toLowerCase();
    if (key === 'title') {
      meta.title = item.value;
      meta.hasTitleKey = true;
    } else if (key === 'author') meta.author = item.value;
    else if (key === 'comment') meta.comments.push(item.value);
    else meta.notes[item.key] = item.value;
  }
}

/**
 * Lines to items: board blocks, Comment blocks, `;`/plain text, `Key: value`, blanks. With
 * `maxBoards`, stops where the board after that many begins (`stopped`): the lines from there on
 * are never read.
 */
function tokenize(source: LazyLines, warn: (d: Omit<Diagnostic, 'severity'>) => void, maxBoards = Number.POSITIVE_INFINITY): { items: Item[]; stopped: boolean } {
  const items: Item[] = [];
  const lines = source.lines;
  let boards = 0;
  /** Lines from here on hold no Comment-End: (a search that found none), so it is not repeated. */
  let noEndFrom = Number.POSITIVE_INFINITY;
  /** The first Comment-End: line after `i`, or -1. */
  const commentEndAfter = (i: number): number => {
    for (let j = i + 1; j < noEndFrom && source.has(j); j++) if (COMMENT_END.test(lines[j])) return j;
    noEndFrom = Math.min(noEndFrom, i);
    return -1;
  };
  let i = 0;
  while (source.has(i)) {
    const line = lines[i];
    const cls = classifyLine(line);
    if (cls === 'board' || cls === 'boardish' || cls === 'suspect') {
      // A run of board-like lines is a board when it holds at least one true board line, or is
      // two or more lines that are mostly board symbols with a player, box or box on goal among
      // them (a board garbled on every row; a banner of # and words has no pieces).
      if (boards >= maxBoards && looksLikeBoardAt(source, i)) return { items, stopped: true };
      let j = i;
      let hasBoard = false;
      let garbled = 0;
      let pieces = false;
      for (let c: LineClass = cls; ; c = classifyLine(lines[j])) {
        if (c === 'board') hasBoard = true;
        else if (c !== 'boardish' && c !== 'suspect') break;
        if (c === 'suspect' && mostlyBoard(lines[j])) garbled++;
        if (/[@+$*]/.test(lines[j])) pieces = true;
        if (!source.has(++j)) break;
      }
      if (hasBoard || (garbled >= 2 && garbled === j - i && pieces)) {
        items.push({ kind: 'board', start: i, end: j });
        boards++;
      }
      else for (let k = i; k < j; k++) items.push({ kind: 'text', line: k + 1, text: lines[k].trim() });
      i = j;
    } else if (cls === 'blank') {
      // Only the presence of a blank line matters, not how many.
      if (items[items.length - 1] !== BLANK) items.push(BLANK);
      i++;
    } else if (COMMENT_END.test(line)) {
      warn({ code: 'xsb.comment.stray', message: `The Comment-End: at line ${i + 1} closes no Comment: block; it was ignored.`, line: i + 1 });
      i++;
    } else if (COMMENT_OPEN.test(line)) {
      const end = commentEndAfter(i);
      let j = i + 1;
      if (end > i) {
        j = end;
      } else {
        // Unclosed: stop at the next blank line rather than swallow the rest of the file.
        while (source.has(j) && lines[j].trim() !== '') j++;
        warn({ code: 'xsb.comment.unclosed', message: `The Comment: block at line ${i + 1} has no Comment-End: line; it was ended at the next blank line.`, line: i + 1 });
      }
      const content = lines.slice(i + 1, j).map((l) => l.replace(COMMENT_END_ESCAPED, '$1$2'));
      items.push({ kind: 'block', line: i + 1, text: content.join('\n') });
      i = end > i ? j + 1 : j;
    } else {
      const trimmed = line.trimStart();
      if (trimmed.startsWith(';')) {
        items.push({ kind: 'text', line: i + 1, text: trimmed.slice(trimmed[1] === ' ' ? 2 : 1) });
      } else {
        const kv = KEY_VALUE.exec(trimmed);
        if (kv) items.push({ kind: 'kv', line: i + 1, key: kv[1].trim(), value: (kv[2] ?? '').trim() });
        else items.push({ kind: 'text', line: i + 1, text: trimmed.trim() });
      }
      i++;
    }
  }
  return { items, stopped: false };
}

/**
 * Whether the run of board-like lines at `i` is a board, as `tokenize` judges it, reading no
 * further than its first true board line (so a huge board after the last one asked for stays unread).
 */
function looksLikeBoardAt(source: LazyLines, i: number): boolean {
  let garbled = 0;
  let pieces = false;
  let j = i;
  for (; source.has(j); j++) {
    const c = classifyLine(source.lines[j]);
    if (c === 'board') return true;
    if (c !== 'boardish' && c !== 'suspect') break;
    if (c === 'suspect' && mostlyBoard(source.lines[j])) garbled++;
    if (/[@+$*]/.test(source.lines[j])) pieces = true;
  }
  return garbled >= 2 && garbled === j - i && pieces;
}

type Report = (d: Omit<Diagnostic, 'severity'>, severity?: Diagnostic['severity']) => void;

const where = (line: number | undefined, level: number | undefined): { line?: number; level?: number } => ({
  ...(line !== undefined ? { line } : {}),
  ...(level !== undefined ? { level } : {}),
});

function clip(value: string, max: number, what: string, line: number | undefined, level: number | undefined, report: Report): string {
  if (value.length <= max) return value;
  report({ code: 'xsb.meta.too-long', message: `The ${what} is longer than ${max} characters and was cut.`, ...where(line, level), params: { max } }, 'warning');
  return value.slice(0, max);
}

/** Metadata fields in schema limits, only the ones present. */
function finishMeta(meta: MetaAcc, line: number | undefined, level: number | undefined, report: Report): Pick<PushLevel, 'title' | 'author' | 'comments' | 'notes'> {
  const out: { title?: string; author?: string; comments?: string[]; notes?: Record<string, string> } = {};
  if (meta.title !== undefined) out.title = clip(meta.title, LIMITS.title, 'title', line, level, report);
  if (meta.author !== undefined) out.author = clip(meta.author, LIMITS.title, 'author', line, level, report);
  if (meta.comments.length > 0) {
    if (meta.comments.length > LIMITS.comments) {
      report({ code: 'xsb.meta.too-many-comments', message: `There are more than ${LIMITS.comments} comments; the rest were dropped.`, ...where(line, level), params: { max: LIMITS.comments } }, 'warning');
    }
    out.comments = meta.comments.slice(0, LIMITS.comments).map((c) => clip(c, LIMITS.comment, 'comment', line, level, report));
  }
  const keys = Object.keys(meta.notes);
  if (keys.length > 0) {
    out.notes = {};
    for (const key of keys) out.notes[clip(key, LIMITS.noteKey, 'note name', line, level, report)] = clip(meta.notes[key], LIMITS.note, `note '${key.slice(0, 40)}'`, line, level, report);
  }
  return out;
}

/** Read an XSB/SOK/TXT collection. Never throws: problems are diagnostics. */
export function readXsb(text: string, options: ReadOptions = {}): CollectionReadResult<PushLevel> {
  const diagnostics: Diagnostic[] = [];
  let dropped = 0;
  const report: Report = (d, severity = 'error') => {
    if (diagnostics.length < MAX_DIAGNOSTICS) diagnostics.push({ severity, ...d });
    else dropped++;
  };
  const source = new LazyLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const lines = source.lines;
  const { items, stopped } = tokenize(source, (d) => report(d, 'warning'), options.maxLevels);
  const boards: number[] = [];
  items.forEach((item, index) => {
    if (item.kind === 'board') boards.push(index);
  });

  const header = newMeta();
  const levels: PushLevel[] = [];
  const levelNumbers: number[] = [];
  const found: FoundLevel[] = [];
  let rejected = 0;
  let from = 0;
  for (let k = 0; k < boards.length; k++) {
    const at = boards[k];
    const board = items[at] as Extract<Item, { kind: 'board' }>;
    const levelNo = k + 1;
    let lastPre = at - 1;
    while (lastPre >= from && items[lastPre].kind === 'blank') lastPre--;
    let to = at + 1;
    while (to < items.length && (items[to].kind === 'kv' || items[to].kind === 'block')) to++;
    // The last level also takes whatever text follows it (unless reading stopped before the next one).
    if (k === boards.length - 1 && !stopped) to = items.length;

    const last = lastPre >= from ? items[lastPre] : undefined;
    const candidate = last?.kind === 'text' && last.text.trim() !== '' ? last : undefined;
    const meta = newMeta();
    const preTarget = k === 0 ? header : meta;
    for (let p = from; p < (candidate ? lastPre : at); p++) applyItem(preTarget, items[p]);
    const preComments = meta.comments.length;
    for (let p = at + 1; p < to; p++) applyItem(meta, items[p]);
    if (candidate) {
      if (!meta.hasTitleKey) meta.title = candidate.text.trim();
      else if (k === 0) header.comments.push(candidate.text);
      else meta.comments.splice(preComments, 0, candidate.text);
    }
    from = to;

    const line = board.start + 1;
    let failed = false;
    const rowLines: number[] = [];
    const rows = parseBoardBlock(
      lines,
      board.start,
      board.end,
      (p: BoardProblem) => {
        failed = true;
        report({ ...p, level: levelNo });
      },
      rowLines,
    );
    const fields = finishMeta(meta, line, levelNo, report);
    found.push({ line, rowLines, ...(fields.title !== undefined ? { title: fields.title } : {}) });
    if (!rows || failed) {
      rejected++;
      continue;
    }
    const checked = validatePushLevel({ ...fields, board: rows });
    if (!checked.level) {
      for (const d of checked.diagnostics) report({ ...d, level: levelNo, line });
      rejected++;
      continue;
    }
    levels.push(checked.level);
    levelNumbers.push(levelNo);
  }
  if (boards.length === 0) for (const item of items) applyItem(header, item);
  if (boards.length === 0) {
    report({ code: 'xsb.no-levels', message: 'No board was found: a board is a block of lines drawn with # walls, . goals, $ boxes and an @ player.' });
  }
  if (dropped > 0) {
    diagnostics.push({ severity: 'info', code: 'xsb.diagnostics.truncated', message: unlistedProblems(dropped), params: { count: dropped } });
  }
  // The header is the text at the top of the file.
  const head = finishMeta(header, 1, undefined, report);
  return { collection: { ...head, levels }, diagnostics, rejected, levelNumbers, found, ...(stopped ? { stoppedEarly: true } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Line breaks cannot live in a `Key: value` line; the reader trims values, so trim here too. */
const oneLine = (value: string): string => value.replace(/\r\n|\r|\n/g, ' ').trim();
const keyValue = (key: string, value: string): string => (oneLine(value) === '' ? `${key}:` : `${key}: ${oneLine(value)}`);
const isMultiLine = (text: string): boolean => /[\r\n]/.test(text);

function commentBlock(text: string): string[] {
  const body = text === '' ? [] : text.split(/\r\n|\r|\n/).map((l) => l.replace(COMMENT_END_ESCAPABLE, '$1\\$2'));
  return ['Comment:', ...body, 'Comment-End:'];
}

function writeRow(row: string): string {
  const out = row.replace(/[-_]/g, ' ').replace(/ +$/, '');
  // A row of floor only must still read as a board line, so it keeps one visible floor symbol.
  return out === '' ? '-' : out;
}

function metaLines(meta: { readonly title?: string; readonly author?: string }): string[] {
  const out: string[] = [];
  if (meta.title !== undefined) out.push(keyValue('Title', meta.title));
  if (meta.author !== undefined) out.push(keyValue('Author', meta.author));
  return out;
}

/** Keys the reader gives a meaning of their own (compared without case and outer spaces). */
const RESERVED_KEY = /^(title|author|comment|comment[-_]?end)$/i;

/**
 * Notes as `Key: value` lines, where that line reads back as the same note. A key the reader
 * would take for something else (Title, Author, Comment or Comment-End in any case, a key that
 * is no `Key:` word, one starting with `#` that would join a board) goes into a comment block as
 * `key: value` instead: kept as text, never swallowing the levels after it (a bare `Comment:`
 * line opens a block that runs to the next `Comment-End:` in the file).
 */
function noteLines(notes: Readonly<Record<string, string>> | undefined): { lines: string[]; comments: string[] } {
  const lines: string[] = [];
  const comments: string[] = [];
  for (const [key, value] of Object.entries(notes ?? {})) {
    const name = oneLine(key);
    const line = keyValue(name, value);
    const read = KEY_VALUE.exec(line);
    const safe = name !== '' && name === key && !RESERVED_KEY.test(name) && read !== null && read[1].trim() === name && classifyLine(line) === 'text';
    if (safe) lines.push(line);
    else comments.push(`${key}: ${value}`);
  }
  return { lines, comments };
}

/**
 * Canonical XSB: the header (`Key: value` lines, then `;` comments), a blank line, then each
 * level's rows, `Title:`, `Author:`, one Comment block per comment, notes, and a blank line.
 * A note XSB cannot hold as a `Key: value` line is written as a comment (see `noteLines`).
 * Mechanics XSB cannot draw (ice, doors, teleporters, heavy boxes) are not written: use JSON.
 */
export function writeXsb(collection: LevelCollection<PushLevel>): string {
  const headerNotes = noteLines(collection.notes);
  const out = [...metaLines(collection), ...headerNotes.lines];
  const comments = [...(collection.comments ?? []), ...headerNotes.comments];
  // A `;` line last in the header would read back as an untitled first level's title.
  const guardLast = collection.levels.length > 0 && collection.levels[0].title === undefined;
  comments.forEach((c, i) => {
    if (isMultiLine(c) || (guardLast && i === comments.length - 1)) out.push(...commentBlock(c));
    else out.push(c === '' ? ';' : `; ${c}`);
  });
  if (out.length > 0) out.push('');
  for (const level of collection.levels) {
    for (const row of level.board) out.push(writeRow(row));
    out.push(...metaLines({ title: level.title, author: level.author }));
    const notes = noteLines(level.notes);
    for (const c of [...(level.comments ?? []), ...notes.comments]) out.push(...commentBlock(c));
    out.push(...notes.lines);
    out.push('');
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/**
 * Text with a line drawn in walls is surely a board, unless a line drawn like a board holds a
 * character no Sokoban board has (a maze's exit `X`): then it may still be one, and a format
 * that knows those characters wins. JSON is not this format.
 */
function sniffXsb(text: string): 0 | 1 | 2 {
  const head = text.slice(0, 65536);
  if (head.trimStart().startsWith('{') || head.trimStart().startsWith('[')) return 0;
  if (!/^[ \t]*#[#\-_ .$*@+]*$/m.test(head)) return 1;
  return /^[ \t]*#[#\-_.$*@+]*[^#\-_ .$*@+\s][^\s]*$/m.test(head) ? 1 : 2;
}

export const xsbFormat: LevelFormat<PushLevel> = {
  id: 'xsb',
  label: 'XSB / SOK text',
  extensions: ['sok', 'xsb', 'txt'],
  read: readXsb,
  write: writeXsb,
  sniff: sniffXsb,
};
