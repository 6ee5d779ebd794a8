/** How a job can end other than with its result (the pool rejects with these; the queue passes them on). */
import type { WorkerExit } from './adapter.ts';

export class JobCancelledError extends Error {
  override readonly name = 'JobCancelledError';
  /**
   * What the stopped run had got to, validated against its type's result schema: for a search,
   * status `budget` with `stoppedBy: 'stopped'` and the lower bound it proved. Absent when the job
   * never started or its worker had to be killed.
   */
  readonly partial?: unknown;
  constructor(partial?: unknown, message = 'The job was cancelled.') {
    super(message);
    this.partial = partial;
  }
}

/** The worker died while running the job. */
export class WorkerCrashError extends Error {
  override readonly name = 'WorkerCrashError';
  readonly exit: WorkerExit;
  constructor(message: string, exit: WorkerExit) {
    super(message);
    this.exit = exit;
  }
}

/** The worker ran the job and reported an error (an exception in the solver, ...). */
export class JobFailedError extends Error {
  override readonly name: string = 'JobFailedError';
}

/** The job cannot run as asked (a level that does not load, a bad config or command): running it again would not help. */
export class JobInputRefusedError extends JobFailedError {
  override readonly name = 'JobInputRefusedError';
}

export class PoolClosedError extends Error {
  override readonly name = 'PoolClosedError';
  constructor() {
    super('The worker pool is closed.');
  }
}
