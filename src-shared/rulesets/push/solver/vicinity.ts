/**
 * The vicinity of a known solution (search.ts `vicinity`): the positions whose boxes differ from
 * one of its positions in at most one box. Each known position is kept as the sums of fixed
 * random cell weights of its boxes less one of them; a position is near when its own sum less
 * one of its boxes is among them (a collision of sums only lets a far position in, which costs
 * states, not correctness).
 */
import { cellWeight } from './canonical.ts';

export class Vicinity {
  private readonly sums = new Set<number>();
  private readonly weight: Float64Array;

  constructor(size: number, positions: readonly ArrayLike<number>[]) {
    this.weight = Float64Array.from({ length: size }, (_, c) => cellWeight(c));
    for (const cells of positions) {
      const total = this.total(cells);
      for (let i = 0; i < cells.length; i++) this.sums.add(total - this.weight[cells[i]]);
    }
  }

  private total(cells: ArrayLike<number>): number {
    let total = 0;
    for (let i = 0; i < cells.length; i++) total += this.weight[cells[i]];
    return total;
  }

  /** Whether box cells `cells` are within one box of a known position. */
  has(cells: ArrayLike<number>): boolean {
    const total = this.total(cells);
    for (let i = 0; i < cells.length; i++) if (this.sums.has(total - this.weight[cells[i]])) return true;
    return false;
  }
}
