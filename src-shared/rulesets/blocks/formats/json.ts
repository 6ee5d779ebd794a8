/**
 * Gridwright's JSON format for block-tray levels: a `gridwright.blocks/1` collection (or an array
 * of levels, or one level). Written one level per block, the board one row per line.
 */
import { readJsonCollection } from '../../../engine/text/json-collection.ts';
import type { CollectionReadResult, LevelCollection, LevelFormat, ReadOptions } from '../../../engine/ruleset.ts';
import { blocksLevelSchema, type BlocksLevel } from '../schema.ts';
import { validateBlocksLevel } from './text.ts';

export const BLOCKS_JSON_FORMAT = 'gridwright.blocks/1';

const LEVEL_KEYS = ['title', 'author', 'comments', 'notes', 'goal', 'target', 'moves', 'seed', 'resume', 'trays', 'rows'] as const;

function readBlocksJson(input: string, options: ReadOptions = {}): CollectionReadResult<BlocksLevel> {
  return readJsonCollection(input, { formatTag: BLOCKS_JSON_FORMAT, kind: 'blocks', levelField: 'rows', headerSchema: blocksLevelSchema.shape, validate: validateBlocksLevel }, options);
}

function writeLevel(level: BlocksLevel): string {
  const parts: string[] = [];
  for (const key of LEVEL_KEYS) {
    const value = level[key];
    if (value === undefined) continue;
    if (key === 'rows') parts.push(`      "rows": [\n${level.rows.map((r) => `        ${JSON.stringify(r)}`).join(',\n')}\n      ]`);
    else parts.push(`      ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  }
  return `    {\n${parts.join(',\n')}\n    }`;
}

function writeBlocksJson(collection: LevelCollection<BlocksLevel>): string {
  const head: string[] = [`  "format": ${JSON.stringify(BLOCKS_JSON_FORMAT)}`];
  for (const field of ['title', 'author', 'comments', 'notes'] as const) {
    if (collection[field] !== undefined) head.push(`  ${JSON.stringify(field)}: ${JSON.stringify(collection[field])}`);
  }
  const levels = collection.levels.length === 0 ? '[]' : `[\n${collection.levels.map(writeLevel).join(',\n')}\n  ]`;
  return `{\n${head.join(',\n')},\n  "levels": ${levels}\n}\n`;
}

export const blocksJsonFormat: LevelFormat<BlocksLevel> = {
  id: 'json',
  label: 'Gridwright JSON (blocks)',
  extensions: ['json'],
  read: readBlocksJson,
  write: writeBlocksJson,
  sniff(text) {
    const head = text.slice(0, 65536).replace(/^\uFEFF/, '').trimStart();
    if (!head.startsWith('{') && !head.startsWith('[')) return 0;
    if (/"format"\s*:\s*"gridwright\.blocks\//.test(head)) return 2;
    if (/"format"\s*:\s*"gridwright\./.test(head)) return 0;
    // Untagged: a board in "rows" (which a maze has too) with a deal seed or scripted trays, and
    // no maze start ('@'); the maze format steps aside for the same signs.
    return /"rows"\s*:/.test(head) && /"(seed|trays)"\s*:/.test(head) && !head.includes('@') ? 2 : 0;
  },
};
