/** The block-tray kind's level file formats. */
import type { LevelFormat } from '../../../engine/ruleset.ts';
import type { BlocksLevel } from '../schema.ts';
import { blocksJsonFormat } from './json.ts';
import { blocksTextFormat } from './text.ts';

export { BLOCKS_JSON_FORMAT, blocksJsonFormat } from './json.ts';
export { blocksTextFormat, readBlocksText, validateBlocksLevel, writeBlocksText } from './text.ts';

export const blocksFormats: readonly LevelFormat<BlocksLevel>[] = [blocksTextFormat, blocksJsonFormat];
