/**
 * Never lose a play: a finished play is written ahead to localStorage at once, like a draft, and
 * sent as `recordings.save`; it leaves the outbox only when the library has it, or when the host
 * refuses it in words (a level deleted, a journal the rules cannot read). A host out of reach (a
 * killed host, a dropped socket: the bridge answers `internal`) keeps it, and it is sent again
 * every few seconds, when the connection comes back, and at the next start (a reload, a window
 * closed meanwhile).
 */
import { shallowRef } from 'vue';
import type { ApiError, ApiResult } from '../../../../src-shared/api/studio-api.ts';
import type { FinishedPlay } from './play-state.ts';

export const OUTBOX_KEY = 'gridwright.recordings.pending';
export const OUTBOX_RETRY_MS = 2000;

export interface PendingRecording extends FinishedPlay {
  /** Unique in this outbox (when it was kept, and a counter). */
  readonly id: string;
}

export interface RecordingOutboxOptions {
  readonly send: (play: FinishedPlay) => Promise<ApiResult<unknown>>;
  /** The host refused it in words: it is dropped, and the designer told why. */
  readonly refused?: (error: ApiError) => void;
  /** The first failure of a round of retries: told once, not at every retry. */
  readonly kept?: () => void;
  /** A play kept in an earlier session (nobody waits for it) is stored now. */
  readonly stored?: () => void;
  readonly storage?: () => Storage | undefined;
  readonly retryMs?: number;
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Only an answer about the request itself drops it; `internal` is the bridge's (host away) or a bug, so it is tried again. */
function refusedForGood(error: ApiError): boolean {
  return error.code !== 'internal';
}

export function createRecordingOutbox(options: RecordingOutboxOptions) {
  const storage = options.storage ?? browserStorage;
  const retryMs = options.retryMs ?? OUTBOX_RETRY_MS;
  /** Plays not yet stored, oldest first (what the list says is waiting); plain objects, never proxies (Electron's IPC clones them). */
  const pending = shallowRef<readonly PendingRecording[]>(read());
  let counter = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> | null = null;
  let failing = false;
  const waiters = new Map<string, () => void>();

  function read(): PendingRecording[] {
    try {
      const text = storage()?.getItem(OUTBOX_KEY);
      const value: unknown = text ? JSON.parse(text) : [];
      return Array.isArray(value) ? value.filter((p): p is PendingRecording => typeof p?.id === 'string' && typeof p.levelId === 'number' && Array.isArray(p.journal)) : [];
    } catch {
      return [];
    }
  }

  function write(list: readonly PendingRecording[]): void {
    pending.value = list;
    try {
      if (list.length === 0) storage()?.removeItem(OUTBOX_KEY);
      else storage()?.setItem(OUTBOX_KEY, JSON.stringify(list));
    } catch {
      // Quota or storage off: the outbox still holds it while the page lives.
    }
  }

  function settle(id: string): void {
    write(pending.value.filter((p) => p.id !== id));
    const waiter = waiters.get(id);
    waiters.delete(id);
    if (waiter) waiter();
    else options.stored?.();
  }

  /** Sends every waiting play in order; stops at the first the host could not take, and tries again later. */
  async function sendAll(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    for (const play of [...pending.value]) {
      if (!pending.value.some((p) => p.id === play.id)) continue;
      const { id: _id, ...finished } = play;
      const result = await options.send(finished);
      if (result.ok) {
        settle(play.id);
      } else if (refusedForGood(result.error)) {
        settle(play.id);
        options.refused?.(result.error);
      } else {
        if (!failing) options.kept?.();
        failing = true;
        timer = setTimeout(() => void flush(), retryMs);
        return;
      }
    }
    failing = false;
  }

  /** Sends what waits now (one round at a time); resolves when that round ends. */
  async function flush(): Promise<void> {
    if (sending) return sending;
    sending = sendAll().finally(() => (sending = null));
    return sending;
  }

  /** Keeps a finished play; resolves once the library has it (or the host refused it). */
  function keep(play: FinishedPlay): Promise<void> {
    const id = `${Date.now().toString(36)}-${(counter++).toString(36)}`;
    write([...pending.value, { id, levelId: play.levelId, ...(play.campaignId !== undefined ? { campaignId: play.campaignId } : {}), content: play.content, journal: [...play.journal] }]);
    const stored = new Promise<void>((resolve) => waiters.set(id, resolve));
    void (sending ? sending.then(() => flush()) : flush());
    return stored;
  }

  /** Stops retrying (the page goes away; what waits stays in storage for the next start). */
  function dispose(): void {
    clearTimeout(timer);
    timer = undefined;
  }

  return { pending, keep, flush, dispose };
}

export type RecordingOutbox = ReturnType<typeof createRecordingOutbox>;
