/**
 * The wall followers (seed 001: the rule that solves any simply connected maze with eyes shut).
 * The left-hand bot tries, in order, a turn left, straight on, a turn right and back, and walks
 * the first way the rules accept; the right-hand bot mirrors it. Loops (a braided maze) and step
 * limits are what defeat them.
 */
import type { Bot } from '../../../engine/ruleset.ts';
import type { MazeState } from '../level.ts';
import type { MazeCommand } from '../schema.ts';
import { BACK_OF, LEFT_OF, probe, RIGHT_OF, WALK } from './moves.ts';

function wallFollower(id: string, label: string, hand: readonly number[], other: readonly number[]): Bot<MazeState, MazeCommand> {
  return {
    id,
    label,
    runs: 1,
    start() {
      // Facing up at the start; the first accepted turn sets the real heading.
      let heading = 0;
      return (state) => {
        for (const d of [hand[heading], heading, other[heading], BACK_OF[heading]]) {
          if (!probe(state, WALK[d])) continue;
          heading = d;
          return WALK[d];
        }
        return undefined;
      };
    },
  };
}

export const leftHandBot = wallFollower('left-hand', 'Left hand on the wall', LEFT_OF, RIGHT_OF);
export const rightHandBot = wallFollower('right-hand', 'Right hand on the wall', RIGHT_OF, LEFT_OF);
