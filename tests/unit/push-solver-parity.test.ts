/**
 * Move parity (parity.ts): the moves left from a position have the parity of the colours of the
 * player's cell and of where it ends, and the search by moves rounds its bound up to it. Checked
 * against the optimal table's solutions, which end wherever they end.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { lurdToDirections } from '../../src-shared/rulesets/push/formats/index.ts';
import { compilePlainBoard, reverseBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { pathToMoves } from '../../src-shared/rulesets/push/solver/index.ts';
import { cellColour, moveParity } from '../../src-shared/rulesets/push/solver/parity.ts';
import { searchPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules, stateOf } from '../support/microban.ts';

const solved = readMicrobanOptimal().filter((row) => row.moves !== undefined && row.moveOptimalLurd);

describe('move parity', () => {
  it('backwards: every optimal solution has the parity of its first and last player cells', () => {
    for (const row of solved) {
      const state = microbanState(row.level);
      const board = compilePlainBoard(state);
      const parity = moveParity(reverseBoard(board), 'pull')!;
      const end = replay(pushRules, state, lurdToDirections(row.moveOptimalLurd!).directions!).final;
      // From the solved position, with the player where the solution left it, to the real start.
      expect(parity[board.floorOf[end.player]], `Microban ${row.level}`).toBe(row.moves! & 1);
    }
  });

  it('forwards: known only when all goals share a colour, and then every optimum has it', () => {
    let known = 0;
    for (const row of solved) {
      const board = compilePlainBoard(microbanState(row.level));
      const colours = new Set(Array.from(board.goals, (g) => cellColour(board, g)));
      const parity = moveParity(board, 'push');
      expect(parity === undefined, `Microban ${row.level}`).toBe(colours.size > 1);
      if (!parity) continue;
      known++;
      expect(parity[board.player], `Microban ${row.level}`).toBe(row.moves! & 1);
    }
    expect(known).toBeGreaterThan(20);
  });

  it('forwards: spare boxes leave the end unknown', () => {
    const board = compilePlainBoard(stateOf(['#######', '#@$ $.#', '#######']));
    expect(moveParity(board, 'push')).toBeUndefined();
  });

  it('the exact search by moves finds the same optima, and proves them with fewer expansions', () => {
    let withParity = 0;
    let without = 0;
    for (const row of solved.slice(0, 40)) {
      const board = compilePlainBoard(microbanState(row.level));
      for (const direction of ['push', 'pull'] as const) {
        const searched = direction === 'pull' ? reverseBoard(board) : board;
        const found = searchPlain(searched, { objective: 'moves', budget: 2_000_000, direction });
        expect(found.status, `Microban ${row.level} ${direction}`).toBe('solved');
        expect(found.cost, `Microban ${row.level} ${direction}`).toBe(row.moves);
        expect(pathToMoves(board, found).length).toBe(row.moves);
        // Cut at the optimum, as after a quick solution: nothing cheaper exists, and the proof
        // expands every position below it, fewer when bounds are rounded up.
        const proof = (parity: boolean) => searchPlain(searched, { objective: 'moves', budget: 2_000_000, direction, upperBound: row.moves, parity });
        const on = proof(true);
        const off = proof(false);
        expect(on.status).toBe('unsolvable');
        expect(on.lowerBound).toBe(row.moves);
        expect(off.status).toBe('unsolvable');
        withParity += on.nodes;
        without += off.nodes;
      }
    }
    // Small levels gain little (a few percent; Microban 5 and 7 about a fifth), large ones more:
    // the backward proof of Microban 146 expands 5.9M positions instead of 8.0M.
    expect(withParity).toBeLessThan(without);
  });
});
