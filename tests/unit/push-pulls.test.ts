/**
 * Pulls on a compiled board (solver/moves.ts): the reverse moves a generator (seed 002, BoxCat)
 * makes from the solved position, and the backward search expands.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { reachableIgnoringBoxes } from '../../src-shared/rulesets/push/analysis.ts';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import type { Direction } from '../../src-shared/rulesets/push/schema.ts';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { applyPull, pullsFrom } from '../../src-shared/rulesets/push/solver/moves.ts';
import { searchPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { microbanState, pushRules, stateOf } from '../support/microban.ts';

const OPPOSITE: Record<Direction, Direction> = { u: 'd', d: 'u', l: 'r', r: 'l' };

/** A state of the board `like` with the player and boxes on floor cells of `board`. */
function stateAt(like: PushState, board: CompiledBoard, player: number, boxes: ArrayLike<number>): PushState {
  return { ...like, player: board.gridOf[player], boxes: Array.from(boxes, (c) => board.gridOf[c]) };
}

/** The solved position of a level: every box on a goal, the player where it starts (or, if that is a goal, on the first floor cell that is none). */
function solvedOf(n: number): { state: PushState; board: CompiledBoard } {
  const start = microbanState(n);
  const region = reachableIgnoringBoxes(start.board, start.player);
  const player = start.board.goal[start.player] ? region.findIndex((r, c) => r === 1 && !start.board.goal[c]) : start.player;
  const state = { ...start, player, boxes: [...start.board.goals] };
  return { state, board: compilePlainBoard(state) };
}

describe('pulls', () => {
  it('a box can be pulled only by a player standing next to it with room to step back', () => {
    const state = stateOf(['#######', '# @*  #', '#######']);
    const board = compilePlainBoard(state);
    const pulls = pullsFrom(board, board.player, board.boxes);
    // The cell right of the box is out of reach; on the left the player steps back onto x = 1.
    expect(pulls).toEqual([{ from: board.floorOf[7 + 3], to: board.floorOf[7 + 2], player: board.floorOf[7 + 1], direction: 'l', walk: 0 }]);
    const pulled = applyPull(board.boxes, pulls[0]);
    expect(Array.from(pulled.boxes)).toEqual([board.floorOf[7 + 2]]);
    expect(pulled.player).toBe(board.floorOf[7 + 1]);
    // With the player against the wall there is no pull at all.
    expect(pullsFrom(board, board.floorOf[7 + 1], [board.floorOf[7 + 2]])).toEqual([]);
  });

  it('counts the walk to the pulling cell', () => {
    const state = stateOf(['########', '#@   * #', '########']);
    const board = compilePlainBoard(state);
    const pulls = pullsFrom(board, board.player, board.boxes);
    expect(pulls.map((p) => [p.direction, p.walk])).toEqual([['l', 3]]);
  });

  it('every pull is undone by one push the other way, under the game rules', () => {
    for (const level of [1, 2, 10, 40]) {
      const { state, board } = solvedOf(level);
      // Pull outwards a few steps from the solved position, checking each pull on the way.
      let frontier = [{ player: board.player, boxes: board.boxes }];
      let checked = 0;
      for (let depth = 0; depth < 3; depth++) {
        const nextFrontier: typeof frontier = [];
        for (const position of frontier) {
          for (const pull of pullsFrom(board, position.player, position.boxes)) {
            const after = applyPull(position.boxes, pull);
            nextFrontier.push(after);
            // A pull back onto the goals ends the game there: no move is played on a won board.
            if (after.boxes.every((c) => board.goal[c] === 1)) continue;
            const back = replay(pushRules, stateAt(state, board, after.player, after.boxes), [OPPOSITE[pull.direction]]);
            expect(back.firstRefused).toBeUndefined();
            expect([...back.final.boxes].sort((a, b) => a - b)).toEqual(Array.from(position.boxes, (c) => board.gridOf[c]).sort((a, b) => a - b));
            expect(back.final.player).toBe(board.gridOf[pull.to]);
            checked++;
          }
        }
        frontier = nextFrontier.slice(0, 40);
      }
      expect(checked).toBeGreaterThan(0);
    }
  });

  it('a position pulled k times from solved is solved again within k pushes', () => {
    const { state, board } = solvedOf(3);
    let position = { player: board.player, boxes: board.boxes };
    for (let k = 1; k <= 6; k++) {
      const pulls = pullsFrom(board, position.player, position.boxes);
      expect(pulls.length).toBeGreaterThan(0);
      position = applyPull(position.boxes, pulls[k % pulls.length]);
      const pulled = compilePlainBoard(stateAt(state, board, position.player, position.boxes));
      const result = searchPlain(pulled, { objective: 'pushes', budget: 100_000 });
      expect(result.status).toBe('solved');
      expect(result.path!.length - 1).toBeLessThanOrEqual(k);
    }
  });

  it('refuses a position with the player on a box, and a pull of no box', () => {
    const board = compilePlainBoard(stateOf(['#######', '# @*  #', '#######']));
    expect(() => pullsFrom(board, board.boxes[0], board.boxes)).toThrow(/player stands on a box/);
    expect(() => applyPull([board.player], pullsFrom(board, board.player, board.boxes)[0])).toThrow(/no box/);
  });
});
