/**
 * One box's route (box-route.ts, the feature-space search's packing advisor) against brute force:
 * a 0-1 breadth-first search over the box's cell and the player's cell (a step costs nothing, a
 * push of that box one; the other boxes stay; the box never stops on a dead square but the
 * target) gives the same fewest pushes, and every route it gives is a line of legal pushes. The
 * feature-space search's macro moves come back as single pushes that play to a win.
 */
import { describe, expect, it } from 'vitest';
import { BoxRoute } from '../../src-shared/rulesets/push/solver/box-route.ts';
import { Opener } from '../../src-shared/rulesets/push/solver/opener.ts';
import { UNREACHABLE } from '../../src-shared/rulesets/push/analysis.ts';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { startFeatureSearch } from '../../src-shared/rulesets/push/solver/feature-search.ts';
import { packingOrder } from '../../src-shared/rulesets/push/solver/packing.ts';
import { pathToMoves } from '../../src-shared/rulesets/push/solver/index.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { microbanState } from '../support/microban.ts';
import { pushSetLevels } from '../support/push-sets.ts';

/** The start's boxes marked by their index, other cells -1 (the routes' `boxAt`). */
function startMarks(board: CompiledBoard): Int32Array {
  const boxAt = new Int32Array(board.size).fill(-1);
  board.boxes.forEach((c, i) => (boxAt[c] = i));
  return boxAt;
}

/** Fewest pushes of the box on `from` onto `to`, by brute force over (box cell, player cell); -1 when none. */
function brutePushes(board: CompiledBoard, from: number, to: number, player: number, others: Uint8Array): number {
  const key = (box: number, at: number): number => box * board.size + at;
  const cost = new Int32Array(board.size * board.size).fill(-1);
  const deque: number[] = [key(from, player)];
  const costs: number[] = [0];
  while (deque.length > 0) {
    // Take a state of least cost (small boards: a linear scan stands in for the deque).
    let best = 0;
    for (let i = 1; i < costs.length; i++) if (costs[i] < costs[best]) best = i;
    const state = deque.splice(best, 1)[0];
    const c = costs.splice(best, 1)[0];
    if (cost[state] >= 0) continue;
    cost[state] = c;
    const box = Math.floor(state / board.size);
    const at = state % board.size;
    if (box === to) return c;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[at * 4 + d];
      if (m < 0 || others[m]) continue;
      if (m !== box) {
        deque.push(key(box, m));
        costs.push(c);
        continue;
      }
      const t = board.nbr[box * 4 + d];
      if (t < 0 || others[t] || (board.dead[t] && t !== to)) continue;
      deque.push(key(t, box));
      costs.push(c + 1);
    }
  }
  return -1;
}

/** Whether `cells` is a line of legal pushes of the box on `from`, the player starting on `player`. */
function legal(board: CompiledBoard, from: number, cells: readonly number[], player: number, others: Uint8Array): boolean {
  let box = from;
  let at = player;
  for (const next of cells) {
    const d = [0, 1, 2, 3].find((dir) => board.nbr[box * 4 + dir] === next);
    if (d === undefined) return false;
    const pusher = board.nbr[box * 4 + (d ^ 1)];
    if (pusher < 0 || !walkable(board, at, pusher, box, others)) return false;
    at = box;
    box = next;
  }
  return true;
}

function walkable(board: CompiledBoard, from: number, to: number, box: number, others: Uint8Array): boolean {
  const seen = new Uint8Array(board.size);
  const queue = [from];
  seen[from] = 1;
  while (queue.length > 0) {
    const c = queue.pop()!;
    if (c === to) return true;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[c * 4 + d];
      if (m >= 0 && m !== box && !others[m] && !seen[m]) {
        seen[m] = 1;
        queue.push(m);
      }
    }
  }
  return false;
}

/**
 * Whether the box on `from` can be pulled onto `to` with the cells in `others` blocked, the
 * player starting anywhere: brute force over (box cell, player cell).
 */
