/**
 * Visual events played one after another (seed 000: the rules have already moved on; animation
 * only shows what happened, and input given meanwhile is never lost or reordered). Every command
 * is applied to the model at once; the board shows the snapshots in order, each for as long as
 * its events take to animate. How long that is comes from the stylesheet (`--piece-move-ms` in
 * board.css), so where no stylesheet animates (reduced motion, tests) nothing waits.
 */
import type { VisualEvent } from '../../../../src-shared/engine/ruleset.ts';

/** More frames waiting than this and the board jumps to the newest (a held key). */
const MAX_BACKLOG = 4;

/** The stylesheet's step time (0 where no stylesheet animates). Reached through globalThis: the tests' Node typing has no DOM. */
export function pieceMoveMs(): number {
  const g = globalThis as { document?: { documentElement: unknown }; getComputedStyle?: (el: unknown) => { getPropertyValue(name: string): string } };
  if (!g.document || typeof g.getComputedStyle !== 'function') return 0;
  const value = Number.parseFloat(g.getComputedStyle(g.document.documentElement).getPropertyValue('--piece-move-ms'));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** How long a step's events take on the board. */
export function eventsMs(events: readonly VisualEvent[], unit: number = pieceMoveMs()): number {
  if (unit === 0 || events.length === 0) return 0;
  const longest = Math.max(1, ...events.map((e) => (e.type === 'slide' ? Math.ceil((e.path?.length ?? 2) / 2) : 1)));
  return unit * longest;
}

/** The animation class of each piece a step's events concern (the board's `pieceClasses`). */
export function pieceAnimationClasses(events: readonly VisualEvent[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const event of events) {
    if (!event.entity) continue;
    if (event.type === 'bump') out[event.entity] = 'anim-bump';
    else if (event.type === 'teleport') out[event.entity] = 'anim-jump';
    else if (event.type === 'slide') out[event.entity] = 'anim-slide';
  }
  return out;
}

/** A queue of frames shown one after another; `show` receives each in order. */
export class FramePacer<F> {
  private readonly queue: { frame: F; ms: number }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly show: (frame: F) => void;

  constructor(show: (frame: F) => void) {
    this.show = show;
  }

  get busy(): boolean {
    return this.timer !== undefined;
  }

  push(frame: F, ms: number): void {
    if (this.timer === undefined) return this.display(frame, ms);
    this.queue.push({ frame, ms });
    if (this.queue.length > MAX_BACKLOG) this.queue.splice(0, this.queue.length - 1);
  }

  /** Shows `frame` now and forgets the queue (a new play). */
  reset(frame: F): void {
    this.queue.length = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.show(frame);
  }

  private display(frame: F, ms: number): void {
    this.show(frame);
    if (ms <= 0) return this.next();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.next();
    }, ms);
  }

  private next(): void {
    const head = this.queue.shift();
    if (head) this.display(head.frame, head.ms);
  }
}
