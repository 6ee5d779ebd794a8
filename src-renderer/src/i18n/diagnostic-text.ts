/**
 * A diagnostic's message in the studio's language: its translation by code (`codes['<code>']`)
 * where the locale has one, filled with its `params` and its cell as `{x}` / `{y}`; else the
 * engine's own English.
 */
import { useI18n } from 'vue-i18n';
import type { Diagnostic } from '../../../src-shared/engine/diagnostics.ts';
import { quotedPath } from './kinds.ts';

export function useDiagnosticMessage(): (d: Diagnostic) => string {
  const { t, te } = useI18n();
  return (d) => {
    const key = quotedPath('codes', d.code);
    return te(key) ? t(key, { ...d.cell, ...d.params }) : d.message;
  };
}
