/**
 * Memory of a worker: each worker process runs with a V8 heap cap, and the searches it runs get a
 * cap on their own tables under it (SolveOptions.memoryBytes), so a level that would need more
 * ends as `budget` with stoppedBy `memory` and a sentence saying so, never as a crashed worker.
 *
 * The cap on the tables is the one that matters for the compiled solvers: their stored states live
 * in typed arrays outside the V8 heap, which the heap cap does not count. The generic searches
 * keep JavaScript objects on the heap: their half of the heap leaves the other half to the level,
 * the rules and the job's own garbage.
 */

/** The V8 heap cap of every worker process, in MB (`--max-old-space-size`; the job thread gets the same). */
export const WORKER_HEAP_MB = 4096;
/**
 * The environment variable a host sets beside `--max-old-space-size`: the worker's heap cap in MB.
 * V8's own figure (heap_size_limit) adds the young generation and a floor, so it cannot be read back.
 */
export const WORKER_HEAP_ENV = 'GRIDWRIGHT_WORKER_HEAP_MB';

/** The heap cap this worker process was started with (WORKER_HEAP_ENV), in MB. */
export function workerHeapMB(env: Readonly<Record<string, string | undefined>>): number {
  const asked = Number(env[WORKER_HEAP_ENV]);
  return Number.isFinite(asked) && asked > 0 ? asked : WORKER_HEAP_MB;
}

/** The share of the worker's heap cap a search's tables may take. */
export const SEARCH_TABLES_SHARE = 0.5;

/** The cap on a search's tables, in bytes, for a heap cap of `heapMB`. */
export function searchMemoryBytes(heapMB: number): number {
  return Math.floor(heapMB * 2 ** 20 * SEARCH_TABLES_SHARE);
}