function brutePulls(board: CompiledBoard, from: number, to: number, others: Uint8Array): boolean {
  const seen = new Uint8Array(board.size * board.size);
  const queue: number[] = [];
  for (let at = 0; at < board.size; at++) {
    if (at === from || others[at]) continue;
    seen[from * board.size + at] = 1;
    queue.push(from * board.size + at);
  }
  while (queue.length > 0) {
    const state = queue.pop()!;
    const box = Math.floor(state / board.size);
    const at = state % board.size;
    if (box === to) return true;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[at * 4 + d];
      if (m < 0 || m === box || others[m]) continue;
      // A step; and, with the box on the other side of the player, a pull.
      const next = [box * board.size + m];
      if (board.nbr[at * 4 + (d ^ 1)] === box) next.push(at * board.size + m);
      for (const s of next) {
        if (seen[s]) continue;
        seen[s] = 1;
        queue.push(s);
      }
    }
  }
  return false;
}

describe('one box routed to a cell (the packing advisor)', () => {
  it('takes the fewest pushes brute force finds, along legal pushes, on Microban boards', () => {
    let routed = 0;
    let none = 0;
    for (const level of [1, 2, 4, 7, 11, 19, 26, 40]) {
      const board = compilePlainBoard(microbanState(level));
      const router = new BoxRoute(board);
      const boxAt = startMarks(board);
      for (const box of board.boxes) {
        const others = new Uint8Array(board.size);
        for (const c of board.boxes) if (c !== box) others[c] = 1;
        for (let to = 0; to < board.size; to++) {
          if (to === box || others[to]) continue;
          const cells = router.route(box, to, board.player, boxAt);
          const brute = brutePushes(board, box, to, board.player, others);
          expect(cells?.length ?? -1, `Microban ${level}: box ${box} to ${to}`).toBe(brute);
          if (!cells) {
            none++;
            continue;
          }
          routed++;
          expect(cells[cells.length - 1]).toBe(to);
          expect(legal(board, box, cells, board.player, others), `Microban ${level}: box ${box} to ${to}`).toBe(true);
        }
        // The router leaves the boxes as it found them.
        expect(boxAt[box]).toBeGreaterThanOrEqual(0);
      }
    }
    expect(routed).toBeGreaterThan(50);
    expect(none).toBeGreaterThan(50);
  });

  it("the feature-space search's macro moves come back as single pushes that win (XSokoban 15)", () => {
    const rules = pushKind.create({}).rules!;
    const state = rules.load(pushSetLevels('xsokoban')[14]).state!;
    const board = compilePlainBoard(state);
    // Led by the bound (the variant that solves it soonest, in under 10,000 states).
    const run = startFeatureSearch(board, { objective: 'pushes', direction: 'push', budget: 400_000, order: packingOrder(board), variant: { lead: 'bound' } });
    const result = run.run(Infinity)!;
    expect(result.status).toBe('solved');
    for (let k = 1; k < result.path!.length; k++) {
      const before = result.path![k - 1].boxes;
      const after = result.path![k].boxes;
      const moved = before.filter((c) => !after.includes(c));
      const target = after.filter((c) => !before.includes(c));
      expect(moved.length).toBe(1);
      expect([0, 1, 2, 3].some((d) => board.nbr[moved[0] * 4 + d] === target[0])).toBe(true);
    }
    expect(result.cost).toBe(result.path!.length - 1);
    const line = pathToMoves(board, result);
    expect(replay(rules, state, line).status).toBe('won');
  });

  it("the clearer's and the approach's macro moves come back as single pushes that win, and change the search (XSokoban)", () => {
    const rules = pushKind.create({}).rules!;
    let changed = 0;
    for (const level of [1, 2, 60, 78]) {
      const state = rules.load(pushSetLevels('xsokoban')[level - 1]).state!;
      const board = compilePlainBoard(state);
      const order = packingOrder(board);
      const solve = (variant: object) => startFeatureSearch(board, { objective: 'pushes', direction: 'push', budget: 100_000, order, variant }).run(Infinity)!;
      const plain = solve({});
      for (const variant of [{ approach: true }, { clearer: true }, { opener: true, clearer: true }]) {
        const result = solve(variant);
        const where = `XSokoban ${level}, ${JSON.stringify(variant)}`;
        expect(result.status, where).toBe('solved');
        expect(result.cost, where).toBe(result.path!.length - 1);
        for (let k = 1; k < result.path!.length; k++) {
          const moved = result.path![k - 1].boxes.filter((c) => !result.path![k].boxes.includes(c));
          expect(moved.length, where).toBe(1);
        }
        expect(replay(rules, state, pathToMoves(board, result)).status, where).toBe('won');
        if (result.stored !== plain.stored) changed++;
      }
    }
    // The advisors acted (a test that they never do would pass the rest).
    expect(changed).toBeGreaterThan(2);
  });

  it('a macro that ends next to where it began still comes back as its single pushes', () => {
    // The box cannot be pushed straight onto the goal (a wall behind it): up, right, down.
    const rules = pushKind.create({}).rules!;
    const state = rules.load({ board: ['#######', '#     #', '#     #', '# #$. #', '#  @  #', '#######'] }).state!;
    const board = compilePlainBoard(state);
    const result = startFeatureSearch(board, { objective: 'pushes', direction: 'push', budget: 10_000, order: packingOrder(board) }).run(Infinity)!;
    expect(result.status).toBe('solved');
    expect(result.cost).toBe(3);
    expect(result.path!.length).toBe(4);
    expect(replay(rules, state, pathToMoves(board, result)).status).toBe('won');
  });

  it('pulls a box out where brute force does (the packing order asks it of each goal in turn)', () => {
    let yes = 0;
    let no = 0;
    // The other boxes blocked, and with them random cells (a fixed seed): walls of every shape
    // around the box, so that sides apart and sides joined round a corner are both tried.
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const level of [1, 2, 4, 7, 11, 19, 26, 40, 60, 90]) {
      const board = compilePlainBoard(microbanState(level));
      const router = new BoxRoute(board);
      for (const box of board.boxes) {
        for (let mask = 0; mask < 4; mask++) {
          const others = new Uint8Array(board.size);
          for (const c of board.boxes) if (c !== box) others[c] = 1;
          if (mask > 0) for (let c = 0; c < board.size; c++) if (c !== box && random() < 0.15) others[c] = 1;
          const boxAt = Int32Array.from(others, (blocked) => (blocked ? 0 : -1));
          // The box's own mark is lifted while it is pulled, and put back.
          boxAt[box] = 7;
          for (let to = 0; to < board.size; to++) {
            if (to === box || others[to]) continue;
            const sources = new Uint8Array(board.size);
            sources[to] = 1;
            const pulled = router.pullsTo(box, sources, boxAt);
            expect(pulled, `Microban ${level}: box ${box} to ${to}, mask ${mask}`).toBe(brutePulls(board, box, to, others));
            expect(boxAt[box]).toBe(7);
            if (pulled) yes++;
            else no++;
          }
        }
      }
    }
    expect(yes).toBeGreaterThan(100);
    expect(no).toBeGreaterThan(1000);
  });

  it('routed to the first position a test takes, takes the pushes a route to its cell takes', () => {
    let found = 0;
    for (const level of [1, 2, 4, 7, 11, 19, 26, 40]) {
      const board = compilePlainBoard(microbanState(level));
      const router = new BoxRoute(board);
      const boxAt = startMarks(board);
      for (const box of board.boxes) {
        for (let to = 0; to < board.size; to++) {
          if (boxAt[to] >= 0 || board.dead[to]) continue;
          const behinds: number[] = [];
          const cells = router.routeWhere(box, board.player, boxAt, Infinity, (cell, behind) => {
            if (cell === to) behinds.push(behind);
            return cell === to;
          });
          // The same cells as a route to it (the packing advisor expands a macro move so), the
          // player standing where the box was before the last push.
          expect(cells, `Microban ${level}: box ${box} to ${to}`).toEqual(router.route(box, to, board.player, boxAt));
          if (!cells) continue;
          found++;
          expect(behinds).toEqual([cells.length < 2 ? box : cells[cells.length - 2]]);
          // Within one push fewer, none.
          expect(router.routeWhere(box, board.player, boxAt, cells.length - 1, (cell) => cell === to)).toBeUndefined();
          // A test that puts a box down and lifts it again (as the opener's does) changes nothing,
          // within exactly the pushes needed too.
          const snapshot = Int32Array.from(boxAt);
          const meddling = (cell: number, behind: number): boolean => {
            boxAt[cell] = 99;
            boxAt[behind] = 98;
            boxAt[cell] = -1;
            boxAt[behind] = -1;
            return cell === to;
          };
          expect(router.routeWhere(box, board.player, boxAt, cells.length, meddling)).toEqual(cells);
          expect(boxAt).toEqual(snapshot);
        }
      }
    }
    expect(found).toBeGreaterThan(50);
  });
});

