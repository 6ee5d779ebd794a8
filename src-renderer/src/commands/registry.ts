/**
 * Every action of the studio as a command: its name, its shortcuts, when it applies and what it
 * does. The command palette lists them all and the global key handler runs them, so an action
 * reachable from a button is reachable from the keyboard too (DESIGN.md "Look and feel").
 */
import { computed, type ComputedRef } from 'vue';
import { useJobsStore } from '../stores/jobs.ts';
import { useLevelStore } from '../stores/level.ts';
import { useLibraryStore } from '../stores/library.ts';
import { useUiStore } from '../stores/ui.ts';
import { normalKey, type Shortcut } from './shortcuts.ts';

export interface Command {
  readonly id: string;
  /** Message key of the command's name. */
  readonly label: string;
  /** Values for the message. */
  readonly labelParams?: Readonly<Record<string, string>>;
  /** Message key of its area (palette grouping). */
  readonly group: string;
  readonly shortcuts: readonly Shortcut[];
  readonly enabled: () => boolean;
  readonly run: () => void;
  /** Held keys repeat it (moves). */
  readonly repeats?: boolean;
}

/** Opens a level in the level view (the library keeps it selected). */
export function useOpenLevel(): (levelId: number) => void {
  const library = useLibraryStore();
  const level = useLevelStore();
  const ui = useUiStore();
  return (levelId) => {
    library.selectedLevelId = levelId;
    ui.show('level');
    if (level.levelId !== levelId || !level.detail) void level.open(levelId);
  };
}

export function useCommands(): ComputedRef<readonly Command[]> {
  const ui = useUiStore();
  const library = useLibraryStore();
  const level = useLevelStore();
  const jobs = useJobsStore();
  const openLevel = useOpenLevel();

  const inLevel = () => ui.view === 'level';
  const canPlay = () => inLevel() && level.playable;
  const hasCampaign = () => library.campaignId !== null;
  const neighbour = (delta: number): number | undefined => {
    const list = library.levels;
    const at = list.findIndex((l) => l.id === level.levelId);
    return at < 0 ? undefined : list[at + delta]?.id;
  };

  return computed<readonly Command[]>(() => {
    const moves: Command[] = (level.inputMap?.bindings ?? []).map((b) => ({
      id: `play.move.${b.command}`,
      label: b.label,
      labelParams: { glyph: b.glyph },
      group: 'commands.group.play',
      shortcuts: b.keys.map((k) => ({ key: normalKey(k.key), ...(k.shift ? { shift: true } : {}), ...(k.alt ? { alt: true } : {}) })),
      enabled: canPlay,
      run: () => level.command(b.command),
      repeats: true,
    }));
    return [
      { id: 'palette.open', label: 'commands.palette', group: 'commands.group.general', shortcuts: [{ key: 'p', mod: true, shift: true }, { key: 'F1' }], enabled: () => true, run: () => (ui.paletteOpen = true) },
      { id: 'view.library', label: 'commands.showLibrary', group: 'commands.group.general', shortcuts: [{ key: '1', mod: true }], enabled: () => true, run: () => ui.show('library') },
      {
        id: 'view.level',
        label: 'commands.showLevel',
        group: 'commands.group.general',
        shortcuts: [{ key: '2', mod: true }],
        enabled: () => level.levelId !== null || library.selectedLevelId !== null,
        run: () => (level.levelId !== null ? ui.show('level') : library.selectedLevelId !== null && openLevel(library.selectedLevelId)),
      },
      { id: 'view.jobs', label: 'commands.showJobs', group: 'commands.group.general', shortcuts: [{ key: '3', mod: true }], enabled: () => true, run: () => ui.show('jobs') },
      { id: 'theme.toggle', label: 'commands.toggleTheme', group: 'commands.group.general', shortcuts: [{ key: 't', mod: true, alt: true }], enabled: () => true, run: () => ui.toggleTheme() },
      {
        id: 'library.import',
        label: 'commands.import',
        group: 'commands.group.library',
        shortcuts: [{ key: 'o', mod: true }],
        enabled: () => !library.importing,
        run: () => {
          ui.show('library');
          ui.filePicker?.();
        },
      },
      { id: 'library.verifyAll', label: 'commands.verifyAll', group: 'commands.group.library', shortcuts: [{ key: 'Enter', mod: true, shift: true }], enabled: hasCampaign, run: () => void library.verifyAll() },
      { id: 'library.exportSok', label: 'commands.exportSok', group: 'commands.group.library', shortcuts: [{ key: 'e', mod: true }], enabled: hasCampaign, run: () => void library.exportCampaign('sok') },
      { id: 'library.exportJson', label: 'commands.exportJson', group: 'commands.group.library', shortcuts: [{ key: 'e', mod: true, shift: true }], enabled: hasCampaign, run: () => void library.exportCampaign('json') },
      {
        id: 'library.openSelected',
        label: 'commands.openSelected',
        group: 'commands.group.library',
        shortcuts: [],
        enabled: () => library.selectedLevelId !== null,
        run: () => library.selectedLevelId !== null && openLevel(library.selectedLevelId),
      },
      ...moves,
      { id: 'play.undo', label: 'commands.undo', group: 'commands.group.play', shortcuts: [{ key: 'z' }, { key: 'z', mod: true }], enabled: () => canPlay() && (level.snapshot?.canUndo ?? false), run: () => level.undo(), repeats: true },
      {
        id: 'play.redo',
        label: 'commands.redo',
        group: 'commands.group.play',
        shortcuts: [{ key: 'y' }, { key: 'z', mod: true, shift: true }, { key: 'y', mod: true }],
        enabled: () => canPlay() && (level.snapshot?.canRedo ?? false),
        run: () => level.redo(),
        repeats: true,
      },
      { id: 'play.restart', label: 'commands.restart', group: 'commands.group.play', shortcuts: [{ key: 'r' }], enabled: canPlay, run: () => level.restart() },
      { id: 'play.hint', label: 'commands.hint', group: 'commands.group.play', shortcuts: [{ key: 'h' }], enabled: () => canPlay() && !level.won && !level.hintPending, run: () => void level.askHint() },
      {
        id: 'level.next',
        label: 'commands.nextLevel',
        group: 'commands.group.level',
        shortcuts: [{ key: 'PageDown' }],
        enabled: () => inLevel() && neighbour(1) !== undefined,
        run: () => {
          const id = neighbour(1);
          if (id !== undefined) openLevel(id);
        },
      },
      {
        id: 'level.previous',
        label: 'commands.previousLevel',
        group: 'commands.group.level',
        shortcuts: [{ key: 'PageUp' }],
        enabled: () => inLevel() && neighbour(-1) !== undefined,
        run: () => {
          const id = neighbour(-1);
          if (id !== undefined) openLevel(id);
        },
      },
      { id: 'level.back', label: 'commands.backToLibrary', group: 'commands.group.level', shortcuts: [{ key: 'Escape' }], enabled: inLevel, run: () => ui.show('library') },
      { id: 'jobs.cancelAll', label: 'commands.cancelAll', group: 'commands.group.jobs', shortcuts: [{ key: '.', mod: true }], enabled: () => jobs.overall.active, run: () => void jobs.cancelAll() },
    ];
  });
}
