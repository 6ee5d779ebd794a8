// @vitest-environment happy-dom
/**
 * The views that read a par or a distance, both ways (issue 26): the replay scrubber's curve and
 * summary on a block-tray recording (a score to maximise: the best score still reachable, points
 * given up, where the play leaves every best line) beside a sliding one (distance to goal, in
 * moves); the Level view's recordings table under the kind's objective (the tests' Harvest kind,
 * tests/support/score-kind.ts: "Points", "4 (best 5)") beside push's "Moves"; and the Candidates
 * bench's cards ("best 5" for a score, "par 16" and "4 pushes" for push).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate } from '../../src-shared/api/candidates.ts';
import type { GenerationRun } from '../../src-shared/api/candidates.ts';
import type { ReplayCurve, ReplayDetail } from '../../src-shared/api/replays.ts';
import type { CampaignDetail, CampaignSummary, LevelDetail, LevelRow } from '../../src-shared/api/studio-api.ts';
import { registerKind, unregisterKind } from '../../src-shared/rulesets/registry.ts';
import { useReplaysStore } from '../../src-renderer/src/stores/replays.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { harvestKind } from '../support/score-kind.ts';
import { LEVELS, MICROBAN_2 } from './support/fixtures.ts';
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

// The golden replays' scripted clear: two #/# then the third clears two rows and a column and empties the board (366 points).
const PUZZLE = { rows: ['.......#', '.......#', '.......#', '.......#', '.......#', '.......#', '##.##.#.', '##.##.#.'], trays: [['#/#', '#/#'], ['###', '#/#']], goal: 'clear' };
const BLOCKS: ReplayDetail = {
  id: 7, levelId: 3, name: null, outcome: 'won', current: true, steps: 3, moves: 366, undos: 0, hints: 0, durationMs: 3000, createdAt: '2025-01-01T00:00:00Z',
  intended: false, source: 'play', campaignId: 1, kind: 'blocks', config: {}, rulesFingerprint: 'f', recordedFingerprint: 'f', content: PUZZLE,
  journal: ['0@2,6', '1@5,6', '1@7,6'].map((command, i) => ({ type: 'command' as const, command, t: (i + 1) * 1000 })),
  stepHashes: null, par: 366, reference: null,
};
/** Most still to gain at each step (the score so far is 0, 2, 4, 366). */
const curveOf = (gains: number[]): ReplayCurve => ({ recordingId: 7, rulesFingerprint: 'f', steps: 3, state: 'done', chunks: [{ from: 0, to: 3, steps: gains.map((distance) => ({ distance, dead: false })) }] });

async function openReplay(detail: ReplayDetail, curve: ReplayCurve): Promise<Mounted> {
  current = await mountStudio(new MemoryBridge({ 'replays.get': () => detail, 'replays.curve': () => curve }));
  useUiStore().show('replays');
  await useReplaysStore().open(detail.id!);
  await settle();
  return current;
}

describe('the replay curve and summary by the objective\'s sense', () => {
  it('a block game: the best score still reachable, flat on the best line; the summary in points', async () => {
    const { wrapper } = await openReplay(BLOCKS, curveOf([366, 364, 362, 0]));
    expect(wrapper.get('[data-testid="curve-caption"]').text()).toBe('Best Score still reachable');
    expect(wrapper.get('[data-testid="replay-curve"]').attributes('aria-label')).toContain('Score so far plus the most still to gain');
    const view = wrapper.get('[data-testid="replays-view"]');
    await view.trigger('keydown', { key: 'ArrowRight' });
    expect(wrapper.get('[data-testid="replay-here"]').text()).toBe('best reachable 366');
    // One polyline, flat at the top: every step's score so far plus the most still to gain is 366.
    const points = wrapper.get('[data-testid="curve-line"]').attributes('points')!.split(' ').map((p) => p.split(',')[1]);
    expect(new Set(points).size).toBe(1);
    const summary = wrapper.get('[data-testid="replay-summary"]').text();
    expect(summary).toContain('Score 366 (best reachable 366)');
    expect(summary).toContain('Score given up 0');
    expect(wrapper.find('[data-testid="summary-divergence"]').exists()).toBe(false);
  });

  it('a block game that gives points up: the curve falls and the play leaves every best line there', async () => {
    // After the first placement the best still reachable is 2 + 300 = 302: 64 points given up.
    const { wrapper } = await openReplay(BLOCKS, curveOf([366, 300, 298, 0]));
    const summary = wrapper.get('[data-testid="replay-summary"]').text();
    expect(summary).toContain('Leaves every best line at step 1');
    // The curve handed in is made up: the play still ends on 366, so nothing is given up at the end.
    expect(summary).toContain('Score given up 0');
    await wrapper.get('[data-testid="replays-view"]').trigger('keydown', { key: 'ArrowRight' });
    expect(wrapper.get('[data-testid="replay-here"]').text()).toBe('best reachable 302');
  });

  it('a sliding recording still reads distance to goal, named in moves', async () => {
    const LEVEL = { width: 3, height: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] };
    const sliding: ReplayDetail = { ...BLOCKS, kind: 'sliding', content: LEVEL, steps: 1, moves: 1, par: 1, journal: [{ type: 'command', command: 'r', t: 1000 }] };
    const { wrapper } = await openReplay(sliding, { ...curveOf([]), steps: 1, chunks: [{ from: 0, to: 1, steps: [1, 0].map((distance) => ({ distance, dead: false })) }] });
    expect(wrapper.get('[data-testid="curve-caption"]').text()).toBe('Distance to goal (Moves)');
    expect(wrapper.get('[data-testid="replay-summary"]').text()).toContain('Moves 1 (par 1)');
  });
});

