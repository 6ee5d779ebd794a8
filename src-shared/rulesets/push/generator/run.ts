/**
 * A run of the reverse generator: candidates in index order, each through the sieves in order
 * (sieves.ts) until one rejects it or it is kept, every rejection and the time spent in each
 * sieve counted. The run ends when enough levels are kept (`count` x `pool`), at the candidate
 * cap, or when the host says stop (polled between candidates and inside each proof). Of the
 * levels kept, the best `count` by quality score are returned, in order of par.
 */
import type { GenerationStatistics, SieveCount } from '../../../engine/ruleset.ts';
import type { PushLevel } from '../schema.ts';
import { buildPushLevel, type PushState } from '../board.ts';
import { positionKey } from './canonical.ts';
import { PLAIN_CONFIG, candidateRng, candidateRoom, levelOf, startCells, walkCandidate, type WalkedCandidate } from './candidate.ts';
import type { Settings } from './params.ts';
import { spareFloor } from './params.ts';
import { proveForward, type ForwardProof } from './proof.ts';
import { qualityOf, type QualityTerms } from './quality.ts';
import { floorCells, type Room } from './rooms.ts';
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
  type SieveId,
} from './sieves.ts';

export interface KeptLevel {
  readonly index: number;
  /** The start as a level document (board only). */
  readonly level: PushLevel;
  readonly proof: ForwardProof;
  readonly quality: QualityTerms;
  /** Pulls the walk made, and its path back in moves (an upper bound on par). */
  readonly pulls: number;
  readonly pathBack: number;
  /** Its canonical key (the same under the 8 symmetries): equal keys, the same level. */
  readonly key: string;
}

export interface RunHooks {
  readonly shouldStop?: () => boolean;
  readonly progress?: (done: number, total: number) => void;
  /** Milliseconds, from the host (src-shared reads no clock); without one every time is 0. */
  readonly clock?: () => number;
  /** Keys (canonical.ts) of levels the run must not repeat: the library's. */
  readonly avoidKeys?: Iterable<string>;
  /**
   * For the benchmark only: run the proof and the par window before the cheap candidate sieves
   * (solved, dead square, shallow, deep, duplicate), to measure what running them first saves.
   * The levels kept are the same either way.
   */
  readonly proofFirst?: boolean;
  /**
   * Only the candidates numbered `from` to `to` (a shard of a run split across workers): the
   * run tries them in order and stops once it has `count` x `pool`, which are then the shard's
   * share of the whole run's (src-main/library/candidate-shards.ts merges the shards). `progress` then counts
   * candidates tried out of the range.
   */
  readonly range?: { readonly from: number; readonly to: number };
}

export interface RunResult {
  /** The best `count` by quality, in order of par. */
  readonly kept: readonly KeptLevel[];
  /** Every candidate that passed all sieves, in candidate order (the ones `kept` is chosen from). */
  readonly accepted: readonly KeptLevel[];
  readonly statistics: GenerationStatistics;
  /** Why the run ended. */
  readonly ended: 'done' | 'cap' | 'stopped';
  /** Proven pars the par window refused, below and above it. */
  readonly outside: { readonly below: number; readonly above: number };
}

type CandidateSieve = Exclude<SieveId, 'floor-disconnected' | 'open-area' | 'room-small'>;
/** Cheapest first: a comparison or a pass over the boxes, then one over the board (the key). */
const CHEAP: readonly CandidateSieve[] = ['solved', 'dead-square', 'shallow', 'deep', 'duplicate'];
const COSTLY: readonly CandidateSieve[] = ['proof', 'par-window'];

export function runReverse(settings: Settings, seed: string, hooks: RunHooks = {}): RunResult {
  const clock = hooks.clock ?? (() => 0);
  const started = clock();
  const counts = new Map<SieveId, { rejected: number; ms: number }>(SIEVES.map((s) => [s.id, { rejected: 0, ms: 0 }]));
  const seen = new Set<string>(hooks.avoidKeys ?? []);
  const wanted = settings.count * settings.pool;
  const kept: KeptLevel[] = [];
  const outside = { below: 0, above: 0 };
  let makeMs = 0;
  let candidates = 0;
  let ended: RunResult['ended'] = 'cap';

  /** Runs one sieve, timed and counted: true when it rejected ('stopped': a stop came, no rejection). */
  const sieve: Sieve = (id, rejects) => {
    const t = clock();
    const verdict = rejects();
    const entry = counts.get(id)!;
    entry.ms += clock() - t;
    if (verdict === true) entry.rejected++;
    return verdict;
  };

  const first = hooks.range?.from ?? 1;
  const last = Math.min(hooks.range?.to ?? settings.maxCandidates, settings.maxCandidates);
  for (let index = first; index <= last; index++) {
    if (hooks.shouldStop?.()) {
      ended = 'stopped';
      break;
    }
    candidates++;
    let t = clock();
    const rng = candidateRng(seed, index);
    const room = candidateRoom(settings, rng);
    makeMs += clock() - t;
    if (!settings.drawn && rejectsRoom(settings, room, sieve)) continue;
    t = clock();
    const candidate = walkCandidate(settings, room, rng);
    makeMs += clock() - t;

    const judged = judge(candidate, settings, seen, sieve, hooks);
    if (judged === 'stopped') {
      ended = 'stopped';
      break;
    }
    if (hooks.range) hooks.progress?.(index - first + 1, last - first + 1);
    if (judged === undefined) continue;
    if ('below' in judged) {
      outside[judged.below ? 'below' : 'above']++;
      continue;
    }
    kept.push({ index, ...judged });
    if (!hooks.range && kept.length % settings.pool === 0) hooks.progress?.(kept.length / settings.pool, settings.count);
    if (kept.length >= wanted) {
      ended = 'done';
      break;
    }
  }

  const chosen = chooseBest(kept, settings.count);
  const sieves: SieveCount[] = SIEVES.map((s) => ({ id: s.id, label: s.label, rejected: counts.get(s.id)!.rejected, ms: round(counts.get(s.id)!.ms) }));
  return {
    kept: chosen,
    accepted: kept,
    ended,
    outside,
    statistics: { candidates, accepted: kept.length, kept: chosen.length, sieves, makeMs: round(makeMs), ms: round(clock() - started) },
  };
}

