/** The shell's own commands: the palette, the theme and the language. */
import { always, registerCommands } from '../commands/registry.ts';
import { LOCALES, LOCALE_NAMES } from '../i18n/locale.ts';
import { useUiStore } from '../stores/ui.ts';

registerCommands('shell', 0, () => {
  const ui = useUiStore();
  return {
    commands: () => [
      { id: 'palette.open', label: 'commands.palette', group: 'commands.group.general', shortcuts: [{ key: 'p', mod: true, shift: true }, { key: 'F1' }], when: always, run: () => (ui.paletteOpen = true) },
      { id: 'theme.toggle', label: 'commands.toggleTheme', group: 'commands.group.general', shortcuts: [{ key: 't', mod: true, alt: true }], when: always, run: () => ui.toggleTheme() },
      // One per language, each named in itself, so a designer finds their own in any locale.
      ...LOCALES.map((locale) => ({
        id: `language.${locale}`,
        label: 'commands.language',
        labelParams: { language: LOCALE_NAMES[locale] },
        group: 'commands.group.general',
        shortcuts: [],
        when: always,
        enabled: () => ui.locale !== locale,
        run: () => ui.setLocale(locale),
      })),
    ],
  };
});
