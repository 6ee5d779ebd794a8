/**
 * Dragging levels inside the Campaign list with pointer events, kept cheap per move: a move only
 * notes the pointer; once per animation frame the drop line (one element in its own layer) is
 * moved by a CSS transform. Nothing reactive changes between the press and the release (not even
 * the selection, set at the drop), so no row and no chart renders again until the drop. HTML5 drag and drop is not used: Chromium paints
 * a drag image of the page at its start and its per-row enter/leave events cannot tell leaving the
 * list from crossing a row (dragleave has no relatedTarget there), which hid and re-showed the
 * line, rebuilding its layer, at every row.
 *
 * A press becomes a drag after the pointer moves a few pixels (a click stays a click). Near the
 * list's top or bottom edge the list scrolls by itself; Escape, or a release outside the list,
 * drops nothing.
 */
import { onBeforeUnmount, type Ref } from 'vue';
import type { DropTarget } from './campaign-rows.ts';

/** Pixels a pressed pointer travels before the press is a drag. */
const DRAG_THRESHOLD_PX = 4;
/** The band at the list's top and bottom edges where a drag scrolls it, and its fastest speed per frame. */
const EDGE_PX = 32;
const MAX_SCROLL_PX = 18;

export interface ListDragOptions {
  readonly viewport: Ref<HTMLElement | null>;
  readonly line: Ref<HTMLElement | null>;
  /** Whether rows may be dragged now (the list in campaign order). */
  readonly enabled: () => boolean;
  /** The drop target at `y` px from the top of the rows. */
  readonly targetAt: (y: number) => DropTarget;
  readonly rowHeight: number;
  /** A drag of the pressed level ends over the list (the caller selects it if it is not, and moves). */
  readonly onDrop: (target: DropTarget, levelId: number) => void;
}

export interface ListDrag {
  /** Bind to the viewport's pointerdown. */
  press(event: PointerEvent): void;
  /** True once for the click that ends a drag (the click handler ignores it). */
  consumeClick(): boolean;
}

export function useListDrag(options: ListDragOptions): ListDrag {
  let pressed: { levelId: number; row: HTMLElement; pointerId: number; x: number; y: number } | null = null;
  let dragging = false;
  let box: DOMRect | null = null;
  let pointerY = 0;
  let inside = false;
  let frame = 0;
  let swallowClick = false;

  function press(event: PointerEvent): void {
    swallowClick = false;
    // A release the page never saw (outside the window) left the last press open: end it.
    if (pressed) end();
    if (event.button !== 0 || !options.enabled()) return;
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-level-id]');
    if (!row) return;
    pressed = { levelId: Number(row.dataset.levelId), row, pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', cancel);
  }

  function move(event: PointerEvent): void {
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    // Back over the page with no button down: released outside it, so nothing is dropped.
    if (event.buttons === 0) return cancel();
    if (!dragging) {
      if (Math.abs(event.clientX - pressed.x) < DRAG_THRESHOLD_PX && Math.abs(event.clientY - pressed.y) < DRAG_THRESHOLD_PX) return;
      begin();
    }
    pointerY = event.clientY;
    inside = box !== null && event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (frame === 0) frame = requestAnimationFrame(draw);
  }

  function begin(): void {
    const viewport = options.viewport.value;
    if (!viewport || !pressed) return cancel();
    dragging = true;
    // The list does not move on the page during a drag (it only scrolls): its box is read once.
    box = viewport.getBoundingClientRect();
    // Classes set here, not through Vue: a reactive change would render the list (and whatever
    // follows the selection) in the drag's first frame. The selection changes at the drop.
    viewport.classList.add('dragging');
    pressed.row.classList.add('dragged');
    window.addEventListener('keydown', escape, true);
  }

  /** One frame: scroll at an edge, then the line to the target under the pointer. */
  function draw(): void {
    frame = 0;
    const viewport = options.viewport.value;
    const line = options.line.value;
    if (!dragging || !viewport || !line || !box) return;
    const speed = inside ? edgeSpeed(pointerY - box.top, box.height) : 0;
    if (speed !== 0) viewport.scrollTop += speed;
    if (!inside) {
      line.style.visibility = 'hidden';
      return;
    }
    const target = options.targetAt(pointerY - box.top + viewport.scrollTop);
    line.style.transform = `translateY(${target.line * options.rowHeight}px)`;
    line.style.visibility = 'visible';
    // Keep scrolling while the pointer rests at the edge.
    if (speed !== 0) frame = requestAnimationFrame(draw);
  }

  function release(event: PointerEvent): void {
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    const viewport = options.viewport.value;
    const wasDragging = dragging;
    if (wasDragging) {
      pointerY = event.clientY;
      inside = box !== null && event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    }
    const target = wasDragging && inside && viewport && box ? options.targetAt(pointerY - box.top + viewport.scrollTop) : null;
    const levelId = pressed.levelId;
    end();
    swallowClick = wasDragging;
    if (target) options.onDrop(target, levelId);
  }

  function escape(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  }

  function cancel(): void {
    swallowClick = dragging;
    end();
  }

  function end(): void {
    pressed?.row.classList.remove('dragged');
    pressed = null;
    dragging = false;
    box = null;
    cancelAnimationFrame(frame);
    frame = 0;
    options.viewport.value?.classList.remove('dragging');
    if (options.line.value) options.line.value.style.visibility = 'hidden';
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', release);
    window.removeEventListener('pointercancel', cancel);
    window.removeEventListener('keydown', escape, true);
  }

  onBeforeUnmount(end);

  return {
    press,
    consumeClick: () => {
      const swallow = swallowClick;
      swallowClick = false;
      return swallow;
    },
  };
}

/** Pixels to scroll this frame for a pointer `y` px below the list's top in a list `height` tall: faster nearer the edge. */
function edgeSpeed(y: number, height: number): number {
  if (y < EDGE_PX) return -Math.ceil(((EDGE_PX - y) / EDGE_PX) * MAX_SCROLL_PX);
  if (y > height - EDGE_PX) return Math.ceil(((y - (height - EDGE_PX)) / EDGE_PX) * MAX_SCROLL_PX);
  return 0;
}
