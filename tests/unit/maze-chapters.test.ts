/**
 * Per-chapter rules in the maze config: a level naming its chapter plays under that chapter's
 * light, tightness, recalls and mechanics; every chapter field is described (the rule inspector's
 * hovers); a chapter changed is a rules change (another fingerprint: the levels re-verify).
 */
import { describe, expect, it } from 'vitest';
import { mazeKind } from '../../src-shared/rulesets/maze/kind.ts';
import type { MazeState } from '../../src-shared/rulesets/maze/level.ts';
import { chapterRulesSchema } from '../../src-shared/rulesets/maze/schema.ts';
import { echoHallsConfig } from '../../src-shared/rulesets/maze/generator/bake.ts';

const rows = ['#######', '#@.^.X#', '#######'];

describe('maze chapters in the rules config', () => {
  it('a level plays under its chapter\'s rules, the settings themselves without one', () => {
    const rules = mazeKind.create({ lightRadius: 4, chapters: [{ name: 'One', lightRadius: 2, tightness: 0.5, recalls: 1 }, { name: 'Two', mechanics: ['door'] }] }).rules!;
    const plain = rules.load({ rows, par: 4 }).state as MazeState;
    expect(plain.board.lightRadius).toBe(4);
    expect(plain.board.limit).toBe(5);
    const one = rules.load({ rows, par: 4, chapter: 1 }).state as MazeState;
    expect([one.board.lightRadius, one.board.limit, one.recallsLeft]).toEqual([2, 8, 1]);
    // The HUD counts the chapter's recalls, not the settings' own (never "3 left of 1").
    expect(rules.hud(one).find((h) => h.id === 'recallsLeft')).toMatchObject({ value: 1, max: 1 });
    // Chapter two leaves spikes out: the level is refused there.
    const two = rules.load({ rows, par: 4, chapter: 2 });
    expect(two.state).toBeUndefined();
    expect(two.diagnostics.map((d) => d.code)).toContain('maze.mechanic');
    // A chapter the config lacks: a warning, the settings themselves.
    const three = rules.load({ rows, chapter: 3 });
    expect(three.state).toBeDefined();
    expect(three.diagnostics.map((d) => d.code)).toEqual(['maze.chapter.unknown']);
  });

  it('a changed chapter changes the rules\' fingerprint, so its campaign\'s levels re-verify', () => {
    const config = echoHallsConfig();
    const before = mazeKind.create(config).rules!.fingerprint;
    const chapters = [...config.chapters!];
    chapters[2] = { ...chapters[2], tightness: 0.9 };
    expect(mazeKind.create({ ...config, chapters }).rules!.fingerprint).not.toBe(before);
  });

  it('describes every chapter field for the rule inspector', () => {
    for (const [field, schema] of Object.entries(chapterRulesSchema.shape)) expect(schema.description, field).toBeTruthy();
    expect(mazeKind.configSchema.description).toBeTruthy();
  });
});
