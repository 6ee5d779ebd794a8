/**
 * One state budget and one stop for all the searches of a solve (quick searches, the exact
 * search, fallbacks, polishing): each search is granted a share of what is left and charged what
 * it stored, so a solve stores at most its budget in total and a level that runs out takes about
 * one budget's worth of time. Searches that run in slices, paused and resumed between phases
 * (the race for a first solution, the exact search), are followed while they live: what they have
 * stored so far counts as spent. Once the host's stop has fired, no further search is granted
 * anything.
 */
import type { PlainSearchResult, PlainSearchRun } from './search.ts';
import type { StopPoll } from '../../../search/stop-poll.ts';

type Figures = Pick<PlainSearchResult, 'nodes' | 'stored' | 'bytesPerState'>;

export class SolveLedger {
  readonly total: number;
  /** Memory per stored state of the largest search (for the bench). */
  bytesPerState: number | undefined;
  private largest = 0;
  /** States stored and nodes expanded by the searches that have ended. */
  private settledStored = 0;
  private settledNodes = 0;
  private readonly live = new Set<PlainSearchRun>();

  private readonly poll: StopPoll;

  constructor(total: number, poll: StopPoll) {
    this.total = total;
    this.poll = poll;
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
    return Math.max(0, this.total - this.spent);
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
