// @vitest-environment happy-dom
/**
 * "Bake from seeds" (contributions/bake.ts): a palette command offered while the open campaign's
 * kind has a bake plan (a maze campaign: Echo Halls, not a push one); it opens a panel that
 * queues the bake through `bakes.start`, follows it through `bakes.status` as its jobs change
 * (progress, Cancel as the batch's cancel) and, once written, shows the chapter table and opens
 * the new campaign.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BakeStatus } from '../../src-shared/api/bakes.ts';
import type { CampaignSummary } from '../../src-shared/api/studio-api.ts';
import { BATCH, job } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

const MAZES: CampaignSummary = { id: 40, name: 'Echo Halls', kind: 'maze', levelCount: 0, credit: null, rulesetId: 9, rulesFingerprint: 'maze@1:0', badges: {} };
const BAKED: CampaignSummary = { ...MAZES, id: 41, name: 'Echo Halls (2)' };
const BATCH_ID = 77;
const RUNNING: BakeStatus = {
  batchId: BATCH_ID, plan: 'echo-halls', state: 'running', progress: 0.5, campaignId: null,
  chapters: [
    { name: 'Boulders', wanted: 6, found: 6, complete: true, candidates: 36, figures: { shortest: '46-62', stepLimit: '57-77', tightness: '0.80', blindPassRate: '1%' } },
    { name: 'Ice Rooms', wanted: 6, found: 0, complete: false, candidates: 0, figures: null },
  ],
};
const DONE: BakeStatus = { ...RUNNING, state: 'done', progress: 1, campaignId: BAKED.id, chapters: [RUNNING.chapters[0], { ...RUNNING.chapters[1], found: 6, complete: true, candidates: 33, figures: { shortest: '41-66', stepLimit: '50-81', tightness: '0.81', blindPassRate: '1%' } }] };

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

function bridge(campaigns: CampaignSummary[], status: { now: BakeStatus }): MemoryBridge {
  return new MemoryBridge({
    'library.summary': () => ({ libraryPath: '/home/designer/mazes.gridwright', campaigns }),
    'library.campaign': ({ campaignId }) => ({ campaign: { ...campaigns.find((c) => c.id === campaignId)!, comments: [], rulesConfig: {} }, levels: [] }),
    'jobs.list': () => ({ batches: [], jobs: [] }),
    'bakes.plans': () => ({ plans: [{ id: 'echo-halls', kind: 'maze', campaign: 'Echo Halls', chapters: ['Boulders', 'Ice Rooms'], columns: [{ id: 'shortest', label: 'Shortest' }, { id: 'stepLimit', label: 'Step limit' }, { id: 'tightness', label: 'Tightness' }, { id: 'blindPassRate', label: 'Blind pass rate' }] }] }),
    'bakes.start': () => ({ batchId: BATCH_ID }),
    'bakes.status': () => status.now,
  });
}

async function palette(m: Mounted): Promise<Map<string, boolean>> {
  press('P', { ctrlKey: true, shiftKey: true }, document.body);
  await settle();
  const items = m.wrapper.get('[data-testid="command-palette"]').findAll('[data-testid="command-item"]');
  return new Map(items.map((i) => [i.attributes('data-command') ?? '', i.attributes('aria-disabled') !== 'true']));
}

describe('bake from seeds', () => {
  it('is offered on a maze campaign, not on a push one', async () => {
    current = await mountStudio(new MemoryBridge());
    expect((await palette(current)).get('bake.open')).toBe(false);
    current.wrapper.unmount();
    current = await mountStudio(bridge([MAZES], { now: RUNNING }));
    expect((await palette(current)).get('bake.open')).toBe(true);
  });

  it('queues the bake, shows its progress and, once written, the chapter table and the new campaign', async () => {
    const status = { now: RUNNING };
    const m = (current = await mountStudio(bridge([MAZES, BAKED], status)));
    await palette(m);
    await m.wrapper.get('[data-testid="command-item"][data-command="bake.open"]').trigger('click');
    await settle();
    const panel = () => m.wrapper.get('[data-testid="bake-panel"]');
    await panel().get('[data-testid="bake-start-echo-halls"]').trigger('click');
    await settle();
    expect(m.bridge.callsTo('bakes.start')).toEqual([{ plan: 'echo-halls' }]);
    expect(panel().find('[data-testid="bake-running"]').exists()).toBe(true);
    expect(panel().findAll('[data-testid="bake-found"]').map((c) => c.text())).toEqual(['6 / 6', '0 / 6']);
    await panel().get('[data-testid="bake-cancel"]').trigger('click');
    await settle();
    expect(m.bridge.callsTo('jobs.cancel')).toEqual([{ batchId: BATCH_ID }]);

    // A range ends: the jobs change, the panel asks again and the bake is written.
    status.now = DONE;
    m.bridge.emit('jobs.changed', { jobs: [job(900, 'done', 1, { batchId: BATCH_ID, type: 'bake' })], batches: [{ ...BATCH, id: BATCH_ID, state: 'done', campaignId: BAKED.id }] });
    await settle();
    expect(panel().find('[data-testid="bake-done"]').exists()).toBe(true);
    const rows = panel().findAll('[data-testid="bake-row"]');
    expect(rows.map((r) => r.get('[data-column="tightness"]').text())).toEqual(['0.80', '0.81']);
    expect(panel().get('thead').text()).toContain('Blind pass rate');
    await panel().get('[data-testid="bake-open"]').trigger('click');
    await settle();
    expect(m.bridge.callsTo('library.campaign')).toContainEqual(expect.objectContaining({ campaignId: BAKED.id }));
  });
});
