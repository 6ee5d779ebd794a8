/**
 * Searches run in turns until one of them finds a solution: the entrant with the fewest stored
 * states for its share goes next, for a slice of nodes. Which search finds a first solution
 * soonest differs from level to level by orders of magnitude (weighted forwards by moves, by
 * pushes, backwards by pulls, a packing order), and no order of trying them one after another
 * with a fixed budget each suits them all: in turns, a first solution costs about the cheapest
 * entrant's states times the number of entrants. Entrants are started on their first turn and
 * never restarted: paused between turns (and phases) they go on where they were, so nothing is
 * searched twice. One that reports its progress and has stalled gets less of its share, unless
 * it is steady. In a time-led run at its memory cap (ledger.ts `liveCap`) the largest entrant,
 * a stalled one first, leaves and gives its room to the others.
 */
import type { SolveLedger } from './ledger.ts';
import type { PlainSearchResult, PlainSearchRun } from './search.ts';

/** Nodes an entrant expands per turn: about this share of the budget, within the bounds below. */
const TURN_SHARE = 1 / 128;
const TURN_NODES_LEAST = 16;
const TURN_NODES_MOST = 1024;
/**
 * A search that measures its progress (search-types.ts `progressAt`) has stalled once it has
 * stored more since that last rose than it had stored until then, and at least this many...
 */
const STALL_STATES = 20_000;
/**
 * ...and then runs at this part of its share, the rest going to the others. The feature-space
 * variants stall early on the levels they do not solve (at 60 s they reach the packing they had
 * at 10 s) and move on steadily on those they do. On XSokoban at 10 s of CPU: 63 -> 65/90 (15
 * and 41, none lost).
 */
const STALLED_SHARE = 0.25;

function stalled(run: PlainSearchRun): boolean {
  const at = run.progressAt;
  return at !== undefined && run.stored - at > Math.max(STALL_STATES, at);
}

export interface Entrant {
  /** Starts the search (on its first turn), with at most `budget` states for now. */
  readonly start: (budget: number) => PlainSearchRun;
  /** Its share of the states against the others' (1 for most). */
  readonly share: number;
  /** Whether its states count towards the race's limit (the exact search's are never wasted, so they do not). */
  readonly counted: boolean;
  /** Never held back as stalled, whatever its progress says (attempts.ts `steady`). */
  readonly steady?: boolean;
  /** What it searches, for the race's report (attempts.ts `attemptName`). */
  readonly name?: string;
}

/**
 * One entrant's run in a race, as `report` gives it: what a bench prints to show where a level's
 * time went (the set bench's `--race`).
 */
export interface RaceEntry {
  readonly name: string;
  readonly share: number;
  /** States it stored (0 if it never had a turn). */
  readonly stored: number;
  /** The share of the host's time limit its turns took, where the host gave one (a time-led run). */
  readonly time?: number;
  /** Its best progress, and the states it had stored when its progress last rose (a search that measures them). */
  readonly progress?: number;
  readonly progressAt?: number;
  /** Whether it was held back as stalled at its last turn. */
  readonly stalled: boolean;
  /** Whether it found the solution the race ended with. */
  readonly won: boolean;
}

export interface RaceWin {
  readonly index: number;
  readonly result: PlainSearchResult;
}

export class SearchRace {
  private readonly entrants: readonly Entrant[];
  private readonly ledger: SolveLedger;
  private readonly runs: (PlainSearchRun | undefined)[];
  /** Entrants that ended (with a result handed out, or without one) or could go no further. */
  private readonly out: boolean[];

  private readonly turnNodes: number;
  /** Each entrant's figures as of its last turn, kept once its search is released (`report`). */
  private readonly seen: { stored: number; time: number; progress?: number; progressAt?: number; stalled: boolean }[];
  private winner = -1;

  constructor(entrants: readonly Entrant[], ledger: SolveLedger) {
    this.entrants = entrants;
    this.ledger = ledger;
    // Turns small against the budget, so a small one is not spent by the first entrants alone.
    // From the budget, not a time-led run's projected total (which a slow start can make small).
    this.turnNodes = Math.min(TURN_NODES_MOST, Math.max(TURN_NODES_LEAST, Math.floor(ledger.budget * TURN_SHARE)));
    this.runs = entrants.map(() => undefined);
    this.out = entrants.map(() => false);
    this.seen = entrants.map(() => ({ stored: 0, time: 0, stalled: false }));
  }

  /** Each entrant's run so far (in the order given): its states, time, progress, and the winner. */
  report(): RaceEntry[] {
    const timed = this.ledger.timeUsed() !== undefined;
    return this.entrants.map((entrant, i) => {
      const seen = this.seen[i];
      return {
        name: entrant.name ?? `entrant ${i}`,
        share: entrant.share,
        stored: seen.stored,
        ...(timed ? { time: seen.time } : {}),
        ...(seen.progress !== undefined ? { progress: seen.progress } : {}),
        ...(seen.progressAt !== undefined ? { progressAt: seen.progressAt } : {}),
        stalled: seen.stalled,
        won: i === this.winner,
      };
    });
  }

