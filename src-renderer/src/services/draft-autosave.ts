/**
 * Never lose an edit: every edited document is written ahead to localStorage at once (a reload or
 * a closed window within the debounce keeps it) and to the library's draft after a short pause,
 * one transaction each (`drafts.save`); the write-ahead copy goes when the library has it. A host
 * that is down (killed) is retried; on reopening, whichever copy is newer is offered back.
 */
import { ref } from 'vue';
import type { ApiCall } from './api-call.ts';
import { canonicalJson } from '../../../src-shared/engine/fingerprint.ts';

export const AUTOSAVE_DELAY_MS = 300;
const RETRY_MS = 2000;
const KEY = (levelId: number): string => `gridwright.draft.${levelId}`;

export type SaveState = 'clean' | 'pending' | 'saving' | 'saved' | 'offline';

export interface PendingDraft {
  readonly content: unknown;
  /** ms since the epoch, when it was written ahead. */
  readonly at: number;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** A write-ahead copy not yet confirmed by the library, if any. */
export function pendingDraft(levelId: number): PendingDraft | undefined {
  try {
    const text = storage()?.getItem(KEY(levelId));
    const value = text ? (JSON.parse(text) as PendingDraft) : undefined;
    return value && typeof value.at === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function forgetPendingDraft(levelId: number): void {
  try {
    storage()?.removeItem(KEY(levelId));
  } catch {
    // Storage off: nothing was written ahead.
  }
}

interface DraftJob {
  readonly levelId: number;
  readonly campaignId?: number;
  readonly content: unknown;
  readonly discard: boolean;
}

export function createAutosave(call: ApiCall) {
  const state = ref<SaveState>('clean');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queued: DraftJob | null = null;
  let running: Promise<void> | null = null;

  function writeAhead(levelId: number, content: unknown): void {
    try {
      storage()?.setItem(KEY(levelId), JSON.stringify({ content, at: Date.now() } satisfies PendingDraft));
    } catch {
      // Quota or storage off: the library write still happens.
    }
  }

  /**
   * A new document to keep; `saved` is the level's own (back to it: the draft goes). `campaignId`:
   * the campaign the level was opened from (a level in several is refused without it).
   */
  function edited(levelId: number, content: unknown, saved: unknown, campaignId?: number): void {
    const discard = canonicalJson(content) === canonicalJson(saved);
    if (discard) forgetPendingDraft(levelId);
    else writeAhead(levelId, content);
    queued = { levelId, content, discard, ...(campaignId !== undefined ? { campaignId } : {}) };
    state.value = 'pending';
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }

  async function write(job: DraftJob): Promise<boolean> {
    const place = { levelId: job.levelId, ...(job.campaignId !== undefined ? { campaignId: job.campaignId } : {}) };
    const ok = job.discard
      ? await call('drafts.discard', place, 'editor.errors.autosave')
      : await call('drafts.save', { ...place, content: job.content }, 'editor.errors.autosave');
    return ok !== undefined;
  }

  /** Writes what is queued now; resolves when the library has it (or the host is down). */
  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (running) await running;
    const job = queued;
    if (!job) return;
    queued = null;
    state.value = 'saving';
    running = (async () => {
      const ok = await write(job);
      if (!ok) {
        // The host did not take it (down, or refused): keep it queued unless a newer edit came.
        queued ??= job;
        state.value = 'offline';
        timer = setTimeout(() => void flush(), RETRY_MS);
        return;
      }
      if (!queued) {
        if (!job.discard) forgetPendingDraft(job.levelId);
        state.value = 'saved';
      }
    })();
    await running;
    running = null;
  }

  function reset(): void {
    clearTimeout(timer);
    timer = undefined;
    queued = null;
    state.value = 'clean';
  }

  return { state, edited, flush, reset };
}
