/**
 * Window-wide state: the view shown and the panel open over it (registered ids; the store knows no
 * view), the theme
 * (persisted), toasts, the command palette, where the keyboard focus is, and the link to the
 * host. Toasts carry message keys, not text, so the store stays free of i18n.
 */
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import type { ApiError } from '../../../src-shared/api/studio-api.ts';
import type { ConnectionStatus } from '../bridge/connection.ts';
import { LOCALE_STORAGE_KEY, initialLocale, type Locale } from '../i18n/locale.ts';

/** A registered view's id (`registerView`). */
export type ViewName = string;
export type Theme = 'dark' | 'light';
export type ToastKind = 'error' | 'info' | 'success';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  /** Message key and params of the headline ("Import failed"). */
  readonly title: string;
  readonly params?: Readonly<Record<string, string | number>>;
  /** Text from the host (an API error's message), shown as is. */
  readonly detail?: string;
  /** Message key saying what to do next. */
  readonly advice?: string;
}

export const THEME_STORAGE_KEY = 'gridwright.theme';
export const COMPACT_STORAGE_KEY = 'gridwright.levelList.compact';
const INFO_TOAST_MS = 5000;
const ERROR_TOAST_MS = 15000;

function storedTheme(): Theme {
  try {
    return globalThis.localStorage?.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

function storedFlag(key: string): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

/** Keeps a setting across windows; with storage off it lasts for this window only. */
function remember(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage may be off.
  }
}

/** What to do next, by API error code (the host's message says what happened). */
export const ERROR_ADVICE: Readonly<Record<ApiError['code'], string>> = {
  'invalid-request': 'errors.advice.invalidRequest',
  'unknown-channel': 'errors.advice.unknownChannel',
  'not-found': 'errors.advice.notFound',
  forbidden: 'errors.advice.forbidden',
  internal: 'errors.advice.internal',
};

export const useUiStore = defineStore('ui', () => {
  /** The view shown; the shell starts on the first view of the rail (shell/workbench.ts). */
  const view = ref<ViewName>('');
  const theme = ref<Theme>(storedTheme());
  /** The studio's language (the App applies it to vue-i18n); remembered once chosen. */
  const locale = ref<Locale>(initialLocale());
  /** The level list in compact rows (no thumbnails), remembered. */
  const compactList = ref(storedFlag(COMPACT_STORAGE_KEY));
  const toasts = ref<Toast[]>([]);
  const paletteOpen = ref(false);
  /**
   * A registered panel open in place over the view shown (`registerPanel`: the replay scrubber
   * opened from a list row), or none. It belongs to the view it was opened in: showing another
   * view closes it.
   */
  const panel = ref<string | null>(null);
  /** A dialog of the shell or a view that a command opens (`generate`, `goToLevel`), or none. */
  const dialog = ref<string | null>(null);
  const connection = ref<ConnectionStatus | null>(null);
  /** Set by the component that owns the file input, so a command can open the picker. */
  const filePicker = ref<(() => void) | null>(null);
  /** The play board has the keyboard focus (keys such as Tab then belong to play). */
  const boardFocused = ref(false);
  let nextToast = 1;

  watch(
    theme,
    (value) => {
      if (typeof document !== 'undefined') document.documentElement.dataset.theme = value;
      remember(THEME_STORAGE_KEY, value);
    },
    { immediate: true },
  );
  watch(compactList, (value) => remember(COMPACT_STORAGE_KEY, String(value)));

  /** Switches the language and remembers the choice (the system's languages no longer decide). */
  function setLocale(value: Locale): void {
    locale.value = value;
    remember(LOCALE_STORAGE_KEY, value);
  }

  function toggleTheme(): void {
    theme.value = theme.value === 'dark' ? 'light' : 'dark';
  }

  function show(view_: ViewName): void {
    if (view.value !== view_) panel.value = null;
    view.value = view_;
  }

  function openPanel(id: string): void {
    panel.value = id;
  }

  function closePanel(): void {
    panel.value = null;
  }

  function toast(entry: Omit<Toast, 'id'>): number {
    const id = nextToast++;
    toasts.value = [...toasts.value.slice(-4), { ...entry, id }];
    setTimeout(() => dismiss(id), entry.kind === 'error' ? ERROR_TOAST_MS : INFO_TOAST_MS);
    return id;
  }

  function dismiss(id: number): void {
    toasts.value = toasts.value.filter((t) => t.id !== id);
  }

  /** An API call failed: what happened (the host's message) and what to do next. */
  function reportError(title: string, error: ApiError, params?: Record<string, string | number>): void {
    toast({ kind: 'error', title, params, detail: error.message, advice: ERROR_ADVICE[error.code] });
  }

  return { view, panel, theme, locale, compactList, toasts, paletteOpen, dialog, connection, filePicker, boardFocused, toggleTheme, setLocale, show, openPanel, closePanel, toast, dismiss, reportError };
});
