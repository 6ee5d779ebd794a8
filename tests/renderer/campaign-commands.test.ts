// @vitest-environment happy-dom
/**
 * The Campaign view's actions are in the command palette (contributions/campaign.ts), registered
 * as every view registers its commands: campaign-wide ones from anywhere, the selection's in the
 * Campaign view; each runs the same action as its button.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignReport } from '../../src-shared/api/campaign.ts';
import { DEFAULT_CURVE_SETTINGS } from '../../src-shared/campaign/checks.ts';
import type { CampaignLayout } from '../../src-shared/campaign/layout.ts';
import { useCampaignStore } from '../../src-renderer/src/stores/campaign.ts';
import { CAMPAIGN, LEVELS } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

const REPORT: CampaignReport = {
  campaign: { id: CAMPAIGN.id, name: CAMPAIGN.name, kind: 'push', rulesetId: 1, rulesetName: 'Push default', rulesFingerprint: CAMPAIGN.rulesFingerprint },
  objectives: [{ id: 'moves', label: 'Moves' }],
  settings: DEFAULT_CURVE_SETTINGS,
  chapters: [{ id: 5, name: 'Opening' }],
  rows: LEVELS.map((l, i) => ({
    levelId: l.id, position: i + 1, title: l.title, chapterId: i === 0 ? null : 5, chapter: i === 0 ? null : 'Opening', pinned: false, status: l.badge,
    par: l.par, secondary: null, boxes: 2, width: 7, height: 7, nodes: 100, boxChanges: 3, recordings: 0,
    completionRate: null, medianMovesOverPar: null, medianTimeMs: null, medianUndos: null, hintsPerPlay: null, tightness: null, checks: [],
  })),
  findings: [],
};
const LAYOUT: CampaignLayout = { campaignId: CAMPAIGN.id, chapters: REPORT.chapters, levels: REPORT.rows.map((r) => ({ levelId: r.levelId, chapterId: r.chapterId, pinned: r.pinned })) };

function bridge(): MemoryBridge {
  return new MemoryBridge({
    'campaign.report': () => REPORT,
    'campaign.edit': () => ({ before: [LAYOUT], after: [LAYOUT] }),
    'campaign.rulesets': () => ({ current: 1, rulesets: [] }),
    'campaign.delete': () => ({ removalId: 9 }),
    'campaign.restore': () => ({ campaignId: CAMPAIGN.id, name: CAMPAIGN.name }),
    'campaign.rename': ({ name }) => ({ name }),
  });
}

/**
 * This DOM has no canvas drawing, and the charts draw on one: a 2D context that keeps what is set
 * on it and draws nothing (text is 6 px a character, what a gradient asks for is a no-op).
 */
function blankContext(canvas: HTMLCanvasElement): unknown {
  const nothing: unknown = new Proxy(() => nothing, { get: () => nothing });
  const state: Record<string | symbol, unknown> = { canvas, measureText: (text: string) => ({ width: text.length * 6 }) };
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : nothing),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
}

let current: Mounted | undefined;
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return blankContext(this) as RenderingContext;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

async function palette(m: Mounted): Promise<Map<string, { label: string; enabled: boolean }>> {
  press('P', { ctrlKey: true, shiftKey: true }, document.body);
  await settle();
  const items = m.wrapper.get('[data-testid="command-palette"]').findAll('[data-testid="command-item"]');
  return new Map(items.map((i) => [i.attributes('data-command') ?? '', { label: i.text(), enabled: i.attributes('aria-disabled') !== 'true' }]));
}

async function run(m: Mounted, id: string): Promise<void> {
  if (!m.wrapper.find('[data-testid="command-palette"]').exists()) await palette(m);
  await m.wrapper.get(`[data-testid="command-item"][data-command="${id}"]`).trigger('click');
  await settle();
}

describe('campaign commands in the palette', () => {
  it('lists the campaign-wide actions from the Library, and deletes and restores the open campaign', async () => {
    current = await mountStudio(bridge());
    const listed = await palette(current);
    for (const id of ['campaign.new', 'campaign.rename', 'campaign.duplicate', 'campaign.delete', 'campaign.showCharts', 'campaign.suggest', 'campaign.exportCsv']) expect(listed.get(id)?.enabled, id).toBe(true);
    expect(listed.get('campaign.rename')?.label).toContain('Rename the campaign…');
    // The selection's commands belong to the Campaign view, where the selection is seen.
    expect(listed.has('campaign.moveUp')).toBe(false);
    expect(listed.has('campaign.restore')).toBe(false);

    await run(current, 'campaign.delete');
    expect(current.bridge.callsTo('campaign.delete')).toEqual([{ campaignId: CAMPAIGN.id }]);
    const after = await palette(current);
    expect(after.get('campaign.restore')?.label).toContain(`Undo deleting campaign "${CAMPAIGN.name}"`);
    await run(current, 'campaign.restore');
    expect(current.bridge.callsTo('campaign.restore')).toEqual([{ removalId: 9 }]);
  });

  it('opens the Campaign view on its naming form, and moves and pins the selection there', async () => {
    current = await mountStudio(bridge());
    await palette(current);
    await run(current, 'campaign.rename');
    const form = current.wrapper.get('[data-testid="campaign-name-form"]');
    expect((form.get('[data-testid="campaign-name-input"]').element as HTMLInputElement).value).toBe(CAMPAIGN.name);
    await form.get('[data-testid="campaign-name-input"]').setValue('Microban, curated');
    await form.trigger('submit');
    await settle();
    expect(current.bridge.callsTo('campaign.rename')).toEqual([{ campaignId: CAMPAIGN.id, name: 'Microban, curated' }]);

    useCampaignStore().select([LEVELS[1].id]);
    await settle();
    const inView = await palette(current);
    for (const id of ['campaign.moveUp', 'campaign.moveDown', 'campaign.pin', 'campaign.chapterAdd', 'campaign.chapterRename', 'campaign.chapterRemove']) expect(inView.get(id)?.enabled, id).toBe(true);
    expect(inView.get('campaign.undo')?.enabled).toBe(false);
    await run(current, 'campaign.moveUp');
    await palette(current);
    await run(current, 'campaign.pin');
    await palette(current);
    await run(current, 'campaign.chapterRemove');
    expect(current.bridge.callsTo('campaign.edit')).toEqual([
      { campaignId: CAMPAIGN.id, op: { type: 'move', levelIds: [LEVELS[1].id], to: 1 } },
      { campaignId: CAMPAIGN.id, op: { type: 'pin', levelIds: [LEVELS[1].id], pinned: true } },
      { campaignId: CAMPAIGN.id, op: { type: 'chapter-remove', chapterId: 5 } },
    ]);
    expect((await palette(current)).get('campaign.undo')?.enabled).toBe(true);
  });

  it('opens "Suggest order" from anywhere', async () => {
    current = await mountStudio(bridge());
    await palette(current);
    await run(current, 'campaign.suggest');
    expect(current.wrapper.find('[data-testid="campaign-view"]').exists()).toBe(true);
    // The dialog loads with its first use (an async component).
    await vi.waitFor(() => expect(current!.wrapper.find('[data-testid="suggest-apply"]').exists()).toBe(true), { timeout: 20_000 });
  });
});
