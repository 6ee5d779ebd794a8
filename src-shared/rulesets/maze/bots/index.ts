/**
 * The maze's bots (the verification facet), weakest in planning first: greedy, the two wall
 * followers, the blind explorer (15 seeded runs). Verification records their pass rates and the
 * generator's bot sieves run the same bots through the same runner (`engine/play/bots.ts`).
 */
import type { Bot } from '../../../engine/ruleset.ts';
import type { MazeState } from '../level.ts';
import type { MazeCommand } from '../schema.ts';
import { blindExplorer } from './blind-explorer.ts';
import { greedyBot } from './greedy.ts';
import { leftHandBot, rightHandBot } from './wall-follower.ts';

export { blindExplorer, BLIND_RUNS } from './blind-explorer.ts';
export { greedyBot } from './greedy.ts';
export { leftHandBot, rightHandBot } from './wall-follower.ts';

export const MAZE_BOTS: readonly Bot<MazeState, MazeCommand>[] = [greedyBot, leftHandBot, rightHandBot, blindExplorer];
