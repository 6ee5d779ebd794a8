/**
 * Collects library changes and emits them at most a few times a second: a batch of verifications
 * finishing in quick succession becomes one `library.changed` per campaign, not hundreds.
 */
import type { EventOf } from '../../src-shared/api/studio-api.ts';

const FLUSH_MS = 250;

export class LibraryChangeBatcher {
  private readonly emitChange: (payload: EventOf<'library.changed'>) => void;
  private readonly pending = new Map<number | null, Set<number>>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(emit: (payload: EventOf<'library.changed'>) => void) {
    this.emitChange = emit;
  }

  add(campaignId: number | null, levelId?: number): void {
    let levels = this.pending.get(campaignId);
    if (!levels) {
      levels = new Set();
      this.pending.set(campaignId, levels);
    }
    if (levelId !== undefined) levels.add(levelId);
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const pending = [...this.pending];
    this.pending.clear();
    for (const [campaignId, levels] of pending) this.emitChange({ campaignId, levelIds: [...levels] });
  }

  close(): void {
    this.flush();
  }
}
