/**
 * Room connectivity (rooms.ts): which floor is a room, which rooms the board links, and how many
 * links the boxes obstruct, against a count by union-find on XSokoban and Microban boards with
 * random boxes.
 */
import { describe, expect, it } from 'vitest';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { RoomLinks } from '../../src-shared/rulesets/push/solver/rooms.ts';
import { microbanState, pushRules } from '../support/microban.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { seededRandom as random } from '../support/seeded-random.ts';

function compile(rows: string[]): CompiledBoard {
  return compilePlainBoard(pushRules.load({ id: 'rooms', board: rows } as never).state! as never);
}

/** The floor index of row r, column c. */
function at(board: CompiledBoard, r: number, c: number): number {
  return board.floorOf[r * board.width + c];
}

function boxesAt(board: CompiledBoard, cells: readonly number[]): Int32Array {
  const boxAt = new Int32Array(board.size).fill(-1);
  cells.forEach((c, i) => (boxAt[c] = i));
  return boxAt;
}

/**
 * The obstructed links counted another way: a union-find joins free cells of one room and free
 * corridor cells; each piece of a room (its free cells so joined) sees the rooms next to the
 * piece's cells and corridors. A link holds when every piece of each of its rooms sees the other,
 * and both rooms have a free cell.
 */
function obstructedByUnionFind(board: CompiledBoard, roomOf: Int32Array, rooms: number, boxAt: Int32Array): number {
  const linked = (boxes: Int32Array): boolean[][] => {
    const holds = Array.from({ length: rooms }, (_, r) => Array.from({ length: rooms }, (_, k) => r !== k));
    const hasFree = new Array<boolean>(rooms).fill(false);
    for (let r = 0; r < rooms; r++) {
      const inPart = (c: number): boolean => boxes[c] < 0 && (roomOf[c] === r || roomOf[c] < 0);
      const parent = Int32Array.from({ length: board.size }, (_, i) => i);
      const root = (x: number): number => {
        while (parent[x] !== x) x = parent[x] = parent[parent[x]];
        return x;
      };
      for (let c = 0; c < board.size; c++) {
        if (!inPart(c)) continue;
        for (let d = 0; d < 4; d++) {
          const m = board.nbr[c * 4 + d];
          if (m >= 0 && inPart(m)) parent[root(m)] = root(c);
        }
      }
      // The rooms each component sees, and which components hold a free cell of r (the pieces).
      const sees = new Map<number, Set<number>>();
      for (let c = 0; c < board.size; c++) {
        if (!inPart(c)) continue;
        const seen = sees.get(root(c)) ?? new Set<number>();
        sees.set(root(c), seen);
        for (let d = 0; d < 4; d++) {
          const m = board.nbr[c * 4 + d];
          if (m >= 0 && roomOf[m] >= 0 && roomOf[m] !== r) seen.add(roomOf[m]);
        }
      }
      for (let c = 0; c < board.size; c++) {
        if (roomOf[c] !== r || boxes[c] >= 0) continue;
        hasFree[r] = true;
        const seen = sees.get(root(c))!;
        for (let k = 0; k < rooms; k++) if (k !== r && !seen.has(k)) holds[r][k] = holds[k][r] = false;
      }
    }
    for (let r = 0; r < rooms; r++) if (!hasFree[r]) for (let k = 0; k < rooms; k++) holds[r][k] = holds[k][r] = false;
    return holds;
  };
  const base = linked(new Int32Array(board.size).fill(-1));
  const now = linked(boxAt);
  let count = 0;
  for (let r = 0; r < rooms; r++) for (let k = r + 1; k < rooms; k++) if (base[r][k] && !now[r][k]) count++;
  return count;
}

