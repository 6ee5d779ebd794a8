/**
 * Keyboard shortcuts: matching a key press and showing the keys the platform's way
 * (Ctrl+Shift+P on Windows and Linux, ⌘⇧P on macOS). `mod` is Ctrl, or Cmd on a Mac; either
 * works everywhere, so a Mac keyboard on Linux still reaches the palette.
 */
export interface Shortcut {
  /** `KeyboardEvent.key`; letters in lower case. */
  readonly key: string;
  readonly mod?: boolean;
  readonly shift?: boolean;
  readonly alt?: boolean;
}

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

export function normalKey(key: string): string {
  return key.length === 1 ? key.toLowerCase() : key;
}

export function matchesShortcut(press: KeyPress, shortcut: Shortcut): boolean {
  return (
    normalKey(press.key) === shortcut.key &&
    (press.ctrlKey || press.metaKey) === (shortcut.mod ?? false) &&
    press.shiftKey === (shortcut.shift ?? false) &&
    press.altKey === (shortcut.alt ?? false)
  );
}

export function isMacPlatform(nav: { readonly platform?: string; readonly userAgent?: string } | undefined = globalThis.navigator): boolean {
  return /Mac|iPhone|iPad/.test(nav?.platform ?? '') || /Mac OS X/.test(nav?.userAgent ?? '');
}

const GLYPHS: Readonly<Record<string, string>> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→' };
/** Keys with a name that needs translating: message keys under `keys.`. */
const NAMED = new Set(['Enter', 'Escape', 'PageUp', 'PageDown', 'Home', 'End', 'Delete', 'Backspace', 'Tab', 'Space']);

export function formatShortcut(shortcut: Shortcut, t: (key: string) => string, mac: boolean = isMacPlatform()): string {
  // The space bar's `KeyboardEvent.key` is " ": written as is, it would vanish from the hint.
  const name = shortcut.key === ' ' ? 'Space' : shortcut.key;
  const key = GLYPHS[name] ?? (NAMED.has(name) ? t(`keys.${name}`) : name.length === 1 ? name.toUpperCase() : name);
  if (mac) return `${shortcut.mod ? '⌘' : ''}${shortcut.alt ? '⌥' : ''}${shortcut.shift ? '⇧' : ''}${key}`;
  const parts: string[] = [];
  if (shortcut.mod) parts.push(t('keys.ctrl'));
  if (shortcut.alt) parts.push(t('keys.alt'));
  if (shortcut.shift) parts.push(t('keys.shift'));
  parts.push(key);
  return parts.join('+');
}
