/**
 * The reverse generator's sieves one by one (each rejects the candidate it exists to catch and
 * lets through one it must not catch), the keys under the 8 symmetries, and the walk's path back.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import type { Direction } from '../../src-shared/rulesets/push/schema.ts';
import { pushStatus, stepPush } from '../../src-shared/rulesets/push/step.ts';
import { candidateRng, candidateRoom, walkCandidate } from '../../src-shared/rulesets/push/generator/candidate.ts';
import { resolveSettings } from '../../src-shared/rulesets/push/generator/params.ts';
import { proveForward } from '../../src-shared/rulesets/push/generator/proof.ts';
import { boxesLeavingGoals, qualityOf } from '../../src-shared/rulesets/push/generator/quality.ts';
import { fillDeadEnds, templateRoom, type Room } from '../../src-shared/rulesets/push/generator/rooms.ts';
import {
  SIEVES,
  hasBoxOnDeadSquare,
  hasLargeOpenArea,
  isAlreadySolved,
  isDuplicate,
  isFloorDisconnected,
  isOutsideParWindow,
  isRoomTooSmall,
  isShallow,
  isTooDeep,
} from '../../src-shared/rulesets/push/generator/sieves.ts';
import { pathBackMoves } from '../../src-shared/rulesets/push/generator/walk.ts';
import { compilePlainBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { solvePlainPush } from '../../src-shared/rulesets/push/solver/index.ts';
import { microbanState, stateOf } from '../support/microban.ts';

/** A room from rows: `#` wall, anything else floor. */
function roomOf(rows: string[]): Room {
  const width = Math.max(...rows.map((r) => r.length));
  const wall = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) wall[y * width + x] = (row[x] ?? '#') === '#' ? 1 : 0;
  });
  return { width, height: rows.length, wall };
}

const LEVEL = ['#######', '#  .  #', '# $#  #', '#@ #$ #', '#   . #', '#######'];

describe('room sieves', () => {
  it('floor in two pieces is rejected, floor in one piece passes', () => {
    expect(isFloorDisconnected(roomOf(['#####', '# # #', '#####']))).toBe(true);
    expect(isFloorDisconnected(roomOf(['#####', '#   #', '#####']))).toBe(false);
    expect(isFloorDisconnected(roomOf(['###', '###']))).toBe(true); // no floor at all
  });

  it('a 3x4 or 4x3 stretch of open floor is rejected, a 3x3 one passes', () => {
    expect(hasLargeOpenArea(roomOf(['######', '#    #', '#    #', '#    #', '######']))).toBe(true);
    expect(hasLargeOpenArea(roomOf(['#####', '#   #', '#   #', '#   #', '#   #', '#####']))).toBe(true);
    expect(hasLargeOpenArea(roomOf(['#####', '#   #', '#   #', '#   #', '#####']))).toBe(false);
    expect(hasLargeOpenArea(roomOf(['######', '#    #', '#  # #', '#    #', '######']))).toBe(false);
  });

  it('too little floor for the boxes, the player and room to move is rejected', () => {
    expect(isRoomTooSmall(6, 2, 4)).toBe(true);
    expect(isRoomTooSmall(7, 2, 4)).toBe(false);
  });

  it('dead ends are filled in, a corridor between two rooms is kept', () => {
    const room = roomOf(['#########', '#   #   #', '#       #', '#   #   #', '#####  ##', '#####  ##', '##### ###', '#########']);
    fillDeadEnds(room);
    // The blind corridor below is filled cell by cell; the doorway between the rooms stays.
    expect(room.wall[6 * 9 + 5]).toBe(1);
    expect(room.wall[2 * 9 + 4]).toBe(0);
    for (let c = 0; c < room.wall.length; c++) {
      if (room.wall[c]) continue;
      const n = [c - 1, c + 1, c - 9, c + 9].filter((m) => room.wall[m] === 0).length;
      expect(n).toBeGreaterThan(1);
    }
  });

  it('template rooms come from the RNG alone, with a wall border and no dead end', () => {
    const a = templateRoom(3, 2, new Rng('rooms'));
    const b = templateRoom(3, 2, new Rng('rooms'));
    expect(a).toEqual(b);
    expect(a.width).toBe(11);
    expect(a.height).toBe(8);
    for (let x = 0; x < a.width; x++) expect(a.wall[x] + a.wall[(a.height - 1) * a.width + x]).toBe(2);
  });
});

