/** The sliding kind's level file formats. */
import type { LevelFormat } from '../../../engine/ruleset.ts';
import type { SlidingLevel } from '../schema.ts';
import { slidingJsonFormat } from './json.ts';
import { slidingTextFormat } from './text.ts';

export { SLIDING_JSON_FORMAT, readSlidingJson, slidingJsonFormat, writeSlidingJson } from './json.ts';
export { readSlidingText, slidingTextFormat, writeSlidingText } from './text.ts';

export const slidingFormats: readonly LevelFormat<SlidingLevel>[] = [slidingJsonFormat, slidingTextFormat];
