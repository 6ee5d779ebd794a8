/**
 * Gridwright's JSON format for sliding levels. Reading accepts a `gridwright.sliding/1`
 * collection, a collection without its tag, an array of levels, a bare level, and plain tile
 * lists: one board (`[8,1,3,4,0,2,7,6,5]`, or its rows), or an array of boards (flat lists of a
 * square length, or rows). Writing always gives the tagged collection, one level per block with
 * its tiles on one line, so files diff cleanly.
 */
import { readJsonCollection } from '../../../engine/text/json-collection.ts';
import type { CollectionReadResult, LevelCollection, LevelFormat, ReadOptions } from '../../../engine/ruleset.ts';
import { validateSlidingLevel } from '../level.ts';
import { slidingLevelSchema, type SlidingLevel } from '../schema.ts';

export const SLIDING_JSON_FORMAT = 'gridwright.sliding/1';

const LEVEL_KEYS = ['title', 'author', 'comments', 'notes', 'width', 'height', 'goal', 'tiles'] as const;

const isNumberList = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number');

/** One board given as rows: 2 to 5 equal rows of numbers, exactly one of which holds the blank. */
function isBoardOfRows(items: readonly unknown[]): boolean {
  if (items.length < 2 || items.length > 5 || !items.every(isNumberList)) return false;
  const rows = items as unknown[][];
  return rows.every((r) => r.length === rows[0].length) && rows.filter((r) => r.includes(0)).length === 1;
}

/** A list item as a level document: objects as they are, tile lists as `{ tiles }`. */
const asLevel = (item: unknown): unknown => (Array.isArray(item) ? { tiles: item } : item);

export function readSlidingJson(input: string, options: ReadOptions = {}): CollectionReadResult<SlidingLevel> {
  return readJsonCollection(input, {
    formatTag: SLIDING_JSON_FORMAT,
    kind: 'sliding',
    levelField: 'tiles',
    headerSchema: slidingLevelSchema.shape,
    validate: validateSlidingLevel,
    // One board as a bare tile list or as its rows.
    asSingleLevel: (doc) => (isNumberList(doc) || (Array.isArray(doc) && isBoardOfRows(doc)) ? { tiles: doc } : undefined),
    asLevel,
  }, options);
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
