/**
 * The searches the push solver (index.ts) races for a first solution, and which race a level gets:
 * the usual one, or on a full-size level the one made for such levels.
 */
import type { CompiledBoard } from './compiled.ts';
import type { FeatureVariant } from './feature-search.ts';
import type { PushObjective } from './search-types.ts';

export interface Attempt {
  readonly weight: number;
  readonly objective?: PushObjective;
  readonly direction?: 'push' | 'pull';
  /** Fill the goals in a packing order (search.ts `packing`; by pushes, forwards). */
  readonly packing?: boolean;
  /** The feature-space search (feature-search.ts; by pushes, forwards), in this variant. */
  readonly features?: FeatureVariant;
  /** Partial expansion (search-types.ts `partial`; weighted searches). */
  readonly partial?: boolean;
  /** Its share of the states in a race (1 by default). */
  readonly share?: number;
  /**
   * Its share when a time limit leads the run (no state budget; `share` otherwise): there the
   * states stand for time, and a search that stores them fast needs more of them for its time.
   */
  readonly timeShare?: number;
  /**
   * Never held back as stalled in a race (race.ts): for a search whose packing stands still for
   * long stretches on the levels it solves.
   */
  readonly steady?: boolean;
  /** Its lane when a host runs the solve in parts (SolveOptions.part): it races in part lane mod parts (its place in the list by default). */
  readonly lane?: number;
  /**
   * Raced only in a solve in parts (SolveOptions.part), never in a race in one process: for a
   * search that needs a large share of a part's time, which a race of every entrant cannot give it.
   */
  readonly partsOnly?: boolean;
}

/**
 * What an attempt searches, in a few words (the race's report, race.ts `RaceEntry`, and the set
 * bench's tables): its direction and weight, or the feature-space search with its variant's
 * options; its objective.
 */
export function attemptName(attempt: Attempt): string {
  const options = attempt.features ? Object.entries(attempt.features).map(([key, value]) => (value === true ? key : `${key}=${String(value)}`)) : [];
  const search = attempt.direction === 'pull' ? `pull w${attempt.weight}` : attempt.features ? 'features' : `push w${attempt.weight}`;
  return [search, ...(attempt.objective ? [`by ${attempt.objective}`] : []), ...(attempt.packing ? ['packing'] : []), ...options].join(' ');
}

/** The exact search's share of the states in the race for a first solution, against each quick search's 1. */
export const EXACT_SHARE = 2;
/**
 * The quick searches that race the exact one for a first solution: weighted A* on the objective;
 * weighted backwards by pushes (fewest states on many of the hardest levels: the player is
 * normalised to its region; walked out, its solution still bounds the moves); weighted forwards
 * by pushes; filling the goals in a packing order (goal rooms); weighted backwards on the
 * objective. By pushes the duplicates fall out.
 */
