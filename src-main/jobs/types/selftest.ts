/**
 * selftest: faults and slow work on demand, for the fault-tolerance and lane tests. A worker
 * refuses them unless it runs with GRIDWRIGHT_TEST_JOBS=1.
 * - exit: the worker process exits with code 3; throw: the job throws;
 * - hang: a loop that never polls for a stop (only killing ends it);
 * - oom: allocates until the heap is full (needs a worker with a small heap);
 * - spin: `ms` of running time (a pause does not count), polling for a stop like a search does.
 */
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { JobInputError } from './runtime.ts';
import { defineJobType } from './define.ts';

/** Environment variable that lets a worker accept selftest payloads. */
export const TEST_JOBS_ENV = 'GRIDWRIGHT_TEST_JOBS';

export const selftestPayloadSchema = z
  .object({ type: z.literal('selftest'), action: z.enum(['exit', 'throw', 'hang', 'oom', 'spin']), ms: z.int().min(0).max(600_000).optional() })
  .strict();

export const selftestJob = defineJobType({
  type: 'selftest',
  payload: selftestPayloadSchema,
  /** Only `spin` returns. */
  result: z.object({ spunMs: z.number(), stopped: z.boolean() }),
  lane: 'batch',
  lanes: ['batch', 'interactive'],
  run(payload, context) {
    if (!context.testFaults) throw new JobInputError(`selftest jobs are refused: this worker was not started with ${TEST_JOBS_ENV}=1.`);
    switch (payload.action) {
      case 'exit':
        process.exit(3);
      // falls through (process.exit does not return)
      case 'throw':
        throw new Error('selftest: thrown on purpose');
      case 'hang':
        for (;;);
      // falls through (the loop never ends)
      case 'oom': {
        const limitMB = getHeapStatistics().heap_size_limit / 2 ** 20;
        if (limitMB > 512) throw new JobInputError(`selftest oom needs a worker with a small heap (--max-old-space-size); this one may grow to ${Math.round(limitMB)} MB.`);
        const hog: number[][] = [];
        for (;;) hog.push(new Array<number>(1 << 18).fill(hog.length));
      }
      case 'spin': {
        const clock = context.clock ?? (() => 0);
        const ms = payload.ms ?? 1000;
        const start = clock();
        let stopped = false;
        let lastReport = -Infinity;
        for (;;) {
          const spun = clock() - start;
          if (spun >= ms) break;
          if (context.shouldStop?.()) {
            stopped = true;
            break;
          }
          if (spun - lastReport >= 20) {
            lastReport = spun;
            context.onProgress?.({ progress: Math.min(0.99, spun / Math.max(1, ms)), nodes: 0, stored: 0 });
          }
        }
        return { spunMs: clock() - start, stopped };
      }
    }
  },
});
