/**
 * A diagnostic's message in the studio's language: its translation by code (`codes['<code>']`)
 * where the locale has one, filled with its `params` and its cell as `{x}` / `{y}`; else, for the
 * rules JSON's problems (Monaco's worker and the engine's save refusal word them in English), the
 * same problem in the locale's words (json-problems.ts); else the engine's own English.
 */
import { useI18n } from 'vue-i18n';
import type { Diagnostic } from '../../../src-shared/engine/diagnostics.ts';
import { quotedPath } from './kinds.ts';
import { jsonProblemMessage } from './json-problems.ts';

export function useDiagnosticMessage(): (d: Diagnostic) => string {
  const { t, te } = useI18n();
  return (d) => {
    const key = quotedPath('codes', d.code);
    if (te(key)) return t(key, { ...d.cell, ...d.params });
    return jsonProblemMessage(d.message, t) ?? d.message;
  };
}
