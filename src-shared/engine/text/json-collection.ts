/**
 * Reading a kind's JSON level file: a bare level, an array of levels, or a tagged collection
 * (`{"format": "gridwright.<kind>/1", "title", …, "levels": […]}`). Every level is validated by
 * the kind; bad ones are reported with their number, line and JSON path, good ones kept. Never
 * throws, linear in the text.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.ts';
import { levelListOffsets, lineColumn, linesAt, parseJsonText } from './json-text.ts';
import type { CollectionReadResult, FoundLevel, LevelMeta, ReadOptions } from '../ruleset.ts';
import { isRecord } from './documents.ts';
import { unlistedProblems } from './wording.ts';

/** Cap on listed problems, so a file of many bad levels gives a readable list. */
const MAX_DIAGNOSTICS = 1000;

const HEADER_FIELDS = ['title', 'author', 'comments', 'notes'] as const;

export interface JsonCollectionSpec<L extends LevelMeta> {
  /** The collection's format tag, e.g. `gridwright.push/1`. */
  readonly formatTag: string;
  /** The kind's name, for messages. */
  readonly kind: string;
  /** A field only a level has (`board`, `tiles`): an object with it is one level, not a collection. */
  readonly levelField: string;
  /** Schemas of the collection's title, author, comments and notes (the level's own). */
  readonly headerSchema: { readonly [K in (typeof HEADER_FIELDS)[number]]: z.ZodType<unknown> };
  readonly validate: (item: unknown) => { level?: L; diagnostics: readonly Diagnostic[] };
  /** Documents the kind reads in a shape of its own (sliding: bare tile lists), as one level. */
  readonly asSingleLevel?: (doc: unknown) => unknown | undefined;
  /** A list item as a level document (sliding: a tile list as `{tiles}`). */
  readonly asLevel?: (item: unknown) => unknown;
}

/** The line the document's first value starts on. */
const docLine = (text: string): number => {
  const start = text.search(/\S/);
  return start < 0 ? 1 : lineColumn(text, start).line;
};


/** With `options.maxLevels`, the document is still parsed whole but no level past that many is checked. */
export function readJsonCollection<L extends LevelMeta>(input: string, spec: JsonCollectionSpec<L>, options: ReadOptions = {}): CollectionReadResult<L> {
  const diagnostics: Diagnostic[] = [];
  const empty = (): CollectionReadResult<L> => ({ collection: { levels: [] }, diagnostics, rejected: 0, levelNumbers: [] });
  const { text, doc, diagnostic } = parseJsonText(input);
  if (diagnostic) {
    diagnostics.push(diagnostic);
    return empty();
  }
  const asLevel = spec.asLevel ?? ((item: unknown) => item);
  let items: unknown[];
  /** Where the levels' list is: the root array, the collection's `levels`, or none (one level). */
  let listedAt: '' | 'levels' | undefined;
  const header: Record<string, unknown> = {};
  const single = spec.asSingleLevel?.(doc);
  if (single !== undefined) {
    items = [single];
  } else if (Array.isArray(doc)) {
    items = doc.map(asLevel);
    listedAt = '';
  } else if (isRecord(doc) && (doc.format !== undefined || (Array.isArray(doc.levels) && doc[spec.levelField] === undefined))) {
    if (doc.format !== undefined && doc.format !== spec.formatTag) {
      diagnostics.push({ severity: 'error', code: 'json.format', message: `This file's format is ${JSON.stringify(doc.format).slice(0, 80)}; the ${spec.kind} kind reads "${spec.formatTag}".`, path: 'format' });
      return empty();
    }
    if (!Array.isArray(doc.levels)) {
      diagnostics.push({ severity: 'error', code: 'json.levels', message: 'The collection has no "levels" array.', path: 'levels' });
      return empty();
    }
    for (const field of HEADER_FIELDS) {
      if (doc[field] === undefined) continue;
      const parsed = spec.headerSchema[field].safeParse(doc[field]);
      if (parsed.success) header[field] = parsed.data;
      else diagnostics.push({ severity: 'warning', code: 'json.collection.field', message: `The collection's "${field}" is not valid (${parsed.error.issues[0]?.message ?? 'wrong type'}) and was ignored.`, path: field });
    }
    items = doc.levels.map(asLevel);
    listedAt = 'levels';
  } else if (isRecord(doc)) {
    items = [doc];
  } else {
    diagnostics.push({ severity: 'error', code: 'json.not-levels', message: `The file holds no ${spec.kind} level: expected a level, an array of levels or a "${spec.formatTag}" collection.`, line: docLine(text) });
    return empty();
  }

  const stoppedEarly = options.maxLevels !== undefined && items.length > options.maxLevels;
  if (stoppedEarly) items = items.slice(0, options.maxLevels);
  // The line each level starts on (a lone level: where the document starts).
  const lines = listedAt !== undefined ? linesAt(text, levelListOffsets(text, listedAt === '')) : [docLine(text)];
  const found: FoundLevel[] = items.map((item, i) => {
    const title = isRecord(item) && typeof item.title === 'string' ? item.title.slice(0, 1000) : undefined;
    return { line: lines[i] ?? 1, ...(title !== undefined ? { title } : {}) };
  });
  const levels: L[] = [];
  const levelNumbers: number[] = [];
  let rejected = 0;
  let dropped = 0;
  items.forEach((item, i) => {
    const checked = spec.validate(item);
    if (checked.level) {
      levels.push(checked.level);
      levelNumbers.push(i + 1);
      return;
    }
    rejected++;
    const base = listedAt === undefined ? '' : listedAt === 'levels' ? `levels[${i}]` : `[${i}]`;
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
    diagnostics.push({ severity: 'info', code: 'json.diagnostics.truncated', message: unlistedProblems(dropped), params: { count: dropped } });
  }
  return { collection: { ...(header as LevelMeta), levels }, diagnostics, rejected, levelNumbers, found, ...(stoppedEarly ? { stoppedEarly } : {}) };
}
