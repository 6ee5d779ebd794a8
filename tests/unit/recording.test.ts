/**
 * A play's journal replayed through the real rules gives the recording's line: the commands from
 * the start with refused ones (bumps) in place and marked, undo taking back a move and the bumps
 * after it, redo and restart as History has them, hints that no undo takes back, time offsets.
 */
import { describe, expect, it } from 'vitest';
import { replayJournal, type TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { stepHashes } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import type { Direction } from '../../src-shared/rulesets/push/schema.ts';
import { pushRules, stateOf } from '../support/microban.ts';

const ROOM = ['#######', '#@ $ .#', '#######'];
const c = (command: Direction, t: number): TimedJournalEntry<Direction> => ({ type: 'command', command, t });

describe('replaying a journal', () => {
  it('keeps a bump on the line where it was given, marked refused, with its time', () => {
    const play = replayJournal(pushRules, stateOf(ROOM), [c('u', 10), c('r', 20), c('r', 35)]);
    expect(play.line).toEqual([
      { command: 'u', refused: true, t: 10 },
      { command: 'r', refused: false, t: 20 },
      { command: 'r', refused: false, t: 35 },
    ]);
    expect(play.moves).toBe(2);
    expect(play.duration).toBe(35);
  });

  it('an undo takes back the last move and the bumps after it; a hint stays counted', () => {
    const play = replayJournal(pushRules, stateOf(ROOM), [c('r', 1), { type: 'hint', command: 'r', t: 2 }, c('r', 3), c('u', 4), { type: 'undo', t: 5 }, c('l', 6)]);
    expect(play.line.map((s) => [s.command, s.refused])).toEqual([['r', false], ['l', false]]);
    expect(play.undos).toBe(1);
    expect(play.hints).toBe(1);
  });

  it('redo after a restart walks the old line again, as History does', () => {
    const play = replayJournal(pushRules, stateOf(ROOM), [c('r', 1), c('r', 2), { type: 'restart', t: 3 }, { type: 'redo', t: 4 }]);
    expect(play.line.map((s) => s.command)).toEqual(['r']);
    expect(play.line[0].t).toBe(4);
  });

  it('ends won when the line wins, and the line replays to the same states', () => {
    const journal = [c('r', 1), c('d', 2), c('r', 3), c('r', 4)];
    const play = replayJournal(pushRules, stateOf(ROOM), journal);
    expect(play.status).toBe('won');
    const commands = play.line.map((s) => s.command);
    expect(stepHashes(pushRules, stateOf(ROOM), commands)).toHaveLength(4);
  });

  it('a bump kept on the line diverges under rules that allow it (strength 2 pushes two boxes)', () => {
    const two = ['########', '#@ $$..#', '########'];
    const play = replayJournal(pushRules, stateOf(two), [c('r', 1), c('r', 2)]);
    expect(play.line.map((s) => s.refused)).toEqual([false, true]);
    const strong = pushKind.create({ pushStrength: 2 }).rules!;
    const commands = play.line.map((s) => s.command);
    const before = stepHashes(pushRules, pushRules.load({ board: two }).state!, commands);
    const after = stepHashes(strong, strong.load({ board: two }).state!, commands);
    expect(before[1]).not.toBe(after[1]);
  });

  it('time offsets never run backwards, and an undo at the start does nothing', () => {
    const play = replayJournal(pushRules, stateOf(ROOM), [{ type: 'undo', t: 5 }, c('r', 3)]);
    expect(play.undos).toBe(0);
    expect(play.line[0].t).toBe(5);
  });
});
