/**
 * The packing plan's liveness (plan.ts): each step's table against one box's route with the goals
 * filled before it as walls (box-route.ts, an independent search over the box and the player's
 * cell), `stuck` against a brute-force assignment of boxes to goals, and the feature search it
 * steers on the level it was made for.
 */
import { describe, expect, it } from 'vitest';
import { BoxRoute } from '../../src-shared/rulesets/push/solver/box-route.ts';
import { compilePlainBoard, type CompiledBoard } from '../../src-shared/rulesets/push/solver/compiled.ts';
import { startFeatureSearch } from '../../src-shared/rulesets/push/solver/feature-search.ts';
import { packingOrder } from '../../src-shared/rulesets/push/solver/packing.ts';
import { PlanLiveness, StepLiveness } from '../../src-shared/rulesets/push/solver/plan.ts';
import { PlayerReach } from '../../src-shared/rulesets/push/solver/reach.ts';
import { microbanState, pushRules } from '../support/microban.ts';
import { pushSetLevels } from '../support/push-sets.ts';
import { StopPoll } from '../../src-shared/search/stop-poll.ts';
import { seededRandom as random } from '../support/seeded-random.ts';

const xsokoban = (n: number): CompiledBoard => compilePlainBoard(pushRules.load(pushSetLevels('xsokoban')[n - 1]).state! as never);

function cases(): { board: CompiledBoard; order: number[] }[] {
  const boards = [xsokoban(1), xsokoban(2), xsokoban(20), compilePlainBoard(microbanState(60)), compilePlainBoard(microbanState(153))];
  return boards.map((board) => ({ board, order: packingOrder(board)! }));
}

/** The oracle: box on `cell`, the player on `player`, routed onto order[step] with order[0..step) as boxes in its way. */
function routes(router: BoxRoute, board: CompiledBoard, order: readonly number[], step: number, cell: number, player: number): boolean {
  if (cell === order[step]) return true;
  const boxAt = new Int32Array(board.size).fill(-1);
  for (let j = 0; j < step; j++) boxAt[order[j]] = 0;
  return router.route(cell, order[step], player, boxAt) !== undefined;
}