describe('candidate sieves', () => {
  it('already solved: every box on a goal is rejected, one box off passes', () => {
    const goal = [0, 1, 1, 0];
    expect(isAlreadySolved(goal, [1, 2])).toBe(true);
    expect(isAlreadySolved(goal, [1, 3])).toBe(false);
  });

  it('a box on a dead square (a corner) is rejected, a box that can reach a goal passes', () => {
    const corner = compilePlainBoard(stateOf(['######', '#$  .#', '#  @ #', '######']));
    expect(hasBoxOnDeadSquare(corner.dead, corner.boxes)).toBe(true);
    const open = compilePlainBoard(stateOf(['######', '#@$ .#', '#    #', '######']));
    expect(hasBoxOnDeadSquare(open.dead, open.boxes)).toBe(false);
  });

  it('shallow: a path back shorter than the par floor is rejected, one as long passes', () => {
    expect(isShallow(9, 10)).toBe(true);
    expect(isShallow(10, 10)).toBe(false);
  });

  it('too deep: a lower bound above the par ceiling is rejected, one at it passes', () => {
    expect(isTooDeep(31, 30)).toBe(true);
    expect(isTooDeep(30, 30)).toBe(false);
  });

  it('a duplicate key is rejected the second time, a new one passes', () => {
    const seen = new Set<string>();
    expect(isDuplicate('a', seen)).toBe(false);
    expect(isDuplicate('b', seen)).toBe(false);
    expect(isDuplicate('a', seen)).toBe(true);
  });

  it('the forward proof rejects a level past the budget and an unsolvable one, and proves the par of a solvable one', () => {
    const level = stateOf(LEVEL);
    const proven = proveForward(level, 400_000);
    expect('proof' in proven && proven.proof.par).toBe(solvePlainPush(level).solution!.length);
    expect(proveForward(level, 3)).toMatchObject({ rejected: 'budget' });
    expect(proveForward(stateOf(['#####', '#@ .#', '#  $#', '#####']), 400_000)).toMatchObject({ rejected: 'unsolvable' });
  });

  it('the forward proof stops when the host says so, without a rejection', () => {
    // A level that takes a real search (Microban I 144), stopped at the first poll.
    expect(proveForward(microbanState(144), 400_000, () => true)).toEqual({ stopped: true });
  });

  it('the par window rejects a par below or above it and passes one inside', () => {
    const window = { min: 10, max: 20 };
    expect(isOutsideParWindow(9, window)).toBe(true);
    expect(isOutsideParWindow(21, window)).toBe(true);
    expect(isOutsideParWindow(10, window)).toBe(false);
    expect(isOutsideParWindow(20, window)).toBe(false);
  });

  it('run cheapest first: the room sieves, then the checks on boxes and paths, the proof last but the window', () => {
    expect(SIEVES.map((s) => s.id)).toEqual(['floor-disconnected', 'open-area', 'room-small', 'solved', 'dead-square', 'shallow', 'deep', 'duplicate', 'proof', 'par-window']);
  });
});

describe('the reverse walk', () => {
  const { settings } = resolveSettings({ mode: 'normal', pulls: { min: 5, max: 25 } });

  it('every candidate carries a path back: it wins, in as many moves as the walk says, and bounds the par', () => {
    let checked = 0;
    for (let index = 1; checked < 12; index++) {
      const rng = candidateRng('walks', index);
      const room = candidateRoom(settings!, rng);
      if (isFloorDisconnected(room) || isRoomTooSmall(room.wall.filter((w) => !w).length, 2, 4)) continue;
      const candidate = walkCandidate(settings!, room, rng);
      const { board, walk } = candidate;
      const moves = pathBackMoves(board, walk);
      expect(moves).toHaveLength(walk.pathBack);
      // Played under the real rules on the candidate's own room.
      const startState = startStateOf(candidate);
      let state = startState;
      for (const m of moves) state = stepPush(state, m).state;
      expect(pushStatus(state)).toBe('won');
      if (!isAlreadySolved(board.goal, walk.boxes)) {
        const par = solvePlainPush(startState).solution!.length;
        expect(par).toBeLessThanOrEqual(walk.pathBack);
      }
      checked++;
    }
  });

  it('counts each box pushed off a goal once, and none for pushes between plain cells or onto goals', () => {
    expect(boxesLeavingGoals(stateOf(['#######', '#@*  .#', '#######']), ['r', 'r'])).toBe(1);
    expect(boxesLeavingGoals(stateOf(['######', '#@$ .#', '######']), ['r', 'r'])).toBe(0);
    expect(boxesLeavingGoals(stateOf(['#####', '#@*.#', '#####']), ['r'])).toBe(0);
  });

  it('the quality score is (box lines + 2 box changes + 5 goal leaves) x pushes over moves', () => {
    const state = stateOf(LEVEL);
    const solution = solvePlainPush(state).solution!;
    const q = qualityOf(state, solution);
    const pushes = statesAlong(state, solution).at(-1)!.pushes;
    expect(q.pushShare).toBeCloseTo(pushes / solution.length, 2);
    expect(q.score).toBeCloseTo((q.boxLines + 2 * q.boxChanges + 5 * q.goalLeaves) * (pushes / solution.length), 1);
    expect(q.boxChanges).toBeGreaterThanOrEqual(2); // two boxes: at least one change of box after the first
  });
});

function statesAlong(start: PushState, moves: readonly Direction[]): PushState[] {
  const out = [start];
  for (const m of moves) out.push(stepPush(out[out.length - 1], m).state);
  return out;
}

/** The candidate's start as a push state on its room (the walk's end). */
function startStateOf(candidate: ReturnType<typeof walkCandidate>) {
  const { board, walk, room, goals } = candidate;
  const rows: string[] = [];
  const isGoal = new Set(goals);
  const boxes = new Set(Array.from(walk.boxes, (b) => board.gridOf[b]));
  const player = board.gridOf[walk.player];
  for (let y = 0; y < room.height; y++) {
    let row = '';
    for (let x = 0; x < room.width; x++) {
      const c = y * room.width + x;
      row += room.wall[c] ? '#' : c === player ? (isGoal.has(c) ? '+' : '@') : boxes.has(c) ? (isGoal.has(c) ? '*' : '$') : isGoal.has(c) ? '.' : ' ';
    }
    rows.push(row);
  }
  return stateOf(rows);
}
