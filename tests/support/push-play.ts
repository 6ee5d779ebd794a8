/** Building push states from board rows and playing move strings, for the rules tests. */
import { expect } from 'vitest';
import { buildPushLevel, type PushState } from '../../src-shared/rulesets/push/board.ts';
import { pushConfigSchema, pushLevelSchema, type Direction } from '../../src-shared/rulesets/push/schema.ts';
import { stepPush } from '../../src-shared/rulesets/push/step.ts';

/** A start state from board rows plus optional mechanics, under a config (defaults filled). */
export function start(board: string[], extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}): PushState {
  const built = buildPushLevel(pushLevelSchema.parse({ board, ...extra }), pushConfigSchema.parse(config));
  if (!built.state) throw new Error(built.diagnostics.map((d) => d.message).join('\n'));
  return built.state;
}

/** Play a string of moves (`rrd...`), failing the test if any is refused. */
export function play(state: PushState, moves: string): PushState {
  for (const m of moves) {
    const result = stepPush(state, m as Direction);
    expect(result.changed, `move ${m} was refused`).toBe(true);
    state = result.state;
  }
  return state;
}

export const cell = (s: PushState, x: number, y: number): number => y * s.board.width + x;
export const where = (s: PushState, c: number): [number, number] => [c % s.board.width, Math.floor(c / s.board.width)];
