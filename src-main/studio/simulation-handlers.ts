/**
 * The simulation channels (issue 26): a block-tray campaign's rules played out by a bot in the
 * pool (one `blocks-simulate` job in its own batch, so the Jobs view shows its progress and can
 * cancel it), its report stored and listed per campaign.
 */
import type { LibraryDatabase } from '../library/db.ts';
import { createSimulation, listSimulations, setSimulationBatch } from '../library/blocks-simulations.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { EditorServices } from './editor-handlers.ts';
import { StudioError, type Handlers } from './dispatch.ts';

type SimulationChannel = 'simulations.start' | 'simulations.list';

interface SimulationServices {
  readonly db: LibraryDatabase;
  readonly queue: JobQueue;
  readonly rulesOfCampaign: EditorServices['rulesOfCampaign'];
}

export function simulationHandlers({ db, queue, rulesOfCampaign }: SimulationServices): Pick<Handlers, SimulationChannel> {
  return {
    'simulations.start': ({ campaignId, games, bot, seed }) => {
      const { campaign, rules } = rulesOfCampaign(campaignId);
      if (campaign.kind !== 'blocks') throw new StudioError('invalid-request', `The campaign "${campaign.name}" is of the ${campaign.kind} kind: only block-tray campaigns are simulated.`);
      if (!rules.rules) throw new StudioError('invalid-request', `The rules of "${campaign.name}" cannot be played: ${rules.diagnostics.map((d) => d.message).join('; ')}`);
      const simulationId = createSimulation(db, { campaignId, rulesFingerprint: rules.fingerprint, config: rules.config, games, bot, seed });
      const { batchId } = queue.createBatch({
        label: `Simulation: ${games} games, ${bot} player, "${campaign.name}"`,
        campaignId,
        jobs: [{ label: `Simulate ${games} games (${bot}, seed ${seed})`, payload: { type: 'blocks-simulate', simulationId, config: rules.config, games, bot, seed } }],
      });
      setSimulationBatch(db, simulationId, batchId);
      return { simulationId, batchId };
    },
    'simulations.list': ({ campaignId }) => {
      rulesOfCampaign(campaignId);
      return listSimulations(db, campaignId, (batchId) => queue.batch(batchId)?.state === 'running');
    },
  };
}
