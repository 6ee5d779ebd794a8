/**
 * Hostile level files for property tests (fast-check) and the fuzz bench: mutated real files,
 * arbitrary text and bytes, JSON of the right shape with wrong values, deep nesting, foreign
 * encodings; and the checks every reader must pass on them. The checks throw a plain Error
 * (fast-check reports the smallest input that breaks one), so the bench can run them too.
 */
import fc from 'fast-check';
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import type { CollectionReadResult } from '../../src-shared/engine/ruleset.ts';
import { validatePushLevel } from '../../src-shared/rulesets/push/board.ts';
import { validateSlidingLevel } from '../../src-shared/rulesets/sliding/level.ts';
import { validateMazeLevel } from '../../src-shared/rulesets/maze/formats/text.ts';

// --- Seeds: small real files of every format ---

export const XSB_SEED = [
  '; Microban (excerpt)',
  'Title: Hostile seeds',
  '',
  '; 1',
  '',
  '####',
  '# .#',
  '#  ###',
  '#*@  #',
  '#  $ #',
  '#  ###',
  '####',
  'Author: David W. Skinner',
  'Comment:',
  'a comment',
  'Comment-End:',
  '',
  '; 2',
  '',
  '######',
  '#    #',
  '# #@ #',
  '# $* #',
  '# .* #',
  '#    #',
  '######',
  '',
].join('\n');

export const PUSH_JSON_SEED = JSON.stringify(
  {
    format: 'gridwright.push/1',
    title: 'Mechanics',
    levels: [
      { title: 'ice', board: ['#######', '#@ $ .#', '#######'], ice: [[2, 1]] },
      { title: 'door', board: ['#######', '#@$ ..#', '# $   #', '#######'], buttons: [{ at: [4, 2], link: 'A' }], doors: [{ at: [3, 1], link: 'A' }] },
      { title: 'tele', board: ['########', '#@ $  .#', '########'], teleporters: [{ a: [2, 1], b: [5, 1] }], heavy: [[3, 1]], notes: { par: '5' } },
    ],
  },
  null,
  1,
);

export const SLIDING_JSON_SEED = JSON.stringify(
  {
    format: 'gridwright.sliding/1',
    title: 'Tiles',
    levels: [
      { title: 'a', width: 3, height: 3, tiles: [1, 2, 3, 4, 0, 6, 7, 5, 8], goal: 'blank-last' },
      { width: 2, height: 2, tiles: [0, 1, 3, 2] },
      [8, 1, 3, 4, 0, 2, 7, 6, 5],
    ],
  },
  null,
  1,
);

export const TILES_SEED = ['Title: Warm-up', '', 'Title: one', 'Goal: blank-last', '1 2 3', '4 0 6', '7 5 8', '', '; two', '2 1', '3 _', ''].join('\n');

export const MAZE_TEXT_SEED = ['Title: Halls', '', 'Title: one', 'Par: 6', '#######', '#@.k.D#', '#####X#', '', '; two', '#####', '#@^~X#', '#####', ''].join('\n');

export const MAZE_JSON_SEED = JSON.stringify({ format: 'gridwright.maze/1', title: 'Halls', levels: [{ title: 'one', par: 4, rows: ['######', '#@ox.X', '######'] }, { rows: ['#####', '#@-X#', '#####'] }] }, null, 2);

export const LURD_SEED = 'dlUrrrdLullddrUluRuulDrddrruLdlUU\n3(lU)2r\n';

/** Pieces a mutation inserts: the characters and words the readers give a meaning to, and trouble. */
const PIECES = [
  '\0', '\uFEFF', '\uD800', '\uDFFF', '\uFFFD', '\u2028', '\u0085', '\u202E', '\r\n', '\r', '\n', '\n\n', '\t', ' ', '#', '@', '$', '.', '*', '+', '-', '_', '|',
  ';', ':', 'Title:', 'Author: ', 'Comment:', 'Comment-End:', '\\Comment-End:', 'Goal: blank-first', '{', '}', '[', ']', '"', ',', '0', '9', '25', '-1', '1e999',
  '99999999999999999999', '"format":', '"gridwright.push/1"', '"gridwright.sliding/1"', '"gridwright.maze/1"', '"levels":', '"board":', '"tiles":', '"width":', '"__proto__":',
  '"constructor":', 'null', 'true', '(', ')', '999999999(', 'lurdLURD', '#####', '#@$.#',
];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);

type Edit = { readonly kind: 'insert' | 'delete' | 'repeat'; readonly at: number; readonly length: number; readonly text: string };

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('insert', 'insert', 'delete', 'repeat'),
  at: fc.nat(),
  length: fc.integer({ min: 1, max: 40 }),
  text: piece,
});

