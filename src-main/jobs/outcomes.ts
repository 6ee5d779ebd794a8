/** Who waits for which job to end (`JobQueue.outcome`): told once, with the result or the reason. */
import type { JobResult } from './registry.ts';

interface Waiter {
  readonly resolve: (result: JobResult) => void;
  readonly reject: (error: Error) => void;
}

export class JobOutcomes {
  private readonly waiting = new Map<number, Waiter[]>();

  wait(jobId: number): Promise<JobResult> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(jobId) ?? [];
      list.push({ resolve, reject });
      this.waiting.set(jobId, list);
    });
  }

  /** The job ended: its waiters get the error, or else the result. */
  settle(jobId: number, error: Error | undefined, result?: JobResult): void {
    const list = this.waiting.get(jobId);
    if (!list) return;
    this.waiting.delete(jobId);
    for (const waiter of list) {
      if (error) waiter.reject(error);
      else waiter.resolve(result as JobResult);
    }
  }

  /** Every waiter gets the error (the queue closes). */
  settleAll(error: Error): void {
    for (const jobId of [...this.waiting.keys()]) this.settle(jobId, error);
  }
}
