/**
 * Packing order for goal rooms: the order to fill the goals in so that no goal is walled off by
 * filled ones before its turn. The push search's `packing` option (search.ts) uses it to find
 * some solution where the order boxes go in is everything (Microban 153: ten boxes fill a
 * one-wide dead-end column through one door), and a search over whole positions drowns in the
 * orders. That solution is not optimal: it supplies a par upper bound.
 *
 * The order is found backwards: the goal filled last must be reachable by a box (in the relaxed
 * model) with every other goal filled; the one before it with all the rest filled; and so on.
 * Where several could be last, the one nearest the boxes goes last: it is the way in. Where none
 * can be reached from the boxes' start cells, a box parked elsewhere first may do: any floor cell.
 */
import { UNREACHABLE } from '../analysis.ts';
import { relaxedPushDistances, type CompiledBoard } from './compiled.ts';

/** Goals in the order to fill them, or undefined when some goal can never be filled last. */
export function packingOrder(board: CompiledBoard): number[] | undefined {
  const filled = new Uint8Array(board.size);
  for (const g of board.goals) filled[g] = 1;
  const order: number[] = [];
  const remaining = new Set(board.goals);
  // Where boxes can come from: their start cells; failing that, any floor (a box parked off the
  // goals first, as some levels need before the last goal can be filled).
  const starts = Array.from(board.boxes);
  const anywhere = Array.from({ length: board.size }, (_, c) => c).filter((c) => !board.goal[c]);
  const pickFrom = (sources: readonly number[]): number => {
    let pick = -1;
    let pickDistance = Infinity;
    for (const g of remaining) {
      filled[g] = 0;
      const dist = relaxedPushDistances(board, [g], 'onto', filled);
      filled[g] = 1;
      // Nearest source (not itself on a filled goal) a box could be pushed onto g from.
      let nearest = Infinity;
      for (const b of sources) if ((!filled[b] || b === g) && dist[b] !== UNREACHABLE) nearest = Math.min(nearest, dist[b]);
      if (nearest < pickDistance) {
        pickDistance = nearest;
        pick = g;
      }
    }
    return pick;
  };
  while (remaining.size > 0) {
    let pick = pickFrom(starts);
    if (pick < 0) pick = pickFrom(anywhere);
    if (pick < 0) return undefined;
    order.push(pick);
    remaining.delete(pick);
    filled[pick] = 0;
  }
  return order.reverse();
}
