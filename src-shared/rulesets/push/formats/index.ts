/** The push kind's level file formats, and picking one from a file name. */
import type { LevelFormat } from '../../../engine/ruleset.ts';
import type { PushLevel } from '../schema.ts';
import { pushJsonFormat } from './json.ts';
import { xsbFormat } from './xsb.ts';

export { pushJsonFormat, readPushJson, writePushJson, PUSH_JSON_FORMAT } from './json.ts';
export { xsbFormat, readXsb, writeXsb } from './xsb.ts';
export { parseLurd, writeLurd, lurdToDirections, MAX_LURD_MOVES, type LurdMove, type LurdParseResult } from './lurd.ts';

export const pushFormats: readonly LevelFormat<PushLevel>[] = [xsbFormat, pushJsonFormat];

/** The format that reads a file, by its extension (case-insensitive); undefined when none does. */
export function formatForFileName(name: string): LevelFormat<PushLevel> | undefined {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = base.slice(dot + 1).toLowerCase();
  return pushFormats.find((f) => f.extensions.includes(ext));
}
