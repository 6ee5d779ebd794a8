/**
 * The start nodes of a plain search (search.ts). Forwards there is one: the level's position
 * (its player's region by pushes). Backwards from the solved position the player ends next to the
 * box it pushed last, which may be any box: by moves, one start node per cell next to a box; by
 * pushes, one per area. Each is stored in its canonical image, with its bound.
 */
import { INFEASIBLE } from '../../../search/assignment.ts';
import { TURN_SHIFT, type SearchContext } from './search-context.ts';

export interface StartNodes {
  /** The least bound of the start nodes (those at or past the cutoff are not stored). */
  readonly startH: number;
  /** The budget is smaller than the start nodes (backwards by moves, one per cell next to a box). */
  readonly overBudget: boolean;
}

/** Stores the start nodes of the boxes in `s.boxes`; `boxAt` is left clear. */
export function storeStartNodes(s: SearchContext, cutoff: number): StartNodes {
  const { board, boxes, boxAt, canon, codec, table, key, open, reach, matching, n, size, byMoves } = s;
  /** The start boxes' bound with the player on `player` (which side of each box it is on counts). */
  const startBound = (player: number): number => (matching ? matching.startBound(boxes, player) : s.simpleBound(boxes, player));
  let overBudget = false;
  /** Store a start node (its player cell or region least cell `at`, after `regionMin` by pushes). */
  const addStart = (at: number, h: number): void => {
    canon.signatures(boxes, canon.sig);
    canon.canonical(boxes, at, canon.sig);
    const hash = codec.write(canon.least, canon.leastPlayer);
    if (table.find(key, hash) >= 0) return; // an image of an earlier start node
    if (table.count >= s.options.budget) {
      overBudget = true;
      return;
    }
    const sid = table.insert(key, hash, -1, 0);
    table.setFlags(sid, canon.leastTurn << TURN_SHIFT);
    table.setAux(sid, h);
    open.push(sid, Math.round(s.weight * s.withParity(h, at)), 0);
  };
  let startH = INFEASIBLE;
  for (let i = 0; i < n; i++) boxAt[boxes[i]] = i;
  if (s.pulls) {
    const covered = new Uint8Array(size);
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < 4; d++) {
        const m = board.nbr[boxes[i] * 4 + d];
        if (m < 0 || boxAt[m] >= 0 || covered[m]) continue;
        const h = startBound(m);
        let at = m;
        if (byMoves) covered[m] = 1;
        else {
          at = reach.regionMin(m, boxAt);
          for (let k = 0; k < reach.regionSize; k++) covered[reach.region[k]] = 1;
        }
        startH = Math.min(startH, h);
        if (h < INFEASIBLE && h < cutoff) addStart(at, h);
      }
    }
  } else {
    startH = startBound(board.player);
    if (startH < INFEASIBLE && startH < cutoff) addStart(byMoves ? board.player : reach.regionMin(board.player, boxAt), startH);
  }
  for (let i = 0; i < n; i++) boxAt[boxes[i]] = -1;
  return { startH, overBudget };
}
