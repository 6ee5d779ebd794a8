/**
 * The maze solver's packed key and its plates bound (solver/key.ts, solver/plates.ts): the key
 * tells apart exactly the states that differ in what can change; behind closed gates the bound
 * (walk to a boulder + pushes onto the empty plates + walk out) never overestimates, checked
 * against an exhaustive uniform-cost search on small random gate rooms, and it is stronger than
 * the walls-only distance there.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import type { SearchableRules } from '../../src-shared/engine/ruleset.ts';
import { astar } from '../../src-shared/search/generic.ts';
import type { MazeState } from '../../src-shared/rulesets/maze/level.ts';
import type { MazeCommand } from '../../src-shared/rulesets/maze/schema.ts';
import { exitDistances } from '../../src-shared/rulesets/maze/solver/bound.ts';
import { mazeRules, mazeStart, play, wonCost } from '../support/maze.ts';

const rules = mazeRules();
const exhaustive: SearchableRules<MazeState, MazeCommand> = { step: rules.step, status: rules.status, commands: rules.commands, key: rules.key };

/** A room of floor with boulders, plates, a wall or two and maybe a pit, above a wall with a gate, the exit below. */
function gateRoom(rng: Rng): string[] {
  const width = 6 + rng.int(3);
  const roomRows = 3 + rng.int(2);
  const rows: string[][] = [[...'#'.repeat(width)]];
  for (let y = 0; y < roomRows; y++) rows.push(['#', ...'.'.repeat(width - 2), '#']);
  const gateRow = [...'#'.repeat(width)];
  gateRow[1 + rng.int(width - 2)] = 'G';
  rows.push(gateRow, ['#', ...'.'.repeat(width - 2), '#'], [...'#'.repeat(width)]);
  rows[1][1] = '@';
  rows[rows.length - 2][1 + rng.int(width - 2)] = 'X';
  const plates = 1 + rng.int(2);
  const place = (ch: string, count: number): void => {
    for (let placed = 0; placed < count; ) {
      const y = 1 + rng.int(roomRows);
      const x = 1 + rng.int(width - 2);
      if (rows[y][x] !== '.') continue;
      rows[y][x] = ch;
      placed++;
    }
  };
  place('_', plates);
  place('o', plates + rng.int(2));
  place('#', rng.int(3));
  place('x', rng.int(2));
  // Now and then ice, where a slide covers ground for less than Manhattan.
  if (rng.int(4) === 0) place('-', 1 + rng.int(3));
  return rows.map((r) => r.join(''));
}

describe('maze packed key', () => {
  it('is short, and equal exactly for states equal in player, holdings, hearts and cells', () => {
    const { rules: maze, state } = mazeStart(['#########', '#@.o.k.D#', '#.o.._..#', '#..G.X..#', '#########']);
    expect(maze.key(state).length).toBeLessThan(16);
    const seen = new Map<string, string>();
    const rng = new Rng('maze-key');
    let s = state;
    for (let i = 0; i < 400; i++) {
      const identity = `${s.player}|${s.keys}|${s.bombs}|${s.feather}|${s.hook}|${s.hearts}|${s.cells}`;
      const key = maze.key(s);
      const before = seen.get(key);
      if (before !== undefined) expect(before).toBe(identity);
      seen.set(key, identity);
      const moves = maze.commands(s).filter((c) => maze.step(s, c).changed);
      if (moves.length === 0 || maze.status(s) !== 'playing') s = state;
      else s = maze.step(s, rng.pick(moves)).state;
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it('tells boulders apart by cell, and a pushed boulder from one still home', () => {
    const { rules: maze, state } = mazeStart(['#######', '#@o..X#', '#.....#', '#######']);
    expect(maze.key(play(maze, state, 'r'))).not.toBe(maze.key(play(maze, state, 'drrul')));
  });
});

describe('maze plates bound', () => {
  it('never overestimates behind closed gates, on 120 random gate rooms, and is stronger than the walls-only distance', () => {
    const rng = new Rng('maze-plates');
    let solved = 0;
    let stronger = 0;
    for (let n = 0; n < 120; n++) {
      const rows = gateRoom(rng);
      let state = rules.load({ rows }).state!;
      for (let probe = 0; probe < 3 && rules.status(state) === 'playing'; probe++) {
        const truth = astar(exhaustive, state, { budget: 150_000 });
        const bound = rules.lowerBound!(state);
        const walls = exitDistances(state.board, state.cells)[state.player];
        if (truth.status === 'solved') {
          const cost = wonCost(rules, state, truth.solution!);
          expect(bound, rows.join('\n')).toBeLessThanOrEqual(cost);
          // The solver (walks folded into macro moves, this bound) finds a solution just as short.
          const fast = rules.solve!(state, { budget: 150_000 });
          expect(fast.status, rows.join('\n')).toBe('solved');
          expect(wonCost(rules, state, fast.solution!), rows.join('\n')).toBe(cost);
          solved++;
          if (bound > walls) stronger++;
        }
        if (!Number.isFinite(bound)) expect(truth.status, rows.join('\n')).toBe('unsolvable');
        const moves = rules.commands(state).filter((c) => rules.step(state, c).changed);
        if (moves.length === 0) break;
        state = rules.step(state, rng.pick(moves)).state;
      }
    }
    expect(solved).toBeGreaterThan(40);
    expect(stronger).toBeGreaterThan(10);
  });

  it('a boulder stuck in a corner does not count: too few live boulders and the gate never opens', () => {
    const { rules: maze, state } = mazeStart(['######', '#o._@#', '#....#', '##G###', '#...X#', '######']);
    expect(maze.lowerBound!(state)).toBe(Infinity);
    expect(maze.solve!(state).status).toBe('unsolvable');
  });

  it('a boulder against a wall with no plate along it is dead too', () => {
    // The boulder slides along the top wall but can never be pushed down to the plate.
    const { rules: maze, state } = mazeStart(['#######', '#.o..@#', '#.....#', '#._...#', '##G####', '#...X.#', '#######']);
    expect(maze.lowerBound!(state)).toBe(Infinity);
    expect(maze.solve!(state).status).toBe('unsolvable');
    const alive = mazeStart(['#######', '#....@#', '#.o...#', '#._...#', '##G####', '#...X.#', '#######']);
    expect(alive.rules.lowerBound!(alive.state)).toBeLessThan(Infinity);
  });

  it('counts the walk between plates: three boulders and two plates solve optimally in few nodes', () => {
    const rows = ['##############', '#@...........#', '#.o...o...o..#', '#............#', '#..._.....x..#', '#..........._#', '######G#######', '#............#', '#...........X#', '##############'];
    const { rules: maze, state } = mazeStart(rows);
    // Walls-only distance 14; the plates bound sees the boulder, both plates and the way out.
    expect(exitDistances(state.board, state.cells)[state.player]).toBeLessThan(20);
    expect(maze.lowerBound!(state)).toBeGreaterThanOrEqual(26);
    const solved = maze.solve!(state, { budget: 200_000 });
    expect(solved).toMatchObject({ status: 'solved', optimal: true });
    expect(wonCost(rules, state, solved.solution!)).toBe(36);
    // 27,377 nodes with one node per walking step and the nearest-boulder bound.
    expect(solved.nodes).toBeLessThan(2000);
  });
});