describe('RoomLinks', () => {
  // Two 3x3 rooms, a corridor of three cells between them and a one-cell niche off the left one.
  const twoRooms = compile([
    '###########',
    '#   #######',
    '#   ###   #',
    '#        .#',
    '#@$ ###   #',
    '###########',
  ]);

  it('finds the rooms (2x2 blocks of floor joined side by side), the corridors and the links between rooms', () => {
    const links = RoomLinks.of(twoRooms);
    expect(links.rooms).toBe(2);
    expect(links.links).toBe(1);
    const left = links.roomOf[at(twoRooms, 3, 2)];
    const right = links.roomOf[at(twoRooms, 3, 8)];
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeGreaterThanOrEqual(0);
    expect(left).not.toBe(right);
    // The corridor (row 3, columns 4 to 6) is no room.
    for (const c of [4, 5, 6]) expect(links.roomOf[at(twoRooms, 3, c)]).toBe(-1);
    // Row 1 is part of the left room: its 2x2 blocks join the room's side by side.
    expect(links.roomOf[at(twoRooms, 1, 1)]).toBe(left);
  });

  it('counts a link a box in its corridor blocks, and one a room full of boxes loses, but not a box inside a room', () => {
    const links = RoomLinks.of(twoRooms);
    expect(links.obstructed(boxesAt(twoRooms, []))).toBe(0);
    expect(links.obstructed(boxesAt(twoRooms, [at(twoRooms, 3, 5)]))).toBe(1);
    expect(links.obstructed(boxesAt(twoRooms, [at(twoRooms, 2, 2), at(twoRooms, 4, 8)]))).toBe(0);
    const right: number[] = [];
    for (let r = 2; r <= 4; r++) for (let c = 7; c <= 9; c++) right.push(at(twoRooms, r, c));
    expect(links.obstructed(boxesAt(twoRooms, right))).toBe(1);
    // A piece of the left room cut off by its own boxes no longer reaches the right room.
    const cut = [at(twoRooms, 1, 2), at(twoRooms, 2, 2), at(twoRooms, 3, 2), at(twoRooms, 4, 2)];
    expect(links.obstructed(boxesAt(twoRooms, cut))).toBe(1);
  });

  it('counts the same when its 32-bit stamps run out', () => {
    const links = RoomLinks.of(twoRooms);
    const blocked = boxesAt(twoRooms, [at(twoRooms, 3, 5)]);
    const cut = boxesAt(twoRooms, [at(twoRooms, 1, 2), at(twoRooms, 2, 2), at(twoRooms, 3, 2), at(twoRooms, 4, 2)]);
    (links as unknown as { stamp: number }).stamp = 0xffffffff - 3;
    for (let k = 0; k < 20; k++) {
      expect(links.obstructed(blocked)).toBe(1);
      expect(links.obstructed(cut)).toBe(1);
      expect(links.obstructed(boxesAt(twoRooms, []))).toBe(0);
    }
    expect((links as unknown as { stamp: number }).stamp).toBeLessThan(0xffffffff);
  });

  it('gives a cell two rooms share only corner to corner to neither, and a lone 2x2 block is no room', () => {
    const niche = compile(['#######', '#  ####', '#@ ####', '## ####', '#.$   #', '#######']);
    expect(RoomLinks.of(niche).rooms).toBe(0);
    // The top-left room's last block (2,2) and the bottom-right room's first (3,3) share cell
    // (3,3) corner to corner: it is a corridor, and a box on it cuts the link.
    const diagonal = compile(['########', '#   ####', '#@  ####', '##    ##', '###   .#', '###  $ #', '########']);
    const links = RoomLinks.of(diagonal);
    expect(links.rooms).toBe(2);
    expect(links.links).toBe(1);
    expect(links.roomOf[at(diagonal, 3, 3)]).toBe(-1);
    expect(links.roomOf[at(diagonal, 3, 2)]).toBe(links.roomOf[at(diagonal, 1, 1)]);
    expect(links.roomOf[at(diagonal, 3, 4)]).toBe(links.roomOf[at(diagonal, 5, 6)]);
    expect(links.obstructed(boxesAt(diagonal, [at(diagonal, 5, 5)]))).toBe(0);
    expect(links.obstructed(boxesAt(diagonal, [at(diagonal, 3, 3)]))).toBe(1);
  });

  it('counts as a union-find does on XSokoban and Microban boards with random boxes', () => {
    const next = random(27);
    const boards = [...pushSetLevels('xsokoban').slice(0, 30).map((level) => compilePlainBoard(pushRules.load(level).state! as never)), ...[1, 60, 153].map((n) => compilePlainBoard(microbanState(n)))];
    let linkedBoards = 0;
    let obstructedSeen = 0;
    for (const board of boards) {
      const links = RoomLinks.of(board);
      if (links.links > 0) linkedBoards++;
      for (let trial = 0; trial < 25; trial++) {
        const density = 0.05 + next() * 0.4;
        const cells: number[] = [];
        for (let c = 0; c < board.size; c++) if (next() < density) cells.push(c);
        const boxAt = boxesAt(board, cells);
        const expected = obstructedByUnionFind(board, links.roomOf, links.rooms, boxAt);
        expect(links.obstructed(boxAt)).toBe(expected);
        if (expected > 0) obstructedSeen++;
      }
    }
    expect(linkedBoards).toBeGreaterThan(20);
    expect(obstructedSeen).toBeGreaterThan(100);
  });
});
