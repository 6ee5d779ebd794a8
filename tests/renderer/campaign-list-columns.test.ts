// @vitest-environment happy-dom
/**
 * The Campaign list's table shows the columns whose figures exist for the campaign's kind: a maze
 * campaign has no Boxes column, a push one has it (campaign-rows.ts `columnsFor`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createPinia } from 'pinia';
import { createApp, nextTick, type App } from 'vue';
import type { CampaignReport } from '../../src-shared/api/campaign.ts';
import { DEFAULT_CURVE_SETTINGS } from '../../src-shared/campaign/checks.ts';
import { BRIDGE_KEY } from '../../src-renderer/src/bridge/context.ts';
import { createStudioI18n } from '../../src-renderer/src/i18n/index.ts';
import { useCampaignStore } from '../../src-renderer/src/stores/campaign.ts';
import CampaignLevelList from '../../src-renderer/src/views/campaign/CampaignLevelList.vue';
import { MemoryBridge } from './support/memory-bridge.ts';

let app: App | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  document.body.innerHTML = '';
});

function report(kind: string): CampaignReport {
  return {
    campaign: { id: 1, name: 'C', kind, rulesetId: 1, rulesetName: 'R', rulesFingerprint: 'f' },
    objectives: [{ id: 'moves', label: 'Moves' }],
    settings: DEFAULT_CURVE_SETTINGS,
    chapters: [],
    rows: [1, 2].map((id) => ({
      levelId: id, position: id, title: `L${id}`, chapterId: null, chapter: null, pinned: false, status: 'unverified', par: null, secondary: null,
      boxes: null, width: 9, height: 9, nodes: null, boxChanges: null, recordings: 0, completionRate: null, medianMovesOverPar: null,
      medianTimeMs: null, medianUndos: null, hintsPerPlay: null, tightness: null, checks: [],
    })),
    findings: [],
  };
}

async function headers(kind: string): Promise<{ keys: string[]; template: string }> {
  const pinia = createPinia();
  const host = document.createElement('div');
  document.body.append(host);
  app = createApp(CampaignLevelList).use(pinia).use(createStudioI18n());
  app.provide(BRIDGE_KEY, new MemoryBridge({}));
  app.runWithContext(() => (useCampaignStore().report = report(kind)));
  app.mount(host);
  await nextTick();
  const list = host.querySelector<HTMLElement>('[data-testid="campaign-list"]')!;
  return {
    keys: [...host.querySelectorAll<HTMLElement>('.head .col')].map((b) => b.dataset.testid!.replace('campaign-sort-', '')),
    template: list.style.getPropertyValue('--campaign-columns'),
  };
}

describe('the Campaign list table', () => {
  it('a maze campaign has no Boxes or Box changes column', async () => {
    const { keys, template } = await headers('maze');
    expect(keys).not.toContain('boxes');
    expect(keys).not.toContain('boxChanges');
    expect(keys).toContain('par');
    expect(template.trim().length).toBeGreaterThan(0);
  });
  it('a push campaign has them', async () => {
    const { keys } = await headers('push');
    expect(keys).toContain('boxes');
    expect(keys).toContain('boxChanges');
  });
});
