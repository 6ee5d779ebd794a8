/**
 * The window's key handler: runs the first enabled command whose shortcut matches. Widgets that
 * use a key themselves (lists with arrows, the palette, text fields) call `preventDefault`, and
 * then the press is theirs. In a text field only shortcuts with Ctrl/Cmd apply.
 */
import { onMounted, onUnmounted, type Ref } from 'vue';
import type { Command } from './registry.ts';
import { matchesShortcut } from './shortcuts.ts';

export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'file', 'submit', 'reset', 'range', 'color'].includes(target.type);
}

export function findCommand(commands: readonly Command[], event: KeyboardEvent): Command | undefined {
  const editable = isEditable(event.target);
  return commands.find((c) => c.enabled() && c.shortcuts.some((s) => (!editable || s.mod) && matchesShortcut(event, s)));
}

export function handleShortcut(commands: readonly Command[], event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  const command = findCommand(commands, event);
  if (!command) return false;
  event.preventDefault();
  if (event.repeat && !command.repeats) return true;
  command.run();
  return true;
}

export function useGlobalShortcuts(commands: Readonly<Ref<readonly Command[]>>, paused: () => boolean = () => false, target: Window = window): void {
  const onKey = (event: KeyboardEvent) => {
    if (!paused()) handleShortcut(commands.value, event);
  };
  onMounted(() => target.addEventListener('keydown', onKey));
  onUnmounted(() => target.removeEventListener('keydown', onKey));
}
