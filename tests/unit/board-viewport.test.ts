/**
 * The zoomable board's geometry (fit, zoom about the pointer, the cell under it) and the
 * play-test's pacing of visual events: frames shown in order, each while it animates, none lost.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cellAtPoint, fitViewport, gridPath, panBy, zoomAt } from '../../src-renderer/src/composables/board-viewport.ts';
import { FramePacer, eventsMs } from '../../src-renderer/src/services/play/pacing.ts';

describe('board viewport geometry', () => {
  it('fits the whole board, centred', () => {
    const view = fitViewport(1000, 500, 10, 5, 0);
    expect(view).toEqual({ scale: 100, offsetX: 0, offsetY: 0 });
    expect(fitViewport(1000, 500, 5, 5, 0)).toEqual({ scale: 100, offsetX: 250, offsetY: 0 });
  });

  it('zooms about the pointer: the cell under it stays under it', () => {
    const view = { scale: 20, offsetX: 10, offsetY: 10 };
    const before = cellAtPoint(view, 115, 55, 20, 20);
    const zoomed = zoomAt(view, 1.5, 115, 55);
    expect(zoomed.scale).toBe(30);
    expect(cellAtPoint(zoomed, 115, 55, 20, 20)).toEqual(before);
    expect(cellAtPoint(panBy(view, 20, 0), 115, 55, 20, 20)).toEqual({ x: before!.x - 1, y: before!.y });
  });

  it('has no cell off the board, and draws the lines between cells', () => {
    expect(cellAtPoint({ scale: 10, offsetX: 0, offsetY: 0 }, -1, 5, 3, 3)).toBeUndefined();
    expect(cellAtPoint({ scale: 10, offsetX: 0, offsetY: 0 }, 35, 5, 3, 3)).toBeUndefined();
    expect(gridPath(2, 2)).toBe('M1 0V2M0 1H2');
  });
});

describe('pacing visual events', () => {
  afterEach(() => vi.useRealTimers());

  it('shows every frame in order, each for its events\' time, and jumps ahead on a long backlog', () => {
    vi.useFakeTimers();
    const shown: number[] = [];
    const pacer = new FramePacer<number>((f) => shown.push(f));
    pacer.push(1, 90);
    pacer.push(2, 90);
    pacer.push(3, 0);
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(90);
    expect(shown).toEqual([1, 2]);
    vi.advanceTimersByTime(90);
    expect(shown).toEqual([1, 2, 3]);
    for (let i = 10; i < 20; i++) pacer.push(i, 90);
    vi.advanceTimersByTime(10_000);
    expect(shown.at(-1)).toBe(19);
  });

  it('a slide takes longer than a step; no animation, no wait', () => {
    expect(eventsMs([{ type: 'move' }], 90)).toBe(90);
    expect(eventsMs([{ type: 'slide', path: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }, { x: 3, y: 0 }] }], 90)).toBe(180);
    expect(eventsMs([], 90)).toBe(0);
    expect(eventsMs([{ type: 'move' }], 0)).toBe(0);
  });
});
