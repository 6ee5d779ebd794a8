/**
 * Additive pattern databases for the 4x4 board (Korf & Felner 2002): the tiles are split into
 * disjoint groups; for each group a table gives, for every placement of its tiles, the fewest
 * moves OF THOSE TILES that bring them home, the other tiles being indistinguishable. Each move
 * moves one tile, so the groups' values add up to an admissible bound.
 *
 * A table is built by a breadth-first search backwards from the goal over (placement, blank
 * region): moves of the other tiles are free, so the blank roams its whole connected region of
 * non-group cells at no cost, and a state is a placement plus that region (named by its lowest
 * cell). Placements are indexed sparsely, 4 bits per tile (`sum pos[i] << 4i`), so a move updates
 * the index by one addition in the search.
 */
import { neighbourCell } from '../../../engine/grid.ts';
import { StopPoll } from '../../../search/stop-poll.ts';
import type { BuildHooks } from './stored.ts';

/**
 * The 6-6-3 partition in the canonical frame (blank on cell 0): the two left columns, the 2x3
 * block right of them, the rest of the bottom row. Of the partitions measured on Korf's
 * instances 1-50 it needed the fewest expansions (with reflection: 9.2 million in all, against
 * 15 million for {1,2,4,5,8,9}/{3,6,7,10,11,15}/{12,13,14}).
 */
export const PARTITION_663: readonly (readonly number[])[] = [
  [1, 4, 5, 8, 9, 12],
  [2, 3, 6, 7, 10, 11],
  [13, 14, 15],
];

export const PDB_NAME_663 = 'sliding-4x4-pdb663-v1';

const SIDE = 4;
const CELLS = 16;
const NOT_COL0 = 0xeeee;
const NOT_COL3 = 0x7777;

/** Byte length of a group's table. */
export const groupTableLength = (tiles: number): number => 1 << (4 * tiles);

/** Byte length of the tables of a partition, one after another. */
export const partitionLength = (partition: readonly (readonly number[])[]): number => partition.reduce((s, g) => s + groupTableLength(g.length), 0);

/**
 * The cells reachable from `seed` through `free` (16-bit masks): the shared flood
 * (engine/grid.ts `floodCells`) compiled for the 16-cell board, a few mask steps instead of a
 * stack, as the table build floods the blank's region once per move of each tile.
 */
function flood(seed: number, free: number): number {
  let region = seed;
  for (;;) {
    const grown = (region | ((region << 4) & 0xffff) | (region >>> 4) | ((region << 1) & NOT_COL0) | ((region >>> 1) & NOT_COL3)) & free;
    if (grown === region) return region;
    region = grown;
  }
}

const lowestCell = (mask: number): number => 31 - Math.clz32(mask & -mask);

/** Neighbours of each cell (4 per cell in the grid's direction order, -1 off the board). */
function neighbours(): Int8Array {
  const out = new Int8Array(CELLS * 4);
  for (let c = 0; c < CELLS; c++) for (let d = 0; d < 4; d++) out[c * 4 + d] = neighbourCell(SIDE, SIDE, c, d);
  return out;
}

/**
 * One group's table, written into `dist` (of `groupTableLength` bytes); false when stopped.
 * `done` counts states across a partition's build, for progress.
 */
export function buildGroupTable(
  group: readonly number[],
  dist: Uint8Array,
  hooks: BuildHooks = {},
  done = { states: 0 },
  seen = new Uint16Array(groupTableLength(group.length)),
): boolean {
  const k = group.length;
  dist.fill(255);
  // Which blank regions (by lowest cell) each placement was reached with (reused across groups).
  seen.fill(0, 0, groupTableLength(k));
  const near = neighbours();
  let goal = 0;
  let goalOccupied = 0;
  for (let i = 0; i < k; i++) {
    goal += group[i] << (4 * i);
    goalOccupied |= 1 << group[i];
  }
  const startRep = lowestCell(flood(1, ~goalOccupied & 0xffff));
  dist[goal] = 0;
  seen[goal] = 1 << startRep;
  // One layer at a time: the largest layer is a small part of all states.
  // Room for the largest layer of a 6-tile group (1.8 million states) without growing.
  let layer = new Int32Array(k >= 6 ? 1 << 21 : 1 << 12);
  layer[0] = (goal << 4) | startRep;
  let layerSize = 1;
  let next = new Int32Array(layer.length);
  let nextSize = 0;
  let expanded = 0;
  // The stop is asked by work (stop-poll.ts): an expansion floods the blank's region once per
  // move of each of its k tiles (a flood is a few mask steps).
  const poll = hooks.poll ?? new StopPoll(hooks.shouldStop);
  const expansionWork = 32 * k;
  for (let depth = 1; layerSize > 0; depth++) {
    for (let q = 0; q < layerSize; q++) {
      if ((++expanded & 0xffff) === 0) hooks.progress?.({ nodes: done.states + expanded, stored: done.states + expanded + nextSize });
      if (poll.tick(expansionWork)) return false;
      const entry = layer[q];
      const index = entry >>> 4;
      let occupied = 0;
      for (let i = 0; i < k; i++) occupied |= 1 << ((index >>> (4 * i)) & 15);
      const free = ~occupied & 0xffff;
      const region = flood(1 << (entry & 15), free);
      for (let i = 0; i < k; i++) {
        const shift = 4 * i;
        const from = (index >>> shift) & 15;
        for (let m = 0; m < 4; m++) {
          const to = near[from * 4 + m];
          if (to < 0 || ((region >>> to) & 1) === 0) continue;
          // The tile steps into the blank region; the blank now stands where the tile was.
          const moved = index + ((to - from) << shift);
          const rep = lowestCell(flood(1 << from, (free | (1 << from)) & ~(1 << to)));
          const bit = 1 << rep;
          if (seen[moved] & bit) continue;
          seen[moved] |= bit;
          if (dist[moved] === 255) dist[moved] = depth;
          if (nextSize === next.length) {
            const grown = new Int32Array(next.length * 2);
            grown.set(next);
            next = grown;
          }
          next[nextSize++] = (moved << 4) | rep;
        }
      }
    }
    hooks.layer?.(depth, nextSize);
    const spent = layer;
    layer = next;
    layerSize = nextSize;
    next = spent.length >= layer.length ? spent : new Int32Array(layer.length);
    nextSize = 0;
  }
  done.states += expanded;
  return true;
}

/** The tables of a partition, one after another; undefined when stopped. */
export function buildPartitionTables(partition: readonly (readonly number[])[], hooks: BuildHooks = {}): Uint8Array | undefined {
  const out = new Uint8Array(partitionLength(partition));
  const done = { states: 0 };
  const seen = new Uint16Array(Math.max(...partition.map((g) => groupTableLength(g.length))));
  // One poll for all the groups: the work of one carries over to the next.
  const shared = { ...hooks, poll: hooks.poll ?? new StopPoll(hooks.shouldStop) };
  let offset = 0;
  for (const group of partition) {
    const length = groupTableLength(group.length);
    if (!buildGroupTable(group, out.subarray(offset, offset + length), shared, done, seen)) return undefined;
    offset += length;
  }
  return out;
}