export const QUICK: readonly Attempt[] = [
  { weight: 4 },
  { weight: 10, objective: 'pushes', direction: 'pull' },
  { weight: 4, objective: 'pushes' },
  { weight: 1, objective: 'pushes', packing: true },
  { weight: 4, direction: 'pull' },
];
/** The backwards search's share of the states in a time-led race on a full-size level (it stores them fast). */
export const PULL_FULL_SIZE_TIME_SHARE = 24;
/**
 * On a full-size level (isFullSize) the race runs these instead: the greedy backwards search by
 * pushes and seven variants of the feature-space search (feature-search.ts), two of them with
 * every advisor (one with room connectivity too), raced only in parts (below). Shares follow which found the first solution on XSokoban at 10 s of CPU a level (the
 * weighted feature-space search with pushes counted on about half the levels solved; the others
 * on a few each, many of them no other one's). The weighted searches of QUICK found none there.
 * The box-moves variant's share went from 1 to 3 when, alone, it solved four levels the race
 * left (45, 46, 47, 49) in 2 to 5 s; the bound-led variant left the race then (its place gave
 * 56/90 where keeping it gave 55; it alone solved XSokoban 15). The opener (opener.ts) runs in the
 * bound advisor's variant, and in a variant of its own with the packing-order search's place
 * (which found no level first any more): XSokoban 58 -> 59/90 (36, then 25). In all three
 * weighted variants at once it went to 56 (25 and 36 won; 13, 37, 46 and 47 lost: its advice
 * leads astray where the packing advisor alone finds the way). The bound-led variant came back,
 * at share 1, once the matching bound and the connectivity count got cheaper: alone it solves
 * XSokoban 15 in 12,487 states (0.5 s); 60 -> 61/90, none lost. The packing advisor's pick that
 * leaves the plan fillable (plan.ts) made it 62 (20 won, none lost); trying five boxes, not three,
 * gave 61 (71 won; 25 and 76 lost). Shares fitted to each entrant's time alone on every level
 * (pull 4, pushes 4, box moves 2, opener 2) gave the same 62 levels, before and after the
 * matching got faster: the race is not at a margin of its shares. The approach advisor in the
 * weighted variant by pushes made it 63 (71 won, none lost); the clearer in a variant of its own
 * at share 1.5 made it 64 (42, which it alone solves in 19,257 states; at share 1 it lost the race
 * there, at share 2 it cost 10, in the opener's variant it found 42 too late).
 *
 * The backwards search is greedier (weight 30, not 10) and stores every child (no partial
 * expansion). Alone at 6 s of CPU, weight 30 solves 28 XSokoban levels (10: 27, 4: 25), among
 * them 41 and 72 that no entrant solved in the race, in 1.8 s and 1.0 s (10: 2.4 s and 4.3 s);
 * storing every child, 1.3 s and 0.8 s. It stores 320 to 360 states a ms there, against 20 to 30
 * for the feature-space variants, so in a time-led run its share of the states is large
 * (PULL_FULL_SIZE_TIME_SHARE) for a share of the time near a fifth: 64 -> 66/90 at 10 s (41 and
 * 72, none lost). At share 10 with partial expansion it solved 72 alone (65); at 14, 41 and 72
 * but lost 48 and 71 (64). Within a state budget the states are what the searches share, and at
 * share 24 it left the others a third of them: at 400,000 states, 52/90 where share 2 gives 62 (the
 * same 62 as weight 10 with partial expansion).
 *
 * The clearer's variant stores no child whose plan is stuck (plan.ts; `pruneStuck`): alone it
 * solves 42 in 2,443 states (19,257 without). On a slower machine, where the race at 10 s of CPU
 * solved 59/90 and 42 was not among them, it made 60 (42, none lost), and 42 in each of two
 * further runs, where the race without it solved 42 in neither.
 *
 * The box-moves variant is steady (never held back as stalled, race.ts): alone it solves 24, 45
 * and 32 in 5.0, 3.0 and 9.3 s of CPU, and in the race it was held back by 5 s on 24 and 45 with
 * less than half the states it needs there. Steady: XSokoban at 10 s of CPU 65 -> 66/90 (45,
 * its first solution at 8.9 s; none lost; 41 and 75 found later, 7.7 and 7.6 s against 6.6 and
 * 6.5).
 *
 * The approach's variant counts the boxes out of plan as a third feature (`outOfPlan`, plan.ts
 * `unplanned`): alone at 10 s of CPU it solves 9 of 12 hard levels where it solved 6 (15, 47 and
 * 49 won; 46 in 1.1 s, 9.5 before). In the race: XSokoban at 10 s of CPU 66/90, the same levels;
 * at 5 s 57 -> 58 (11). In every variant it made 63 at 10 s (45, 48 and 75 lost), in the
 * clearer's too 65 (75 lost; alone the clearer's solves 31 so, in 7.7 s).
 *
 * The opener with box moves counted (FESS's unit) solves levels that neither the opener's variant
 * by pushes nor the box-moves variant without it does: alone at 10 s of CPU, XSokoban 40 in 1.8 s
 * (the opener's by pushes 3.4 s, box moves alone none) and 32 in 2.0 s (box moves alone 7.7 s),
 * 52 levels in all. It took the bound advisor's place in the second part, and that variant went
 * to the first (it alone solves 48, in 0.5 s): each part alone at 10 s of CPU, the levels either
 * solves 62 -> 63 and 64 of the 86 full-size ones in two runs (24 both times, 40 in one; none
 * lost); in two parts at 10 s of wall clock, 66 -> 67/90 (24, none lost). In one process, with
 * eight entrants, 61 -> 59 of the 86 at 10 s of CPU (41, 45 and 48 lost, found at 8.7 to 10 s
 * before; 75 won): levels at the race's edge. Eight variants alone at 10 s of CPU solve 65 of
 * the 86 between them: the race, at 62, is near what its searches can reach (issue 27's notes).
 *
 * Four variants park boxes first where the packing order has parks (FeatureVariant.parks): the
 * clearer's, box moves with the opener, the bound advisor's and the bound-led one. Alone at 10 s
 * with parks, six and seven of the seven variants solve XSokoban 44 and 87 (none without), and
 * none 46 or 47 (four and five without); the variants that solve those two without parks keep
 * none (in each part one does). In two parts at 10 s, the twelve XSokoban levels with parks went
 * from 5 to 7 solved (44 at 0.5 s, 87 at 1.8 s; none lost); no other XSokoban level has a park
 * (54 Microban I levels have some: none is full-size, so no search there parks a box).
 *
 * The approach's variant counts the boxes on goals in any order as its packing progress
 * (FeatureVariant.progress 'goals') and is steady. Alone, 60,000 states a level, so it solves 54
 * XSokoban levels where it solved 53: 38 and 39 won (39 in 2.1 s, 38,916 states, which no other
 * entrant solves in 10 s), 21 lost (the every-advisor variant's in the race), 37 and 61 slower
 * (0.7 -> 2.4 s and 0.5 -> 1.3 s). In the race it was held back as stalled on 39 at 36,595 states:
 * its packing stands still for the last 24,000 states there, so it is steady (it got 40 % of the
 * first part's time). In two parts at 10 s: 73 -> 74/90 in each of two runs (39 at 6.4 and 6.3 s;
 * none lost; 37 found at 3.3 s, 2.2 s before). Before (slower code, the order by the nearest picks, not steady) it gave the same
 * 71 in its own place; a fifth variant of the second part so (box moves with the opener and parks,
 * share 2, steady) won 39 at 8.8 s and lost 24 and 40 (70); in the opener's place (share 2) it
 * lost 25 (70); each stalled variant started afresh so in its own place (race.ts) gave the same 71.
 * The clearer's variant counts so too: alone, 60,000 states a level, it then solves XSokoban 14
 * (2.5 s, 47,731 states; no entrant solved it in 10 s) and 46 (1.7 s), and loses none of the
 * full-size levels it solved, none of them twice as slow. In two parts at 10 s: 74 -> 75/90 in each
 * of two runs (14 at 8.5 and 8.3 s, its packing rising all the way; none lost). At share 2 it found 14 at 7.4 s, and box
 * moves' levels at the edge came later (24 at 8.1 s, 7.3 to 7.9 before), so it stays at 1.5.
 *
 * Box moves and box moves with the opener and parks count macros (FeatureVariant.count
 * 'macros', FESS's moves: the push past an advised push counts one, where counting box moves made
 * every further push of the advised box free). Alone, 60,000 states a level, they solve 49 and 54
 * of the 86 full-size levels where they solved 47 and 47 (20, 24 and 61 won and 72 lost; 10, 20,
 * 25, 31, 36, 37, 40, 49 and 61 won, 45 and 72 lost). In two parts at 10 s: 75/90 in each of two
 * runs, the same levels, with 24 found at 5.2 s (7.4 to 7.9 s before) and 40 at 5.6 s (6.9 to
 * 8.6 s before). With every advisor it made 44 -> 47 alone but lost 32 and 35, which that variant
 * alone solves in the race: it counts box moves.
 *
 * The variants follow the packing order (and parks) picked keeping a start box for every goal
 * (packing.ts `PickOptions.matched`; it differs from the nearest picks on 9 XSokoban orders and 4
 * parked plans): in two parts at 10 s, XSokoban 31 is solved at 1.6 s (by the clearer's and the
 * bound advisor's variants, with parks; none solved it before) and 72 at 0.5 s (the backwards
 * search took 3 s): 72/90 (40 at 9.5 s; 57,241 moves on the levels solved), and in a second run
 * 71 with 40 lost, a level at the race's edge (9.3 s before) whose order, parks and searches did
 * not change, and which the code before this failed in each of three runs the same day.
 *
 * One variant has every advisor (FESS's one search has them all; each other variant a few): box
 * moves counted, the opener, the clearer and the approach in turn where the packing advisor has no
 * route, the bound advisor, parks. Alone, 60,000 states a level, it solves 48 XSokoban levels,
 * among them 32 (1.7 s) and 35 (0.5 s), which no entrant of the race solved in 10 s; on 32 its
 * packing stands still from 147 states to the solution, so it is steady, at share 2. It took the
 * places of a second backwards search, less greedy (weight 8, time share 48: alone it solved 14
 * in 3.4 s, 1,289,473 states, which no other search solves in 10 s, and the race's first part
 * found it at 8.3 to 8.8 s), and of the bound-led variant (its levels, 9 and 49, box moves solves
 * in the second part): in two parts at 10 s, 72 -> 73/90 in each of two runs (32 at 4.6 and 4.5 s,
 * 35 at 2.5 and 2.3 s won, 14 lost; 15 found at 1.4 s, 5.8 before, 21 at 0.8 s, 3.4 before, 48 at
 * 1.5 s, 5.4 before; 70 levels within 5 s, 66 before). At 20 s a level, the 17 levels left: one
 * (39); at 60 s, two: 39 at 20.0 s (box moves, 257,777 states) and 16 at 27.4 s (this variant,
 * 236,103 states; 7 of its 15 goals packed at 40,000). Beside both (at share 1, not steady, in the bound-led variant's
 * place) it won 35 and lost 14 too: the less greedy search was at the edge of its time. It races
 * only in parts (`partsOnly`), as that search did; in one process, beside every other entrant, it
 * was not measured.
 *
 * A second variant with every advisor adds room connectivity as a fourth feature (FESS's, rooms.ts;
 * FeatureVariant.rooms, capped at 6): alone, 60,000 states a level, it solves XSokoban 52 (39,472
 * states), which no entrant solved, and 31, 36, 45, 49 and 87 that the plain one does not; it
 * loses 11, 22, 57, 72 and 76, which other entrants solve, and takes 2 to 18 times the states on
 * 15, 35 and 44. In the plain one's place at share 2 it found 52 at 8.9 s in two parts at 10 s,
 * but 15 only at 9.3 s, by the bound advisor's variant (1.4 s before). So both race, the plain one
 * at share 1 in the place of the bound advisor's variant (whose levels others solve: 72 the
 * backwards search, 31, 36, 42 and 87 the clearer's): in two parts at 10 s, 52 at 8.7 s, 15 at
 * 4.8 to 4.9 s (1.4 s before), 35 at 4.7 s (2.3 to 2.6 s), 45 at 2.0 s (5.2 s), 72 at 1.3 s
 * (0.6 s). XSokoban 76/90 in one run (14 at 10.0 s) and 75 in another (14 not found), on a day
 * the code before took 14 at 9.95 s and 24 at 6.3 s (8.3 to 8.5 s and 5.2 s a day before): the
 * second part, where 14 and 24 are found, did not change.
 */
