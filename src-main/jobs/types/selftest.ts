/**
 * selftest: faults and slow work on demand, for the fault-tolerance and lane tests. A worker
 * refuses them unless it runs with GRIDWRIGHT_TEST_JOBS=1.
 * - exit: the worker process exits with code 3; throw: the job throws;
 * - hang: a loop that never polls for a stop (only killing ends it);
 * - oom: allocates until the heap is full (needs a worker with a small heap);
 * - spin: `ms` of running time (a pause does not count), polling for a stop like a search does;
 *   with `parts`, split into one spin a part (the queue's jobs in parts, `split`), a part with
 *   `settles` ending the others when it is done, one with `throws` thrown instead.
 */
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { JobInputError } from './runtime.ts';
import { defineJobType } from './define.ts';

/** Environment variable that lets a worker accept selftest payloads. */
export const TEST_JOBS_ENV = 'GRIDWRIGHT_TEST_JOBS';

const spinMs = z.int().min(0).max(600_000);

export const selftestPayloadSchema = z
  .object({
    type: z.literal('selftest'),
    action: z.enum(['exit', 'throw', 'hang', 'oom', 'spin']),
    ms: spinMs.optional(),
    /** spin in parts at once (where the pool has a batch worker for each): each part's time, and whether its end settles the job. */
    parts: z.array(z.object({ ms: spinMs, settles: z.boolean().optional(), throws: z.boolean().optional() }).strict()).min(2).max(16).optional(),
    /** This spin's end settles its job (a part's). */
    settles: z.boolean().optional(),
  })
  .strict();

const spinResult = z.object({ spunMs: z.number(), stopped: z.boolean(), settles: z.boolean().optional(), parts: z.array(z.number()).optional() });
type SpinResult = z.infer<typeof spinResult>;

export const selftestJob = defineJobType({
  type: 'selftest',
  payload: selftestPayloadSchema,
  /** Only `spin` returns (in parts: the longest part's time, and each part's). */
  result: spinResult,
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
        return { spunMs: clock() - start, stopped, ...(payload.settles && !stopped ? { settles: true } : {}) };
      }
    }
  },
  split: (payload, most) =>
    payload.action === 'spin' && payload.parts && payload.parts.length <= most
      ? payload.parts.map((part) => ({ type: 'selftest' as const, action: part.throws ? ('throw' as const) : ('spin' as const), ms: part.ms, ...(part.settles ? { settles: true } : {}) }))
      : undefined,
  join: (results: readonly SpinResult[]): SpinResult => ({ spunMs: Math.max(...results.map((r) => r.spunMs)), stopped: results.some((r) => r.stopped), parts: results.map((r) => r.spunMs) }),
  settles: (result) => result.settles === true,
});