/**
 * The fewest boxes the player on `player` crosses to stand where a push takes the box on `box` a
 * cell nearer goal row `row` (onto a free cell), by brute force (Dijkstra over cells); Infinity
 * when there is no such push.
 */
function bruteCrossings(board: CompiledBoard, box: number, row: number, player: number, boxAt: Int32Array): number {
  const targets = new Set<number>();
  for (let d = 0; d < 4; d++) {
    const t = board.nbr[box * 4 + d];
    const pusher = board.nbr[box * 4 + (d ^ 1)];
    if (t >= 0 && pusher >= 0 && boxAt[t] < 0 && board.dist[row + t] < board.dist[row + box]) targets.add(pusher);
  }
  const cost = new Array<number>(board.size).fill(Infinity);
  const done = new Uint8Array(board.size);
  cost[player] = 0;
  for (;;) {
    let x = -1;
    for (let c = 0; c < board.size; c++) if (!done[c] && cost[c] < Infinity && (x < 0 || cost[c] < cost[x])) x = c;
    if (x < 0) return Infinity;
    if (targets.has(x)) return cost[x];
    done[x] = 1;
    for (let d = 0; d < 4; d++) {
      const m = board.nbr[x * 4 + d];
      if (m < 0 || m === box) continue;
      cost[m] = Math.min(cost[m], cost[x] + (boxAt[m] >= 0 ? 1 : 0));
    }
  }
}

