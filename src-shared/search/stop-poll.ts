/**
 * The host's stop (a deadline, a job's cancel) asked often enough in every phase of a search: a
 * job's cooperative cancel relies on the solver stopping within 50 ms. Work is counted in rough
 * units (a cell visited, a table entry written, a character of a key: some nanoseconds each), and
 * the host is asked every POLL_WORK of them, so the clock is read far less often than once per
 * unit however large or small each step of a search is. Every solver uses it: the push solver in
 * all its phases, the sliding tables and searches, the generic BFS and A*.
 *
 * Precomputations (distance tables, the packing order, frozen-goal tables) cannot hand back half
 * a table: they throw StopRequested, which the solver catches and answers as a stopped search.
 */

/** Units of work between two polls: well under a millisecond on a desktop. */
export const POLL_WORK = 1 << 16;

export class StopRequested extends Error {
  constructor() {
    super('search: the host asked to stop');
  }
}

/**
 * `work()`, or `stopped()` when a poll inside it threw `StopRequested` (a precomputation or an
 * expansion the host asked to stop); any other error goes on.
 */
export function untilStopped<T>(work: () => T, stopped: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof StopRequested)) throw error;
    return stopped();
  }
}

export class StopPoll {
  private readonly shouldStop: (() => boolean) | undefined;
  private work = 0;
  /** Latched: once the host said stop, every later poll says so without asking again. */
  stopped = false;

  constructor(shouldStop?: () => boolean) {
    this.shouldStop = shouldStop;
  }

  /** Count `units` of work; asks the host when enough has been done since the last poll. */
  tick(units: number): boolean {
    this.work += units;
    if (this.work < POLL_WORK) return this.stopped;
    this.work = 0;
    return this.now();
  }

  /** Ask the host now. */
  now(): boolean {
    if (!this.stopped && this.shouldStop?.()) this.stopped = true;
    return this.stopped;
  }

  /** For precomputations: count work, and throw StopRequested once the host said stop. */
  check(units: number): void {
    if (this.tick(units)) throw new StopRequested();
  }
}
