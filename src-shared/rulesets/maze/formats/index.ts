/** The maze kind's level file formats. */
import type { LevelFormat } from '../../../engine/ruleset.ts';
import type { MazeLevel } from '../schema.ts';

export const mazeFormats: readonly LevelFormat<MazeLevel>[] = [];
