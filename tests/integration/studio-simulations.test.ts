/**
 * Block-tray simulations against a real studio (issue 26): `simulations.start` queues one
 * `blocks-simulate` job in the pool; its report (the same as `simulateGames` in this process) is
 * stored and listed with the rules it measured; a simulation cancelled through `jobs.cancel` ends
 * without a report; a campaign of another kind is refused.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulation } from '../../src-shared/api/simulations.ts';
import { blocksConfigSchema } from '../../src-shared/rulesets/blocks/schema.ts';
import { simulateGames } from '../../src-shared/rulesets/blocks/simulate.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { studioCalls } from '../support/studio-call.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('studio-simulations');
let studio: Studio;
let blocksCampaign: number;
let pushCampaign: number;
const { ask, value, waitForBatch } = studioCalls(() => studio);
const EMPTY = Array.from({ length: 8 }, () => '........');

beforeAll(async () => {
  studio = await createStudio({ libraryPath: join(dir, 'library.sqlite'), resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
  blocksCampaign = (await value('library.import', { fileName: 'endless.blocks', text: ['Title: Endless', '', 'Seed: s', ...EMPTY, ''].join('\n') })).campaignId;
  // The library's sample campaigns are push levels.
  pushCampaign = (await value<{ campaigns: { id: number; kind: string }[] }>('library.summary', {})).campaigns.find((c) => c.kind === 'push')!.id;
}, 30_000);

afterAll(async () => {
  await studio?.close();
});

describe('simulations', () => {
  it('runs in the pool and stores the report the shared simulation gives', async () => {
    const { simulationId, batchId } = await value('simulations.start', { campaignId: blocksCampaign, games: 6, bot: 'random', seed: 'pool' });
    await waitForBatch(batchId);
    const [latest] = await value<Simulation[]>('simulations.list', { campaignId: blocksCampaign });
    expect(latest).toMatchObject({ id: simulationId, state: 'done', games: 6, bot: 'random' });
    expect(latest.report).toEqual(JSON.parse(JSON.stringify(simulateGames(blocksConfigSchema.parse({}), { games: 6, bot: 'random', seed: 'pool' }))));
    expect(latest.report!.unplaceableTrays).toBe(0);
  });

  it('ends without a report when cancelled', async () => {
    const { batchId } = await value('simulations.start', { campaignId: blocksCampaign, games: 10_000, bot: 'lookahead', seed: 'long' });
    await value('jobs.cancel', { batchId });
    await waitForBatch(batchId);
    const [latest] = await value<Simulation[]>('simulations.list', { campaignId: blocksCampaign });
    expect(latest.state).toBe('ended');
    expect(latest.report).toBeNull();
  });

  it('stores a play of a block-tray level as a recording', async () => {
    const level = (await value('library.campaign', { campaignId: blocksCampaign })).levels[0];
    const saved = await ask('recordings.save', { levelId: level.id, content: level.content, journal: [{ type: 'command', command: '0@0,0', t: 100 }] });
    expect(saved.ok ? 'ok' : saved.error.message).toBe('ok');
  });

  it('refuses a campaign of another kind', async () => {
    const refused = await ask('simulations.start', { campaignId: pushCampaign, games: 3, bot: 'random', seed: 's' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/only block-tray campaigns are simulated/);
  });
});
