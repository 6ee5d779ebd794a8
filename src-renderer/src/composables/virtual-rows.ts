/**
 * Virtual scrolling for a list of fixed-height rows: only the rows in view (and `overscan` more
 * above and below, so a quick scroll shows no gap) are drawn, so a thousand rows scroll smoothly.
 * The caller binds `measure` to the viewport's scroll event, places row `index` at
 * `index * rowHeight` inside a spacer of `count * rowHeight`, and marks each row element with
 * `data-row-index` so `reveal` can focus it. Used by the library's level table.
 */
import { computed, nextTick, onMounted, onUnmounted, ref, type ComputedRef, type Ref } from 'vue';

/** The viewport height where layout gives none (a test DOM without layout). */
const FALLBACK_HEIGHT = 600;

export interface VirtualRows {
  /** The first row drawn (inclusive) and the last (exclusive). */
  readonly first: ComputedRef<number>;
  readonly last: ComputedRef<number>;
  readonly viewportHeight: Ref<number>;
  /** Rows a PageUp/PageDown moves: a viewport less one, at least one. */
  readonly pageSize: ComputedRef<number>;
  /** Reads the viewport's height and scroll position (bind to its scroll event). */
  measure(): void;
  /** Scrolls row `index` into view, and focuses it after the next render when `focus`. */
  reveal(index: number, focus: boolean): void;
  scrollToTop(): void;
}

export function useVirtualRows(options: {
  readonly viewport: Ref<HTMLElement | null>;
  readonly count: () => number;
  readonly rowHeight: () => number;
  /** Rows drawn beyond the visible ones on each side. */
  readonly overscan?: number;
  /** Runs once the viewport is measured on mount (e.g. reveal the selection). */
  readonly onMounted?: () => void;
}): VirtualRows {
  const overscan = options.overscan ?? 8;
  const scrollTop = ref(0);
  const viewportHeight = ref(FALLBACK_HEIGHT);
  const first = computed(() => Math.max(0, Math.floor(scrollTop.value / options.rowHeight()) - overscan));
  const last = computed(() => Math.min(options.count(), Math.ceil((scrollTop.value + viewportHeight.value) / options.rowHeight()) + overscan));
  const pageSize = computed(() => Math.max(1, Math.floor(viewportHeight.value / options.rowHeight()) - 1));

  function measure(): void {
    const el = options.viewport.value;
    if (!el) return;
    viewportHeight.value = el.clientHeight > 0 ? el.clientHeight : FALLBACK_HEIGHT;
    scrollTop.value = el.scrollTop;
  }

  function reveal(index: number, focus: boolean): void {
    const el = options.viewport.value;
    if (!el || index < 0) return;
    const h = options.rowHeight();
    const top = index * h;
    let next = el.scrollTop;
    if (top < next) next = top;
    else if (top + h > next + viewportHeight.value) next = top + h - viewportHeight.value;
    if (next !== el.scrollTop) el.scrollTop = next;
    scrollTop.value = next;
    if (focus) void nextTick(() => el.querySelector<HTMLElement>(`[data-row-index="${index}"]`)?.focus({ preventScroll: true }));
  }

  function scrollToTop(): void {
    if (options.viewport.value) options.viewport.value.scrollTop = 0;
    scrollTop.value = 0;
  }

  let observer: ResizeObserver | undefined;
  onMounted(() => {
    measure();
    if (typeof ResizeObserver !== 'undefined' && options.viewport.value) {
      observer = new ResizeObserver(measure);
      observer.observe(options.viewport.value);
    }
    options.onMounted?.();
  });
  onUnmounted(() => observer?.disconnect());

  return { first, last, viewportHeight, pageSize, measure, reveal, scrollToTop };
}