interface StartCase {
  readonly level: number;
  readonly board: CompiledBoard;
  readonly router: BoxRoute;
  readonly opener: Opener;
  readonly boxAt: Int32Array;
  readonly goal: number;
  readonly row: number;
  readonly box: number;
}

/** Each box of each XSokoban level's start, with each of the level's first three goals that it can reach in the relaxed model. */
function forEachStartCase(levels: readonly number[], visit: (at: StartCase) => void): void {
  const rules = pushKind.create({}).rules!;
  for (const level of levels) {
    const board = compilePlainBoard(rules.load(pushSetLevels('xsokoban')[level - 1]).state!);
    const router = new BoxRoute(board);
    const opener = new Opener(board, router);
    const boxAt = startMarks(board);
    for (const goal of board.goals.slice(0, 3)) {
      const row = board.goals.indexOf(goal) * board.size;
      for (const box of board.boxes) {
        if (board.dist[row + box] !== UNREACHABLE && box !== goal) visit({ level, board, router, opener, boxAt, goal, row, box });
      }
    }
  }
}

describe("the opener (a box moved out of the player's way)", () => {
  it('on XSokoban 18, whose doors boxes shut, frees the way to the far side of the box nearest the first goal', () => {
    const rules = pushKind.create({}).rules!;
    const board = compilePlainBoard(rules.load(pushSetLevels('xsokoban')[17]).state!);
    const router = new BoxRoute(board);
    const boxAt = startMarks(board);
    const goal = packingOrder(board)![0];
    const row = board.goals.indexOf(goal) * board.size;
    const nearest = [...board.boxes].sort((a, b) => board.dist[row + a] - board.dist[row + b])[0];
    // No route: the player cannot walk round to push it.
    expect(router.route(nearest, goal, board.player, boxAt)).toBeUndefined();
    const before = bruteCrossings(board, nearest, row, board.player, boxAt);
    expect(before).toBeGreaterThan(0);
    const opener = new Opener(board, router);
    // Boxes the caller holds settled (goals the packing order has filled) are never moved.
    expect(opener.find(nearest, row, board.player, boxAt, undefined, () => true)).toBeUndefined();
    const opening = opener.find(nearest, row, board.player, boxAt)!;
    expect(opening).toBeDefined();
    const cells = router.route(opening.from, opening.to, board.player, boxAt)!;
    expect(cells.length).toBe(opening.pushes);
    const index = boxAt[opening.from];
    boxAt[opening.from] = -1;
    boxAt[opening.to] = index;
    expect(bruteCrossings(board, nearest, row, opening.after, boxAt)).toBeLessThan(before);
  });

  it('proposes legal pushes that cross fewer boxes, and nothing where the player walks to the push, on XSokoban starts', () => {
    let opened = 0;
    let walks = 0;
    forEachStartCase([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], ({ level, board, router, opener, boxAt, row, box }) => {
      const before = bruteCrossings(board, box, row, board.player, boxAt);
      const snapshot = Int32Array.from(boxAt);
      const opening = opener.find(box, row, board.player, boxAt);
      expect(boxAt).toEqual(snapshot);
      const others = Uint8Array.from(boxAt, (i) => (i >= 0 ? 1 : 0));
      if (before === 0 || before === Infinity) {
        expect(opening, `XSokoban ${level}: box ${box}`).toBeUndefined();
        if (before === 0) walks++;
        return;
      }
      if (!opening) return;
      opened++;
      others[opening.from] = 0;
      const cells = router.route(opening.from, opening.to, board.player, boxAt)!;
      expect(cells.length).toBe(opening.pushes);
      expect(legal(board, opening.from, cells, board.player, others), `XSokoban ${level}: box ${box}`).toBe(true);
      const index = boxAt[opening.from];
      boxAt[opening.from] = -1;
      boxAt[opening.to] = index;
      expect(bruteCrossings(board, box, row, opening.after, boxAt), `XSokoban ${level}: box ${box}`).toBeLessThan(before);
      boxAt[opening.to] = -1;
      boxAt[opening.from] = index;
    });
    expect(opened).toBeGreaterThan(10);
    expect(walks).toBeGreaterThan(10);
  });
});

