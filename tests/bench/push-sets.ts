/**
 * Push solver on a level set, each level in its own process with a time limit and a budget:
 *
 *   npm run bench -- push --set xsokoban [--time-limit 10] [--levels 1-90] [--budget N|none] [--strength 2] [--objective moves] [--clock cpu] [--parts 2] [--race]
 *
 * `--budget none` is a time-led run (the CLI's `solve --budget none`): no state budget but the
 * memory cap on the tables (half this child's 4 GB heap), and the time limit, which the solver
 * divides among its phases (SolveOptions.timeSpent). XSokoban's full-size levels run that way
 * unless told (Festival, the anchor, gets its 10 s with no state count); Microban's at the
 * default budget of 400,000 states.
 *
 * `--clock cpu` counts the time limit (and the ms printed) in each level's CPU time, for a machine
 * shared with other work; by default it is wall-clock time.
 *
 * `--parts N` solves each level in N parts at once (SolveOptions.part), a process each, as
 * `solve --parts N` does with threads, and keeps the best (as verify/parts.ts does): the run a
 * machine with N cores gives one level (Festival, the anchor, runs threads too). By CPU clock each
 * part has the limit in its own CPU time.
 *
 * Prints per level: status, proven or `par <= N`, moves, pushes, lower bound, states, ms, the ms
 * of the first solution (SolveOptions.found) and what stopped it; then solved, proven optimal,
 * the sum of moves on the levels solved and the time, and the first solutions within 1, 2, 5 s.
 * With `--set microban --strength 2` it also checks each par against our exact table under
 * strength 2 (proven at the table's value, or not).
 *
 * `--entrant 0,3` or `--entrant all` runs each of those searches of the full-size race
 * (attempts.ts QUICK_FULL_SIZE, by index) alone on each level instead (PushSolveOptions.entrant;
 * a level that is not full-size has no such race and shows n/a),
 * `--jobs N` children at once (with `--clock cpu`, where each counts its own time): a table of
 * the first solution's time per level and search, what each solves, what it alone solves, and
 * what they solve between them. This is how the race's searches were chosen (issue 27's notes).
 *
 * `--race` prints under each level how each search of its race for a first solution ran
 * (PushSolveOptions.raceReport): its share of the time, its states, its best packing progress and
 * the states it had when that came (a stall since then is where its time went), `*` the winner.
 *
 * `--queue N` verifies the levels as the studio's Verify all does instead (push-queue.ts): one
 * batch in the job queue, N batch workers, a full-size level in parts where N >= 2.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import { pushSetLevels, strength2Table } from '../support/push-sets.ts';
import { runPushQueue } from './push-queue.ts';
import { betterPart, outermostStop, type PartOutcome } from '../../src-shared/verify/parts.ts';
import type { StopCause } from '../../src-shared/engine/ruleset.ts';
import { QUICK_FULL_SIZE, attemptName } from '../../src-shared/rulesets/push/solver/attempts.ts';
import type { RaceEntry } from '../../src-shared/rulesets/push/solver/race.ts';

interface Row {
  level: number;
  status: string;
  optimal: boolean;
  moves: number | null;
  pushes: number | null;
  lowerBound: number | null;
  stored: number;
  ms: number;
  /** When the first solution was held (null when none was). */
  firstMs: number | null;
  stoppedBy: string | null;
  /** With `--race`: how each search of the race for a first solution ran (PushSolveOptions.raceReport). */
  race?: RaceEntry[];
}

/** A race's report as lines under its level: each search's share of the time, its states, its best packing and when it came. */
function raceLines(entries: readonly RaceEntry[], part: string): string[] {
  return entries.map((e) => {
    const time = e.time !== undefined ? `${(100 * e.time).toFixed(0).padStart(3)} % of the time` : '';
    const progress = e.progress !== undefined ? `, packed ${e.progress}${e.progressAt !== undefined ? ` at ${e.progressAt.toLocaleString('en')}` : ''}${e.stalled ? ' (stalled)' : ''}` : '';
    return `        ${part}${e.won ? '*' : ' '} ${time} ${e.stored.toLocaleString('en').padStart(10)} states${progress}: ${e.name} (share ${e.share})`;
  });
}

/** The row of a level solved in parts, as verify/parts.ts makes the record: the best part's, the first solution of any, the states of all. */
function bestRow(rows: readonly Row[]): Row {
  const outcome = (r: Row): PartOutcome => ({ status: r.status as PartOutcome['status'], optimal: r.optimal, value: r.moves });
  const best = rows.reduce((x, r) => (betterPart(outcome(r), outcome(x), 'minimise') ? r : x));
  const bounds = rows.map((r) => r.lowerBound).filter((b): b is number => b !== null);
  const lowerBound = bounds.length > 0 ? Math.max(...bounds) : null;
  const firsts = rows.map((r) => r.firstMs).filter((f): f is number => f !== null);
  return {
    ...best,
    stoppedBy: outermostStop(rows.map((r) => r.stoppedBy as StopCause | null)),
    optimal: best.optimal || (best.status === 'solved' && lowerBound !== null && best.moves === lowerBound),
    lowerBound,
    stored: rows.reduce((sum, r) => sum + r.stored, 0),
    ms: Math.max(...rows.map((r) => r.ms)),
    firstMs: firsts.length > 0 ? Math.min(...firsts) : null,
  };
}

