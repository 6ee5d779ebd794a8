/**
 * A map that keeps only its most recently set entries: per-level memory of a long-running studio
 * (the editor's last live proof of each level) must not grow with every level ever opened.
 */
export class RecentMap<K, V> {
  private readonly entries = new Map<K, V>();
  readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`A RecentMap holds at least one entry (asked for ${capacity}).`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Sets the entry as the newest; the oldest goes when there are more than `capacity`. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }
}