export const QUICK_FULL_SIZE: readonly Attempt[] = [
  { weight: 30, objective: 'pushes', direction: 'pull', share: 2, timeShare: PULL_FULL_SIZE_TIME_SHARE, lane: 0 },
  { weight: 1, objective: 'pushes', features: { approach: true, outOfPlan: true, progress: 'goals' }, share: 3, steady: true, lane: 0 },
  { weight: 1, objective: 'pushes', features: { clearer: true, pruneStuck: true, parks: true, progress: 'goals' }, share: 1.5, lane: 1 },
  { weight: 1, objective: 'pushes', features: { count: 'macros' }, share: 3, steady: true, lane: 1 },
  { weight: 1, objective: 'pushes', features: { count: 'macros', opener: true, parks: true }, lane: 1 },
  { weight: 1, objective: 'pushes', features: { opener: true }, lane: 1 },
  { weight: 1, objective: 'pushes', features: { count: 'box-moves', opener: true, clearer: true, approach: true, boundAdvisor: true, parks: true, rooms: true }, share: 2, steady: true, lane: 0, partsOnly: true },
  { weight: 1, objective: 'pushes', features: { count: 'box-moves', opener: true, clearer: true, approach: true, boundAdvisor: true, parks: true }, steady: true, lane: 0, partsOnly: true },
];
/**
 * The attempts of `list` that part `part.index` of `part.of` races (SolveOptions.part; the solver
 * splits only the full-size race, index.ts): those whose
 * lane (their place in the list unless set) is the part's modulo the parts. Every attempt is in
 * exactly one part. The full-size race's lanes split it in two (the exact search, which the first
 * part alone runs, with the backwards search, the approach's variant, the bound advisor's and
 * the one with every advisor; the others in the second); the first holds more of the time, under
 * twice the second's. A race in
 * one process (no part, or one part of one) has every attempt but those raced only in parts.
 */
