/** Small maze helpers for tests: load rows under a config, play a command string. */
import { expect } from 'vitest';
import { costAlong } from '../../src-shared/engine/play/replay.ts';
import type { MazeRules } from '../../src-shared/rulesets/maze/kind.ts';
import { mazeKind } from '../../src-shared/rulesets/maze/kind.ts';
import type { MazeState } from '../../src-shared/rulesets/maze/level.ts';
import type { MazeCommand } from '../../src-shared/rulesets/maze/schema.ts';

export function mazeRules(config: unknown = {}): MazeRules {
  const bound = mazeKind.create(config);
  expect(bound.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return bound.rules as MazeRules;
}

export function mazeStart(rows: readonly string[], config: unknown = {}, par?: number): { rules: MazeRules; state: MazeState } {
  const rules = mazeRules(config);
  const loaded = rules.load({ rows, ...(par !== undefined ? { par } : {}) });
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { rules, state: loaded.state! };
}

/** Plays each command; every one must be accepted. */
export function play(rules: MazeRules, state: MazeState, commands: string): MazeState {
  let s = state;
  for (const c of commands) {
    const result = rules.step(s, c as MazeCommand);
    expect(result.changed, `command '${c}' was refused`).toBe(true);
    s = result.state;
  }
  return s;
}

/** Where the player stands, as [x, y]. */
export const where = (state: MazeState): [number, number] => [state.player % state.board.width, Math.floor(state.player / state.board.width)];

/** The cost of `commands` from `start` (the rules' step costs), which must end in a win. */
export function wonCost(rules: MazeRules, start: MazeState, commands: readonly MazeCommand[]): number {
  const { states, cost } = costAlong(rules, start, commands);
  expect(rules.status(states[states.length - 1])).toBe('won');
  return cost;
}
