/**
 * blocks-simulate: whole games of the block-tray kind played by a bot under a campaign's rules
 * (issue 26, seed 004's curves). In the worker: `simulateGames` with the job's cancel word as its
 * stop (a cancelled run stops between games) and the share of games played as progress. Main
 * stores the report with its simulation, in the transaction that marks the job done.
 */
import { z } from 'zod';
import { MAX_SIMULATED_GAMES, simulationReportSchema, type SimulationReportData } from '../../../src-shared/api/simulations.ts';
import { BOT_NAMES } from '../../../src-shared/rulesets/blocks/bots.ts';
import { blocksConfigSchema } from '../../../src-shared/rulesets/blocks/schema.ts';
import { simulateGames } from '../../../src-shared/rulesets/blocks/simulate.ts';
import { defineJobType } from './define.ts';
import { JobInputError } from './runtime.ts';

export const blocksSimulatePayloadSchema = z
  .object({
    type: z.literal('blocks-simulate'),
    simulationId: z.int().min(1),
    config: z.unknown(),
    games: z.int().min(1).max(MAX_SIMULATED_GAMES),
    bot: z.enum(BOT_NAMES),
    seed: z.string().max(200),
  })
  .strict();

export const blocksSimulateResultSchema = z.object({ simulationId: z.int().min(1), report: simulationReportSchema });

export const blocksSimulateJob = defineJobType({
  type: 'blocks-simulate',
  payload: blocksSimulatePayloadSchema,
  result: blocksSimulateResultSchema,
  lane: 'batch',
  run(payload, context): { simulationId: number; report: SimulationReportData } {
    const config = blocksConfigSchema.safeParse(payload.config);
    if (!config.success) throw new JobInputError(`The block-tray rules do not read: ${config.error.issues[0]?.message ?? 'refused'}.`);
    const report = simulateGames(config.data, {
      games: payload.games,
      bot: payload.bot,
      seed: payload.seed,
      shouldStop: context.shouldStop,
      progress: (done, total) => context.onProgress?.({ progress: Math.min(0.99, done / total), nodes: done, stored: done }),
    });
    return { simulationId: payload.simulationId, report: { ...report, lengthBins: [...report.lengthBins], overTime: [...report.overTime] } };
  },
  store(result, job, services) {
    services.storeSimulationReport(result.simulationId, result.report);
    services.libraryChanged(job.batchId === null ? null : services.campaignOfBatch(job.batchId));
  },
});