function applyEdits(seed: string, edits: readonly Edit[]): string {
  let text = seed;
  for (const e of edits) {
    const at = text.length === 0 ? 0 : e.at % (text.length + 1);
    if (e.kind === 'insert') text = text.slice(0, at) + e.text + text.slice(at);
    else if (e.kind === 'delete') text = text.slice(0, at) + text.slice(at + e.length);
    else text = text.slice(0, at) + text.slice(at, at + e.length).repeat(1 + (e.length % 5)) + text.slice(at);
  }
  return text;
}

/** A seed file with a few edits. */
export const mutated = (seeds: readonly string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { minLength: 1, maxLength: 12 })).map(([seed, edits]) => applyEdits(seed, edits));

/** JSON of the shapes the readers expect, with any values in the fields. */
export const jsonShaped: fc.Arbitrary<string> = (() => {
  const anything = fc.jsonValue({ maxDepth: 4 });
  const cell = fc.oneof(fc.tuple(fc.integer({ min: -2, max: 12 }), fc.integer({ min: -2, max: 12 })), anything);
  const row = fc.oneof({ weight: 4, arbitrary: fc.stringMatching(/^[#@$.*+ \-_]{0,9}$/) }, { weight: 1, arbitrary: anything });
  const level = fc.record(
    {
      title: fc.oneof(fc.string({ maxLength: 20 }), anything),
      board: fc.oneof({ weight: 4, arbitrary: fc.array(row, { maxLength: 8 }) }, { weight: 1, arbitrary: anything }),
      ice: fc.array(cell, { maxLength: 3 }),
      buttons: fc.array(fc.record({ at: cell, link: fc.oneof(fc.constantFrom('A', 'B'), anything) }), { maxLength: 2 }),
      doors: fc.array(fc.record({ at: cell, link: fc.oneof(fc.constantFrom('A', 'B'), anything) }), { maxLength: 2 }),
      teleporters: fc.array(fc.record({ a: cell, b: cell }), { maxLength: 2 }),
      heavy: fc.array(cell, { maxLength: 2 }),
      width: fc.oneof(fc.integer({ min: -1, max: 6 }), anything),
      height: fc.oneof(fc.integer({ min: -1, max: 6 }), anything),
      tiles: fc.oneof(fc.array(fc.integer({ min: -1, max: 26 }), { maxLength: 26 }), anything),
      goal: fc.oneof(fc.constantFrom('blank-last', 'blank-first', 'sideways'), anything),
      notes: fc.oneof(fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })), anything),
    },
    { requiredKeys: [] },
  );
  const tag = fc.constantFrom('gridwright.push/1', 'gridwright.sliding/1', 'gridwright.maze/1', 'gridwright.push/2', '');
  const doc = fc.oneof(
    level,
    fc.array(fc.oneof(level, anything), { maxLength: 5 }),
    fc.record({ format: fc.oneof(tag, anything), title: anything, levels: fc.oneof(fc.array(fc.oneof(level, anything), { maxLength: 5 }), anything) }, { requiredKeys: ['format'] }),
    fc.array(fc.array(fc.integer({ min: -1, max: 26 }), { maxLength: 6 }), { maxLength: 6 }),
    anything,
  );
  return fc.tuple(doc, fc.constantFrom(0, 1, 2)).map(([value, indent]) => JSON.stringify(value, null, indent) ?? 'null');
})();

/** Nesting far past any level file's, in the places the readers look (the `format` tag first). */
export const deeplyNested: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 60, max: 20_000 }), fc.constantFrom('[', '{"a":', '{"levels":'), fc.constantFrom('format', 'levels', 'board', 'root'), fc.boolean())
  .map(([depth, open, where, closed]) => {
    const close = open === '[' ? ']' : '}';
    const deep = open.repeat(depth) + (open === '[' ? '' : '1') + (closed ? close.repeat(depth) : '');
    if (where === 'root') return deep;
    if (where === 'format') return `{"format":${deep}}`;
    if (where === 'levels') return `{"format":"gridwright.push/1","levels":${deep}}`;
    return `[{"board":${deep}}]`;
  });

/** Any text at all, from any code units. */
export const anyText: fc.Arbitrary<string> = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'grapheme-ascii', maxLength: 400 }));

/** Random bytes as a lenient UTF-8 decoder sees them. */
export const bytesAsText: fc.Arbitrary<string> = fc.uint8Array({ maxLength: 600 }).map((bytes) => new TextDecoder('utf-8', { fatal: false }).decode(bytes));

/** Every kind of hostile text, weighted towards the near misses that reach deep into a reader. */
export const hostileText = (seeds: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: mutated(seeds) },
    { weight: 3, arbitrary: jsonShaped },
    { weight: 1, arbitrary: deeplyNested },
    { weight: 2, arbitrary: anyText },
    { weight: 1, arbitrary: bytesAsText },
  );

export const ALL_SEEDS = [XSB_SEED, PUSH_JSON_SEED, SLIDING_JSON_SEED, TILES_SEED, LURD_SEED, MAZE_TEXT_SEED, MAZE_JSON_SEED];

