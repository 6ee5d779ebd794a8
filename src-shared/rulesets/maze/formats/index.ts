/** The maze kind's level file formats. */
import type { LevelFormat } from '../../../engine/ruleset.ts';
import type { MazeLevel } from '../schema.ts';
import { mazeJsonFormat } from './json.ts';
import { mazeTextFormat } from './text.ts';

export { MAZE_JSON_FORMAT, mazeJsonFormat, readMazeJson, writeMazeJson } from './json.ts';
export { mazeTextFormat, readMazeText, validateMazeLevel, writeMazeText } from './text.ts';

export const mazeFormats: readonly LevelFormat<MazeLevel>[] = [mazeJsonFormat, mazeTextFormat];