/** The best `count` by quality score (the earlier candidate first on a tie), in order of par. */
export function chooseBest<T extends { readonly index: number; readonly quality: { readonly score: number }; readonly proof: { readonly par: number } }>(accepted: readonly T[], count: number): T[] {
  return [...accepted]
    .sort((a, b) => b.quality.score - a.quality.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.proof.par - b.proof.par || a.index - b.index);
}

type Sieve = (id: SieveId, rejects: () => boolean | 'stopped') => boolean | 'stopped';

/** The room sieves (template rooms only: a drawn room was checked before the run). */
function rejectsRoom(settings: Settings, room: Room, sieve: Sieve): boolean {
  return (
    sieve('floor-disconnected', () => isFloorDisconnected(room)) === true ||
    sieve('open-area', () => hasLargeOpenArea(room)) === true ||
    sieve('room-small', () => isRoomTooSmall(floorCells(room).length, settings.boxes, spareFloor(settings.boxes))) === true
  );
}

type Judged = Omit<KeptLevel, 'index'> | { readonly below: boolean } | 'stopped' | undefined;

/** The candidate sieves, cheap ones first (or, for the benchmark, the proof first). */
function judge(candidate: WalkedCandidate, settings: Settings, seen: Set<string>, sieve: Sieve, hooks: RunHooks): Judged {
  const { board, walk, room, goals } = candidate;
  const start = startCells(candidate);
  const level = levelOf(room, goals, start.boxes, start.player);
  let state: PushState | undefined;
  let proof: ForwardProof | undefined;
  const key = keyOf(room, goals, start.boxes, start.player);
  const tests: Record<CandidateSieve, () => boolean | 'stopped'> = {
    solved: () => isAlreadySolved(board.goal, walk.boxes),
    'dead-square': () => hasBoxOnDeadSquare(board.dead, walk.boxes),
    shallow: () => isShallow(walk.pathBack, settings.par.min),
    deep: () => isTooDeep(pushesLowerBound(board.nearest, walk.boxes), settings.par.max),
    duplicate: () => isDuplicate(key, seen),
    proof: () => {
      // The proof solves the level document itself, as verification and CI do.
      state = buildPushLevel(level, PLAIN_CONFIG).state!;
      const outcome = proveForward(state, settings.budget, hooks.shouldStop);
      if ('stopped' in outcome) return 'stopped';
      if ('rejected' in outcome) return true;
      proof = outcome.proof;
      return false;
    },
    'par-window': () => isOutsideParWindow(proof!.par, settings.par),
  };
  const order = hooks.proofFirst ? [...COSTLY, ...CHEAP] : [...CHEAP, ...COSTLY];
  for (const id of order) {
    const verdict = sieve(id, tests[id]);
    if (verdict === 'stopped') return 'stopped';
    if (verdict) return id === 'par-window' ? { below: proof!.par < settings.par.min } : undefined;
  }
  return { level, proof: proof!, quality: qualityOf(state!, proof!.solution), pulls: walk.pulls, pathBack: walk.pathBack, key };
}

/** Each box's fewest pushes to its nearest goal, summed: no solution has fewer pushes, nor moves. */
function pushesLowerBound(nearest: Uint16Array, boxes: Int32Array): number {
  let sum = 0;
  for (const b of boxes) sum += nearest[b];
  return sum;
}

function keyOf(room: Room, goals: readonly number[], boxes: readonly number[], player: number): string {
  const goal = new Uint8Array(room.wall.length);
  for (const g of goals) goal[g] = 1;
  return positionKey({ width: room.width, height: room.height, blocked: room.wall, goal, boxes, player });
}

const round = (ms: number): number => Math.round(ms * 10) / 10;
