/**
 * The verification facet's bots, on the walk kind (tests/support/walk-kind.ts) given two bots:
 * the generic runner plays them through the real `step`, seeded runs repeat exactly, and the
 * verification record carries each bot's pass rate as the metric `bot.<id>`.
 */
import { describe, expect, it } from 'vitest';
import type { Bot, Rules } from '../../src-shared/engine/ruleset.ts';
import { runBot, runBotOnce, runBots } from '../../src-shared/engine/play/bots.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { walkKind, type WalkCommand, type WalkLevel, type WalkState } from '../support/walk-kind.ts';

/** Always right: passes a walk without pits on the way. */
const rightBot: Bot<WalkState, WalkCommand> = { id: 'right', label: 'Right', runs: 1, start: () => () => 'r' };
/** Right or jump at random: passes a pit only when it happens to jump at the right cell. */
const coinBot: Bot<WalkState, WalkCommand> = { id: 'coin', label: 'Coin', runs: 20, start: (_s, random) => () => (random() < 0.5 ? 'r' : 'J') };
/** Gives up at once. */
const quitter: Bot<WalkState, WalkCommand> = { id: 'quit', label: 'Quit', runs: 1, start: () => () => undefined };

function rulesWithBots(config: unknown = {}): Rules<WalkLevel, WalkState, WalkCommand> {
  const base = walkKind.create(config).rules!;
  return { ...base, bots: [rightBot, coinBot, quitter] };
}

const startOf = (rules: Rules<WalkLevel, WalkState, WalkCommand>, row: string): WalkState => rules.load({ row }).state!;

describe('bots through the engine', () => {
  it('a run passes only when the game is won, and says how it ended', () => {
    const rules = rulesWithBots();
    expect(runBotOnce(rules, rightBot, startOf(rules, 'S...E'), 0)).toEqual({ won: true, commands: 4, cost: 4, ended: 'won' });
    expect(runBotOnce(rules, rightBot, startOf(rules, 'S.x.E'), 0)).toMatchObject({ won: false, ended: 'lost' });
    expect(runBotOnce(rules, quitter, startOf(rules, 'S...E'), 0)).toMatchObject({ won: false, ended: 'gave-up' });
    // Bumping the end of the row is refused: stuck after the refusals in a row.
    expect(runBotOnce(rules, { ...rightBot, start: () => () => 'l' }, startOf(rules, 'S...E'), 0)).toMatchObject({ won: false, ended: 'stuck' });
  });

  it('a step limit of the rules fails a bot that would win later', () => {
    const rules = rulesWithBots({ stepLimit: 3 });
    expect(runBot(rules, rightBot, startOf(rules, 'S...E')).passRate).toBe(0);
    const roomy = rulesWithBots({ stepLimit: 5 });
    expect(runBot(roomy, rightBot, startOf(roomy, 'S...E')).passRate).toBe(1);
  });

  it('seeded runs repeat exactly and differ between runs', () => {
    const rules = rulesWithBots();
    const start = startOf(rules, 'S.x.x.E');
    const a = runBot(rules, coinBot, start, { seed: 'level-1' });
    expect(runBot(rules, coinBot, start, { seed: 'level-1' })).toEqual(a);
    expect(a.runs).toBe(20);
    expect(a.passed).toBeGreaterThan(0);
    expect(a.passed).toBeLessThan(20);
    expect(a.passRate).toBeCloseTo(a.passed / 20);
  });

  it('verification carries every bot as a metric, and skips them when asked', () => {
    const rules = rulesWithBots();
    const record = verifyLevel(rules, { row: 'S...E' });
    expect(record.status).toBe('solved');
    expect(record.metrics['bot.right']).toBe(1);
    expect(record.metrics['bot.quit']).toBe(0);
    expect(record.metrics['bot.coin']).toBeGreaterThanOrEqual(0);
    expect(verifyLevel(rules, { row: 'S...E' }, { bots: false }).metrics['bot.right']).toBeUndefined();
    // A kind without bots records none.
    expect(Object.keys(verifyLevel(walkKind.create({}).rules!, { row: 'S...E' }).metrics).some((k) => k.startsWith('bot.'))).toBe(false);
    expect(runBots(walkKind.create({}).rules!, startOf(rules, 'S...E'))).toEqual([]);
  });
});