const CAMPAIGN: CampaignSummary = { id: 9, name: 'Harvests', kind: 'harvest', levelCount: 1, credit: null, rulesetId: 4, rulesFingerprint: 'harvest@1:0', badges: { verified: 1 } };
const ROW: LevelRow = { ...LEVELS[0], kind: 'harvest', figures: {}, verifiedAt: '2025-01-01T00:00:00Z', id: 92, position: 1, title: 'Near coins', content: { row: '3.S..5x9', moves: 4 }, contentHash: 'h92', badge: 'verified', par: 5, optimal: true, parBound: null };
const DETAIL: CampaignDetail = { campaign: { ...CAMPAIGN, comments: [], rulesConfig: {} }, levels: [ROW] };
const LEVEL_DETAIL: LevelDetail = {
  ...ROW, campaignId: CAMPAIGN.id, campaignName: CAMPAIGN.name, author: null, comments: [], source: 'hand', provenance: null, rulesConfig: {}, rulesFingerprint: CAMPAIGN.rulesFingerprint,
  verification: {
    kind: 'harvest', status: 'solved', optimal: true, objective: 'points', value: 5, par: 5, provenBound: null, solution: 'rrr', nodes: 6, stored: 6, ms: 1, budget: 6, stoppedBy: null,
    solver: 'generic-best/1', metrics: {}, diagnostics: [], rulesFingerprint: CAMPAIGN.rulesFingerprint, contentHash: 'h92',
  },
};
const recording = (moves: number) => ({ id: 1, levelId: ROW.id, name: null, outcome: 'lost' as const, current: true, steps: 3, moves, undos: 0, hints: 0, durationMs: 1000, createdAt: '2025-01-01T00:00:00Z', intended: false, source: 'play' as const });

async function openLevel(bridge: MemoryBridge, levelId: number): Promise<Mounted> {
  current = await mountStudio(bridge);
  const row = current.wrapper.get(`[data-testid="level-row"][data-level-id="${levelId}"]`);
  await row.trigger('click');
  (row.element as HTMLElement).focus();
  press('Enter');
  await settle();
  return current;
}

describe('the recordings table under the kind\'s objective', () => {
  it('a score: the column is the kind\'s "Points", a play\'s points against the best', async () => {
    const bridge = new MemoryBridge({
      'library.summary': () => ({ libraryPath: '/home/designer/harvests.gridwright', campaigns: [CAMPAIGN] }),
      'library.campaign': () => DETAIL,
      'library.level': () => LEVEL_DETAIL,
      'recordings.list': () => ({ recordings: [recording(4)] }),
    });
    const { wrapper } = await openLevel(bridge, ROW.id);
    expect(wrapper.get('[data-testid="recordings-objective"]').text()).toBe('Points');
    expect(wrapper.get('[data-testid="recording-moves"]').text()).toBe('4 (best 5)');
  });

  it('push keeps "Moves" and "(par N)"', async () => {
    const { wrapper } = await openLevel(new MemoryBridge({ 'recordings.list': () => ({ recordings: [{ ...recording(20), levelId: LEVELS[1].id, outcome: 'won' as const }] }) }), LEVELS[1].id);
    expect(wrapper.get('[data-testid="recordings-objective"]').text()).toBe('Moves');
    expect(wrapper.get('[data-testid="recording-moves"]').text()).toBe('20 (par 18)');
  });
});

describe('the Candidates bench by the objective\'s sense', () => {
  const run: GenerationRun = {
    id: 1, batchId: null, kind: 'push', generator: 'rooms', version: 1, seed: 's', params: {}, count: 2, wanted: 2, cap: 2, state: 'done',
    statistics: { candidates: 2, accepted: 2, kept: 2, sieves: [], makeMs: 0, ms: 0 }, shardsDone: 1, shards: 1, waiting: 2, accepted: 0, createdAt: '2025-01-01T00:00:00Z', finishedAt: null,
  };
  const push: Candidate = { id: 31, runId: 1, index: 0, kind: 'push', content: MICROBAN_2, contentHash: 'h', par: 16, figures: { pushes: 4 }, score: 2, solution: 'r', state: 'new', recommended: true, levelId: null };
  const harvest: Candidate = { ...push, id: 32, index: 1, kind: 'harvest', content: ROW.content, par: 5, figures: {}, score: 1, recommended: false };

  it('a score reads "best N" with no pushes; push reads "par N" and its pushes', async () => {
    current = await mountStudio(new MemoryBridge({ 'candidates.runs': () => ({ runs: [run] }), 'candidates.list': () => ({ run, candidates: [push, harvest] }) }));
    useUiStore().show('candidates');
    await settle();
    const cards = current.wrapper.findAll('[data-testid="candidate-card"]').map((c) => c.get('.figures').text());
    expect(cards[0]).toContain('par 16');
    expect(cards[0]).toContain('4 pushes');
    expect(cards[1]).toContain('best 5');
    expect(cards[1]).not.toMatch(/push|par/);
  });
});
