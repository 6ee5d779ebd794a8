/**
 * Gridwright's JSON collection format for push levels: the only format that keeps every mechanic
 * (ice, buttons and doors, teleporters, heavy boxes). Reading accepts a bare level, an array of
 * levels or a `gridwright.push/1` collection; writing always gives the collection, pretty-printed
 * with a fixed key order so files diff cleanly.
 */
import { readJsonCollection } from '../../../engine/text/json-collection.ts';
import type { CollectionReadResult, LevelCollection, LevelFormat, ReadOptions } from '../../../engine/ruleset.ts';
import { validatePushLevel } from '../board.ts';
import { pushLevelSchema, type PushLevel } from '../schema.ts';

export const PUSH_JSON_FORMAT = 'gridwright.push/1';

/** Level keys in the order they are written. */
const LEVEL_KEYS = ['title', 'author', 'comments', 'notes', 'board', 'ice', 'buttons', 'doors', 'teleporters', 'heavy'] as const;

/** Read a JSON level, array of levels or collection. Never throws. */
export function readPushJson(input: string, options: ReadOptions = {}): CollectionReadResult<PushLevel> {
  return readJsonCollection(input, {
    formatTag: PUSH_JSON_FORMAT,
    kind: 'push',
    levelField: 'board',
    headerSchema: pushLevelSchema.shape,
    validate: validatePushLevel,
  }, options);
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
