/**
 * `solve FILE [--level N] [--budget STATES] [--objective moves|pushes] [--time-limit SECONDS]
 * [--parts N] [--json]`: verify each level of a file and print one result per level (one JSON
 * line each with --json). With --parts N each level is verified in N parts at once, each in a
 * worker thread on a core of its own (`SolveOptions.part`; the best of the parts is kept,
 * verify/parts.ts). Exit 0 when every level is solved, 1 when any is not, 2 for usage or file errors.
 * Each level stops after DEFAULT_SOLVE_SECONDS unless --time-limit says otherwise, so a crafted
 * board or a huge file never runs unbounded. With --level N the file is read only up to level N
 * (text formats stop there; JSON is parsed whole but no later level is checked).
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { MOST_PARTS, bestOfParts } from '../../../src-shared/verify/parts.ts';
import type { SolvePartAnswer, SolvePartRequest } from './solve-part-thread.ts';
import { getHeapStatistics } from 'node:v8';
import { SEARCH_TABLES_SHARE } from '../../jobs/memory.ts';
import { formatDiagnostic, placeDiagnostics, type Diagnostic } from '../../../src-shared/engine/diagnostics.ts';
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../../src-shared/search/budget.ts';
import type { Verification } from '../../../src-shared/verify/record.ts';
import { boundSign, objectiveIds, senseOf, type Objective, type ObjectiveSense } from '../../../src-shared/engine/ruleset.ts';
import { verifyLevel } from '../../../src-shared/verify/verify.ts';
import { diagnosticsOfLevel, readLevelFile } from '../level-files.ts';
import { tablesDirFor } from '../../studio/paths.ts';
import { fileSolverTables, memorySolverTables } from '../../worker/tables.ts';
import { countOf } from '../../../src-shared/engine/text/wording.ts';
import { UsageError, positiveInt, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';

export interface SolveLine {
  readonly level: number;
  readonly title: string | null;
  readonly status: Verification['status'];
  /**
   * Kept for scripts written for push and sliding: the kind's `moves` and `pushes` objectives when
   * it has them, else null (a maze's par is in steps and a block game's in points: read `value`).
   */
  readonly moves: number | null;
  readonly pushes: number | null;
  readonly solution: string | null;
  readonly nodes: number;
  readonly ms: number;
  readonly optimal: boolean;
  /** The par: the primary objective's best value found (the same as `value`, its older name). */
  readonly par: number | null;
  /** The primary objective's best value found, in `unit` (`move`, `step`, `point`), better as `sense` says. */
  readonly value: number | null;
  readonly unit: string;
  readonly sense: ObjectiveSense;
  /** Each objective of the kind with its value, in the kind's words (`{ steps: 26 }`, `{ moves: 10, pushes: 3 }`). */
  readonly figures: Readonly<Record<string, number>>;
  /**
   * When not proven optimal, the proven bound on the solved objective's best (present only when
   * the solver proved one), named for its side: a minimised objective's best is at least
   * `lowerBound`, a maximised one's at most `upperBound`.
   */
  readonly lowerBound?: number;
  readonly upperBound?: number;
  /** Why the search stopped early (`budget`, `time`, `memory`), when it did: a par then is only a bound. */
  readonly stoppedBy?: NonNullable<Verification['stoppedBy']>;
  readonly diagnostics?: readonly Diagnostic[];
}

/** Seconds one level may search when no --time-limit is given (said in `help` and the README). */
export const DEFAULT_SOLVE_SECONDS = 60;

export const solveCommand: CliCommand = {
  name: 'solve',
  usage: `solve FILE [--level N] [--budget STATES|none: the time limit and the memory cap lead] [--objective moves|pushes] [--time-limit SECONDS, default ${DEFAULT_SOLVE_SECONDS}] [--parts N: each level in N parts at once, a thread each, for a machine with N cores] [--db LIBRARY: keep solver tables beside it] [--json]`,
  flags: { level: 'string', budget: 'string', objective: 'string', 'time-limit': 'string', parts: 'string', db: 'string', json: 'boolean' },
  run: runSolve,
};

