/**
 * The replay timeline: every journal entry is a step; seeking to any step, forwards or backwards,
 * in any order, gives the state that replaying the journal from the start up to it gives (the
 * engine's `replayJournal` over `History` is the reference), with checkpoints kept only every K
 * levels; undos, redos, restarts, hints and refused commands are its markers, with their times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayJournal, type TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { decodeRecordedJournal, recordedJournal } from '../../src-shared/engine/play/recorded-journal.ts';
import { ReplayTimeline } from '../../src-shared/engine/play/replay-timeline.ts';
import { slidingKind } from '../../src-shared/rulesets/sliding/kind.ts';
import { microbanState, pushRules, stateOf } from '../support/microban.ts';

const slidingRules: AnyRules = slidingKind.create({}).rules!;
const DIRECTIONS = ['u', 'd', 'l', 'r'] as const;

const entryArbitrary = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...DIRECTIONS).map((command) => ({ type: 'command' as const, command })) },
  { weight: 2, arbitrary: fc.constant({ type: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'redo' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'restart' as const }) },
  { weight: 1, arbitrary: fc.constantFrom(...DIRECTIONS).map((command) => ({ type: 'hint' as const, command })) },
);
const journalArbitrary = fc.array(fc.tuple(entryArbitrary, fc.nat(5000)), { minLength: 1, maxLength: 120 }).map((pairs) => {
  let t = 0;
  return pairs.map(([entry, gap]) => ({ ...entry, t: (t += gap) }) as TimedJournalEntry<string>);
});

const CASES: { name: string; rules: AnyRules; start: () => unknown }[] = [
  { name: 'push (Microban 3)', rules: pushRules, start: () => microbanState(3) },
  { name: 'sliding 3x3', rules: slidingRules, start: () => slidingRules.load({ width: 3, height: 3, tiles: [1, 2, 3, 4, 0, 5, 7, 8, 6] }).state },
];

describe('seeking the replay timeline', () => {
  for (const { name, rules, start } of CASES) {
    it(`${name}: random seeks forwards and backwards equal replaying the journal from the start`, () => {
      fc.assert(
        fc.property(journalArbitrary, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (journal, seeks, every) => {
          const timeline = new ReplayTimeline(rules, start(), journal, { checkpointEvery: every });
          for (const fraction of seeks) {
            const step = Math.min(journal.length, Math.floor(fraction * (journal.length + 1)));
            const reference = replayJournal(rules, start(), journal.slice(0, step));
            expect(rules.canonical(timeline.stateAt(step))).toBe(rules.canonical(reference.final));
            // The line to there is the reference's line without its bumps, and costs its moves.
            expect(timeline.lineAt(step)).toEqual(reference.line.filter((s) => !s.refused).map((s) => s.command));
            expect(timeline.lineCostAt(step)).toBe(reference.moves);
          }
        }),
        { seed: 24, numRuns: 60 },
      );
    });
  }

  it('holds a state only every K levels down a branch, not one per step', () => {
    const journal = Array.from({ length: 1000 }, (_, i): TimedJournalEntry<string> => ({ type: 'command', command: i % 2 === 0 ? 'r' : 'l' }));
    const timeline = new ReplayTimeline(pushRules, stateOf(['#####', '#@ .#', '# $ #', '#####']), journal, { checkpointEvery: 50 });
    expect(timeline.checkpointCount).toBe(1 + 1000 / 50);
    const playerOf = (state: unknown): number => (state as { player: number }).player;
    expect(playerOf(timeline.stateAt(999))).toBe(playerOf(timeline.stateAt(1)));
    expect(playerOf(timeline.stateAt(2))).toBe(playerOf(timeline.start));
  });
});

describe('the journal on the timeline', () => {
  const ROOM = ['#######', '#@ $ .#', '#######'];
  const journal: TimedJournalEntry<string>[] = [
    { type: 'command', command: 'r', t: 100 },
    { type: 'command', command: 'u', t: 300 },
    { type: 'undo', t: 900 },
    { type: 'redo', t: 1000 },
    { type: 'hint', command: 'r', t: 5000 },
    { type: 'restart', t: 5200 },
    { type: 'command', command: 'r', t: 5300 },
  ];
  const timeline = new ReplayTimeline(pushRules, stateOf(ROOM), journal);

  it('marks undos, redos, restarts, hints and refused commands where the player made them', () => {
    expect(timeline.markers()).toEqual([
      { step: 2, marker: 'refused' },
      { step: 3, marker: 'undo' },
      { step: 4, marker: 'redo' },
      { step: 5, marker: 'hint' },
      { step: 6, marker: 'restart' },
    ]);
  });

  it('an undo goes back a move, a restart to the start, and the markers are found from any step', () => {
    expect(timeline.positionAt(3)).toBe(0);
    expect(timeline.positionAt(4)).toBe(1);
    expect(timeline.positionAt(6)).toBe(0);
    expect(timeline.nextMarker(0, ['undo'])).toBe(3);
    expect(timeline.previousMarker(7, ['undo', 'restart'])).toBe(6);
    expect(timeline.nextMarker(6)).toBeUndefined();
  });

  it('finds the step where the play stood at a step of its final line', () => {
    // The final line is one move (step 7); before the restart the play stood there at step 1 and 4.
    expect(timeline.stepOfLine(0)).toBe(6);
    expect(timeline.stepOfLine(1)).toBe(7);
    expect(timeline.stepOfLine(2)).toBeUndefined();
  });

  it('keeps each step\'s time offset, so a long pause shows as a gap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((k) => timeline.time(k))).toEqual([0, 100, 300, 900, 1000, 5000, 5200, 5300]);
    expect(timeline.duration).toBe(5300);
  });

  it('reads a recording without a journal (an imported solution) as its line of commands', () => {
    const entries = recordedJournal(null, ['r', 'r'], [5, 9]);
    expect(entries).toEqual([{ type: 'command', command: 'r', t: 5 }, { type: 'command', command: 'r', t: 9 }]);
    const decoded = decodeRecordedJournal((text) => pushRules.decodeCommand(text), [...entries, { type: 'command', command: 'x' }]);
    expect(decoded).toEqual({ error: 'Journal entry 3 ("x") is not a command of this kind.' });
  });
});