export const fileName: fc.Arbitrary<string> = fc.constantFrom('levels.xsb', 'a.sok', 'a.TXT', 'a.json', 'a.tiles', 'a.maze', 'a.bin', 'noending', '../up/a.sok', 'a.json.txt', '.json');

/** A file as an import gets it: often a lightly damaged file under its own ending, else anything. */
export const hostileFile: fc.Arbitrary<{ readonly name: string; readonly text: string }> = fc.oneof(
  fc
    .constantFrom({ name: 'set.sok', seed: XSB_SEED }, { name: 'set.json', seed: PUSH_JSON_SEED }, { name: 'tiles.json', seed: SLIDING_JSON_SEED }, { name: 'set.tiles', seed: TILES_SEED })
    .chain(({ name, seed }) => fc.array(edit, { maxLength: 3 }).map((edits) => ({ name, text: applyEdits(seed, edits) }))),
  fc.record({ name: fileName, text: hostileText(ALL_SEEDS) }),
);

// --- Encodings, for the CLI's byte decoding ---

export type Encoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';

/** Text encoded with a byte-order mark (UTF-8 with or without one). */
export function encode(text: string, encoding: Encoding): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  if (encoding === 'utf-8-bom') return new TextEncoder().encode(`\uFEFF${text}`);
  const units = `\uFEFF${text}`;
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    const out = new Uint8Array(units.length * 2);
    const view = new DataView(out.buffer);
    for (let i = 0; i < units.length; i++) view.setUint16(i * 2, units.charCodeAt(i), encoding === 'utf-16le');
    return out;
  }
  const points = [...units].map((c) => c.codePointAt(0)!);
  const out = new Uint8Array(points.length * 4);
  const view = new DataView(out.buffer);
  points.forEach((p, i) => view.setUint32(i * 4, p, encoding === 'utf-32le'));
  return out;
}

// --- What every reader must do with any of it ---

/** Line breaks as the readers count them (\r\n, \r or \n). */
const lineCount = (text: string): number => text.split(/\r\n|\r|\n/).length;

function fail(what: string, detail?: unknown): never {
  throw new Error(detail === undefined ? what : `${what}: ${JSON.stringify(detail).slice(0, 400)}`);
}

/** A diagnostic is well formed and points inside the text. */
export function checkDiagnostic(d: Diagnostic, text: string, levels: number): void {
  if (!/^[a-z]+(\.[a-z0-9-]+)+$/.test(d.code)) fail('a diagnostic code is malformed', d);
  if (typeof d.message !== 'string' || d.message.trim() === '') fail('a diagnostic has no message', d);
  if (!['error', 'warning', 'info'].includes(d.severity)) fail('a diagnostic has no severity', d);
  if (d.line !== undefined && (!Number.isInteger(d.line) || d.line < 1 || d.line > lineCount(text))) fail(`a diagnostic's line is outside the text (${lineCount(text)} lines)`, d);
  if (d.column !== undefined && (!Number.isInteger(d.column) || d.column < 1)) fail("a diagnostic's column is not a column", d);
  if (d.level !== undefined && (!Number.isInteger(d.level) || d.level < 1 || d.level > Math.max(levels, 1))) fail(`a diagnostic names level ${d.level} of ${levels}`, d);
}

const isTruncation = (d: Diagnostic): boolean => d.code.endsWith('.diagnostics.truncated');

/**
 * A collection reader's answer: kept levels valid, numbered in order, every level it refused
 * named by an error with a line (unless the list of problems was cut short), every diagnostic
 * sane.
 */
export function checkCollectionRead(read: CollectionReadResult<object>, text: string, kind: 'push' | 'sliding' | 'maze'): void {
  const { levels } = read.collection;
  if (levels.length !== read.levelNumbers.length) fail('levels and their numbers differ in count');
  const total = levels.length + read.rejected;
  if (read.found && read.found.length !== total) fail(`found lists ${read.found.length} levels of ${total}`);
  for (let i = 0; i < read.levelNumbers.length; i++) {
    const n = read.levelNumbers[i];
    if (!Number.isInteger(n) || n < 1 || n > total || (i > 0 && n <= read.levelNumbers[i - 1])) fail('level numbers are not increasing within the file', read.levelNumbers);
  }
  const validate = kind === 'push' ? validatePushLevel : kind === 'maze' ? validateMazeLevel : validateSlidingLevel;
  for (const level of levels) if (!validate(level).level) fail('a kept level does not validate', level);
  for (const d of read.diagnostics) checkDiagnostic(d, text, total);
  if (read.diagnostics.some(isTruncation)) return;
  const kept = new Set(read.levelNumbers);
  for (let n = 1; n <= total; n++) {
    if (kept.has(n)) continue;
    const why = read.diagnostics.find((d) => d.level === n && d.severity === 'error');
    if (!why) fail(`level ${n} was refused without an error naming it`, read.diagnostics);
    if (why.line === undefined) fail(`level ${n} was refused without a line`, why);
  }
}