async function runSolve(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length !== 1) throw new UsageError(`Usage: ${solveCommand.usage}`);
  // `none`: a time-led run (the most a verification may ask, which the memory cap on the tables
  // and the time limit end first), as on full-size levels where the time matters, not states.
  const timeLed = args.flags.budget === 'none';
  const budget = timeLed ? MAX_VERIFY_BUDGET : positiveInt(args.flags, 'budget', DEFAULT_STATE_BUDGET);
  const only = args.flags.level === undefined ? undefined : positiveInt(args.flags, 'level', 1);
  const seconds = positiveInt(args.flags, 'time-limit', DEFAULT_SOLVE_SECONDS);
  const parts = positiveInt(args.flags, 'parts', 1);
  if (parts > MOST_PARTS) throw new UsageError(`--parts must be at most ${MOST_PARTS}.`);
  const json = args.flags.json === true;
  const file = await readLevelFile(io.resolvePath(args.positional[0]), only !== undefined ? { maxLevels: only } : {});
  if (file.refusal) {
    io.err(formatDiagnostic(file.refusal));
    io.err('No level was found in the file.');
    return 2;
  }
  const ids = objectiveIds(file.kind);
  const objective = (args.flags.objective as string | undefined) ?? ids[0];
  if (!ids.includes(objective)) {
    throw new UsageError(`--objective must be one of ${ids.join(', ')} for ${file.kind.kind} levels.`);
  }
  const sense = senseOf(file.kind.objectives, objective);
  const primary = file.kind.objectives[0];
  const { rules, diagnostics: configProblems } = file.kind.create({});
  if (!rules) throw new UsageError(configProblems.map(formatDiagnostic).join('\n'));

  // Solver tables (pattern databases, proven lines) go beside a library only when one is named:
  // solving a file writes nothing anywhere else. Without --db they live in memory (capped).
  const tables = typeof args.flags.db === 'string' ? fileSolverTables(tablesDirFor(io.resolvePath(args.flags.db))) : memorySolverTables();
  const { collection, levelNumbers, rejected, diagnostics, found: sources } = file.read;
  const found = collection.levels.length + rejected;
  if (found === 0) {
    for (const d of diagnostics) io.err(formatDiagnostic(d));
    io.err('No level was found in the file.');
    return 2;
  }
  if (only !== undefined && only > found) throw new UsageError(`--level ${only}: the file has ${countOf(found, 'level')}.`);
  for (const d of diagnostics.filter((x) => x.level === undefined)) io.err(formatDiagnostic(d));

  let allSolved = true;
  // The parts' threads, started once for the file (a thread's start-up would eat into each level's time).
  const threads = parts > 1 ? new PartThreads(parts) : undefined;
  try {
    for (let number = 1; number <= found; number++) {
      if (only !== undefined && number !== only) continue;
      const index = levelNumbers.indexOf(number);
      let line: SolveLine;
      if (index < 0) {
        const title = sources?.[number - 1]?.title ?? null;
        line = { level: number, title, status: 'invalid', moves: null, pushes: null, solution: null, nodes: 0, ms: 0, optimal: false, par: null, ...valueOf(primary, null), figures: {}, diagnostics: placeDiagnostics(diagnosticsOfLevel(diagnostics, number), sources?.[number - 1]) };
      } else {
        const level = collection.levels[index] as { title?: string };
        const began = performance.now();
        const deadline = began + seconds * 1000;
        const inParts = (partThreads: PartThreads): Promise<Verification> => {
          const wallBegan = Date.now();
          const request = { path: io.resolvePath(args.positional[0]), number, ...(only !== undefined ? { maxLevels: only } : {}), objective, budget, timeLed, began: wallBegan, deadline: wallBegan + seconds * 1000 };
          return partThreads.verify(request, sense);
        };
        const record = threads ? await inParts(threads) : verifyLevel(rules, level, {
          tables,
          budget,
          objective,
          clock: () => performance.now(),
          shouldStop: () => performance.now() > deadline,
          // Time-led only when asked: with a state budget the result stays a function of the level and the budget.
          ...(timeLed ? { timeSpent: () => (performance.now() - began) / (seconds * 1000) } : {}),
          // The only stop here is the time limit; the tables stay under half this process's heap.
          stopCause: () => 'time',
          memoryBytes: Math.floor(getHeapStatistics().heap_size_limit * SEARCH_TABLES_SHARE),
        });
        const figures = figuresOf(file.kind.objectives, record);
        line = {
          level: number,
          title: level.title ?? null,
          status: record.status,
          moves: figures.moves ?? null,
          pushes: figures.pushes ?? null,
          solution: record.solution,
          nodes: record.nodes,
          ms: Math.round(record.ms),
          optimal: record.optimal,
          par: record.par,
          ...valueOf(primary, record.par),
          figures,
          ...(record.provenBound !== null && record.provenBound !== undefined ? { [sense === 'maximise' ? 'upperBound' : 'lowerBound']: record.provenBound } : {}),
          ...(record.stoppedBy ? { stoppedBy: record.stoppedBy } : {}),
          // Lint problems name a cell: the file's line of that board row goes with them.
          ...(record.status === 'invalid' ? { diagnostics: placeDiagnostics(record.diagnostics, sources?.[number - 1]) } : {}),
        };
      }
      if (line.status !== 'solved') allSolved = false;
      if (json) io.out(JSON.stringify(line));
      else printHuman(line, io, { objectives: file.kind.objectives, unit: file.kind.objectives.find((o) => o.id === objective)?.unit ?? objective, sense, par: primary.sense });
    }
    return allSolved ? 0 : 1;
  } finally {
    await threads?.close();
  }
}


/** The worker threads of `solve --parts N` (solve-part-thread.ts), one a part, kept for every level of the file. */
class PartThreads {
  private readonly workers: Worker[];

