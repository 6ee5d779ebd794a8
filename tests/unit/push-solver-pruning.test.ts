/**
 * The push solver's sharper tools: PI-corral pruning, boxes frozen on goals as walls, and the
 * backward search by pulls. Each must keep the optimal par, which the cross-checks below compare
 * with the plain forward search.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import { compilePlainBoard, reverseBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { CORRAL_DEADLOCK, CorralPruner, NO_CORRAL } from '../../src-shared/rulesets/push/solver/corral.ts';
import { FROZEN_ON_GOALS, FreezeDetector, FrozenGoalDeadlock, MOVABLE } from '../../src-shared/rulesets/push/solver/deadlock.ts';
import { hasPlainDeadlock } from '../../src-shared/rulesets/push/dead-end.ts';
import { pathToMoves, solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { searchPlain } from '../../src-shared/rulesets/push/solver/search.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanState, pushRules, stateOf } from '../support/microban.ts';

const optimal = readMicrobanOptimal();
/** Every third level of the first 90: quick both ways, and varied. */
const SAMPLE = Array.from({ length: 30 }, (_, i) => 3 * i + 1);

/** Occupancy and the player's area for `find`, the way the search builds them. */
function scene(state: PushState): { board: CompiledBoard; boxAt: Int32Array; seen: Uint32Array; cell: (x: number, y: number) => number } {
  const board = compilePlainBoard(state);
  const boxAt = new Int32Array(board.size).fill(-1);
  board.boxes.forEach((c, i) => (boxAt[c] = i));
  const seen = new Uint32Array(board.size);
  const queue = [board.player];
  seen[board.player] = 1;
  while (queue.length > 0) {
    const c = queue.pop()!;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[c * 4 + d];
      if (m >= 0 && boxAt[m] < 0 && seen[m] === 0) {
        seen[m] = 1;
        queue.push(m);
      }
    }
  }
  const width = state.board.width;
  return { board, boxAt, seen, cell: (x, y) => board.floorOf[y * width + x] };
}

