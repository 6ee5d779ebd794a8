/**
 * One state budget and one stop for all the searches of a solve (quick searches, the exact
 * search, fallbacks, polishing): each search is granted a share of what is left and charged what
 * it stored, so a solve stores at most its budget in total and a level that runs out takes about
 * one budget's worth of time. Once the host's stop has fired, no further search is granted
 * anything.
 */
import type { PlainSearchResult } from './search.ts';
import type { StopPoll } from './stop.ts';

export class SolveLedger {
  readonly total: number;
  /** States stored so far, over all searches. */
  spent = 0;
  /** Nodes expanded so far, over all searches. */
  nodes = 0;
  /** Memory per stored state of the largest search (for the bench). */
  bytesPerState: number | undefined;
  private largest = 0;

  private readonly poll: StopPoll;

  constructor(total: number, poll: StopPoll) {
    this.total = total;
    this.poll = poll;
  }

  /** Whether the host's stop fired (the result then says it stopped, not that the budget ran out). */
  get stopped(): boolean {
    return this.poll.stopped;
  }

  get left(): number {
    return Math.max(0, this.total - this.spent);
  }

  /** A share of at most `want` states (whole, never below 0), never more than what is left; 0 after a stop. */
  grant(want: number): number {
    if (this.stopped) return 0;
    return Math.max(0, Math.min(Math.floor(want), this.left));
  }

  /** Charge a search's result. */
  charge(result: PlainSearchResult): void {
    this.nodes += result.nodes;
    this.spent += result.stored;
    if (result.stored >= this.largest && result.bytesPerState) {
      this.largest = result.stored;
      this.bytesPerState = result.bytesPerState;
    }
  }
}
