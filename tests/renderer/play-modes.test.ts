/**
 * Memory across retries and the play modes a kind offers (services/play/play-state.ts), on the
 * walk kind: what the player saw of a level is kept when they leave it and come back; a mode
 * with no undo refuses undo and redo; a mode with no memory forgets on every retry and on
 * reopening; a mode the next rules do not offer ends.
 */
import { describe, expect, it } from 'vitest';
import { createPlayState } from '../../src-renderer/src/services/play/play-state.ts';
import { defaultSlidingRules } from '../../src-shared/rulesets/sliding/kind.ts';
import { walkKind } from '../support/walk-kind.ts';

const rules = walkKind.create({ stepLimit: 20 }).rules!;
const LEVEL = { row: 'S.......E' };
const OTHER = { row: 'S..E' };

const seen = (play: ReturnType<typeof createPlayState>) => play.snapshot.value!.view.visibility!.map((v) => v[0]).join('');

function walkRight(play: ReturnType<typeof createPlayState>, times: number): void {
  for (let i = 0; i < times; i++) play.command('r');
}

describe('play memory and modes', () => {
  it('keeps what the player saw of a level across leaving it and opening it again', () => {
    const play = createPlayState();
    play.start(rules, LEVEL, { levelId: 1 });
    walkRight(play, 3);
    expect(seen(play)).toBe('rvvvvvhhh');
    play.start(rules, OTHER, { levelId: 2 });
    expect(seen(play)).toBe('vvvh');
    play.start(rules, LEVEL, { levelId: 1 });
    expect(seen(play)).toBe('vvvrrrhhh');
  });

  it('a mode without undo refuses undo and redo; without memory it forgets on retry and reopening', () => {
    const play = createPlayState();
    play.start(rules, LEVEL, { levelId: 1 });
    walkRight(play, 3);
    play.setMode('one-life');
    expect(play.mode.value?.id).toBe('one-life');
    // Turning the mode on starts the level afresh, with nothing remembered.
    expect(seen(play)).toBe('vvvhhhhhh');
    walkRight(play, 2);
    expect(play.snapshot.value!.canUndo).toBe(false);
    play.undo();
    expect(play.snapshot.value!.counters.steps).toBe(2);
    play.restart();
    expect(seen(play)).toBe('vvvhhhhhh');
    walkRight(play, 3);
    play.start(rules, OTHER, { levelId: 2 });
    play.start(rules, LEVEL, { levelId: 1 });
    expect(seen(play)).toBe('vvvhhhhhh');
    // Back to ordinary play: undo works again.
    play.setMode(null);
    play.command('r');
    expect(play.snapshot.value!.canUndo).toBe(true);
  });

  it('a mode ends when the next level\'s rules do not offer it', () => {
    const play = createPlayState();
    play.start(rules, LEVEL, { levelId: 1 });
    play.setMode('one-life');
    play.start(defaultSlidingRules(), { width: 2, height: 2, tiles: [1, 2, 3, 0] }, { levelId: 3 });
    expect(play.mode.value).toBeNull();
    play.setMode('one-life');
    expect(play.mode.value).toBeNull();
  });
});