describe('PlanLiveness', () => {
  it("holds, at each step, exactly the box cells and player sides that one box's route takes onto that step's goal", () => {
    let live = 0;
    let dead = 0;
    for (const { board, order } of cases()) {
      const plan = PlanLiveness.of(board, order)!;
      const router = new BoxRoute(board);
      const rank = new Int32Array(board.size).fill(order.length);
      order.forEach((c, k) => (rank[c] = k));
      for (const step of new Set([0, 1, order.length >> 1, order.length - 2, order.length - 1])) {
        for (let c = 0; c < board.size; c++) {
          if (rank[c] < step) continue;
          for (let d = 0; d < 4; d++) {
            const player = board.nbr[c * 4 + d];
            if (player < 0 || rank[player] < step) continue;
            const expected = routes(router, board, order, step, c, player);
            expect(plan.takes(step, c, d), `step ${step} cell ${c} side ${d}`).toBe(expected);
            if (expected) live++;
            else dead++;
          }
        }
      }
    }
    // Both answers were met often.
    expect(live).toBeGreaterThan(500);
    expect(dead).toBeGreaterThan(500);
  });

  it('calls the plan stuck exactly when no assignment of boxes to the goals left lets each take its own, and counts the boxes out of plan', () => {
    const next = random(2026);
    let stuck = 0;
    let free = 0;
    let several = 0;
    for (const { board, order } of cases()) {
      const plan = PlanLiveness.of(board, order)!;
      const router = new BoxRoute(board);
      const reach = new PlayerReach(board);
      const G = order.length;
      for (let trial = 0; trial < 60; trial++) {
        // The first k goals filled, the other boxes on random free cells (off the dead squares but in every third trial), the player on a free cell.
        const k = 1 + Math.floor(next() * (G - 1));
        const boxAt = new Int32Array(board.size).fill(-1);
        const boxes: number[] = order.slice(0, k);
        boxes.forEach((c, i) => (boxAt[c] = i));
        while (boxes.length < G) {
          const c = Math.floor(next() * board.size);
          // Every third trial may put boxes on dead squares too (boxes with no goal at all).
          if (boxAt[c] >= 0 || (board.dead[c] && trial % 3 !== 0)) continue;
          boxAt[c] = boxes.length;
          boxes.push(c);
        }
        let player = Math.floor(next() * board.size);
        while (boxAt[player] >= 0) player = (player + 1) % board.size;
        // The goals filled from the order's start: k or more where the random boxes fill the next.
        let progress = 0;
        while (progress < G && boxAt[order[progress]] >= 0) progress++;
        if (progress >= G) continue;
        reach.regionMin(player, boxAt);
        const inRegion = (c: number): boolean => reach.inRegion(c);
        // Each loose box's goals, by the oracle, from the sides the player's region touches (any goal where it touches none).
        const loose = boxes.filter((c) => order.indexOf(c) < 0 || order.indexOf(c) >= progress);
        const takes = loose.map((c) => {
          const sides = [0, 1, 2, 3].map((d) => board.nbr[c * 4 + d]).filter((m) => m >= 0 && inRegion(m));
          const goals: number[] = [];
          for (let j = progress; j < G; j++) {
            const open = (m: number): boolean => order.indexOf(m) < 0 || order.indexOf(m) >= j;
            if (c === order[j] || sides.length === 0 || sides.some((m) => open(m) && routes(router, board, order, j, c, m))) goals.push(j);
          }
          return goals;
        });
        // The most loose boxes that can each take a goal of their own (a box may be left without
        // one): augmenting paths over the oracle's goals, a box at a time.
        const holder = new Map<number, number>();
        const give = (b: number, tried: Set<number>): boolean =>
          takes[b].some((j) => !tried.has(j) && (tried.add(j), !holder.has(j) || give(holder.get(j)!, tried)) && (holder.set(j, b), true));
        const most = (): number => takes.filter((_, b) => give(b, new Set())).length;
        const unplanned = takes.length - most();
        const expected = unplanned > 0;
        expect(plan.stuck(boxes, progress, inRegion), `trial ${trial} progress ${progress}`).toBe(expected);
        expect(plan.unplanned(boxes, progress, inRegion), `trial ${trial} progress ${progress}`).toBe(unplanned);
        if (unplanned > 1) several++;
        if (expected) stuck++;
        else free++;
      }
    }
    expect(stuck).toBeGreaterThan(20);
    expect(free).toBeGreaterThan(20);
    // Counts above one were met: the count is not the stuck flag.
    expect(several).toBeGreaterThan(5);
  });

  it('StepLiveness gives, for a goal and walls given alone, the cells a plan step takes a box from on any side', () => {
    let taken = 0;
    for (const { board, order } of cases()) {
      const plan = PlanLiveness.of(board, order)!;
      const step = new StepLiveness(board);
      const wall = new Uint8Array(board.size);
      const cells = Array.from({ length: board.size }, (_, c) => c);
      for (let j = 0; j < order.length; j++) {
        const takes = step.takes(order[j], wall, cells);
        for (const c of cells) {
          if (wall[c]) continue;
          expect(takes[c], `step ${j} cell ${c}`).toBe([0, 1, 2, 3].some((d) => plan.takes(j, c, d)));
          if (takes[c]) taken++;
        }
        wall[order[j]] = 1;
      }
    }
    expect(taken).toBeGreaterThan(1000);
  });

  it("keeps a start box for every goal when picked with the matching (packing.ts PickOptions.matched), where the nearest picks leave some without one: XSokoban 72 and 90", () => {
    for (const [level, without] of [[72, 4], [90, 1]] as const) {
      const board = xsokoban(level);
      // The start boxes the order's plan leaves without a goal they can take in turn, the player on any side of each.
      const outOfPlan = (order: readonly number[]): number => PlanLiveness.of(board, order)!.unplanned(board.boxes, 0, () => true);
      const matched = packingOrder(board, undefined, { matched: true })!;
      expect([...matched].sort((a, b) => a - b)).toEqual([...board.goals].sort((a, b) => a - b));
      expect(outOfPlan(packingOrder(board)!), `XSokoban ${level} nearest picks`).toBe(without);
      expect(outOfPlan(matched), `XSokoban ${level} matched picks`).toBe(0);
    }
    // Where the nearest picks leave none out, the matched order is the same (XSokoban 1 to 13).
    for (let level = 1; level <= 13; level++) {
      const board = xsokoban(level);
      expect(packingOrder(board, undefined, { matched: true }), `XSokoban ${level}`).toEqual(packingOrder(board));
    }
  });

  it('steers the packing advisor on XSokoban 20 to a solution the nearest box alone does not find', () => {
    const board = xsokoban(20);
    const order = packingOrder(board)!;
    const run = startFeatureSearch(board, { objective: 'pushes', direction: 'push', budget: 150_000, poll: new StopPoll(() => false), order, variant: {} });
    const result = run.run(Infinity)!;
    expect(result.status).toBe('solved');
  });
});
