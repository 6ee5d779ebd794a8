/** A growable stack of 32-bit integers without per-element allocation. */
export class Int32Stack {
  private data: Int32Array;
  length = 0;

  constructor(capacity = 64) {
    this.data = new Int32Array(Math.max(4, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  pop(): number {
    return this.data[--this.length];
  }

  get(i: number): number {
    return this.data[i];
  }

  clear(): void {
    this.length = 0;
  }
}
