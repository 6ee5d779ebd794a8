/**
 * Gridwright's JSON collection format for push levels: the only format that keeps every mechanic
 * (ice, buttons and doors, teleporters, heavy boxes). Reading accepts a bare level, an array of
 * levels or a `gridwright.push/1` collection; writing always gives the collection, pretty-printed
 * with a fixed key order so files diff cleanly.
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import { levelListOffsets, linesAt, parseJsonText } from '../../../engine/json-text.ts';
import type { CollectionReadResult, LevelCollection, LevelFormat } from '../../../engine/ruleset.ts';
import { validatePushLevel } from '../board.ts';
import { pushLevelSchema, type PushLevel } from '../schema.ts';

export const PUSH_JSON_FORMAT = 'gridwright.push/1';

const headerFields = {
  title: pushLevelSchema.shape.title,
  author: pushLevelSchema.shape.author,
  comments: pushLevelSchema.shape.comments,
  notes: pushLevelSchema.shape.notes,
} as const;

/** Cap on listed problems, so a file of many bad levels gives a readable list. */
const MAX_DIAGNOSTICS = 1000;

/** Level keys in the order they are written. */
const LEVEL_KEYS = ['title', 'author', 'comments', 'notes', 'board', 'ice', 'buttons', 'doors', 'teleporters', 'heavy'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Read a JSON level, array of levels or collection. Never throws. */
export function readPushJson(input: string): CollectionReadResult<PushLevel> {
  const diagnostics: Diagnostic[] = [];
  const empty = (): CollectionReadResult<PushLevel> => ({ collection: { levels: [] }, diagnostics, rejected: 0, levelNumbers: [] });
  const { text, doc, diagnostic } = parseJsonText(input);
  if (diagnostic) {
    diagnostics.push(diagnostic);
    return empty();
  }

  let items: unknown[];
  let prefix: string;
  const header: { title?: string; author?: string; comments?: string[]; notes?: Record<string, string> } = {};
  if (Array.isArray(doc)) {
    items = doc;
    prefix = '';
  } else if (isObject(doc) && (doc.format !== undefined || (Array.isArray(doc.levels) && doc.board === undefined))) {
    if (doc.format !== undefined && doc.format !== PUSH_JSON_FORMAT) {
      diagnostics.push({ severity: 'error', code: 'json.format', message: `This file's format is ${JSON.stringify(doc.format).slice(0, 80)}; Gridwright reads "${PUSH_JSON_FORMAT}".`, path: 'format' });
      return empty();
    }
    if (!Array.isArray(doc.levels)) {
      diagnostics.push({ severity: 'error', code: 'json.levels', message: 'The collection has no "levels" array.', path: 'levels' });
      return empty();
    }
    for (const field of ['title', 'author', 'comments', 'notes'] as const) {
      if (doc[field] === undefined) continue;
      const parsed = headerFields[field].safeParse(doc[field]);
      if (parsed.success) Object.assign(header, { [field]: parsed.data });
      else diagnostics.push({ severity: 'warning', code: 'json.collection.field', message: `The collection's "${field}" is not valid (${parsed.error.issues[0]?.message ?? 'wrong type'}) and was ignored.`, path: field });
    }
    items = doc.levels;
    prefix = 'levels';
  } else if (isObject(doc)) {
    items = [doc];
    prefix = '';
  } else {
    diagnostics.push({ severity: 'error', code: 'json.not-levels', message: 'The file holds no push level: expected a level object, an array of levels or a collection.' });
    return empty();
  }

  const lines = Array.isArray(doc) || prefix === 'levels' ? linesAt(text, levelListOffsets(text, Array.isArray(doc))) : [];
  const levels: PushLevel[] = [];
  const levelNumbers: number[] = [];
  let rejected = 0;
  let dropped = 0;
  items.forEach((item, i) => {
    const checked = validatePushLevel(item);
    if (checked.level) {
      levels.push(checked.level);
      levelNumbers.push(i + 1);
      return;
    }
    rejected++;
    const base = Array.isArray(doc) ? `[${i}]` : prefix === 'levels' ? `levels[${i}]` : '';
    const line = lines[i];
    for (const d of checked.diagnostics) {
      if (diagnostics.length >= MAX_DIAGNOSTICS) {
        dropped++;
        continue;
      }
      const inner = d.path ?? '';
      const path = base === '' ? inner : inner === '' ? base : inner.startsWith('[') ? `${base}${inner}` : `${base}.${inner}`;
      diagnostics.push({ ...d, level: i + 1, ...(line !== undefined ? { line } : {}), ...(path !== '' ? { path } : {}) });
    }
  });
  if (dropped > 0) {
    diagnostics.push({ severity: 'info', code: 'json.diagnostics.truncated', message: `${dropped} more problems were not listed.`, params: { count: dropped } });
  }
  return { collection: { ...header, levels }, diagnostics, rejected, levelNumbers };
}

function orderedLevel(level: PushLevel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of LEVEL_KEYS) {
    const value = level[key];
    if (value === undefined) continue;
    if (key === 'buttons' || key === 'doors') out[key] = level[key]!.map((b) => ({ at: b.at, link: b.link }));
    else if (key === 'teleporters') out[key] = level.teleporters!.map((t) => ({ a: t.a, b: t.b }));
    else out[key] = value;
  }
  return out;
}

/** The collection as pretty JSON: 2-space indent, fixed key order, trailing newline. */
export function writePushJson(collection: LevelCollection<PushLevel>): string {
  const doc: Record<string, unknown> = { format: PUSH_JSON_FORMAT };
  if (collection.title !== undefined) doc.title = collection.title;
  if (collection.author !== undefined) doc.author = collection.author;
  if (collection.comments !== undefined) doc.comments = collection.comments;
  if (collection.notes !== undefined) doc.notes = collection.notes;
  doc.levels = collection.levels.map(orderedLevel);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export const pushJsonFormat: LevelFormat<PushLevel> = {
  id: 'json',
  label: 'Gridwright JSON',
  extensions: ['json'],
  read: readPushJson,
  write: writePushJson,
  sniff(text) {
    const head = text.slice(0, 65536).replace(/^\uFEFF/, '').trimStart();
    if (!head.startsWith('{') && !head.startsWith('[')) return 0;
    if (/"format"\s*:\s*"gridwright\.push\//.test(head)) return 2;
    if (/"format"\s*:\s*"gridwright\./.test(head)) return 0; // another kind's tagged file
    return /"board"\s*:/.test(head) ? 2 : 1;
  },
};
