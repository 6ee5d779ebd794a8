/**
 * The player's region where free walks can be walked back (board.ts `symmetricWalk`: no sliding
 * player, no pads, no door the player holds open): every cell it reaches from a cell without
 * moving a box, found by a flood over free cells and doors the boxes hold open. Its least cell
 * names the region in a search by pushes, so positions that differ only by a walk are one.
 */
import type { MechanicsBoard } from './board.ts';
import { nextStamp } from '../../../../search/stamps.ts';

export class WalkRegion {
  private readonly b: MechanicsBoard;
  private readonly seen: Uint32Array;
  private readonly queue: Int32Array;
  private readonly boxPressed: Int32Array;
  private stamp = 0;
  /** Cells visited by the last flood (for the stop poll). */
  visited = 0;

  constructor(board: MechanicsBoard) {
    if (!board.symmetricWalk) throw new Error('WalkRegion: walks on this board cannot be walked back');
    this.b = board;
    this.seen = new Uint32Array(board.size);
    this.queue = new Int32Array(board.size);
    this.boxPressed = new Int32Array(board.linkButtons.length);
  }

  /** The least cell of the region of `from`, the boxes on `occ` (non-zero cells). */
  least(from: number, occ: Uint8Array): number {
    const { b, seen, queue, boxPressed } = this;
    const { nbr, doorLink } = b;
    const doors = b.doorsActive && b.doorCells.length > 0;
    if (doors) {
      boxPressed.fill(0);
      for (let c = 0; c < b.size; c++) if (occ[c] !== 0 && b.buttonLink[c] >= 0) boxPressed[b.buttonLink[c]]++;
    }
    const stamp = (this.stamp = nextStamp(this.stamp, seen));
    seen[from] = stamp;
    queue[0] = from;
    let least = from;
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const c = queue[head];
      if (c < least) least = c;
      for (let d = 0; d < 4; d++) {
        const t = nbr[c * 4 + d];
        if (t < 0 || seen[t] === stamp || occ[t] !== 0) continue;
        if (doors && doorLink[t] >= 0 && !this.open(doorLink[t])) continue;
        seen[t] = stamp;
        queue[tail++] = t;
      }
    }
    this.visited = tail + (doors ? b.size : 0);
    return least;
  }

  private open(link: number): boolean {
    const total = this.b.linkButtons[link];
    if (total === 0) return false;
    return this.b.opensWhenAll ? this.boxPressed[link] === total : this.boxPressed[link] > 0;
  }
}