const run = promisify(execFile);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[sorted.length >> 1];
}

export async function runPushSetBench(args: string[]): Promise<void> {
  const opt = (name: string, fallback: string): string => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const set = opt('set', 'microban');
  const count = pushSetLevels(set).length;
  // `--levels 1-20` or a list of levels and ranges: `--levels 1,6,9-12`.
  const levelsArg = opt('levels', `1-${count}`);
  const levels = levelsArg.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    return Array.from({ length: Math.max(1, (to || from) - from + 1) }, (_, i) => from + i);
  });
  const seconds = Number(opt('time-limit', '10'));
  const budgetArg = opt('budget', set === 'xsokoban' ? 'none' : String(DEFAULT_STATE_BUDGET));
  const budget = budgetArg === 'none' ? MAX_VERIFY_BUDGET : Number(budgetArg);
  const strength = Number(opt('strength', '1'));
  const objective = opt('objective', 'moves');
  const clock = opt('clock', 'wall') === 'cpu' ? 'cpu' : 'wall';
  const parts = Math.max(1, Number(opt('parts', '1')) || 1);
  const raceReport = args.includes('--race');
  const table = set === 'microban' && strength === 2 ? strength2Table() : undefined;
  const child = fileURLToPath(new URL('./push-solve-set.ts', import.meta.url));
  if (args.includes('--queue')) {
    const workers = Math.max(1, Number(opt('queue', '2')) || 2);
    return runPushQueue(set, levels, { workers, seconds, budget, budgetText: budgetArg === 'none' ? 'no state budget (time-led)' : `${budget.toLocaleString('en')} states` });
  }
  if (args.includes('--entrant')) {
    const which = opt('entrant', 'all');
    const entrants = which === 'all' ? QUICK_FULL_SIZE.map((_, i) => i) : which.split(',').map(Number);
    const bad = entrants.find((e) => !Number.isInteger(e) || !QUICK_FULL_SIZE[e]);
    if (bad !== undefined) throw new Error(`--entrant: no search ${bad} in the full-size race (0 to ${QUICK_FULL_SIZE.length - 1}, or all)`);
    const jobs = Math.max(1, Number(opt('jobs', '1')) || 1);
    const childArgs = (level: number, entrant: number): string[] => ['--max-old-space-size=4096', child, set, String(level), objective, String(seconds), budgetArg === 'none' ? 'none' : String(budget), String(strength), clock, '0/1', String(entrant)];
    return runEntrants(set, levels, entrants, jobs, `${seconds} s (${clock} clock) a level and search`, (level, entrant) => run(process.execPath, childArgs(level, entrant), { encoding: 'utf8' }).then(({ stdout }) => JSON.parse(stdout) as Row));
  }
  console.log(`push solver on ${set} ${levelsArg}, strength ${strength}, by ${objective}, ${seconds} s (${clock} clock) and ${budgetArg === 'none' ? 'no state budget (time-led, memory-capped)' : `${budget.toLocaleString('en')} states`} a level${parts > 1 ? `, in ${parts} parts at once` : ''}; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('level status     proof       moves pushes    lb      stored      ms   first  stopped   table');
  const rows: Row[] = [];
  for (const level of levels) {
    const childArgs = ['--max-old-space-size=4096', child, set, String(level), objective, String(seconds), budgetArg === 'none' ? 'none' : String(budget), String(strength), clock];
    const partRows = await Promise.all(
      Array.from({ length: parts }, (_, index) => run(process.execPath, [...childArgs, `${index}/${parts}`, ...(raceReport ? ['race'] : [])], { encoding: 'utf8' }).then(({ stdout }) => JSON.parse(stdout) as Row)),
    );
    const row = bestRow(partRows);
    rows.push(row);
    const known = table?.[level - 1];
    const check = !table ? '' : known === undefined ? 'none' : row.moves === known ? (row.optimal ? 'proven' : 'agrees') : row.optimal ? `DIFFERS (${known})` : `table ${known}`;
    console.log(
      [
        String(level).padStart(5),
        row.status.padEnd(10),
        (row.status === 'solved' ? (row.optimal ? 'optimal' : 'par <= N') : '-').padEnd(10),
        String(row.moves ?? '-').padStart(6),
        String(row.pushes ?? '-').padStart(6),
        String(row.lowerBound ?? '-').padStart(5),
        String(row.stored).padStart(11),
        String(row.ms).padStart(7),
        String(row.firstMs ?? '-').padStart(7),
        ` ${(row.stoppedBy ?? '-').padEnd(8)}`,
        ` ${check}`,
      ].join(' '),
    );
    if (raceReport) partRows.forEach((r, index) => r.race && console.log(raceLines(r.race, parts > 1 ? `part ${index}` : '').join('\n')));
  }
  const solved = rows.filter((r) => r.status === 'solved');
  const proven = solved.filter((r) => r.optimal);
  const moves = solved.reduce((s, r) => s + (r.moves ?? 0), 0);
  const ms = rows.reduce((s, r) => s + r.ms, 0);
  console.log(`solved ${solved.length}/${rows.length}, proven optimal ${proven.length}; ${moves.toLocaleString('en')} moves on the levels solved; ${(ms / 1000).toFixed(1)} s in all`);
  // From the time of each first solution: what a shorter limit would have solved (a time-led
  // run divides its time by its limit, so this is near, not equal, to a run at that limit).
  const firsts = solved.map((r) => r.firstMs ?? r.ms);
  const within = [1, 2, 5].filter((s) => s < seconds).map((s) => `${firsts.filter((f) => f <= s * 1000).length} within ${s} s`);
  console.log(`first solutions: ${[...within, `median ${median(firsts)} ms`].join(', ')}`);
  if (table) {
    const withValue = rows.filter((r) => table[r.level - 1] !== undefined);
    const atValue = withValue.filter((r) => r.optimal && r.moves === table[r.level - 1]).length;
    console.log(`strength 2 table: ${atValue}/${withValue.length} of the levels with a value proven at it`);
  }
}

/** Each search alone on each level (`solveOne`), `jobs` at once: the table of first solutions and the counts. */
async function runEntrants(set: string, levels: readonly number[], entrants: readonly number[], jobs: number, limits: string, solveOne: (level: number, entrant: number) => Promise<Row>): Promise<void> {
  console.log(`push solver's searches alone on ${set}, ${limits}; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const e of entrants) console.log(`  s${e}: ${attemptName(QUICK_FULL_SIZE[e])}`);
  console.log(`level ${entrants.map((e) => `s${e}`.padStart(7)).join('')}   first`);
  const tasks = levels.flatMap((level) => entrants.map((entrant) => ({ level, entrant })));
  /** The first solution's ms, null for none, 'skip' on a level that is not full-size. */
  const firsts = new Map<string, number | null | 'skip'>();
  const solvedAt = (level: number, e: number): number | undefined => {
    const t = firsts.get(`${level}/${e}`);
    return typeof t === 'number' ? t : undefined;
  };
  let next = 0;
  let printed = 0;
  const printReady = (): void => {
    while (printed < levels.length && entrants.every((e) => firsts.has(`${levels[printed]}/${e}`))) {
      const level = levels[printed++];
      const times = entrants.map((e) => firsts.get(`${level}/${e}`) ?? null);
      const solvedBy = times.filter((t): t is number => typeof t === 'number');
      const shown = (t: number | null | 'skip'): string => (t === 'skip' ? 'n/a' : t === null ? '-' : (t / 1000).toFixed(1));
      console.log(`${String(level).padStart(5)} ${times.map((t) => shown(t).padStart(7)).join('')} ${(solvedBy.length > 0 ? (Math.min(...solvedBy) / 1000).toFixed(1) : '-').padStart(7)}`);
    }
  };
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const { level, entrant } = tasks[next++];
      let first: number | null | 'skip';
      try {
        const row = await solveOne(level, entrant);
        first = row.status === 'solved' ? (row.firstMs ?? row.ms) : null;
      } catch (error) {
        // A level that is not full-size (the solver says it has no such search): not run.
        if (!String((error as { stderr?: string }).stderr ?? error).includes('no search')) throw error;
        first = 'skip';
      }
      firsts.set(`${level}/${entrant}`, first);
      printReady();
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  const solvedBy = (e: number): number[] => levels.filter((l) => solvedAt(l, e) !== undefined);
  const any = levels.filter((l) => entrants.some((e) => solvedAt(l, e) !== undefined));
  for (const e of entrants) {
    const own = solvedBy(e).filter((l) => entrants.every((o) => o === e || solvedAt(l, o) === undefined));
    console.log(`  s${e} solves ${solvedBy(e).length}/${levels.length}${own.length > 0 ? `, alone among these ${own.join(' ')}` : ''}`);
  }
  console.log(`between them: ${any.length}/${levels.length}; none: ${levels.filter((l) => !any.includes(l)).join(' ') || '-'}`);
}
