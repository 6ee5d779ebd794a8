/**
 * vue-i18n in composition mode. English is the source; a zh-CN file is planned (the seeds'
 * authors write Chinese), so every string a person reads lives in a message file.
 */
import { createI18n } from 'vue-i18n';
import { allKinds } from '../../../src-shared/rulesets/registry.ts';
import { en, type MessageSchema } from './en.ts';
import { kindMessages } from './kinds.ts';

export type Locale = 'en';

export function createStudioI18n(locale: Locale = 'en') {
  return createI18n<[MessageSchema], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    // The kinds' own words (RulesetKind.messages) live under `kinds.<kind>`.
    messages: { en: { ...en, kinds: kindMessages(allKinds(), 'en') } as MessageSchema },
    missingWarn: false,
    fallbackWarn: false,
  });
}

export type StudioI18n = ReturnType<typeof createStudioI18n>;
