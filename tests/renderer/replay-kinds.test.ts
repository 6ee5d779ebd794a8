// @vitest-environment happy-dom
/**
 * Maze and blocks recordings in the scrubber (issue 24: "the maze and blocks kinds, with no
 * kind-specific code in the view"): a recording of Echo Halls 1-1 and one of the Block Peak
 * Sampler open in the Replays view from the sample files, under their campaign's rules, and scrub
 * like a push one: the board drawn at each step, the keyboard, the undo marker, the export in the
 * kind's own command text. The scrubber's sources name no kind.
 */
import { describe, expect, it } from 'vitest';
import type { ReplayCurve, ReplayDetail } from '../../src-shared/api/replays.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { blocksKind } from '../../src-shared/rulesets/blocks/kind.ts';
import { mazeKind } from '../../src-shared/rulesets/maze/kind.ts';
import { useReplaysStore } from '../../src-renderer/src/stores/replays.ts';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle } from './support/mount.ts';

import echoHallsText from '../../resources/samples/echo_halls.json?raw';
import blockPeakText from '../../resources/samples/block_peak_sampler.blocks?raw';

/** The scrubber's view, its store and the composable that opens it. */
const SCRUBBER_SOURCES = import.meta.glob(['../../src-renderer/src/views/replays/*', '../../src-renderer/src/stores/replays.ts', '../../src-renderer/src/composables/scrub.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

interface Sample {
  readonly kind: string;
  readonly config: unknown;
  readonly level: unknown;
  readonly rules: AnyRules;
}

function echoHalls(): Sample {
  const baked = JSON.parse(echoHallsText) as { config: unknown; chapters: { levels: unknown[] }[] };
  return { kind: 'maze', config: baked.config, level: baked.chapters[0]!.levels[0], rules: mazeKind.create(baked.config).rules! as unknown as AnyRules };
}

function blockPeak(): Sample {
  const format = blocksKind.formats.find((f) => f.extensions.includes('blocks'))!;
  const levels = format.read(blockPeakText).collection.levels;
  const level = levels.find((l) => (l as { title?: string }).title === 'Crowded start');
  return { kind: 'blocks', config: {}, level, rules: blocksKind.create({}).rules! as unknown as AnyRules };
}

/** Six legal commands (each the first the rules list where the play stands), an undo, then one more: the journal as the player made it. */
function playOf(sample: Sample): { journal: ReplayDetail['journal']; line: unknown[] } {
  const { rules } = sample;
  let state = rules.load(sample.level).state;
  const line: unknown[] = [];
  const journal: ReplayDetail['journal'] = [];
  const states = [state];
  const move = (pick: number): void => {
    const legal = rules.commands(state).filter((c) => rules.step(state, c).changed);
    const command = legal[pick % legal.length];
    state = rules.step(state, command).state;
    states.push(state);
    line.push(command);
    journal.push({ type: 'command', command: String(rules.encodeCommand(command)), t: journal.length * 1000 });
  };
  for (let i = 0; i < 6; i++) move(i);
  journal.push({ type: 'undo', t: journal.length * 1000 });
  line.pop();
  states.pop();
  state = states[states.length - 1];
  move(1);
  return { journal, line };
}

function detailOf(sample: Sample, journal: ReplayDetail['journal']): ReplayDetail {
  return {
    id: 8, levelId: 2, name: null, outcome: 'unfinished', current: true, steps: journal.length, moves: 6, undos: 1, hints: 0, durationMs: 8000, createdAt: '2025-01-01T00:00:00Z',
    intended: false, source: 'play', campaignId: 1, kind: sample.kind, config: sample.config, rulesFingerprint: 'f', recordedFingerprint: 'f', content: sample.level,
    journal, stepHashes: null, par: null, reference: null,
  };
}

describe('maze and blocks recordings in the scrubber', () => {
  for (const make of [echoHalls, blockPeak]) {
    const sample = make();
    it(`${sample.kind}: opens, draws the board at each step, steps with the keys, jumps to the undo and exports the line in the kind's text`, async () => {
      const { journal, line } = playOf(sample);
      const none: ReplayCurve = { recordingId: 8, rulesFingerprint: 'f', steps: journal.length, state: 'none', chunks: [] };
      const { wrapper } = await mountStudio(new MemoryBridge({ 'replays.get': () => detailOf(sample, journal), 'replays.curve': () => none }));
      useUiStore().show('replays');
      expect(await useReplaysStore().open(8)).toBe(true);
      await settle();
      expect(wrapper.find('[data-testid="replays-problem"]').exists()).toBe(false);
      expect(wrapper.get('[data-testid="replays-title"]').text()).toBe('Recording #8');
      const view = wrapper.get('[data-testid="replays-view"]');
      const board = () => wrapper.get('[data-testid="replay-board"]');
      expect(board().findAll('[data-testid="board-cell"]').length).toBeGreaterThan(0);
      const atStart = board().html();
      await view.trigger('keydown', { key: 'ArrowRight' });
      expect(board().attributes('data-step')).toBe('1');
      await view.trigger('keydown', { key: 'End' });
      expect(board().attributes('data-step')).toBe(String(journal.length));
      expect(wrapper.get('[data-testid="replay-step"]').text()).toBe(`Step ${journal.length} of ${journal.length}`);
      const atEnd = board().html();
      expect(atEnd).not.toBe(atStart);
      await view.trigger('keydown', { key: 'ArrowLeft', shiftKey: true });
      expect(board().attributes('data-step')).toBe('7');
      expect(wrapper.get('[data-testid="replay-marker"]').attributes('data-marker')).toBe('undo');
      expect(wrapper.findAll('[data-testid="overview-marker"]').map((m) => m.attributes('data-marker'))).toEqual(['undo']);
      await view.trigger('keydown', { key: 'Home' });
      expect(board().html()).toBe(atStart);
      // The whole line (the undone move gone) in the kind's own solution text.
      const start = sample.rules.load(sample.level).state;
      expect((wrapper.get('[data-testid="export-text"]').element as HTMLTextAreaElement).value).toBe(sample.rules.encodeSolution(start, line));
      wrapper.unmount();
    });
  }

  it('the scrubber\'s view, store and composable name no kind', () => {
    expect(Object.keys(SCRUBBER_SOURCES).length).toBeGreaterThanOrEqual(8);
    for (const [path, text] of Object.entries(SCRUBBER_SOURCES)) {
      expect(text, path).not.toMatch(/['"`](push|sliding|maze|blocks)['"`]|rulesets\/(push|sliding|maze|blocks)\//);
    }
  });
});