/**
 * Fewest pushes of the box on `from` onto every cell, by brute force over (box cell, player cell)
 * (a 0-1 search: a step costs nothing, a push one; never onto a dead square); -1 where it cannot go.
 */
function bruteReach(board: CompiledBoard, from: number, player: number, others: Uint8Array): Int32Array {
  const n = board.size;
  const cost = new Int32Array(n * n).fill(-1);
  const pushes = new Int32Array(n).fill(-1);
  let layer = [from * n + player];
  for (let depth = 0; layer.length > 0; depth++) {
    const next: number[] = [];
    // Walks first: every state at this many pushes, then the pushes out of them.
    const stack = [...layer];
    const reached: number[] = [];
    while (stack.length > 0) {
      const state = stack.pop()!;
      if (cost[state] >= 0) continue;
      cost[state] = depth;
      reached.push(state);
      const box = Math.floor(state / n);
      const at = state % n;
      for (let d = 0; d < 4; d++) {
        const m = board.nbr[at * 4 + d];
        if (m >= 0 && m !== box && !others[m] && cost[box * n + m] < 0) stack.push(box * n + m);
      }
    }
    for (const state of reached) {
      const box = Math.floor(state / n);
      const at = state % n;
      if (pushes[box] < 0) pushes[box] = depth;
      for (let d = 0; d < 4; d++) {
        if (board.nbr[at * 4 + d] !== box) continue;
        const t = board.nbr[box * 4 + d];
        if (t >= 0 && !others[t] && !board.dead[t] && cost[t * n + box] < 0) next.push(t * n + box);
      }
    }
    layer = next;
  }
  return pushes;
}

