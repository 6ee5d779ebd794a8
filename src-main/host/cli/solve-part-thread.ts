/**
 * A worker thread behind `solve --parts N` (solve.ts): started once for the command, it verifies
 * each level it is sent as one part of a solve run in parts at once (`SolveOptions.part`), on a
 * core of its own, and posts its record (or the error that stopped it). It reads the file itself
 * (once for the command, as far as the command reads it), with the same kind, budget, objective
 * and clock as the command: the deadline and the start are wall-clock times the command fixed,
 * so every part stops together. Solver tables stay in this thread's memory.
 */
import { parentPort } from 'node:worker_threads';
import type { Verification } from '../../../src-shared/verify/record.ts';
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
  /** The command's `--level`: the file is read up to it (else whole). */
  readonly maxLevels?: number;
  readonly objective: string;
  readonly budget: number;
  readonly timeLed: boolean;
  /** Wall-clock ms (Date.now) the level began at and must stop by. */
  readonly began: number;
  readonly deadline: number;
  readonly part: { readonly index: number; readonly of: number };
}

/** What a part posts back: its record, or why it has none. */
export type SolvePartAnswer = { readonly record: Verification } | { readonly error: string };

/** The file the command reads, read once (every level of a command is in one file). */
let read: { readonly key: string; readonly file: ReturnType<typeof readLevelFile> } | undefined;

async function verifyPart(request: SolvePartRequest): Promise<Verification> {
  const key = `${request.path}\0${request.maxLevels ?? ''}`;
  if (read?.key !== key) read = { key, file: readLevelFile(request.path, request.maxLevels !== undefined ? { maxLevels: request.maxLevels } : {}) };
  const file = await read.file;
  if (file.refusal) throw new Error(`solve part: ${request.path} could not be read again`);
  const index = file.read.levelNumbers.indexOf(request.number);
  const { rules } = file.kind.create({});
  if (!rules || index < 0) throw new Error(`solve part: level ${request.number} of ${request.path} is not there`);
  const span = request.deadline - request.began;
  return verifyLevel(rules, file.read.collection.levels[index], {
    tables,
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
}

const tables = memorySolverTables();
parentPort!.on('message', (request: SolvePartRequest) => {
  verifyPart(request).then(
    (record) => parentPort!.postMessage({ record } satisfies SolvePartAnswer),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies SolvePartAnswer),
  );
});
