/**
 * The block-tray simulations (migration 14): asked per campaign under its current rules, filled
 * by the `blocks-simulate` job's report. Pure storage: the games are played in
 * src-shared/rulesets/blocks/simulate.ts, in the worker.
 */
import type { Simulation, SimulationReportData } from '../../src-shared/api/simulations.ts';
import type { BotName } from '../../src-shared/rulesets/blocks/bots.ts';
import type { LibraryDatabase } from './db.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

export interface NewSimulation {
  readonly campaignId: number;
  readonly rulesFingerprint: string;
  readonly config: unknown;
  readonly games: number;
  readonly bot: BotName;
  readonly seed: string;
}

export function createSimulation(db: LibraryDatabase, simulation: NewSimulation): number {
  const info = prepared(db, 'INSERT INTO blocks_simulations (campaign_id, rules_fingerprint, config_json, games, bot, seed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    simulation.campaignId, simulation.rulesFingerprint, JSON.stringify(simulation.config), simulation.games, simulation.bot, simulation.seed, timestamp(),
  );
  return Number(info.lastInsertRowid);
}

export function setSimulationBatch(db: LibraryDatabase, simulationId: number, batchId: number): void {
  prepared(db, 'UPDATE blocks_simulations SET batch_id = ? WHERE id = ?').run(batchId, simulationId);
}

/** The job's report (ignored when the simulation was deleted with its campaign). */
export function storeSimulationReport(db: LibraryDatabase, simulationId: number, report: SimulationReportData): void {
  prepared(db, 'UPDATE blocks_simulations SET report_json = ? WHERE id = ?').run(JSON.stringify(report), simulationId);
}

interface SimulationRow {
  id: number;
  campaign_id: number;
  rules_fingerprint: string;
  games: number;
  bot: BotName;
  seed: string;
  batch_id: number | null;
  report_json: string | null;
  created_at: string;
}

/** The campaign's simulations, newest first; `running` says whether a batch is still out. */
export function listSimulations(db: LibraryDatabase, campaignId: number, running: (batchId: number) => boolean, limit = 20): Simulation[] {
  const rows = prepared(db, 'SELECT * FROM blocks_simulations WHERE campaign_id = ? ORDER BY id DESC LIMIT ?').all(campaignId, limit) as SimulationRow[];
  return rows.map((r) => {
    const report = r.report_json === null ? null : parseJsonColumn<SimulationReportData | null>(r.report_json, null, `the report of simulation ${r.id}`);
    const state = report ? 'done' : r.batch_id !== null && running(r.batch_id) ? 'running' : 'ended';
    return { id: r.id, campaignId: r.campaign_id, rulesFingerprint: r.rules_fingerprint, games: r.games, bot: r.bot, seed: r.seed, batchId: r.batch_id, state, report, createdAt: r.created_at };
  });
}
