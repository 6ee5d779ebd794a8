/**
 * A transposition table for searches with fixed-size byte keys: no strings and no per-state
 * objects in the hot loop. States get dense ids; keys, hashes, parent ids, costs and flags live
 * in chunked typed arrays (chunks avoid copying gigabytes when the table grows). Lookup is open
 * addressing with linear probing over an Int32Array of ids (each with a few bits of its key's
 * hash), compared by those bits and then by key.
 */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK - 1;
/**
 * A slot holds id + 1 in its low 27 bits and the top 5 bits of the key's hash above them, so a
 * probe past another key rarely has to read that key (a cache miss in a table of millions).
 */
const TAG_SHIFT = 27;
const ID_MASK = (1 << TAG_SHIFT) - 1;
/** Most states a table can hold. */
export const STATE_TABLE_LIMIT = ID_MASK - 1;

export class StateTable {
  readonly keyBytes: number;
  private keyChunks: Uint8Array[] = [];
  private hashChunks: Uint32Array[] = [];
  private parentChunks: Int32Array[] = [];
  private costChunks: Uint16Array[] = [];
  private flagChunks: Uint8Array[] = [];
  private auxChunks: Uint16Array[] = [];
  private slots: Int32Array;
  private mask: number;
  count = 0;

  constructor(keyBytes: number, expected = 1 << 12) {
    this.keyBytes = keyBytes;
    let size = 1 << 12;
    while (size < expected * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Bytes of memory per stored state (table slots at the current load included). */
  bytesPerState(): number {
    const perState = this.keyBytes + 4 + 4 + 2 + 1 + 2;
    return perState + (this.slots.length * 4) / Math.max(1, this.count);
  }

  /** Id of the state with this key, or -1. */
  find(key: Uint8Array, hash: number): number {
    const { slots, mask, keyBytes } = this;
    const tag = hash >>> TAG_SHIFT;
    let i = hash & mask;
    for (;;) {
      const slot = slots[i];
      if (slot === 0) return -1;
      if (slot >>> TAG_SHIFT === tag) {
        const id = (slot & ID_MASK) - 1;
        const chunk = this.keyChunks[id >>> CHUNK_BITS];
        const base = (id & CHUNK_MASK) * keyBytes;
        let k = 0;
        while (k < keyBytes && chunk[base + k] === key[k]) k++;
        if (k === keyBytes) return id;
      }
      i = (i + 1) & mask;
    }
  }

  /** Add a state known to be absent; returns its id. */
  insert(key: Uint8Array, hash: number, parent: number, cost: number): number {
    const id = this.count;
    if (id >= STATE_TABLE_LIMIT) throw new RangeError(`state table: more than ${STATE_TABLE_LIMIT} states`);
    const chunkIndex = id >>> CHUNK_BITS;
    if (chunkIndex === this.keyChunks.length) {
      this.keyChunks.push(new Uint8Array(CHUNK * this.keyBytes));
      this.hashChunks.push(new Uint32Array(CHUNK));
      this.parentChunks.push(new Int32Array(CHUNK));
      this.costChunks.push(new Uint16Array(CHUNK));
      this.flagChunks.push(new Uint8Array(CHUNK));
      this.auxChunks.push(new Uint16Array(CHUNK));
    }
    const offset = id & CHUNK_MASK;
    this.keyChunks[chunkIndex].set(key.subarray(0, this.keyBytes), offset * this.keyBytes);
    this.hashChunks[chunkIndex][offset] = hash >>> 0;
    this.parentChunks[chunkIndex][offset] = parent;
    this.costChunks[chunkIndex][offset] = cost;
    this.count++;
    if (this.count * 2 > this.slots.length) this.grow();
    else this.place(id, hash);
    return id;
  }

  private place(id: number, hash: number): void {
    const { slots, mask } = this;
    let i = hash & mask;
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = ((hash >>> TAG_SHIFT) << TAG_SHIFT) | (id + 1);
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let id = 0; id < this.count; id++) this.place(id, this.hashChunks[id >>> CHUNK_BITS][id & CHUNK_MASK]);
  }

  readKey(id: number, out: Uint8Array): void {
    const base = (id & CHUNK_MASK) * this.keyBytes;
    out.set(this.keyChunks[id >>> CHUNK_BITS].subarray(base, base + this.keyBytes));
  }

  keyByte(id: number, k: number): number {
    return this.keyChunks[id >>> CHUNK_BITS][(id & CHUNK_MASK) * this.keyBytes + k];
  }

  parent(id: number): number {
    return this.parentChunks[id >>> CHUNK_BITS][id & CHUNK_MASK];
  }

  cost(id: number): number {
    return this.costChunks[id >>> CHUNK_BITS][id & CHUNK_MASK];
  }

  update(id: number, parent: number, cost: number): void {
    this.parentChunks[id >>> CHUNK_BITS][id & CHUNK_MASK] = parent;
    this.costChunks[id >>> CHUNK_BITS][id & CHUNK_MASK] = cost;
  }

  flags(id: number): number {
    return this.flagChunks[id >>> CHUNK_BITS][id & CHUNK_MASK];
  }

  setFlags(id: number, flags: number): void {
    this.flagChunks[id >>> CHUNK_BITS][id & CHUNK_MASK] = flags;
  }

  /** A 16-bit value a search keeps per state (the push solver keeps its lower bound here). */
  aux(id: number): number {
    return this.auxChunks[id >>> CHUNK_BITS][id & CHUNK_MASK];
  }

  setAux(id: number, value: number): void {
    this.auxChunks[id >>> CHUNK_BITS][id & CHUNK_MASK] = value;
  }
}