describe('one box routed nearer a goal (the approach advisor)', () => {
  it('goes to the cell of least relaxed distance brute force reaches, in the fewest pushes, as a route to it does', () => {
    let nearer = 0;
    let stays = 0;
    for (const level of [1, 2, 4, 7, 11, 19, 26, 40, 60, 93]) {
      const board = compilePlainBoard(microbanState(level));
      const router = new BoxRoute(board);
      const boxAt = startMarks(board);
      for (const box of board.boxes) {
        const others = new Uint8Array(board.size);
        for (const c of board.boxes) if (c !== box) others[c] = 1;
        const reach = bruteReach(board, box, board.player, others);
        for (let g = 0; g < board.goals.length; g++) {
          const row = g * board.size;
          const score = (cell: number): number => board.dist[row + cell];
          const snapshot = Int32Array.from(boxAt);
          const cells = router.routeNearer(box, board.player, boxAt, score);
          expect(boxAt).toEqual(snapshot);
          // The least score brute force reaches (below the box's own), and its fewest pushes.
          let least = score(box);
          let pushes = -1;
          for (let c = 0; c < board.size; c++) {
            if (reach[c] <= 0) continue;
            if (score(c) < least || (score(c) === least && pushes >= 0 && reach[c] < pushes)) {
              least = score(c);
              pushes = reach[c];
            }
          }
          const where = `Microban ${level}: box ${box}, goal ${board.goals[g]}`;
          if (pushes < 0) {
            expect(cells, where).toBeUndefined();
            stays++;
            continue;
          }
          nearer++;
          expect(cells, where).toBeDefined();
          const end = cells![cells!.length - 1];
          expect(score(end), where).toBe(least);
          expect(cells!.length, where).toBe(pushes);
          expect(legal(board, box, cells!, board.player, others), where).toBe(true);
          // The feature-space search expands such a macro with `route` to its cell: the same pushes.
          expect(router.route(box, end, board.player, boxAt), where).toEqual(cells);
        }
      }
    }
    expect(nearer).toBeGreaterThan(50);
    expect(stays).toBeGreaterThan(5);
  });
});

