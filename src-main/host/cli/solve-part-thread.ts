/**
 * The worker thread behind `solve --parts N` (solve.ts): it verifies one level as one part of a
 * solve run in parts at once (`SolveOptions.part`), on a core of its own, and posts its record.
 * It reads the file itself (up to the level), with the same kind, budget, objective and clock as
 * the command: the deadline and the start are wall-clock times the command fixed, so every part
 * stops together. Solver tables stay in this thread's memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { SEARCH_TABLES_SHARE } from '../../jobs/memory.ts';
import { verifyLevel } from '../../../src-shared/verify/verify.ts';
import { readLevelFile } from '../level-files.ts';
import { memorySolverTables } from '../../worker/tables.ts';

/** What the command hands a part. */
export interface SolvePartRequest {
  readonly path: string;
  /** The level's number in the file. */
  readonly number: number;
  readonly objective: string;
  readonly budget: number;
  readonly timeLed: boolean;
  /** Wall-clock ms (Date.now) the level began at and must stop by. */
  readonly began: number;
  readonly deadline: number;
  readonly part: { readonly index: number; readonly of: number };
}

const request = workerData as SolvePartRequest;
const file = await readLevelFile(request.path, { maxLevels: request.number });
if (file.refusal) throw new Error(`solve part: ${request.path} could not be read again`);
const index = file.read.levelNumbers.indexOf(request.number);
const { rules } = file.kind.create({});
if (!rules || index < 0) throw new Error(`solve part: level ${request.number} of ${request.path} is not there`);
const span = request.deadline - request.began;
const record = verifyLevel(rules, file.read.collection.levels[index], {
  tables: memorySolverTables(),
  budget: request.budget,
  objective: request.objective,
  clock: () => Date.now(),
  shouldStop: () => Date.now() > request.deadline,
  ...(request.timeLed ? { timeSpent: () => (Date.now() - request.began) / span } : {}),
  stopCause: () => 'time',
  // Each thread has a heap of its own: the tables stay under half of it.
  memoryBytes: Math.floor(getHeapStatistics().heap_size_limit * SEARCH_TABLES_SHARE),
  part: request.part,
});
parentPort!.postMessage(record);
