/**
 * The editor's undo: every edit's document kept in order (documents are small, and snapshots
 * are simple and exact, as for play: seed 000). Unlimited; a new edit after undos drops the redo
 * line.
 */
export class EditHistory<L> {
  private readonly docs: L[];
  private cursor = 0;

  constructor(initial: L) {
    this.docs = [initial];
  }

  get current(): L {
    return this.docs[this.cursor];
  }

  get canUndo(): boolean {
    return this.cursor > 0;
  }

  get canRedo(): boolean {
    return this.cursor < this.docs.length - 1;
  }

  /** Edits made since the start (undone ones excluded). */
  get depth(): number {
    return this.cursor;
  }

  push(next: L): void {
    this.docs.length = this.cursor + 1;
    this.docs.push(next);
    this.cursor++;
  }

  undo(): L | undefined {
    if (!this.canUndo) return undefined;
    this.cursor--;
    return this.current;
  }

  redo(): L | undefined {
    if (!this.canRedo) return undefined;
    this.cursor++;
    return this.current;
  }
}
