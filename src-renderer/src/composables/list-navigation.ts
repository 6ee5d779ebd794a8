/**
 * Arrow-key navigation for lists (roving focus): Up/Down (or Left/Right in a row layout),
 * Home/End, PageUp/PageDown move the active item and focus it; Enter activates it. Items are the
 * container's elements marked `data-nav-item`, in document order.
 */
import { nextTick, type Ref } from 'vue';

export interface ListNavigation {
  onKeydown(event: KeyboardEvent): void;
  focusActive(): void;
}

export function useListNavigation(options: {
  readonly container: Ref<HTMLElement | null>;
  readonly count: () => number;
  readonly active: () => number;
  readonly select: (index: number) => void;
  readonly activate?: (index: number) => void;
  readonly orientation?: 'vertical' | 'horizontal';
  readonly page?: number;
}): ListNavigation {
  const page = options.page ?? 10;
  const [prev, next] = options.orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];

  function focusActive(): void {
    void nextTick(() => {
      const items = options.container.value?.querySelectorAll<HTMLElement>('[data-nav-item]');
      const item = items?.[options.active()];
      item?.focus();
      item?.scrollIntoView?.({ block: 'nearest' });
    });
  }

  function onKeydown(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const count = options.count();
    if (count === 0) return;
    const current = Math.max(0, options.active());
    let target: number | undefined;
    switch (event.key) {
      case prev:
        target = Math.max(0, current - 1);
        break;
      case next:
        target = Math.min(count - 1, current + 1);
        break;
      case 'Home':
        target = 0;
        break;
      case 'End':
        target = count - 1;
        break;
      case 'PageUp':
        target = Math.max(0, current - page);
        break;
      case 'PageDown':
        target = Math.min(count - 1, current + page);
        break;
      case 'Enter':
        if (options.activate) {
          event.preventDefault();
          options.activate(current);
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    options.select(target);
    focusActive();
  }

  return { onKeydown, focusActive };
}
