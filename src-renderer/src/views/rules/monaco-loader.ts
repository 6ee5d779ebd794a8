/**
 * Loads Monaco in the studio's language. Monaco's ESM build reads its own messages (menus, find
 * widget, hovers, the diff editor's labels) from the `_VSCODE_NLS_MESSAGES` global, many of them
 * while its modules are evaluated: the language's table must be set before Monaco is imported.
 * Monaco is evaluated once per page, so the language of the first load stays until a reload.
 * The JSON worker's schema messages ('Incorrect type. Expected "integer"') come from
 * vscode-json-languageservice through @vscode/l10n in the worker, for which Monaco ships no
 * translation: RulesEditor.vue sets its markers again in the studio's words (json-problems.ts).
 */
import type { Locale } from '../../i18n/locale.ts';

/** Each locale's table of Monaco messages; English is Monaco's own and needs none. */
export const MONACO_MESSAGES: Readonly<Partial<Record<Locale, () => Promise<unknown>>>> = {
  'zh-CN': () => import('monaco-editor/nls/lang/zh-cn'),
};

let loading: Promise<unknown> | undefined;

/**
 * Monaco (`importMonaco`: the import of `./monaco.ts`, passed in so that module stays in the
 * renderer's Vite build), with its messages in `locale` when this is the first load; the same
 * module after.
 */
export function loadMonaco<T>(locale: Locale, importMonaco: () => Promise<T>): Promise<T> {
  loading ??= (async () => {
    await MONACO_MESSAGES[locale]?.();
    return importMonaco();
  })();
  return loading as Promise<T>;
}
