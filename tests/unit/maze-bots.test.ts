/**
 * The maze's bots (seed 001), played through the real `step` by the generic runner: greedy,
 * the wall followers and the blind explorer, each on a crafted maze that shows what it is for.
 */
import { describe, expect, it } from 'vitest';
import { runBot, runBotOnce } from '../../src-shared/engine/play/bots.ts';
import { blindExplorer, greedyBot, leftHandBot, rightHandBot } from '../../src-shared/rulesets/maze/bots/index.ts';
import type { MazeCommand } from '../../src-shared/rulesets/maze/schema.ts';
import { spikesUp } from '../../src-shared/rulesets/maze/step.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { mazeRules, mazeStart } from '../support/maze.ts';

const CORRIDOR = ['#######', '#@...X#', '#######'];
/** The exit is right of the start, but the way right is a dead end. */
const DEAD_END = ['#######', '#@..#X#', '#.###.#', '#.....#', '#######'];
/** The exit sits in a room off a loop: both hands circle the outer wall for ever. */
const ISLAND = ['#########', '#.......#', '#.#####.#', '#.#X..#.#', '#.###.#.#', '#@......#', '#########'];

describe('maze bots', () => {
  it('every bot walks a corridor to its exit', () => {
    const { rules, state } = mazeStart(CORRIDOR);
    for (const bot of [greedyBot, leftHandBot, rightHandBot, blindExplorer]) expect(runBot(rules, bot, state).passRate, bot.id).toBe(1);
  });

  it('greedy heads for the exit and gives up in a dead end; the wall followers get round it', () => {
    const { rules, state } = mazeStart(DEAD_END);
    expect(runBotOnce(rules, greedyBot, state, 0).ended).toBe('gave-up');
    expect(runBot(rules, leftHandBot, state).passRate).toBe(1);
    expect(runBot(rules, rightHandBot, state).passRate).toBe(1);
  });

  it('the wall followers circle a loop until the step limit; the explorer finds the room', () => {
    const { rules, state } = mazeStart(ISLAND, { tightness: 0.5 }, 8);
    expect(runBotOnce(rules, leftHandBot, state, 0).ended).toBe('lost');
    expect(runBotOnce(rules, rightHandBot, state, 0).ended).toBe('lost');
    const free = mazeStart(ISLAND);
    expect(runBot(free.rules, blindExplorer, free.state).passRate).toBe(1);
  });

  it('the blind explorer sees only its light: a tight limit it cannot meet blind, a long one it can', () => {
    const rows = ['###########', '#@........#', '#.#######.#', '#.#.....#.#', '#.#.###.#.#', '#...#X..#.#', '###########'];
    const roomy = mazeStart(rows, { lightRadius: 2 });
    const blind = runBot(roomy.rules, blindExplorer, roomy.state);
    expect(blind.runs).toBe(15);
    expect(blind.passRate).toBe(1);
    // Seeded: the same runs again.
    expect(runBot(roomy.rules, blindExplorer, roomy.state)).toEqual(blind);
    const solved = verifyLevel(roomy.rules, { rows });
    expect(solved.status).toBe('solved');
    const tight = mazeStart(rows, { lightRadius: 2, tightness: 0.95 }, solved.par!);
    expect(runBot(tight.rules, blindExplorer, tight.state).passRate).toBeLessThan(1);
  });

  it('the blind explorer waits rather than step onto raised spikes, and uses a key it found', () => {
    const rows = ['##########', '#@.^.kD.X#', '##########'];
    const { rules, state } = mazeStart(rows, { spikes: { period: 4, duty: 2, phase: 0 } });
    const policy = blindExplorer.start(state, () => 0.5);
    let s = state;
    for (let i = 0; i < 60 && rules.status(s) === 'playing'; i++) {
      const command = policy(s) as MazeCommand;
      const next = rules.step(s, command);
      if (next.state.cells[next.state.player] === '^') expect(spikesUp(s.board, next.state.steps)).toBe(false);
      s = next.state;
    }
    expect(rules.status(s)).toBe('won');
    expect(s.hearts).toBe(state.hearts);
  });

  it('verification records every maze bot as a metric', () => {
    const record = verifyLevel(mazeRules(), { rows: DEAD_END });
    expect(record.metrics).toMatchObject({ 'bot.greedy': 0, 'bot.left-hand': 1, 'bot.right-hand': 1, 'bot.blind': 1 });
  });
});