  /** The search of entrant `index`, once started. */
  run(index: number): PlainSearchRun | undefined {
    return this.runs[index];
  }

  /** Whether entrant `index` may still run. */
  alive(index: number): boolean {
    return !this.out[index];
  }

  /** Take entrant `index` out of the race (its search is the caller's now, or given up). */
  withdraw(index: number): void {
    this.out[index] = true;
  }

  /** States stored by the entrants that count towards a limit. */
  get countedStored(): number {
    let sum = 0;
    this.runs.forEach((run, i) => {
      if (run && this.entrants[i].counted) sum += run.stored;
    });
    return sum;
  }

  /**
   * Turns until an entrant ends with a solution, or ends 'unsolvable' while it does not count
   * (the exact search: that is a proof); undefined once the counted entrants have stored `limit`
   * states in all, the budget is spent, the host stopped, or no entrant is left. An entrant that
   * ends otherwise leaves the race, as does the one returned.
   */
  runUntil(limit: number): RaceWin | undefined {
    for (;;) {
      const counted = this.countedStored;
      // Out of live room (a time-led run at its memory cap): the largest entrant leaves, its
      // tables given back, and the others go on.
      if (this.ledger.left === 0 && !this.ledger.stopped && this.ledger.liveCap !== Infinity && this.ledger.fullBy === 'memory' && this.dropLargest()) continue;
      if (this.ledger.stopped || this.ledger.left === 0 || counted >= limit) return undefined;
      let next = -1;
      let least = Infinity;
      for (let i = 0; i < this.entrants.length; i++) {
        if (this.out[i]) continue;
        const run = this.runs[i];
        const stored = run?.stored ?? 0;
        const entrant = this.entrants[i];
        const load = stored / (entrant.share * (run && !entrant.steady && stalled(run) ? STALLED_SHARE : 1));
        if (load < least) {
          least = load;
          next = i;
        }
      }
      if (next < 0) return undefined;
      const entrant = this.entrants[next];
      const room = Math.min(this.ledger.left, entrant.counted ? limit - counted : Infinity);
      let run = this.runs[next];
      const before = run?.stored ?? 0;
      if (!run) {
        run = this.ledger.follow(entrant.start(room));
        this.runs[next] = run;
      } else run.setBudget(run.stored + room);
      const began = this.ledger.timeUsed();
      const result = run.run(this.turnNodes);
      this.note(next, run, began);
      if (!result) continue;
      if (result.status === 'stopped') return undefined;
      // Out of budget before it filled its room: it cannot go on (its start nodes alone overflow
      // it). One that filled it goes on next turn (a time-led run's total grows as time passes).
      if (result.status === 'budget') {
        if (this.ledger.left > 0 && this.countedStored < limit && run.stored < before + room) this.out[next] = true;
        continue;
      }
      this.out[next] = true;
      if (result.status === 'solved' || !entrant.counted) {
        if (result.status === 'solved') this.winner = next;
        return { index: next, result };
      }
    }
  }

  /** Entrant `index`'s figures after a turn of `run` that began at `began` of the host's time. */
  private note(index: number, run: PlainSearchRun, began: number | undefined): void {
    const seen = this.seen[index];
    const now = began === undefined ? undefined : this.ledger.timeUsed();
    if (began !== undefined && now !== undefined) seen.time += now - began;
    seen.stored = run.stored;
    seen.progress = run.bestProgress;
    seen.progressAt = run.progressAt;
    seen.stalled = !this.entrants[index].steady && stalled(run);
  }

  /**
   * Drop the counted entrant holding the most states, a stalled one first (`stalled` above),
   * settled with the ledger so its states leave the live count; never the last one going. True
   * when one was dropped.
   */
  private dropLargest(): boolean {
    let going = 0;
    let pick = -1;
    let pickKey = -1;
    this.runs.forEach((run, i) => {
      if (!run || this.out[i]) return;
      going++;
      const entrant = this.entrants[i];
      if (!entrant.counted) return;
      // Stalled ones before the others, each group by its states.
      const key = run.stored + (!entrant.steady && stalled(run) ? Number.MAX_SAFE_INTEGER / 2 : 0);
      if (key > pickKey) {
        pickKey = key;
        pick = i;
      }
    });
    if (pick < 0 || going < 2) return false;
    this.ledger.settle(this.runs[pick]!);
    this.runs[pick] = undefined;
    this.out[pick] = true;
    return true;
  }

  /** Only solutions cheaper than `cost` matter now, to every entrant started. */
  setUpperBound(cost: number): void {
    for (const run of this.runs) run?.setUpperBound(cost);
  }

  /** Done with the race: every search started (but `keep`) is settled with the ledger and dropped. */
  release(keep?: PlainSearchRun): void {
    this.runs.forEach((run, i) => {
      if (!run || run === keep) return;
      this.ledger.settle(run);
      this.runs[i] = undefined;
      this.out[i] = true;
    });
  }
}
