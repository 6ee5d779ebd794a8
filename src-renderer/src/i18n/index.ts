/**
 * vue-i18n in composition mode, English and simplified Chinese (the seeds' authors write
 * Chinese). Every string a person reads lives in a message file:
 *   - one module per area (`shell.ts`, `library.ts`, `level.ts`, `play.ts`, `jobs.ts`,
 *     `candidates.ts`, `rules.ts`, `editor.ts`, `reports.ts`), English and Chinese side by side,
 *     the Chinese typed against the English so a missing key fails the build; `en.ts` and
 *     `zh-CN.ts` assemble them;
 *   - `kinds.<kind>.…`: each kind's own words (`RulesetKind.messages`: objectives, counters,
 *     pieces, `metric.<id>` and `metric.<id>.help`), filed in flat at start-up (kinds.ts);
 *   - `codes['<diagnostic code>']`: translations of the engine's diagnostics by code, filled with
 *     their `params` (codes.ts); English falls back to the engine's own message;
 *   - `jsonProblems.…`: the rules JSON's syntax and schema problems, which Monaco's worker and the
 *     engine word in English, said again in the locale (json-problems.ts, used by diagnostic-text.ts);
 *   - `paramHelp.<param>`: generator parameters' help lines (generator-help.ts); English is the
 *     generators' own descriptions.
 */
import { createI18n } from 'vue-i18n';
import { allKinds } from '../../../src-shared/rulesets/registry.ts';
import { DIAGNOSTIC_MESSAGES } from './codes.ts';
import { IMPORT_CODE_MESSAGES } from './import-codes.ts';
import { en, type MessageSchema } from './en.ts';
import { PARAM_HELP } from './generator-help.ts';
import { kindMessages } from './kinds.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';
import { zhCN } from './zh-CN.ts';

export { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';

const STUDIO_MESSAGES: Readonly<Record<Locale, MessageSchema>> = { en, 'zh-CN': zhCN };

/** The whole message tree of a locale: the studio's, the kinds' and the diagnostics'. */
export function localeMessages(locale: Locale): MessageSchema {
  return {
    ...STUDIO_MESSAGES[locale],
    kinds: kindMessages(allKinds(), locale),
    codes: { ...DIAGNOSTIC_MESSAGES[locale], ...IMPORT_CODE_MESSAGES[locale] },
    paramHelp: { ...PARAM_HELP[locale] },
  } as MessageSchema;
}

export function createStudioI18n(locale: Locale = DEFAULT_LOCALE) {
  const messages = Object.fromEntries(LOCALES.map((l) => [l, localeMessages(l)])) as Record<Locale, MessageSchema>;
  return createI18n<[MessageSchema], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: DEFAULT_LOCALE,
    messages,
    missingWarn: false,
    fallbackWarn: false,
  });
}

export type StudioI18n = ReturnType<typeof createStudioI18n>;
