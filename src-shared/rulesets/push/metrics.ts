/**
 * Figures for a verification record (seed 000: designers judge difficulty from the shortest
 * length, pushes, dead squares and the shape of the solution, more steadily than from play-tests).
 *
 * - boxLines: maximal runs of pushes of one box in one direction with no other move in between.
 * - boxChanges: pushes whose box differs from the previous push's box (the first push counts).
 * - meanBranching: the mean number of pushes available (box, direction, reachable pushing cell,
 *   and the rules let the box move) over the positions the solution chooses a push in (the start
 *   and after each push, the won end excepted).
 */
import { neighbour, type PushState } from './board.ts';
import { deadSquares, reachableIgnoringBoxes } from './analysis.ts';
import type { Direction } from './schema.ts';
import { DIRECTIONS_4, DIRECTION_STEPS, floodCells } from '../../engine/grid.ts';
import { doorIsOpen, pushStatus, stepPush } from './step.ts';

/** The command of each of DIRECTION_STEPS. */
const DIRECTIONS: readonly Direction[] = DIRECTIONS_4;

export function pushMetrics(start: PushState, solution?: readonly Direction[]): Record<string, number> {
  const { board } = start;
  const region = reachableIgnoringBoxes(board, start.player);
  const dead = deadSquares(board);
  let floorCells = 0;
  let deadCount = 0;
  for (let c = 0; c < region.length; c++) {
    if (!region[c]) continue;
    floorCells++;
    deadCount += dead[c];
  }
  const metrics: Record<string, number> = {
    width: board.width,
    height: board.height,
    floorCells,
    boxes: start.boxes.length,
    goals: board.goals.length,
    deadSquares: deadCount,
  };
  if (!solution) return metrics;
  let state = start;
  let pushes = 0;
  let boxLines = 0;
  let boxChanges = 0;
  let lastBox = -1;
  let lastDir: Direction | undefined;
  let walkedSincePush = true;
  // Over the positions a push is chosen in: the start and after each push, but not the won end
  // (where the game is over and no push is a choice).
  let branching = availablePushes(state);
  let positions = 1;
  for (const dir of solution) {
    const result = stepPush(state, dir);
    const pushed = result.state.pushes > state.pushes;
    if (pushed) {
      const event = result.events.find((e) => e.type === 'push');
      const box = event?.entity ? Number(event.entity.split(':')[1]) : -1;
      pushes++;
      if (box !== lastBox) boxChanges++;
      if (box !== lastBox || dir !== lastDir || walkedSincePush) boxLines++;
      lastBox = box;
      lastDir = dir;
      walkedSincePush = false;
      if (pushStatus(result.state) !== 'won') {
        branching += availablePushes(result.state);
        positions++;
      }
    } else {
      walkedSincePush = true;
    }
    state = result.state;
  }
  metrics.pushes = pushes;
  metrics.boxLines = boxLines;
  metrics.boxChanges = boxChanges;
  metrics.meanBranching = Math.round((branching / positions) * 100) / 100;
  return metrics;
}

/**
 * Pushes the player could make from here: a box, a direction and a pushing cell the player can
 * walk to. The walk goes round walls, boxes and doors as they stand; with mechanics (doors, ice,
 * heavy boxes, push strength) each push is tried under the real rules, so one that a closed door,
 * a heavy box or a chain too long for the player's strength refuses does not count.
 */
function availablePushes(state: PushState): number {
  const { board } = state;
  const occupied = new Uint8Array(board.width * board.height);
  for (const b of state.boxes) occupied[b] = 1;
  const reach = floodCells(board.width, board.height, (n) => n === state.player || (!board.wall[n] && !occupied[n] && (board.plain || doorIsOpen(state, n))), [state.player]);
  let count = 0;
  for (const b of state.boxes) {
    DIRECTION_STEPS.forEach(([dx, dy], d) => {
      const from = neighbour(board, b, -dx, -dy);
      const to = neighbour(board, b, dx, dy);
      if (from < 0 || to < 0 || !reach[from]) return;
      if (board.plain) {
        if (!board.wall[to] && !occupied[to]) count++;
      } else if (stepPush({ ...state, player: from }, DIRECTIONS[d]).state.pushes > state.pushes) count++;
    });
  }
  return count;
}