  constructor(parts: number) {
    const entry = new URL('./solve-part-thread.ts', import.meta.url);
    this.workers = Array.from({ length: parts }, () => new Worker(entry));
  }

  /** One level verified in parts at once, a thread each: the best of their records (bestOfParts). */
  async verify(request: Omit<SolvePartRequest, 'part'>, sense: ObjectiveSense): Promise<Verification> {
    const of = this.workers.length;
    const records = await Promise.all(
      this.workers.map(
        (worker, index) =>
          new Promise<Verification>((resolvePart, reject) => {
            const done = (): void => {
              worker.off('message', answered);
              worker.off('error', reject);
              worker.off('exit', exited);
            };
            const answered = (answer: SolvePartAnswer): void => {
              done();
              if ('record' in answer) resolvePart(answer.record);
              else reject(new Error(`solve part ${index + 1} of ${of}: ${answer.error}`));
            };
            const exited = (code: number): void => {
              done();
              reject(new Error(`solve part ${index + 1} of ${of} ended (exit ${code}) without a result`));
            };
            worker.on('message', answered);
            worker.once('error', reject);
            worker.once('exit', exited);
            worker.postMessage({ ...request, part: { index, of } } satisfies SolvePartRequest);
          }),
      ),
    );
    return bestOfParts(records, sense);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** The par under its neutral name, with the unit and sense it is read in. */
function valueOf(primary: Objective, value: number | null): Pick<SolveLine, 'value' | 'unit' | 'sense'> {
  return { value, unit: primary.unit, sense: primary.sense };
}

/** The value of each of the kind's objectives in a record: the first is the par, the others are metrics. */
function figuresOf(objectives: readonly Objective[], record: Verification): Record<string, number> {
  const figures: Record<string, number> = {};
  objectives.forEach((o, i) => {
    const value = i === 0 ? record.par : record.metrics[o.id];
    if (typeof value === 'number') figures[o.id] = value;
  });
  return figures;
}

/** A count in an objective's unit, singular for one: `1 step`, `3 pushes`. */
function inUnit(count: number, unit: string): string {
  return countOf(count, unit, /(s|sh|ch|x)$/.test(unit) ? `${unit}es` : `${unit}s`);
}

/** How the objectives read: the solved one's unit and sense, the primary one's (the par's). */
interface Reading {
  readonly objectives: readonly Objective[];
  readonly unit: string;
  readonly sense: ObjectiveSense;
  readonly par: ObjectiveSense;
}

/** "at least 31 moves" / "at most 120 points": the proven bound on the solved objective's other side. */
function provenSide(line: SolveLine, reading: Reading): string {
  if (line.upperBound !== undefined) return `, at most ${inUnit(line.upperBound, reading.unit)}`;
  return line.lowerBound ? `, at least ${inUnit(line.lowerBound, reading.unit)}` : '';
}

/** What stopped a search, in the human output. */
const STOPPED_BY_WORDS: Readonly<Record<NonNullable<Verification['stoppedBy']>, string>> = {
  budget: 'the state budget',
  time: 'the time limit',
  memory: 'the memory cap',
  cancelled: 'a cancel',
  stopped: 'a stop',
};

function printHuman(line: SolveLine, io: CliIo, reading: Reading): void {
  const name = line.title ? `level ${line.level} (${line.title})` : `level ${line.level}`;
  const nodes = countOf(line.nodes, 'node');
  if (line.status === 'solved') {
    const proof = line.optimal ? 'optimal' : `not proven optimal${provenSide(line, reading)}${line.stoppedBy ? `, stopped by ${STOPPED_BY_WORDS[line.stoppedBy]}` : ''}`;
    // The par in the first objective's unit, then the kind's other objectives in theirs.
    const [first, ...others] = reading.objectives;
    const rest = others.map((o) => (line.figures[o.id] === undefined ? `- ${inUnit(2, o.unit).slice(2)}` : inUnit(line.figures[o.id], o.unit)));
    const par = line.optimal ? 'par' : `par ${boundSign(reading.par) === '≤' ? '<=' : '>='}`;
    const figures = [`${par} ${inUnit(line.par ?? 0, first?.unit ?? 'move')}`, ...rest].join(', ');
    io.out(`${name}: solved, ${figures} (${proof}); ${nodes}, ${line.ms} ms`);
    io.out(`  ${line.solution}`);
  } else if (line.status === 'invalid') {
    io.out(`${name}: invalid`);
    for (const d of line.diagnostics ?? []) io.out(`  ${formatDiagnostic(d)}`);
  } else if (line.status === 'budget') {
    const bound = line.lowerBound ? `; at least ${inUnit(line.lowerBound, reading.unit)}` : '';
    const by = STOPPED_BY_WORDS[line.stoppedBy ?? 'budget'];
    io.out(`${name}: stopped by ${by} after ${nodes}, ${line.ms} ms${bound} (raise --budget or --time-limit)`);
  } else {
    io.out(`${name}: unsolvable (every reachable position searched, ${nodes})`);
  }
}
