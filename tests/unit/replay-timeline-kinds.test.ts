/**
 * The replay timeline on the maze and blocks kinds, through the rules contract only: journals made
 * of the kind's own legal commands (`rules.commands`) with undos, redos, restarts and hints, on
 * levels of the sample library (Echo Halls, Block Peak Sampler). Seeking to any step, forwards or
 * backwards, gives what replaying the journal from the start gives (`replayJournal` over `History`),
 * so the scrubber needs no kind-specific code for them.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepCost } from '../../src-shared/engine/contract/game.ts';
import { replayJournal, type TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { ReplayTimeline } from '../../src-shared/engine/play/replay-timeline.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { blocksKind } from '../../src-shared/rulesets/blocks/kind.ts';
import { mazeKind } from '../../src-shared/rulesets/maze/kind.ts';
import { REPO_ROOT } from '../support/data.ts';

const SAMPLES = `${REPO_ROOT}resources/samples/`;

interface Sample {
  readonly name: string;
  readonly rules: AnyRules;
  readonly start: unknown;
}

/** A level of Echo Halls under the campaign's rules (its chapters' configs). */
function echoHalls(chapter: number, index: number): Sample {
  const baked = JSON.parse(readFileSync(`${SAMPLES}echo_halls.json`, 'utf8')) as { config: unknown; chapters: { levels: object[] }[] };
  const rules = mazeKind.create(baked.config).rules! as unknown as AnyRules;
  const level = baked.chapters[chapter - 1]!.levels[index]!;
  const loaded = rules.load(level);
  expect(loaded.state, `Echo Halls ${chapter}-${index + 1}`).toBeDefined();
  return { name: `maze: Echo Halls ${chapter}-${index + 1}`, rules, start: loaded.state };
}

/** A level of the Block Peak Sampler, by title, under the kind's default rules. */
function blockPeak(title: string): Sample {
  const rules = blocksKind.create({}).rules! as unknown as AnyRules;
  const format = blocksKind.formats.find((f) => f.extensions.includes('blocks'))!;
  const read = format.read(readFileSync(`${SAMPLES}block_peak_sampler.blocks`, 'utf8'));
  const level = read.collection?.levels.find((l) => (l as { title?: string }).title === title);
  expect(level, title).toBeDefined();
  const loaded = rules.load(level);
  expect(loaded.state, title).toBeDefined();
  return { name: `blocks: Block Peak "${title}"`, rules, start: loaded.state };
}

const SAMPLE_LEVELS: (() => Sample)[] = [() => echoHalls(1, 0), () => echoHalls(8, 0), () => blockPeak('Two squares'), () => blockPeak('Crowded start')];

type Choice = readonly ['command' | 'undo' | 'redo' | 'restart' | 'hint', number, number];
const choiceArbitrary: fc.Arbitrary<Choice> = fc.tuple(
  fc.oneof(
    { weight: 8, arbitrary: fc.constant('command' as const) },
    { weight: 2, arbitrary: fc.constant('undo' as const) },
    { weight: 1, arbitrary: fc.constant('redo' as const) },
    { weight: 1, arbitrary: fc.constant('restart' as const) },
    { weight: 1, arbitrary: fc.constant('hint' as const) },
  ),
  fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  fc.nat(4000),
);

/**
 * A journal the way a player makes one: each command one of the kind's legal commands in the
 * position reached so far (the reference replay's), a hint one too; undos, redos and restarts
 * wherever they fall (an undo at the start is a no-op, as in play).
 */
function journalOf(sample: Sample, choices: readonly Choice[]): TimedJournalEntry<unknown>[] {
  const journal: TimedJournalEntry<unknown>[] = [];
  let t = 0;
  for (const [type, pick, gap] of choices) {
    t += gap;
    if (type === 'command' || type === 'hint') {
      const here = replayJournal(sample.rules, sample.start, journal).final;
      const legal = sample.rules.commands(here);
      if (legal.length === 0) journal.push({ type: 'undo', t });
      else journal.push({ type, command: legal[Math.floor(pick * legal.length)], t } as TimedJournalEntry<unknown>);
    } else journal.push({ type, t });
  }
  return journal;
}

/** The rules' step costs along a line of commands from the start. */
function costOf(sample: Sample, line: readonly unknown[]): number {
  let state = sample.start;
  let cost = 0;
  for (const command of line) {
    const result = sample.rules.step(state, command);
    cost += stepCost(result);
    state = result.state;
  }
  return cost;
}

describe('seeking the replay timeline of maze and blocks recordings', () => {
  for (const make of SAMPLE_LEVELS) {
    const sample = make();
    it(`${sample.name}: random seeks forwards and backwards equal replaying the journal from the start`, () => {
      fc.assert(
        fc.property(fc.array(choiceArbitrary, { minLength: 1, maxLength: 40 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 25 }), fc.integer({ min: 1, max: 6 }), (choices, seeks, every) => {
          const journal = journalOf(sample, choices);
          const timeline = new ReplayTimeline(sample.rules, sample.start, journal, { checkpointEvery: every });
          expect(timeline.length).toBe(journal.length);
          for (const fraction of seeks) {
            const step = Math.min(journal.length, Math.floor(fraction * (journal.length + 1)));
            const reference = replayJournal(sample.rules, sample.start, journal.slice(0, step));
            expect(sample.rules.canonical(timeline.stateAt(step))).toBe(sample.rules.canonical(reference.final));
            const line = reference.line.filter((s) => !s.refused).map((s) => s.command);
            expect(timeline.lineAt(step)).toEqual(line);
            // The line's cost is the rules' step costs along it (absent: 1; blocks: one per placement, not its score).
            expect(timeline.lineCostAt(step)).toBe(costOf(sample, line));
            expect(timeline.time(step)).toBe(step === 0 ? 0 : reference.duration);
          }
        }),
        { seed: 24, numRuns: 25 },
      );
    });
  }

  it('the journals made are not trivial: they hold moves that change the position on both kinds', () => {
    for (const make of SAMPLE_LEVELS) {
      const sample = make();
      const journal = journalOf(sample, Array.from({ length: 12 }, (_, i): Choice => ['command', (i * 0.37) % 1, 10]));
      const timeline = new ReplayTimeline(sample.rules, sample.start, journal);
      expect(sample.rules.canonical(timeline.stateAt(12)), sample.name).not.toBe(sample.rules.canonical(timeline.stateAt(0)));
    }
  });
});