describe('PI-corral pruning', () => {
  it('keeps only the push into a sealed goal room', () => {
    const state = stateOf(['#########', '#   #   #', '# @ $ . #', '#   #   #', '#########']);
    const { board, boxAt, seen, cell } = scene(state);
    const pruner = new CorralPruner(board, board.boxes.length, true);
    expect(pruner.find(board.boxes, boxAt, seen, 1)).toBe(1);
    // Box 0 pushed right (direction 3 in the solver's u, d, l, r order).
    expect(pruner.pushes[0]).toBe(0 * 4 + 3);
    expect(cell(4, 2)).toBe(board.boxes[0]);
  });

  it('leaves every push when some barrier box could also leave the corral', () => {
    // The box can go up or down along the doorway: not an I-corral.
    const state = stateOf(['#########', '#   #   #', '# @ $ . #', '#       #', '#########']);
    const { board, boxAt, seen } = scene(state);
    expect(new CorralPruner(board, board.boxes.length, true).find(board.boxes, boxAt, seen, 1)).toBe(NO_CORRAL);
  });

  it('calls a corral that needs work but can never be opened a deadlock', () => {
    // The goal pocket's only box can be pushed in only from a wall.
    const state = stateOf(['####', '#.$#', '## #', '#@ #', '####']);
    const { board, boxAt, seen } = scene(state);
    expect(new CorralPruner(board, board.boxes.length, true).find(board.boxes, boxAt, seen, 1)).toBe(CORRAL_DEADLOCK);
  });

  it('lets a spare box (more boxes than goals) stay off the goals', () => {
    // The spare box to the left needs no push; corral pruning must not demand one.
    const spare = stateOf(['#######', '# $@$.#', '#######']);
    const pushes = solvePlainPush(spare, { objective: 'pushes' });
    expect(pushes.optimal).toBe(true);
    expect(replay(pushRules, spare, pushes.solution!).final.pushes).toBe(1);
    // A spare box that can never move is no deadlock either.
    const stuck = stateOf(['#########', '#  $#####', '###@$ .##', '#########']);
    const result = solvePlainPush(stuck, { objective: 'pushes' });
    expect(result.status).toBe('solved');
    expect(replay(pushRules, stuck, result.solution!).final.pushes).toBe(2);
    // Nor is a spare box the player can never reach.
    const walledOff = stateOf(['#######', '#    .#', '# $@###', '##  #$#', '#######']);
    const walled = solvePlainPush(walledOff, { objective: 'pushes' });
    expect(walled.status).toBe('solved');
    expect(replay(pushRules, walledOff, walled.solution!).final.pushes).toBe(4);
  });

  it('keeps the push-optimal par and never grows the search', () => {
    const wrong: string[] = [];
    for (const n of SAMPLE) {
      const board = compilePlainBoard(microbanState(n));
      const plain = searchPlain(board, { objective: 'pushes', budget: 2_000_000, corrals: false });
      const pruned = searchPlain(board, { objective: 'pushes', budget: 2_000_000, corrals: true });
      if (pruned.cost !== plain.cost || pruned.cost !== optimal[n - 1].pushes) wrong.push(`level ${n}: ${pruned.cost} vs ${plain.cost}`);
      if (pruned.stored > plain.stored) wrong.push(`level ${n}: stored ${pruned.stored} > ${plain.stored}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('boxes frozen on goals', () => {
  // The box on the corner goal froze; the column above it can then never be filled.
  const rows = ['######', '#.####', '# ####', '#  $ #', '#*  @#', '######'];

  it('are found frozen when pushed there', () => {
    const { board, boxAt, cell } = scene(stateOf(rows));
    const freeze = new FreezeDetector(board);
    expect(freeze.check(boxAt, cell(1, 4))).toBe(FROZEN_ON_GOALS);
    expect(Array.from(freeze.frozenCells.subarray(0, freeze.frozenCount))).toEqual([cell(1, 4)]);
    expect(freeze.check(boxAt, cell(3, 3))).toBe(MOVABLE);
  });

  it('wall off the goals behind them, a deadlock the plain bound misses', () => {
    const { board, cell } = scene(stateOf(rows));
    const frozen = new FrozenGoalDeadlock(board, board.boxes.length);
    const cells = board.boxes;
    expect(frozen.dead(cells, Int32Array.of(cell(1, 4)), 1, board.player)).toBe(true);
    expect(solvePlainPush(stateOf(rows), { objective: 'pushes' }).status).toBe('unsolvable');
  });

  it('close a pocket the player must push from, a deadlock the relaxed distances miss', () => {
    // The two corner goals froze; the goal below the pocket's mouth takes a box only pushed down
    // from the pocket, which the player entered past them (over the second goal) and now cannot.
    const pocket = ['#######', '#** ###', '#   $@#', '###.###', '#######'];
    const state = stateOf(pocket);
    const { board, boxAt, cell } = scene(state);
    const freeze = new FreezeDetector(board);
    expect(freeze.check(boxAt, cell(1, 1))).toBe(FROZEN_ON_GOALS);
    expect(Array.from(freeze.frozenCells.subarray(0, freeze.frozenCount)).sort()).toEqual([cell(1, 1), cell(2, 1)].sort());
    const frozen = new FrozenGoalDeadlock(board, board.boxes.length);
    expect(frozen.dead(board.boxes, freeze.frozenCells, freeze.frozenCount, board.player)).toBe(true);
    expect(hasPlainDeadlock(state)).toBe(true);
    // The search's own matching pinning the frozen boxes does not skip it: the pocket's side
    // cells reach the goal on the open floor and not here.
    expect(frozen.dead(board.boxes, freeze.frozenCells, freeze.frozenCount, board.player, () => true)).toBe(true);
    expect(solvePlainPush(state, { objective: 'pushes' }).status).toBe('unsolvable');
    // With the pocket's wall open to the east, the player gets round and the position is no deadlock.
    const open = stateOf(['#######', '#**  ##', '#   $@#', '###.###', '#######']);
    const opened = scene(open);
    const openFreeze = new FreezeDetector(opened.board);
    expect(openFreeze.check(opened.boxAt, opened.cell(1, 1))).toBe(FROZEN_ON_GOALS);
    const openFrozen = new FrozenGoalDeadlock(opened.board, 3);
    expect(openFrozen.dead(opened.board.boxes, openFreeze.frozenCells, openFreeze.frozenCount, opened.board.player)).toBe(false);
    // A goal box frozen in an alcove leaves every side cell reaching what it reached on the open
    // floor: the search's matching, pinning it, is taken as it is (none made); without it one is made.
    const alcove = scene(stateOf(['#######', '###*###', '# $.  #', '#@    #', '#######']));
    const alcoveFreeze = new FreezeDetector(alcove.board);
    expect(alcoveFreeze.check(alcove.boxAt, alcove.cell(3, 1))).toBe(FROZEN_ON_GOALS);
    const alcoveFrozen = new FrozenGoalDeadlock(alcove.board, 2);
    expect(alcoveFrozen.dead(alcove.board.boxes, alcoveFreeze.frozenCells, alcoveFreeze.frozenCount, alcove.board.player, () => true)).toBe(false);
    expect(alcoveFrozen.made).toBe(0);
    expect(alcoveFrozen.dead(alcove.board.boxes, alcoveFreeze.frozenCells, alcoveFreeze.frozenCount, alcove.board.player, () => false)).toBe(false);
    expect(alcoveFrozen.made).toBe(1);
    expect(hasPlainDeadlock(open)).toBe(false);
    expect(solvePlainPush(open, { objective: 'pushes' }).status).toBe('solved');
  });

  it('leave a solvable position solvable', () => {
    // The same corner goal, but the column can be entered from the side above it.
    const open = ['######', '#.####', '#   ##', '#  $ #', '#*  @#', '######'];
    const { board, cell } = scene(stateOf(open));
    expect(new FrozenGoalDeadlock(board, board.boxes.length).dead(board.boxes, Int32Array.of(cell(1, 4)), 1, board.player)).toBe(false);
    expect(solvePlainPush(stateOf(open), { objective: 'pushes' }).status).toBe('solved');
  });
});

describe('backward search by pulls', () => {
  it('finds the same push-optimal par as the forward search, on a path from the start to the goal', () => {
    const wrong: string[] = [];
    for (const n of SAMPLE) {
      const board = compilePlainBoard(microbanState(n));
      const back = searchPlain(reverseBoard(board), { objective: 'pushes', budget: 2_000_000, direction: 'pull' });
      if (back.cost !== optimal[n - 1].pushes) wrong.push(`level ${n}: ${back.cost} != ${optimal[n - 1].pushes}`);
      const path = back.path!;
      if (Array.from(path[0].boxes).join() !== Array.from(board.boxes).join()) wrong.push(`level ${n}: path does not start at the start`);
      if (!path[path.length - 1].boxes.every((c) => board.goal[c] === 1)) wrong.push(`level ${n}: path does not end solved`);
    }
    expect(wrong).toEqual([]);
  });

  it('finds the move-optimal par too: the walks come out right when the path is played forwards', () => {
    const wrong: string[] = [];
    for (const n of SAMPLE) {
      const state = microbanState(n);
      const board = compilePlainBoard(state);
      const back = searchPlain(reverseBoard(board), { objective: 'moves', budget: 2_000_000, direction: 'pull' });
      const moves = pathToMoves(board, back);
      const played = replay(pushRules, state, moves);
      if (back.cost !== optimal[n - 1].moves || moves.length !== back.cost || played.status !== 'won') {
        wrong.push(`level ${n}: cost ${back.cost}, ${moves.length} moves, ${played.status}; table ${optimal[n - 1].moves}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('proves a par the forward search alone cannot reach in the same budget', () => {
    // Microban 144: forwards stalls on its first f layer; backwards proves 36 pushes quickly.
    const state = microbanState(144);
    const forward = searchPlain(compilePlainBoard(state), { objective: 'pushes', budget: 1_000_000 });
    expect(forward.status).toBe('budget');
    const result = solvePlainPush(state, { objective: 'pushes', budget: 1_000_000 });
    expect(result.status).toBe('solved');
    expect(result.optimal).toBe(true);
    const played = replay(pushRules, state, result.solution!);
    expect(played.status).toBe('won');
    expect(played.final.pushes).toBe(36);
  });
});
