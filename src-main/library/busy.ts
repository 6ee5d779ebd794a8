/**
 * A library another connection is writing to (the import thread's transaction, a CLI) answers
 * SQLITE_BUSY once the connection's busy timeout has passed. That is not a failure of the write:
 * it waits its turn. `retryWhileBusy` runs a write again, later, with a growing pause, without
 * holding the thread meanwhile; only when the library stays busy for good does it give up.
 */

/** SQLite's "another connection holds the lock" codes (better-sqlite3's SqliteError.code). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

export interface BusyRetry {
  /** Tries in all (default 8). */
  readonly attempts?: number;
  /** Pause before the second try, doubled each time up to 2 s (default 50 ms). */
  readonly firstPauseMs?: number;
  /** Told of each busy try that will be retried. */
  readonly onBusy?: (attempt: number, error: unknown) => void;
}

/** Runs `work`; while it fails with SQLITE_BUSY, runs it again later (a transaction that failed wrote nothing). */
export async function retryWhileBusy<T>(work: () => T | Promise<T>, options: BusyRetry = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 8);
  let pause = options.firstPauseMs ?? 50;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error) || attempt >= attempts) throw error;
      options.onBusy?.(attempt, error);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(2000, pause * 2);
    }
  }
}

/** The pause before try `attempt` (1-based) of a retried write, as retryWhileBusy spaces them. */
export function busyPauseMs(attempt: number, firstPauseMs = 50): number {
  return Math.min(2000, firstPauseMs * 2 ** Math.max(0, attempt - 1));
}
