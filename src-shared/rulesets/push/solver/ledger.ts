/**
 * One state budget and one stop for all the searches of a solve (quick searches, the exact
 * search, fallbacks, polishing): each search is granted a share of what is left and charged what
 * it stored, so a solve stores at most its budget in total and a level that runs out takes about
 * one budget's worth of time. Searches that run in slices, paused and resumed between phases
 * (the race for a first solution, the exact search), are followed while they live: what they have
 * stored so far counts as spent. Once the host's stop has fired, no further search is granted
 * anything.
 *
 * A time-led run (the host gives `timeSpent`, the share of its time limit used): the total is
 * the states the run will have stored when the time is up at its rate so far, when that is less
 * than the budget. Every phase's share of the budget is then about the same share of the time,
 * so a large budget with a time limit still leaves time to tighten and polish a first solution.
 *
 * A time-led run whose memory cap holds fewer states than its budget caps the states of the
 * searches that live (`liveCap`), not all it ever stored: a search settled and dropped gives its
 * room back (its tables are garbage), so a run of minutes goes on past the cap's worth of states
 * once the race drops an entrant (race.ts). Otherwise the cap is on all states stored, as the
 * budget is (a result stays a function of the level and the budget).
 */
import type { PlainSearchResult, PlainSearchRun } from './search.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';

type Figures = Pick<PlainSearchResult, 'nodes' | 'stored' | 'bytesPerState'>;

/** The time share the searches must have run for before their rate is believed (noise before). */
const RATE_AFTER = 0.02;

export class SolveLedger {
  /** The state budget. */
  readonly budget: number;
  /** Memory per stored state of the largest search (for the bench). */
  bytesPerState: number | undefined;
  private largest = 0;
  /** States stored and nodes expanded by the searches that have ended. */
  private settledStored = 0;
  private settledNodes = 0;
  private readonly live = new Set<PlainSearchRun>();

  private readonly poll: StopPoll;
  private readonly timeSpent: (() => number) | undefined;
  /** The share of the time spent when the first search began (precomputations before it store nothing). */
  private began: number | undefined;

  /** The most states the live searches may hold at once (Infinity: only the budget counts). */
  readonly liveCap: number;

  constructor(budget: number, poll: StopPoll, timeSpent?: () => number, liveCap = Infinity) {
    this.budget = budget;
    this.poll = poll;
    this.timeSpent = timeSpent;
    this.liveCap = liveCap;
  }

  /** States held by the searches followed now (what the memory holds of them). */
  get liveStored(): number {
    let sum = 0;
    for (const run of this.live) sum += run.stored;
    return sum;
  }

  /** What ends the room: the live cap (memory) when it is the tighter, else the budget. */
  get fullBy(): 'memory' | 'budget' {
    return this.liveCap - this.liveStored <= this.total - this.spent ? 'memory' : 'budget';
  }

  /**
   * The states this solve may store in all: the budget, or in a time-led run the states it will
   * have stored when the time is up, at its rate since the first search began, if fewer.
   */
  get total(): number {
    if (!this.timeSpent) return this.budget;
    const now = this.timeSpent();
    this.began ??= now;
    const ran = now - this.began;
    const spent = this.spent;
    // No rate yet: too soon, or nothing stored (a search still building its tables).
    if (ran < RATE_AFTER || spent === 0) return this.budget;
    const projected = spent + Math.ceil((spent / ran) * Math.max(0, 1 - now));
    return Math.min(this.budget, projected);
  }

  /** The share of the host's time limit used so far, or undefined when the host gave none (SolveOptions.timeSpent). */
  timeUsed(): number | undefined {
    return this.timeSpent?.();
  }

  /** Whether the host's stop fired (the result then says it stopped, not that the budget ran out). */
  get stopped(): boolean {
    return this.poll.stopped;
  }

  /** States stored so far, over all searches (the live ones included). */
  get spent(): number {
    let sum = this.settledStored;
    for (const run of this.live) sum += run.stored;
    return sum;
  }

  /** Nodes expanded so far, over all searches. */
  get nodes(): number {
    let sum = this.settledNodes;
    for (const run of this.live) sum += run.nodes;
    return sum;
  }

  get left(): number {
    const room = this.total - this.spent;
    return Math.max(0, this.liveCap === Infinity ? room : Math.min(room, this.liveCap - this.liveStored));
  }

  /** Whether the host's time limit leads (it gave `timeSpent`). */
  get timeLed(): boolean {
    return this.timeSpent !== undefined;
  }

  /** A time-led run whose time is up (the host's stop fires a moment later, or at once). */
  get outOfTime(): boolean {
    return this.timeSpent !== undefined && this.timeSpent() >= 1;
  }

  /** The searches are about to begin: a time-led run measures its rate from here. */
  begin(): void {
    if (this.timeSpent) this.began ??= this.timeSpent();
  }

  /** A share of at most `want` states (whole, never below 0), never more than what is left; 0 after a stop. */
  grant(want: number): number {
    if (this.stopped) return 0;
    return Math.max(0, Math.min(Math.floor(want), this.left));
  }

  /** Charge a search that has ended. */
  charge(result: Figures): void {
    this.settledNodes += result.nodes;
    this.settledStored += result.stored;
    if (result.stored >= this.largest && result.bytesPerState) {
      this.largest = result.stored;
      this.bytesPerState = result.bytesPerState;
    }
  }

  /** Follow a search that runs in slices: what it stores counts as it goes. */
  follow(run: PlainSearchRun): PlainSearchRun {
    this.live.add(run);
    return run;
  }

  /** A followed search is done with (ended, or given up): its figures stay spent. */
  settle(run: PlainSearchRun): void {
    if (!this.live.delete(run)) return;
    this.charge(run);
  }

  /** Settle every followed search (at the end of a solve, for the memory figure). */
  settleAll(): void {
    for (const run of [...this.live]) this.settle(run);
  }
}
