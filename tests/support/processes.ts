/** Waiting on real processes in integration tests. */
import { readFileSync } from 'node:fs';

/** Alive and not a zombie (a reaped-late child still answers signal 0). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Polls `probe` (sync, or async such as a Studio API call) until it gives something other than
 * `false` or `undefined`, and returns that; throws naming `what` after `ms`. A deadline for a
 * test that would otherwise hang, never a timed assertion.
 */
export async function until<T>(probe: () => T | false | undefined | Promise<T | false | undefined>, what: string, ms = 30_000, everyMs = 10): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== false && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
