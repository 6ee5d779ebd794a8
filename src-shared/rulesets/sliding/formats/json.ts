/**
 * Gridwright's JSON format for sliding levels. Reading accepts a `gridwright.sliding/1`
 * collection, a collection without its tag, an array of levels, a bare level, and plain tile
 * lists: one board (`[8,1,3,4,0,2,7,6,5]`, or its rows), or an array of boards (flat lists of a
 * square length, or rows). Writing always gives the tagged collection, one level per block with
 * its tiles on one line, so files diff cleanly.
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import { levelListOffsets, linesAt, parseJsonText } from '../../../engine/json-text.ts';
import type { CollectionReadResult, LevelCollection, LevelFormat } from '../../../engine/ruleset.ts';
import { validateSlidingLevel } from '../level.ts';
import { slidingLevelSchema, type SlidingLevel } from '../schema.ts';

export const SLIDING_JSON_FORMAT = 'gridwright.sliding/1';

/** Cap on listed problems, so a file of many bad levels gives a readable list. */
const MAX_DIAGNOSTICS = 1000;

const LEVEL_KEYS = ['title', 'author', 'comments', 'notes', 'width', 'height', 'goal', 'tiles'] as const;

const headerFields = {
  title: slidingLevelSchema.shape.title,
  author: slidingLevelSchema.shape.author,
  comments: slidingLevelSchema.shape.comments,
  notes: slidingLevelSchema.shape.notes,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumberList = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number');

/** One board given as rows: 2 to 5 equal rows of numbers, exactly one of which holds the blank. */
function isBoardOfRows(items: readonly unknown[]): boolean {
  if (items.length < 2 || items.length > 5 || !items.every(isNumberList)) return false;
  const rows = items as unknown[][];
  return rows.every((r) => r.length === rows[0].length) && rows.filter((r) => r.includes(0)).length === 1;
}

/** A list item as a level document: objects as they are, tile lists as `{ tiles }`. */
const asLevel = (item: unknown): unknown => (Array.isArray(item) ? { tiles: item } : item);

export function readSlidingJson(input: string): CollectionReadResult<SlidingLevel> {
  const diagnostics: Diagnostic[] = [];
  const empty = (): CollectionReadResult<SlidingLevel> => ({ collection: { levels: [] }, diagnostics, rejected: 0, levelNumbers: [] });
  const { text, doc, diagnostic } = parseJsonText(input);
  if (diagnostic) {
    diagnostics.push(diagnostic);
    return empty();
  }

  let items: unknown[];
  let listed = false;
  let prefix = '';
  const header: { -readonly [K in keyof typeof headerFields]?: unknown } = {};
  if (isNumberList(doc) || (Array.isArray(doc) && isBoardOfRows(doc))) {
    items = [{ tiles: doc }];
  } else if (Array.isArray(doc)) {
    items = doc.map(asLevel);
    listed = true;
  } else if (isObject(doc) && (doc.format !== undefined || (Array.isArray(doc.levels) && doc.tiles === undefined))) {
    if (doc.format !== undefined && doc.format !== SLIDING_JSON_FORMAT) {
      diagnostics.push({ severity: 'error', code: 'json.format', message: `This file's format is ${JSON.stringify(doc.format).slice(0, 80)}; the sliding kind reads "${SLIDING_JSON_FORMAT}".`, path: 'format' });
      return empty();
    }
    if (!Array.isArray(doc.levels)) {
      diagnostics.push({ severity: 'error', code: 'json.levels', message: 'The collection has no "levels" array.', path: 'levels' });
      return empty();
    }
    for (const field of ['title', 'author', 'comments', 'notes'] as const) {
      if (doc[field] === undefined) continue;
      const parsed = headerFields[field].safeParse(doc[field]);
      if (parsed.success) header[field] = parsed.data;
      else diagnostics.push({ severity: 'warning', code: 'json.collection.field', message: `The collection's "${field}" is not valid (${parsed.error.issues[0]?.message ?? 'wrong type'}) and was ignored.`, path: field });
    }
    items = doc.levels.map(asLevel);
    listed = true;
    prefix = 'levels';
  } else if (isObject(doc)) {
    items = [doc];
  } else {
    diagnostics.push({ severity: 'error', code: 'json.not-levels', message: 'The file holds no sliding level: expected a level, a list of levels or tile lists, or a collection.' });
    return empty();
  }

  const lines = listed ? linesAt(text, levelListOffsets(text, Array.isArray(doc))) : [];
  const levels: SlidingLevel[] = [];
  const levelNumbers: number[] = [];
  let rejected = 0;
  let dropped = 0;
  items.forEach((item, i) => {
    const checked = validateSlidingLevel(item);
    if (checked.level) {
      levels.push(checked.level);
      levelNumbers.push(i + 1);
      return;
    }
    rejected++;
    const base = !listed ? '' : prefix === 'levels' ? `levels[${i}]` : `[${i}]`;
    for (const d of checked.diagnostics) {
      if (diagnostics.length >= MAX_DIAGNOSTICS) {
        dropped++;
        continue;
      }
      const inner = d.path ?? '';
      const path = base === '' ? inner : inner === '' ? base : inner.startsWith('[') ? `${base}${inner}` : `${base}.${inner}`;
      diagnostics.push({ ...d, level: i + 1, ...(lines[i] !== undefined ? { line: lines[i] } : {}), ...(path !== '' ? { path } : {}) });
    }
  });
  if (dropped > 0) {
    diagnostics.push({ severity: 'info', code: 'json.diagnostics.truncated', message: `${dropped} more problems were not listed.`, params: { count: dropped } });
  }
  return { collection: { ...(header as Partial<LevelCollection<SlidingLevel>>), levels }, diagnostics, rejected, levelNumbers };
}

function writeLevel(level: SlidingLevel): string {
  const parts: string[] = [];
  for (const key of LEVEL_KEYS) {
    const value = level[key];
    if (value === undefined) continue;
    // Tiles on one line, in rows' order; everything else as compact JSON.
    parts.push(`      ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  }
  return `    {\n${parts.join(',\n')}\n    }`;
}

/** The tagged collection: 2-space indent, fixed key order, tiles on one line, trailing newline. */
export function writeSlidingJson(collection: LevelCollection<SlidingLevel>): string {
  const head: string[] = [`  "format": ${JSON.stringify(SLIDING_JSON_FORMAT)}`];
  for (const field of ['title', 'author', 'comments', 'notes'] as const) {
    if (collection[field] !== undefined) head.push(`  ${JSON.stringify(field)}: ${JSON.stringify(collection[field])}`);
  }
  const levels = collection.levels.length === 0 ? '[]' : `[\n${collection.levels.map(writeLevel).join(',\n')}\n  ]`;
  return `{\n${head.join(',\n')},\n  "levels": ${levels}\n}\n`;
}

export const slidingJsonFormat: LevelFormat<SlidingLevel> = {
  id: 'json',
  label: 'Gridwright JSON (sliding)',
  extensions: ['json'],
  read: readSlidingJson,
  write: writeSlidingJson,
  sniff(text) {
    const head = text.slice(0, 65536).replace(/^\uFEFF/, '').trimStart();
    if (!head.startsWith('{') && !head.startsWith('[')) return 0;
    if (/"format"\s*:\s*"gridwright\.sliding\//.test(head)) return 2;
    if (/"format"\s*:\s*"gridwright\./.test(head)) return 0; // another kind's tagged file
    if (/"tiles"\s*:/.test(head)) return 2;
    if (/"board"\s*:/.test(head)) return 0; // a push level
    // Bare tile lists: `[1,2,...]`, `[[...],...]`.
    return /^\[\s*(\[\s*)?\d/.test(head) ? 2 : 1;
  },
};
