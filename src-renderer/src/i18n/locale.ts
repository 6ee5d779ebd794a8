/**
 * The studio's languages and the choice among them: the one the designer picked (remembered),
 * else the first of the system's languages (`navigator.languages`) the studio speaks.
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_STORAGE_KEY = 'gridwright.locale';

/** Each language named in itself, for the switch. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', 'zh-CN': '简体中文' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first system language the studio speaks: any Chinese but the traditional scripts is zh-CN. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (lower === 'zh' || (lower.startsWith('zh-') && !/^zh-(hant|tw|hk|mo)\b/.test(lower))) return 'zh-CN';
  }
  return DEFAULT_LOCALE;
}

/** The remembered choice, else the system's languages. */
export function initialLocale(nav: { readonly languages?: readonly string[]; readonly language?: string } | undefined = globalThis.navigator): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage may be off: fall through to the system's languages.
  }
  const languages = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  return localeFromLanguages(languages);
}
