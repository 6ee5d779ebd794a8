// @vitest-environment happy-dom
/**
 * The Campaign list's drag (views/campaign/list-drag.ts) on a bare list of rows: a press becomes
 * a drag past a few pixels, moves only move the drop line, the release drops where the pointer is
 * (and the click it ends is swallowed), Escape or a release outside the list drops nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, defineComponent, h, ref, type App } from 'vue';
import type { DropTarget } from '../../src-renderer/src/views/campaign/campaign-rows.ts';
import { useListDrag, type ListDrag } from '../../src-renderer/src/views/campaign/list-drag.ts';

const ROW = 28;
/** The list's box on the page: 500 × 280 px at (10, 100). */
const BOX = { left: 10, top: 100, right: 510, bottom: 380, width: 500, height: 280, x: 10, y: 100 };

let app: App | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  document.body.innerHTML = '';
});

function mountList(): { drag: ListDrag; drops: [DropTarget, number][]; viewport: HTMLElement; line: HTMLElement; row: (i: number) => HTMLElement } {
  const drops: [DropTarget, number][] = [];
  let drag!: ListDrag;
  const viewport = ref<HTMLElement | null>(null);
  const line = ref<HTMLElement | null>(null);
  const Harness = defineComponent(() => {
    drag = useListDrag({ viewport, line, rowHeight: ROW, enabled: () => true, targetAt: (y) => ({ before: Math.round(y / ROW), line: Math.round(y / ROW) }), onDrop: (target, levelId) => drops.push([target, levelId]) });
    return () =>
      h('div', { ref: viewport, class: 'viewport' }, [
        ...[0, 1, 2, 3, 4].map((i) => h('div', { 'data-level-id': String(100 + i), class: 'level' }, `L${i}`)),
        h('div', { ref: line, class: 'drop-line', style: 'visibility: hidden' }),
      ]);
  });
  const host = document.createElement('div');
  document.body.append(host);
  app = createApp(Harness);
  app.mount(host);
  viewport.value!.getBoundingClientRect = () => ({ ...BOX, toJSON: () => BOX }) as DOMRect;
  return { drag, drops, viewport: viewport.value!, line: line.value!, row: (i) => viewport.value!.querySelectorAll<HTMLElement>('.level')[i] };
}

function pointer(type: string, target: EventTarget, x: number, y: number): PointerEvent {
  const event = new PointerEvent(type, { bubbles: true, clientX: x, clientY: y, pointerId: 1, button: 0, buttons: type === 'pointerup' ? 0 : 1 });
  target.dispatchEvent(event);
  return event;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));

describe('dragging levels in the Campaign list', () => {
  it('a press that barely moves stays a click', async () => {
    const list = mountList();
    list.drag.press(pointer('pointerdown', list.row(1), 50, 100 + ROW + 10));
    pointer('pointermove', window, 52, 100 + ROW + 12);
    pointer('pointerup', window, 52, 100 + ROW + 12);
    await nextFrame();
    expect(list.drops).toEqual([]);
    expect(list.drag.consumeClick()).toBe(false);
    expect(list.row(1).classList.contains('dragged')).toBe(false);
  });

  it('moves only the drop line until the release, which drops where the pointer is and swallows its click', async () => {
    const list = mountList();
    list.drag.press(pointer('pointerdown', list.row(1), 50, 100 + ROW + 10));
    pointer('pointermove', window, 50, 100 + 2 * ROW);
    pointer('pointermove', window, 50, 100 + 3 * ROW + 2);
    expect(list.viewport.classList.contains('dragging')).toBe(true);
    expect(list.row(1).classList.contains('dragged')).toBe(true);
    await nextFrame();
    expect(list.line.style.visibility).toBe('visible');
    expect(list.line.style.transform).toBe(`translateY(${3 * ROW}px)`);
    expect(list.drops).toEqual([]);
    pointer('pointerup', window, 50, 100 + 4 * ROW);
    expect(list.drops).toEqual([[{ before: 4, line: 4 }, 101]]);
    expect(list.line.style.visibility).toBe('hidden');
    expect(list.row(1).classList.contains('dragged')).toBe(false);
    expect(list.viewport.classList.contains('dragging')).toBe(false);
    expect(list.drag.consumeClick()).toBe(true);
    expect(list.drag.consumeClick()).toBe(false);
  });

  it('Escape, or a release outside the list, drops nothing', async () => {
    const list = mountList();
    list.drag.press(pointer('pointerdown', list.row(0), 50, 110));
    pointer('pointermove', window, 50, 100 + 2 * ROW);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    pointer('pointerup', window, 50, 100 + 2 * ROW);
    expect(list.drops).toEqual([]);
    expect(list.row(0).classList.contains('dragged')).toBe(false);

    list.drag.press(pointer('pointerdown', list.row(0), 50, 110));
    pointer('pointermove', window, 50, 100 + 2 * ROW);
    pointer('pointermove', window, 700, 100 + 2 * ROW);
    await nextFrame();
    expect(list.line.style.visibility).toBe('hidden');
    pointer('pointerup', window, 700, 100 + 2 * ROW);
    expect(list.drops).toEqual([]);
  });

  it('a release outside the window ends the drag when the pointer comes back with no button down', async () => {
    const list = mountList();
    list.drag.press(pointer('pointerdown', list.row(2), 50, 100 + 2 * ROW + 5));
    pointer('pointermove', window, 50, 100 + 4 * ROW);
    list.viewport.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 50, clientY: 100 + 4 * ROW, pointerId: 1, buttons: 0 }));
    expect(list.viewport.classList.contains('dragging')).toBe(false);
    pointer('pointerup', window, 50, 100 + 4 * ROW);
    expect(list.drops).toEqual([]);
    // The next press drags again.
    list.drag.press(pointer('pointerdown', list.row(0), 50, 110));
    pointer('pointermove', window, 50, 100 + 3 * ROW);
    pointer('pointerup', window, 50, 100 + 3 * ROW);
    expect(list.drops).toEqual([[{ before: 3, line: 3 }, 100]]);
  });
});
