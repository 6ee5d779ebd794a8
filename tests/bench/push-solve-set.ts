/**
 * Bench child: solve one level of a set (microban, xsokoban) under a push strength in a fresh
 * process, through the kind's own solve (the plain solver, or the mechanics path), and print one
 * JSON line (with the time of its first solution). Arguments: SET LEVEL OBJECTIVE TIME_LIMIT_S BUDGET|none STRENGTH [CLOCK] [PART] [ENTRANT|race]: CLOCK `cpu` counts
 * the time limit in this process's CPU time (on a machine shared with other work, a wall-clock
 * limit measures the load as much as the solver), else in wall-clock time. PART is `i/n` (one part
 * of n; `0/1` the whole solve). ENTRANT, a number, runs that search of the level's race alone
 * through the plain solver (PushSolveOptions.entrant; the level must be a plain one); `race` solves
 * through the plain solver too and adds how each search of its race ran (PushSolveOptions.raceReport).
 */
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { SEARCH_TABLES_SHARE } from '../../src-main/jobs/memory.ts';
import { MAX_VERIFY_BUDGET } from '../../src-shared/search/budget.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import type { RaceEntry } from '../../src-shared/rulesets/push/solver/race.ts';
import { pushSetLevels } from '../support/push-sets.ts';

const [set, levelArg, objectiveArg, secondsArg, budgetArg, strengthArg, clockArg, partArg, entrantArg] = process.argv.slice(2);
const [partIndex, partOf] = (partArg ?? '0/1').split('/').map(Number);
const level = Number(levelArg);
const objective = objectiveArg === 'pushes' ? 'pushes' : 'moves';
const rules = pushKind.create({ pushStrength: Number(strengthArg) || 1 }).rules!;
const state = rules.load(pushSetLevels(set)[level - 1]).state!;
/** Milliseconds on the chosen clock: CPU time of this process (user and system), or wall time. */
const clock = clockArg === 'cpu' ? (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
} : (): number => performance.now();
const started = clock();
const deadline = started + Number(secondsArg) * 1000;
const limitMs = Number(secondsArg) * 1000;
// BUDGET `none`: time-led (the solver divides the time among its phases), else the budget leads.
const timeLed = budgetArg === 'none';
/** When the solver first held a solution (SolveOptions.found), on the same clock. */
let firstMs: number | null = null;
const options = {
  objective,
  budget: timeLed ? MAX_VERIFY_BUDGET : Number(budgetArg),
  shouldStop: () => clock() > deadline,
  found: () => void (firstMs ??= Math.round(clock() - started)),
  ...(partOf > 1 ? { part: { index: partIndex, of: partOf } } : {}),
  ...(timeLed ? { timeSpent: () => (clock() - started) / limitMs } : {}),
  // The tables' cap, as the CLI and the workers set it (half the heap).
  memoryBytes: Math.floor(getHeapStatistics().heap_size_limit * SEARCH_TABLES_SHARE),
} as const;
const raceWanted = entrantArg === 'race';
if (entrantArg !== undefined && !state.board.plain) throw new Error(`${set} ${level}: a search alone${raceWanted ? "'s report" : ''} needs a plain level`);
let race: RaceEntry[] | undefined;
const result = raceWanted
  ? solvePlainPush(state, { ...options, raceReport: (entries) => void (race = [...entries]) })
  : entrantArg !== undefined
    ? solvePlainPush(state, { ...options, entrant: Number(entrantArg) })
    : rules.solve!(state, options);
const ms = clock() - started;
const final = result.solution ? replay(rules, state, result.solution) : undefined;
if (final && final.status !== 'won') throw new Error(`${set} ${level}: solution does not win`);
process.stdout.write(
  `${JSON.stringify({
    level,
    status: result.status,
    optimal: result.optimal,
    moves: final?.final.moves ?? null,
    pushes: final?.final.pushes ?? null,
    lowerBound: result.lowerBound ?? null,
    stored: result.stored,
    ms: Math.round(ms),
    firstMs,
    stoppedBy: result.stoppedBy ?? null,
    ...(race ? { race } : {}),
  })}\n`,
);
