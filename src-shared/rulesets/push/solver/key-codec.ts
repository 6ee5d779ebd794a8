/**
 * The stored form of a push position: its sorted box cells and its player cell (by pushes, the
 * least cell of the player's region), one byte per cell on boards of up to 255 floor cells, two
 * (little-endian) above, with an FNV-1a hash. No strings or objects per node.
 */
import type { StateTable } from '../../../search/state-table.ts';

export class PositionCodec {
  private readonly boxCount: number;
  private readonly wide: boolean;
  readonly keyBytes: number;
  /** The key `write` built last. */
  readonly key: Uint8Array;

  constructor(boxCount: number, floorSize: number) {
    this.boxCount = boxCount;
    this.wide = floorSize > 255;
    this.keyBytes = (boxCount + 1) * (this.wide ? 2 : 1);
    this.key = new Uint8Array(this.keyBytes);
  }

  /** Write the key of (cells, player) into `key`; returns its hash. */
  write(cells: Int32Array, player: number): number {
    const { key, boxCount: n, keyBytes } = this;
    let h = 0x811c9dc5;
    if (this.wide) {
      for (let i = 0; i < n; i++) {
        key[2 * i] = cells[i] & 0xff;
        key[2 * i + 1] = cells[i] >>> 8;
      }
      key[2 * n] = player & 0xff;
      key[2 * n + 1] = player >>> 8;
    } else {
      for (let i = 0; i < n; i++) key[i] = cells[i];
      key[n] = player;
    }
    for (let k = 0; k < keyBytes; k++) h = Math.imul(h ^ key[k], 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    return h >>> 0;
  }

  /** Read stored state `id` of `table`: box cells into `cells`; returns the player cell. */
  read(table: StateTable, id: number, cells: Int32Array): number {
    const n = this.boxCount;
    if (this.wide) {
      for (let i = 0; i < n; i++) cells[i] = table.keyByte(id, 2 * i) | (table.keyByte(id, 2 * i + 1) << 8);
      return table.keyByte(id, 2 * n) | (table.keyByte(id, 2 * n + 1) << 8);
    }
    for (let i = 0; i < n; i++) cells[i] = table.keyByte(id, i);
    return table.keyByte(id, n);
  }
}
