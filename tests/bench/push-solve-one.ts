/**
 * Bench child: solve one Microban level in a fresh process (so its peak memory is its own) and
 * print one JSON line. Arguments: LEVEL OBJECTIVE TIME_LIMIT_S BUDGET.
 */
import { performance } from 'node:perf_hooks';
import { solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { microbanState, pushRules } from '../support/microban.ts';

const [levelArg, objectiveArg, secondsArg, budgetArg] = process.argv.slice(2);
const level = Number(levelArg);
const objective = objectiveArg === 'pushes' ? 'pushes' : 'moves';
const deadline = performance.now() + Number(secondsArg) * 1000;
const state = microbanState(level);
const started = performance.now();
const result = solvePlainPush(state, { objective, budget: Number(budgetArg), shouldStop: () => performance.now() > deadline });
const ms = performance.now() - started;
const final = result.solution ? replay(pushRules, state, result.solution) : undefined;
if (final && final.status !== 'won') throw new Error(`level ${level}: solution does not win`);
process.stdout.write(
  `${JSON.stringify({
    level,
    objective,
    status: result.status,
    optimal: result.optimal,
    moves: final?.final.moves ?? null,
    pushes: final?.final.pushes ?? null,
    lowerBound: result.lowerBound ?? null,
    nodes: result.nodes,
    stored: result.stored,
    ms: Math.round(ms),
    peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
    bytesPerState: result.bytesPerState && result.stored >= 100_000 ? Math.round(result.bytesPerState * 10) / 10 : null,
    stoppedBy: result.stoppedBy ?? null,
  })}\n`,
);
