/**
 * The Studio API's simulation channels (issue 26): whole games of the block-tray kind played by a
 * bot under a campaign's current rules, as a job in the pool (progress and cancel as for any
 * batch), each run's report stored in the library and listed per campaign.
 */
import { z } from 'zod';
import { BOT_NAMES } from '../rulesets/blocks/bots.ts';
import { channel, id, seed } from './fields.ts';

const spreadSchema = z.object({ mean: z.number(), median: z.number(), p10: z.number(), p90: z.number(), min: z.number(), max: z.number() });

/** `SimulationReport` (rulesets/blocks/simulate.ts) as the API carries it. */
export const simulationReportSchema = z.object({
  games: z.int().min(0),
  bot: z.enum(BOT_NAMES),
  seed: z.string(),
  width: z.int(),
  height: z.int(),
  length: spreadSchema,
  score: spreadSchema,
  lines: spreadSchema,
  lengthBins: z.array(z.int().min(0)),
  binWidth: z.int().min(1),
  overTime: z.array(z.object({ from: z.int().min(0), trays: z.int().min(0), pieceSize: z.number(), difficulty: z.number() })),
  traysDealt: z.int().min(0),
  unplaceableTrays: z.int().min(0),
  fallbackDeals: z.int().min(0),
  deadBoards: z.int().min(0),
  capped: z.int().min(0),
  stopped: z.boolean(),
});
export type SimulationReportData = z.infer<typeof simulationReportSchema>;

export const simulationSchema = z.object({
  id,
  campaignId: id,
  rulesFingerprint: z.string(),
  games: z.int().min(1),
  bot: z.enum(BOT_NAMES),
  seed: z.string(),
  batchId: id.nullable(),
  /** running: its job is out; done: the report is stored; ended: the job was cancelled or failed. */
  state: z.enum(['running', 'done', 'ended']),
  report: simulationReportSchema.nullable(),
  createdAt: z.string(),
});
export type Simulation = z.infer<typeof simulationSchema>;

/** Most games one simulation plays (a lookahead game can take a second). */
export const MAX_SIMULATED_GAMES = 10_000;

export const SIMULATION_CHANNELS = {
  /** Queues a simulation of the campaign's kind under its current rules (block-tray campaigns only). */
  'simulations.start': channel(
    z.object({ campaignId: id, games: z.int().min(1).max(MAX_SIMULATED_GAMES), bot: z.enum(BOT_NAMES), seed }).strict(),
    z.object({ simulationId: id, batchId: id }),
  ),
  /** The campaign's simulations, newest first (at most 20). */
  'simulations.list': channel(z.object({ campaignId: id }).strict(), z.array(simulationSchema)),
};
