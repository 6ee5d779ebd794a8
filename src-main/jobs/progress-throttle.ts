/**
 * A running job's progress, told to listeners at most once every PROGRESS_INTERVAL_MS: a search
 * reports thousands of times a second, and every event is a row read and an IPC message. The
 * latest value always goes out, late rather than never.
 */
import { performance } from 'node:perf_hooks';
import { PROGRESS_INTERVAL_MS } from './protocol.ts';

export class ProgressThrottle {
  /** The highest fraction reported so far (a worker may report out of order). */
  progress = 0;
  // The start event counts against the rate too: the throttle is made when the job starts.
  private lastEmit = performance.now();
  private timer?: ReturnType<typeof setTimeout>;
  private stopped = false;

  private readonly emit: () => void;

  /** `emit` tells listeners the job changed; it reads `progress`. */
  constructor(emit: () => void) {
    this.emit = emit;
  }

  report(progress: number): void {
    if (this.stopped) return;
    this.progress = Math.max(this.progress, progress);
    if (this.timer) return; // the pending event will carry the latest value
    this.emitWhenDue();
  }

  /** The job ended or was stopped: no event after this one. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private emitWhenDue(): void {
    this.timer = undefined;
    if (this.stopped) return;
    // Timers may fire a little early against this clock: wait again rather than exceed the rate.
    const wait = this.lastEmit + PROGRESS_INTERVAL_MS - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => this.emitWhenDue(), Math.ceil(wait));
      return;
    }
    this.lastEmit = performance.now();
    this.emit();
  }
}
