// @vitest-environment happy-dom
/**
 * A par read both ways in the views (issue 26): a campaign of the tests' Harvest kind (a score to
 * maximise, tests/support/score-kind.ts) shows a par not proven as "≥ best" in the Library list,
 * its tooltip and inspector and the Level view, and its proven bound as the ceiling; the push
 * campaign beside it still reads "≤ par". The Level view's header and the editor's live proof say
 * "best" (not "par") for a maximised objective, blocks' included.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail, CampaignSummary, LevelDetail, LevelRow } from '../../src-shared/api/studio-api.ts';
import { computed, defineComponent, h, ref } from 'vue';
import { registerKind, unregisterKind } from '../../src-shared/rulesets/registry.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import type { Verification } from '../../src-shared/verify/record.ts';
import { useEditorStore } from '../../src-renderer/src/stores/editor.ts';
import { useLevelStore } from '../../src-renderer/src/stores/level.ts';
import EditorInspector from '../../src-renderer/src/views/editor/EditorInspector.vue';
import { harvestKind } from '../support/score-kind.ts';
import { LEVELS } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, press, settle, type Mounted } from './support/mount.ts';

beforeAll(() => registerKind(harvestKind));
afterAll(() => unregisterKind(harvestKind.kind));

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  document.body.innerHTML = '';
});

const CAMPAIGN: CampaignSummary = { id: 9, name: 'Harvests', kind: 'harvest', levelCount: 2, credit: null, rulesetId: 4, rulesFingerprint: 'harvest@1:0', badges: { 'verified-bound': 1, verified: 1 } };
const base = { ...LEVELS[0], kind: 'harvest', figures: {}, verifiedAt: '2025-01-01T00:00:00Z' };
const BOUND: LevelRow = { ...base, id: 91, position: 1, title: 'Far coins', content: { row: '1.1.1.1.S.1.1.1.9', moves: 14 }, contentHash: 'h91', badge: 'verified-bound', par: 12, optimal: false, parBound: 15 };
const PROVEN: LevelRow = { ...base, id: 92, position: 2, title: 'Near coins', content: { row: '3.S..5x9', moves: 4 }, contentHash: 'h92', badge: 'verified', par: 5, optimal: true, parBound: null };
const DETAIL: CampaignDetail = { campaign: { ...CAMPAIGN, comments: [], rulesConfig: {} }, levels: [BOUND, PROVEN] };

function detailOf(row: LevelRow): LevelDetail {
  return {
    ...row,
    campaignId: CAMPAIGN.id,
    campaignName: CAMPAIGN.name,
    author: null,
    comments: [],
    source: 'hand',
    provenance: null,
    rulesConfig: {},
    rulesFingerprint: CAMPAIGN.rulesFingerprint,
    verification: {
      kind: 'harvest', status: 'solved', optimal: row.optimal === true, objective: 'points', value: row.par, par: row.par, provenBound: row.parBound, solution: 'rrr',
      nodes: 6, stored: 6, ms: 1, budget: 6, stoppedBy: row.optimal ? null : 'budget', solver: 'generic-best/1', metrics: {}, diagnostics: [],
      rulesFingerprint: CAMPAIGN.rulesFingerprint, contentHash: row.contentHash,
    },
  };
}

const bridge = () =>
  new MemoryBridge({
    'library.summary': () => ({ libraryPath: '/home/designer/harvests.gridwright', campaigns: [CAMPAIGN] }),
    'library.campaign': () => DETAIL,
    'library.level': ({ levelId }) => detailOf(levelId === BOUND.id ? BOUND : PROVEN),
  });

const parCell = (m: Mounted, id: number) => m.wrapper.get(`[data-testid="level-row"][data-level-id="${id}"] [data-testid="level-par"]`);

describe('a maximised par in the views', () => {
  it('the Library list shows a par not proven as ">= best", with the proven ceiling in its tooltip', async () => {
    current = await mountStudio(bridge());
    const cell = parCell(current, BOUND.id);
    expect(cell.text()).toBe('≥ 12');
    expect(cell.attributes('data-sense')).toBe('maximise');
    expect(cell.attributes('title')).toContain('between 12 and 15');
    expect(parCell(current, PROVEN.id).text()).toBe('5');
    await current.wrapper.get(`[data-testid="level-row"][data-level-id="${BOUND.id}"]`).trigger('click');
    await settle();
    expect(current.wrapper.get('[data-testid="library-level-par"]').text()).toBe('12 to 15 (not proven)');
  });

  it('the Level view says "best ≥" and the proof panel the interval from the best found to the ceiling', async () => {
    current = await mountStudio(bridge());
    const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${BOUND.id}"]`);
    await row.trigger('click');
    (row.element as HTMLElement).focus();
    press('Enter');
    await settle();
    expect(current.wrapper.get('[data-testid="level-par"]').text()).toBe('best ≥ 12');
    expect(current.wrapper.get('[data-testid="verification-par"]').text()).toBe('12 to 15 (not proven)');
  });

  it('the Level view says "best" for a proven par and "no best yet" without one, in en and zh-CN', async () => {
    const NONE: LevelRow = { ...PROVEN, id: 93, position: 3, badge: 'unverified', par: null, optimal: null };
    const levels = [BOUND, PROVEN, NONE];
    current = await mountStudio(
      new MemoryBridge({
        'library.summary': () => ({ libraryPath: '/home/designer/harvests.gridwright', campaigns: [CAMPAIGN] }),
        'library.campaign': () => ({ ...DETAIL, levels }),
        'library.level': ({ levelId }) => detailOf(levels.find((l) => l.id === levelId)!),
      }),
    );
    const open = async (id: number) => {
      await useLevelStore().open(id);
      await settle();
      return current!.wrapper.get('[data-testid="level-view"] [data-testid="level-par"]').text();
    };
    const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${PROVEN.id}"]`);
    await row.trigger('click');
    (row.element as HTMLElement).focus();
    press('Enter');
    await settle();
    expect(await open(PROVEN.id)).toBe('best 5');
    expect(await open(NONE.id)).toBe('no best yet');
    const { locale } = current.wrapper.vm.$i18n;
    current.wrapper.vm.$i18n.locale = 'zh-CN';
    expect(await open(PROVEN.id)).toBe('最佳 5');
    expect(await open(BOUND.id)).toBe('最佳 ≥ 12');
    current.wrapper.vm.$i18n.locale = locale;
  });

  it("the editor's live proof says \"best\" for a maximised objective (blocks, Harvest) and \"par\" for push", async () => {
    const Host = defineComponent({ setup: () => () => h(EditorInspector, { solution: { frame: computed(() => null), playing: ref(false), path: computed(() => []), stop() {}, toggle() {} } }) });
    current = await mountStudio(new MemoryBridge(), Host);
    const editor = useEditorStore(current.pinia);
    const verdict = async (kind: string, proof: Partial<Verification>) => {
      editor.rules = rulesFor(kind, {}).rules;
      editor.proof.verification = { ...detailOf(BOUND).verification!, kind, status: 'solved', solution: null, ...proof } as Verification;
      await settle();
      return current!.wrapper.get('[data-testid="proof-verdict"]').text();
    };
    expect(await verdict('blocks', { par: 333, optimal: true, provenBound: null })).toBe('Solvable, best 333');
    expect(await verdict('harvest', { par: 12, optimal: false, provenBound: 15 })).toBe('Solvable, best ≥ 12, at most 15');
    expect(await verdict('harvest', { par: 12, optimal: false, provenBound: null })).toBe('Solvable, best ≥ 12');
    expect(await verdict('push', { par: 9, optimal: true, provenBound: null })).toBe('Solvable, par 9');
  });

  it('a minimised par still reads "≤"', async () => {
    current = await mountStudio(new MemoryBridge());
    expect(parCell(current, LEVELS[1].id).text()).toBe('≤ 18');
    expect(parCell(current, LEVELS[1].id).attributes('data-sense')).toBe('minimise');
  });
});
