/**
 * Canonical forms of positions on a symmetric board (symmetry.ts): of a position's images under
 * the board's turns and mirror images, the search stores only the least, and records which map
 * took the position reached to the one stored, so a path read back from the table can be mapped
 * into the real board's frame. With no symmetry only the identity map is used.
 */
import type { PlayerReach } from './reach.ts';
import type { Symmetry } from './symmetry.ts';

/** A fixed pseudo-random weight for a cell (for position signatures under symmetries). */
export function cellWeight(c: number): number {
  let h = Math.imul(c + 1, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

export class CanonicalPositions {
  readonly symmetries: readonly Symmetry[];
  /** Map 0 is the identity; map k is symmetries[k - 1]. */
  readonly maps: readonly Int32Array[];
  /** boxWeight[s][c]: the weight of a box on c after map s. */
  readonly boxWeight: readonly Float64Array[];
  private readonly playerWeight: readonly Float64Array[];
  /** compose[a * maps + b]: the index of map a after map b (the maps form a group). */
  private readonly compose: Uint8Array;
  private readonly byMoves: boolean;
  private readonly reach: PlayerReach;
  private readonly boxCount: number;
  /** Box signatures under every map: of the position being made, and of its parent. */
  readonly sig: Float64Array;
  readonly parentSig: Float64Array;
  /** What `canonical` chose: boxes, player and the map (index into `maps`). */
  readonly least: Int32Array;
  leastPlayer = 0;
  leastTurn = 0;
  private readonly image: Int32Array;
  private imagePlayer = 0;
  private readonly cellBits: Int32Array;

  /**
   * `byMoves`: the player's cell is part of a position (by pushes, its region, from the last
   * `reach.regionMin`).
   */
  constructor(size: number, boxCount: number, symmetries: readonly Symmetry[], byMoves: boolean, reach: PlayerReach) {
    this.symmetries = symmetries;
    this.byMoves = byMoves;
    this.reach = reach;
    this.boxCount = boxCount;
    const maps = [new Int32Array(size).map((_, c) => c), ...symmetries.map((sym) => sym.map)];
    this.maps = maps;
    this.boxWeight = maps.map((map) => Float64Array.from(map, (c) => cellWeight(c)));
    this.playerWeight = maps.map((map) => Float64Array.from(map, (c) => cellWeight(c + size)));
    this.compose = new Uint8Array(maps.length * maps.length);
    for (let a = 0; a < maps.length; a++) {
      for (let b = 0; b < maps.length; b++) {
        const k = maps.findIndex((m) => m.every((v, c) => v === maps[a][maps[b][c]]));
        if (k < 0) throw new Error('push search: board symmetries do not form a group (internal error)');
        this.compose[a * maps.length + b] = k;
      }
    }
    this.sig = new Float64Array(maps.length);
    this.parentSig = new Float64Array(maps.length);
    this.least = new Int32Array(boxCount);
    this.image = new Int32Array(boxCount);
    this.cellBits = new Int32Array((size + 31) >>> 5);
  }

  /** Whether the board has a symmetry besides the identity. */
  get active(): boolean {
    return this.symmetries.length > 0;
  }

  /** The map that is map `a` after map `b`. */
  after(a: number, b: number): number {
    return this.compose[a * this.maps.length + b];
  }

  /** Box signatures of `cells` under every map. */
  signatures(cells: Int32Array, out: Float64Array): void {
    const n = this.boxCount;
    for (let s = 0; s < this.maps.length; s++) {
      const w = this.boxWeight[s];
      let v = 0;
      for (let i = 0; i < n; i++) v += w[cells[i]];
      out[s] = v;
    }
  }

  /**
   * The stored form of a position (boxes sorted, player by moves or region minimum by pushes): of
   * its images under the board's symmetries, the one with the least signature (a sum of fixed
   * random weights of its box cells and, by moves, its player cell), ties broken by boxes, then
   * player. `sig[s]` holds the box part for map s; a child's is its parent's with one cell swapped,
   * so the choice costs O(maps), and only the winner is built. Leaves it in `least`/`leastPlayer`
   * and the map in `leastTurn`.
   */
  canonical(cells: Int32Array, player: number, sig: Float64Array): void {
    const { maps, byMoves, playerWeight, least, image } = this;
    const n = this.boxCount;
    let best = -1;
    let bestSig = Infinity;
    let ties = 0;
    for (let s = 0; s < maps.length; s++) {
      const v = sig[s] + (byMoves ? playerWeight[s][player] : 0);
      if (v < bestSig) {
        bestSig = v;
        best = s;
        ties = 0;
      } else if (v === bestSig) ties++;
    }
    this.imageOf(best, cells, player, least);
    this.leastPlayer = this.imagePlayer;
    this.leastTurn = best;
    if (ties === 0) return;
    for (let s = best + 1; s < maps.length; s++) {
      if (sig[s] + (byMoves ? playerWeight[s][player] : 0) !== bestSig) continue;
      this.imageOf(s, cells, player, image);
      let i = 0;
      while (i < n && image[i] === least[i]) i++;
      if (i < n ? image[i] > least[i] : this.imagePlayer >= this.leastPlayer) continue;
      least.set(image);
      this.leastPlayer = this.imagePlayer;
      this.leastTurn = s;
    }
  }

  /** The image of a position under map s, boxes sorted into `out`, player into `imagePlayer`. */
  private imageOf(s: number, cells: Int32Array, player: number, out: Int32Array): void {
    this.imageBoxes(s, cells, out);
    const map = this.maps[s];
    if (this.byMoves) this.imagePlayer = map[player];
    else {
      // The region's least cell after the map.
      const { region, regionSize } = this.reach;
      let least = map.length;
      for (let k = 0; k < regionSize; k++) if (map[region[k]] < least) least = map[region[k]];
      this.imagePlayer = least;
    }
  }

  /** The image of box cells under map s, sorted into `out`. */
  imageBoxes(s: number, cells: Int32Array, out: Int32Array): void {
    const map = this.maps[s];
    if (s === 0) {
      out.set(cells);
      return;
    }
    // Sorted by a bit set of the cells: a turn often reverses the order, the worst case of a sort.
    const { cellBits } = this;
    for (let i = 0; i < this.boxCount; i++) {
      const v = map[cells[i]];
      cellBits[v >>> 5] |= 1 << (v & 31);
    }
    let k = 0;
    for (let w = 0; w < cellBits.length; w++) {
      let bits = cellBits[w];
      cellBits[w] = 0;
      while (bits !== 0) {
        const low = bits & -bits;
        out[k++] = (w << 5) + 31 - Math.clz32(low);
        bits ^= low;
      }
    }
  }

  /**
   * Stored positions along a path, in path order (each with the map its node recorded), mapped
   * back into the real board's frame, each into the frame of the one before: forwards from the
   * start on; backwards (`pulls`) from the real start, the end of the pulls, back to the solved
   * position, whose box cells every symmetry keeps.
   */
  unmapPath(steps: readonly { readonly cells: Int32Array; readonly player: number; readonly turn: number }[], pulls: boolean): { boxes: Int32Array; player: number }[] {
    const size = this.maps[0].length;
    let toActual = new Int32Array(size).map((_, c) => c);
    return steps.map(({ cells, player, turn }, step) => {
      if (!pulls) {
        // toActual = toActual(before) after the inverse of this step's symmetry.
        if (turn > 0) {
          const inverse = this.symmetries[turn - 1].inverse;
          const prior = toActual;
          toActual = new Int32Array(size).map((_, c) => prior[inverse[c]]);
        }
      } else if (step > 0) {
        // The child (one step nearer the real start) was stored as the image of what this node made.
        const childTurn = steps[step - 1].turn;
        if (childTurn > 0) {
          const map = this.symmetries[childTurn - 1].map;
          const prior = toActual;
          toActual = new Int32Array(size).map((_, c) => prior[map[c]]);
        }
      }
      const boxes = cells.map((c) => toActual[c]).sort();
      return { boxes, player: toActual[player] };
    });
  }
}
