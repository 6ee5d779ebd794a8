/**
 * The maze solver: the walls-only exit distance never overestimates (checked against an
 * exhaustive uniform-cost search on small random mazes with every mechanism), A* with it stays
 * optimal, and a boulder level that plain search struggles with solves in few nodes.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src-shared/engine/rng.ts';
import type { SearchableRules } from '../../src-shared/engine/ruleset.ts';
import { astar, bfs } from '../../src-shared/search/generic.ts';
import type { MazeState } from '../../src-shared/rulesets/maze/level.ts';
import type { MazeCommand } from '../../src-shared/rulesets/maze/schema.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { mazeRules, mazeStart, play, wonCost, where } from '../support/maze.ts';

const rules = mazeRules({ spikes: { period: 3, duty: 1, phase: 0 } });
/** The same rules without a bound: a uniform-cost search, exact in steps. */
const exhaustive: SearchableRules<MazeState, MazeCommand> = { step: rules.step, status: rules.status, commands: rules.commands, key: rules.key };

/** Interior cells drawn from every tile and item; walls weighted so there are corridors. */
const FILL = '#####.......DkDk%b%b_o*Gxxff/~~--^^+g+tLh'.split('');

function randomMaze(rng: Rng, width: number, height: number): string[] {
  const cells: string[][] = [];
  for (let y = 0; y < height; y++) {
    cells.push([]);
    for (let x = 0; x < width; x++) cells[y].push(x === 0 || y === 0 || x === width - 1 || y === height - 1 ? '#' : rng.pick(FILL));
  }
  const inner = (): [number, number] => [1 + rng.int(width - 2), 1 + rng.int(height - 2)];
  const [sx, sy] = inner();
  cells[sy][sx] = '@';
  let [ex, ey] = inner();
  while (ex === sx && ey === sy) [ex, ey] = inner();
  cells[ey][ex] = 'X';
  return cells.map((r) => r.join(''));
}

describe('maze lower bound and A*', () => {
  it('the exit distance never overestimates the cost still needed, on 150 small random mazes', () => {
    const rng = new Rng('maze-bound');
    let solved = 0;
    let checked = 0;
    for (let n = 0; n < 150; n++) {
      const rows = randomMaze(rng, 5 + rng.int(3), 5 + rng.int(3));
      let state = rules.load({ rows }).state!;
      // The start and a few states along a random walk: the bound must hold from anywhere.
      for (let probe = 0; probe < 4 && rules.status(state) === 'playing'; probe++) {
        const truth = astar(exhaustive, state, { budget: 200_000 });
        const bound = rules.lowerBound!(state);
        if (truth.status === 'solved') {
          const cost = wonCost(rules, state, truth.solution!);
          expect(bound, rows.join('\n')).toBeLessThanOrEqual(cost);
          // With the bound, A* finds a solution just as short.
          const fast = rules.solve!(state, { budget: 200_000 });
          expect(fast.status).toBe('solved');
          expect(wonCost(rules, state, fast.solution!)).toBe(cost);
          solved++;
        } else if (truth.status === 'unsolvable' && !Number.isFinite(bound)) {
          checked++;
        }
        if (!Number.isFinite(bound)) expect(truth.status, rows.join('\n')).toBe('unsolvable');
        checked++;
        const moves = rules.commands(state).filter((c) => rules.step(state, c).changed);
        if (moves.length === 0) break;
        state = rules.step(state, rng.pick(moves)).state;
      }
    }
    // The sample must hold enough solvable positions to mean something.
    expect(solved).toBeGreaterThan(60);
    expect(checked).toBeGreaterThan(150);
  });

  it('on mazes without jumps, A* agrees with breadth-first search in steps', () => {
    const rows = ['#########', '#@..#...#', '#.#.#.#.#', '#.#...#X#', '#########'];
    const { rules: plain, state } = mazeStart(rows);
    const reference = bfs(plain, state);
    const solved = plain.solve!(state);
    expect(solved.solution).toHaveLength(reference.solution!.length);
    expect(solved.optimal).toBe(true);
  });

  it('without spikes time is not in the key (period 1); with spikes the phase is', () => {
    const { rules: plain, state } = mazeStart(['#######', '#@...X#', '#######']);
    expect(plain.key(play(plain, state, 'rl'))).toBe(plain.key(state));
    const spiky = mazeStart(['#######', '#@.^.X#', '#######']);
    expect(spiky.rules.key(play(spiky.rules, spiky.state, 'rl'))).not.toBe(spiky.rules.key(spiky.state));
    expect(spiky.rules.commands(spiky.state)).toContain('w');
    expect(plain.commands(state)).not.toContain('w');
  });

  it('the key tells boulder positions apart, on floor as on plates', () => {
    const { rules: maze, state } = mazeStart(['#######', '#@o..X#', '#.....#', '#######']);
    const pushed = play(maze, state, 'r');
    const around = play(maze, state, 'drrul');
    expect(where(pushed)).toEqual(where(around));
    expect(maze.key(pushed)).not.toBe(maze.key(around));
  });

  it('a two-boulder gate level solves in few nodes with the bound', () => {
    const rows = [
      '############',
      '#@.........#',
      '#..o....o..#',
      '#..........#',
      '#.._....._.#',
      '#..........#',
      '#####GG#####',
      '#..........#',
      '#.........X#',
      '############',
    ];
    const { rules: maze, state } = mazeStart(rows);
    const solved = maze.solve!(state, { budget: 400_000 });
    expect(solved.status).toBe('solved');
    expect(solved.optimal).toBe(true);
    const blind = astar({ ...exhaustive, step: maze.step, status: maze.status, commands: maze.commands, key: maze.key }, state, { budget: 400_000 });
    expect(blind.status).toBe('solved');
    expect(solved.solution).toHaveLength(blind.solution!.length);
    expect(solved.nodes).toBeLessThan(blind.nodes);
  });

  it('verification solves a maze through the contract: par in steps with a jump counted 2, and a step limit below par is unsolvable', () => {
    const level = { rows: ['########', '#f@x..X#', '########'] };
    const record = verifyLevel(mazeRules(), level);
    expect(record).toMatchObject({ status: 'solved', optimal: true, par: 6 });
    expect(record.solution).toMatch(/^lrR/);
    // Par 5 under tightness 1 is a limit of 5 steps, one short of the real shortest.
    expect(verifyLevel(mazeRules({ tightness: 1 }), { ...level, par: 5 })).toMatchObject({ status: 'unsolvable' });
    expect(verifyLevel(mazeRules({ tightness: 1 }), { ...level, par: 6 })).toMatchObject({ status: 'solved', par: 6 });
  });
});
