/**
 * Gridwright's JSON format for mazes. Reading accepts a `gridwright.maze/1` collection, one
 * without its tag, an array of levels and a bare level. Writing gives the tagged collection, one
 * level per block with its rows one per line, so files diff cleanly.
 */
import { readJsonCollection } from '../../../engine/text/json-collection.ts';
import type { CollectionReadResult, LevelCollection, LevelFormat, ReadOptions } from '../../../engine/ruleset.ts';
import { mazeLevelSchema, type MazeLevel } from '../schema.ts';
import { validateMazeLevel } from './text.ts';

export const MAZE_JSON_FORMAT = 'gridwright.maze/1';

const LEVEL_KEYS = ['title', 'author', 'comments', 'notes', 'par', 'chapter', 'rows'] as const;

export function readMazeJson(input: string, options: ReadOptions = {}): CollectionReadResult<MazeLevel> {
  return readJsonCollection(input, {
    formatTag: MAZE_JSON_FORMAT,
    kind: 'maze',
    levelField: 'rows',
    headerSchema: mazeLevelSchema.shape,
    validate: validateMazeLevel,
  }, options);
}

function writeLevel(level: MazeLevel): string {
  const parts: string[] = [];
  for (const key of LEVEL_KEYS) {
    const value = level[key];
    if (value === undefined) continue;
    if (key === 'rows') parts.push(`      "rows": [\n${level.rows.map((r) => `        ${JSON.stringify(r)}`).join(',\n')}\n      ]`);
    else parts.push(`      ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  }
  return `    {\n${parts.join(',\n')}\n    }`;
}

export function writeMazeJson(collection: LevelCollection<MazeLevel>): string {
  const head: string[] = [`  "format": ${JSON.stringify(MAZE_JSON_FORMAT)}`];
  for (const field of ['title', 'author', 'comments', 'notes'] as const) {
    if (collection[field] !== undefined) head.push(`  ${JSON.stringify(field)}: ${JSON.stringify(collection[field])}`);
  }
  const levels = collection.levels.length === 0 ? '[]' : `[\n${collection.levels.map(writeLevel).join(',\n')}\n  ]`;
  return `{\n${head.join(',\n')},\n  "levels": ${levels}\n}\n`;
}

export const mazeJsonFormat: LevelFormat<MazeLevel> = {
  id: 'json',
  label: 'Gridwright JSON (maze)',
  extensions: ['json'],
  read: readMazeJson,
  write: writeMazeJson,
  sniff(text) {
    const head = text.slice(0, 65536).replace(/^\uFEFF/, '').trimStart();
    if (!head.startsWith('{') && !head.startsWith('[')) return 0;
    if (/"format"\s*:\s*"gridwright\.maze\//.test(head)) return 2;
    if (/"format"\s*:\s*"gridwright\./.test(head)) return 0; // another kind's tagged file
    // A block-tray level also has "rows", but a deal seed or trays and no start ('@'): not a maze.
    if (/"(seed|trays)"\s*:/.test(head) && !head.includes('@')) return 0;
    return /"rows"\s*:/.test(head) ? 2 : 0;
  },
};
