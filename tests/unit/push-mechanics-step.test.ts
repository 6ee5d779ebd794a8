/**
 * The compiled step of the mechanics path (solver/mechanics/step.ts) against the engine's step
 * (rulesets/push/step.ts), mechanic by mechanic: on random positions reached by random play on
 * small random boards, every command gives the same next position (player cell, light and heavy
 * box cells) or bumps in both.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import { stepPush, pushStatus } from '../../src-shared/rulesets/push/step.ts';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import { DIRECTIONS } from '../../src-shared/rulesets/push/schema.ts';
import { HEAVY, LIGHT, compileMechanics, type MechanicsBoard } from '../../src-shared/rulesets/push/solver/mechanics/board.ts';
import { BUMP, MechanicsStepper } from '../../src-shared/rulesets/push/solver/mechanics/step.ts';
import { MECHANICS, randomMechanicLevel } from '../support/push-mechanic-levels.ts';

/** A position as the compiled path sees it: player and the sorted cells of each class (grid cells). */
function engineView(state: PushState, board: MechanicsBoard): string {
  const heavyClass = board.weightOf[HEAVY] !== 1;
  const light: number[] = [];
  const heavy: number[] = [];
  state.boxes.forEach((b, id) => (state.board.heavyBox[id] && heavyClass ? heavy : light).push(b));
  return `${state.player}|${light.sort((a, b) => a - b).join(',')}|${heavy.sort((a, b) => a - b).join(',')}`;
}

function compiledView(player: number, occ: Uint8Array, board: MechanicsBoard): string {
  const light: number[] = [];
  const heavy: number[] = [];
  occ.forEach((k, c) => (k === LIGHT ? light : k === HEAVY ? heavy : []).push(board.gridOf[c]));
  return `${board.gridOf[player]}|${light.sort((a, b) => a - b).join(',')}|${heavy.sort((a, b) => a - b).join(',')}`;
}

describe('push mechanics: the compiled step against the engine step', () => {
  for (const mechanic of MECHANICS) {
    it(`gives the same next positions with ${mechanic}`, () => {
      const rng = new Rng(`mechanics-step-${mechanic}`);
      let compared = 0;
      let pushes = 0;
      for (let round = 0; round < 600 && (compared < 3000 || pushes < 150); round++) {
        const drawn = randomMechanicLevel(rng, mechanic, { width: 6 + rng.int(3), height: 5 + rng.int(3), boxes: 2 + rng.int(3) });
        if (!drawn) continue;
        const board = compileMechanics(drawn.state);
        const stepper = new MechanicsStepper(board);
        const occ = new Uint8Array(board.size);
        let state = drawn.state;
        for (let move = 0; move < 60; move++) {
          if (pushStatus(state) === 'won') break;
          occ.fill(0);
          state.boxes.forEach((b, id) => (occ[board.floorOf[b]] = state.board.heavyBox[id] && board.weightOf[HEAVY] !== 1 ? HEAVY : LIGHT));
          const before = compiledView(board.floorOf[state.player], occ, board);
          expect(before).toBe(engineView(state, board));
          for (const dir of DIRECTIONS) {
            const engine = stepPush(state, dir);
            stepper.prepare(occ);
            const moved = stepper.step(board.floorOf[state.player], occ, DIRECTIONS.indexOf(dir));
            const where = `${drawn.level.board.join('/')} ${JSON.stringify(drawn.level)} at ${before} ${dir}`;
            expect(moved === BUMP, where).toBe(!engine.changed);
            if (moved !== BUMP) {
              expect(compiledView(stepper.player, occ, board), where).toBe(engineView(engine.state, board));
              expect(moved > 0, where).toBe(engine.state.pushes > state.pushes);
              if (moved > 0) pushes++;
              stepper.undo(occ);
              expect(compiledView(board.floorOf[state.player], occ, board)).toBe(before);
            }
            compared++;
          }
          state = stepPush(state, DIRECTIONS[rng.int(4)]).state;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(1500);
      expect(pushes).toBeGreaterThanOrEqual(150);
    });
  }
});
