/**
 * A dealt block game saved in progress goes on with the same deals (issue 26): `serialize` keeps
 * the dealer where it stood (`resume`: RNG, tray, move count, combo, recent shapes), and the
 * level read back from `.blocks` text or JSON deals exactly the trays the original game dealt
 * next, placement for placement. A game not yet played is its seed alone; a new seed or scripted
 * trays in the editor drop the saved dealer.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import { makeBot } from '../../src-shared/rulesets/blocks/bots.ts';
import { blocksEditing } from '../../src-shared/rulesets/blocks/editing.ts';
import { blocksJsonFormat, blocksTextFormat } from '../../src-shared/rulesets/blocks/formats/index.ts';
import { defaultBlocksRules } from '../../src-shared/rulesets/blocks/kind.ts';
import { blocksConfigSchema, type BlocksCommand, type BlocksLevel } from '../../src-shared/rulesets/blocks/schema.ts';
import type { BlocksState } from '../../src-shared/rulesets/blocks/state.ts';

const rules = defaultBlocksRules();
const START: BlocksLevel = { rows: Array.from({ length: 8 }, () => '........'), seed: 'resume-me', goal: 'endless', moves: 60 };

/** What the dealer decides by and what it dealt: equal for the saved game and the original. */
const dealing = (s: BlocksState) => ({ rows: s.rows, tray: s.tray.map((t) => t?.key ?? '-'), rng: s.rng, moves: s.moves, combo: s.combo, sinceClear: s.sinceClear, recent: s.recent, outcome: s.outcome });

function play(from: BlocksState, count: number, seed: string): { states: BlocksState[]; commands: BlocksCommand[] } {
  const rng = new Rng(seed);
  const bot = makeBot('greedy', () => rng.float());
  const states = [from];
  const commands: BlocksCommand[] = [];
  let state = from;
  while (commands.length < count && state.outcome === 'playing') {
    const command = bot(state)!;
    state = rules.step(state, command).state;
    commands.push(command);
    states.push(state);
  }
  return { states, commands };
}

describe('a dealt game saved in progress', () => {
  for (const at of [1, 2, 3, 7, 20]) {
    it(`saved after ${at} placements, read back from text and JSON, deals the same trays to the end`, () => {
      const { states, commands } = play(rules.load(START).state!, 45, 'bot');
      const saved = rules.serialize(states[at], { title: 'Saved' });
      expect(saved.resume).toBeDefined();
      expect(saved.seed).toBe('resume-me');
      for (const format of [blocksTextFormat, blocksJsonFormat]) {
        const read = format.read(format.write({ levels: [saved] }));
        expect(read.diagnostics, format.id).toEqual([]);
        expect(read.collection.levels[0]).toEqual(saved);
        let state = rules.load(read.collection.levels[0]).state!;
        expect(dealing(state)).toEqual(dealing(states[at]));
        for (let i = at; i < commands.length; i++) {
          const step = rules.step(state, commands[i]);
          expect(step.changed, `${format.id}: placement ${i + 1}`).toBe(true);
          state = step.state;
          expect(dealing(state), `${format.id}: after placement ${i + 1}`).toEqual(dealing(states[i + 1]));
        }
        // The score starts again from the saved position.
        expect(state.score).toBe(states[states.length - 1].score - states[at].score);
      }
    });
  }

  it('a game not yet played is its seed alone; without resume a saved board would deal afresh', () => {
    const start = rules.load(START).state!;
    expect(rules.serialize(start)).toEqual({ rows: START.rows, goal: 'endless', seed: 'resume-me', moves: 60 });
    const { states } = play(start, 6, 'bot');
    const { resume: _dropped, ...fresh } = rules.serialize(states[6]);
    // The same board and seed without the saved dealer starts the deals over: another tray, another RNG.
    expect(dealing(rules.load(fresh).state!)).not.toEqual(dealing(states[6]));
  });

  it('the editor: a new seed or scripted trays drop the saved dealer; the same seed keeps it', () => {
    const { states } = play(rules.load(START).state!, 5, 'bot');
    const saved = rules.serialize(states[5]);
    const fields = blocksEditing(blocksConfigSchema.parse({})).fields!;
    const field = (id: string) => fields.find((f) => f.id === id)!;
    expect(field('seed').write(saved, 'resume-me')).toEqual({ level: saved });
    expect(field('seed').write(saved, 'another')).toMatchObject({ level: { seed: 'another' } });
    expect((field('seed').write(saved, 'another') as { level: BlocksLevel }).level.resume).toBeUndefined();
    expect((field('trays').write(saved, '### #') as { level: BlocksLevel }).level.resume).toBeUndefined();
  });

  it('a saved dealer on a scripted puzzle, or with an empty tray, is refused', () => {
    const { states } = play(rules.load(START).state!, 2, 'bot');
    const saved = rules.serialize(states[2]);
    expect(rules.lint({ ...saved, trays: [['#']] }).map((d) => d.code)).toContain('blocks.resume.scripted');
    expect(rules.lint({ ...saved, resume: { ...saved.resume!, tray: ['-', '-', '-'] } }).map((d) => d.code)).toContain('blocks.resume.tray');
  });
});
