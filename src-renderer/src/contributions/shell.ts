/** The shell's own commands: the palette and the theme. */
import { always, registerCommands } from '../commands/registry.ts';
import { useUiStore } from '../stores/ui.ts';

registerCommands('shell', 0, () => {
  const ui = useUiStore();
  return {
    commands: () => [
      { id: 'palette.open', label: 'commands.palette', group: 'commands.group.general', shortcuts: [{ key: 'p', mod: true, shift: true }, { key: 'F1' }], when: always, run: () => (ui.paletteOpen = true) },
      { id: 'theme.toggle', label: 'commands.toggleTheme', group: 'commands.group.general', shortcuts: [{ key: 't', mod: true, alt: true }], when: always, run: () => ui.toggleTheme() },
    ],
  };
});