describe("the clearer (a box moved out of another's route)", () => {
  it('moves, in legal pushes, a box whose removal opens the route, to where the route is open, on XSokoban starts', () => {
    let cleared = 0;
    let shut = 0;
    const levels = Array.from({ length: 20 }, (_, k) => k + 1);
    forEachStartCase(levels, ({ level, board, router, opener, boxAt, goal, box }) => {
      if (router.route(box, goal, board.player, boxAt)) return;
      const where = `XSokoban ${level}: box ${box} to ${goal}`;
      const snapshot = Int32Array.from(boxAt);
      const opening = opener.clear(box, goal, board.player, boxAt);
      expect(boxAt).toEqual(snapshot);
      if (!opening) {
        shut++;
        return;
      }
      cleared++;
      // Boxes the caller holds settled are never moved.
      expect(opener.clear(box, goal, board.player, boxAt, undefined, (cell) => cell === opening.from)?.from, where).not.toBe(opening.from);
      const index = boxAt[opening.from];
      // Lifted, the blocker opens the route; moved by its pushes, it stays open.
      boxAt[opening.from] = -1;
      expect(router.route(box, goal, board.player, boxAt), where).toBeDefined();
      boxAt[opening.from] = index;
      const cells = router.route(opening.from, opening.to, board.player, boxAt)!;
      expect(cells.length, where).toBe(opening.pushes);
      expect(opening.pushes).toBeLessThanOrEqual(6);
      const others = Uint8Array.from(boxAt, (i) => (i >= 0 ? 1 : 0));
      others[opening.from] = 0;
      expect(legal(board, opening.from, cells, board.player, others), where).toBe(true);
      boxAt[opening.from] = -1;
      boxAt[opening.to] = index;
      expect(router.route(box, goal, opening.after, boxAt), where).toBeDefined();
      boxAt[opening.to] = -1;
      boxAt[opening.from] = index;
    });
    expect(cleared).toBeGreaterThan(10);
    expect(shut).toBeGreaterThan(10);
  });
});

describe("the clearer's lifts skipped unsearched (box-route.ts `mayOpen`)", () => {
  it('skip only boxes whose lifting leaves the route shut, on XSokoban boards with the boxes and the player moved at random', () => {
    const rules = pushKind.create({}).rules!;
    let skipped = 0;
    let kept = 0;
    let opened = 0;
    let walledOff = 0;
    // A fixed generator: the same positions every run.
    let seed = 20261206;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let level = 1; level <= 30; level++) {
      const board = compilePlainBoard(rules.load(pushSetLevels('xsokoban')[level - 1]).state!);
      const router = new BoxRoute(board);
      const check = new BoxRoute(board);
      const live = Array.from({ length: board.size }, (_, c) => c).filter((c) => !board.dead[c]);
      for (let round = 0; round < 6; round++) {
        // Round 0 is the start; the others put the boxes on live cells and the player on a free one.
        const boxAt = new Int32Array(board.size).fill(-1);
        const cells = round === 0 ? [...board.boxes] : [];
        while (cells.length < board.boxes.length) {
          const c = live[random(live.length)];
          if (!cells.includes(c)) cells.push(c);
        }
        cells.forEach((c, i) => (boxAt[c] = i));
        let player = board.player;
        while (round > 0 && boxAt[player] >= 0) player = random(board.size);
        for (const goal of board.goals.slice(0, 4)) {
          for (const box of cells.slice(0, 6)) {
            if (box === goal || router.routeExists(box, goal, player, boxAt)) continue;
            if (check.route(box, goal, player, boxAt) !== undefined) throw new Error(`routeExists and route differ: XSokoban ${level}`);
            const lifts: number[] = [];
            for (const k of cells) if (k !== box && !router.mayOpen(k, box, boxAt)) lifts.push(k);
            kept += cells.length - 1 - lifts.length;
            for (const k of cells) {
              if (k === box) continue;
              const index = boxAt[k];
              boxAt[k] = -1;
              const route = check.route(box, goal, player, boxAt);
              boxAt[k] = index;
              if (lifts.includes(k)) {
                skipped++;
                expect(route, `XSokoban ${level}, round ${round}: box ${box} to ${goal}, box ${k} lifted`).toBeUndefined();
              } else if (route) opened++;
            }
            // The player walled off from the box (no free cell next to it reached).
            const others = Uint8Array.from(boxAt, (i) => (i >= 0 ? 1 : 0));
            if (!board.nbr.slice(box * 4, box * 4 + 4).some((m) => m >= 0 && !others[m] && walkable(board, player, m, -1, others))) walledOff++;
          }
        }
      }
    }
    expect(skipped).toBeGreaterThan(kept);
    expect(opened).toBeGreaterThan(20);
    expect(walledOff).toBeGreaterThan(20);
  });
});