export function inPart(list: readonly Attempt[], part: { readonly index: number; readonly of: number } | undefined): Attempt[] {
  return list.filter((a, i) => (part && part.of > 1 ? (a.lane ?? i) % part.of === part.index : !a.partsOnly));
}

/** An attempt's share of the states in a race: its time share where a time limit leads the run. */
export function raceShare(attempt: Attempt, timeLed: boolean): number {
  return (timeLed ? attempt.timeShare : undefined) ?? attempt.share ?? 1;
}

/** The exact search's share in the race on a full-size level (it keeps its states either way). */
export const FULL_SIZE_EXACT_SHARE = 1;

/**
 * A full-size level: at least 6 boxes on at least 64 floor cells needing at least 40 pushes (86
 * of XSokoban's 90, all but 1, 3, 6 and 38; no Microban I level, whose pars the usual race proves).
 */
export function isFullSize(board: CompiledBoard, least: number | undefined): boolean {
  return fullSizeBy(board.boxes.length, board.size, least);
}

/** `isFullSize` from the counts alone: the boxes the player can reach, the floor it can (boxes ignored), the least pushes. */
export function fullSizeBy(boxes: number, floor: number, least: number | undefined): boolean {
  return boxes >= 6 && floor >= 64 && (least ?? 0) >= 40;
}

/** The parts the full-size race splits into (its lanes, `inPart`): more would leave a part nothing to race. */
export const FULL_SIZE_PARTS = 1 + Math.max(...QUICK_FULL_SIZE.map((a, i) => a.lane ?? i));

/** Searches by moves, cut at a bound in hand, that go for a tighter one (besides those of QUICK by moves). */
export const TIGHTEN: readonly Attempt[] = [{ weight: 8, direction: 'pull' }];
