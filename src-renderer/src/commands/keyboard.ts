/**
 * The window's key handler: runs the first runnable command (its `when` and `enabled` hold) whose
 * shortcut matches. Widgets that use a key themselves (lists with arrows, the palette, text
 * fields) call `preventDefault`, and then the press is theirs. In a text field only shortcuts with
 * Ctrl/Cmd apply.
 */
import { onMounted, onUnmounted } from 'vue';
import type { Command } from './registry.ts';
import { matchesShortcut } from './shortcuts.ts';

export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'file', 'submit', 'reset', 'range', 'color'].includes(target.type);
}

/** The first of `runnable` (commands that may run now) whose shortcut the press matches. */
export function findCommand(runnable: readonly Command[], event: KeyboardEvent): Command | undefined {
  const editable = isEditable(event.target);
  return runnable.find((c) => c.shortcuts.some((s) => (!editable || s.mod) && matchesShortcut(event, s)));
}

export function handleShortcut(runnable: readonly Command[], event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  const command = findCommand(runnable, event);
  if (!command) return false;
  event.preventDefault();
  if (event.repeat && !command.repeats) return true;
  command.run();
  return true;
}

export function useGlobalShortcuts(runnable: () => readonly Command[], paused: () => boolean = () => false, target: Window = window): void {
  const onKey = (event: KeyboardEvent) => {
    if (!paused()) handleShortcut(runnable(), event);
  };
  onMounted(() => target.addEventListener('keydown', onKey));
  onUnmounted(() => target.removeEventListener('keydown', onKey));
}
