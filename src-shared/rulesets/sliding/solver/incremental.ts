/**
 * The two incremental bounds IDA* runs with: Manhattan distance plus linear conflicts (any board)
 * and the 4x4 additive pattern databases.
 */
import { colCode, lineConflicts, rowCode } from './bounds.ts';
import type { IncrementalBound } from './ida.ts';
import { groupTableLength } from './pattern-db.ts';

export function conflictIncrementalBound(width: number, height: number): IncrementalBound {
  const n = width * height;
  const lines = lineConflicts(width, height);
  // Manhattan distance of tile t on cell c: md[t * n + c].
  const md = new Uint8Array(n * n);
  for (let t = 1; t < n; t++) {
    for (let c = 0; c < n; c++) md[t * n + c] = Math.abs((t % width) - (c % width)) + Math.abs(Math.floor(t / width) - Math.floor(c / width));
  }
  const rowExtra = new Uint8Array(height);
  const colExtra = new Uint8Array(width);
  return {
    reset(tiles) {
      let h = 0;
      for (let c = 0; c < n; c++) if (tiles[c] !== 0) h += md[tiles[c] * n + c];
      for (let y = 0; y < height; y++) h += rowExtra[y] = lines.rows[rowCode(tiles, width, y)];
      for (let x = 0; x < width; x++) h += colExtra[x] = lines.cols[colCode(tiles, width, height, x)];
      return h;
    },
    move(tile, from, to, tiles) {
      let dh = md[tile * n + to] - md[tile * n + from];
      const fromX = from % width;
      const toX = to % width;
      if (fromX === toX) {
        // A vertical move changes the two rows' conflicts only.
        const a = (from - fromX) / width;
        const b = (to - toX) / width;
        const ea = lines.rows[rowCode(tiles, width, a)];
        const eb = lines.rows[rowCode(tiles, width, b)];
        dh += ea - rowExtra[a] + eb - rowExtra[b];
        rowExtra[a] = ea;
        rowExtra[b] = eb;
      } else {
        const ea = lines.cols[colCode(tiles, width, height, fromX)];
        const eb = lines.cols[colCode(tiles, width, height, toX)];
        dh += ea - colExtra[fromX] + eb - colExtra[toX];
        colExtra[fromX] = ea;
        colExtra[toX] = eb;
      }
      return dh;
    },
  };
}

/**
 * Additive pattern databases over the 4x4 board; `tables` holds each group's table in partition
 * order. The goal is its own mirror image across the main diagonal (tile t <-> its transposed
 * number), so the same tables also bound the mirrored position; the larger of the two sums is
 * taken (Korf & Felner's reflection), for the price of a second look-up per move.
 */
export function patternIncrementalBound(partition: readonly (readonly number[])[], tables: Uint8Array): IncrementalBound {
  const groups = partition.length;
  const groupOf = new Int8Array(16).fill(-1);
  const shiftOf = new Uint8Array(16);
  const views: Uint8Array[] = [];
  let offset = 0;
  partition.forEach((group, g) => {
    group.forEach((tile, i) => {
      groupOf[tile] = g;
      shiftOf[tile] = 4 * i;
    });
    const length = groupTableLength(group.length);
    views.push(tables.subarray(offset, offset + length));
    offset += length;
  });
  // The mirror of cell (or tile) c: (x, y) -> (y, x).
  const mirror = new Uint8Array(16);
  for (let c = 0; c < 16; c++) mirror[c] = (c % 4) * 4 + Math.floor(c / 4);
  const index = new Int32Array(groups);
  const mirrored = new Int32Array(groups);
  let direct = 0;
  let reflected = 0;
  const sum = (idx: Int32Array): number => {
    let h = 0;
    for (let g = 0; g < groups; g++) h += views[g][idx[g]];
    return h;
  };
  return {
    reset(tiles) {
      index.fill(0);
      mirrored.fill(0);
      for (let c = 0; c < 16; c++) {
        const t = tiles[c];
        if (t === 0) continue;
        index[groupOf[t]] += c << shiftOf[t];
        const mt = mirror[t];
        mirrored[groupOf[mt]] += mirror[c] << shiftOf[mt];
      }
      direct = sum(index);
      reflected = sum(mirrored);
      return direct > reflected ? direct : reflected;
    },
    move(tile, from, to) {
      const before = direct > reflected ? direct : reflected;
      const g = groupOf[tile];
      const view = views[g];
      direct -= view[index[g]];
      index[g] += (to - from) << shiftOf[tile];
      direct += view[index[g]];
      const mt = mirror[tile];
      const mg = groupOf[mt];
      const mview = views[mg];
      reflected -= mview[mirrored[mg]];
      mirrored[mg] += (mirror[to] - mirror[from]) << shiftOf[mt];
      reflected += mview[mirrored[mg]];
      return (direct > reflected ? direct : reflected) - before;
    },
  };
}
