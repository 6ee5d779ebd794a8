/**
 * The Level view (a level played on the real engine, its proof in the inspector) and its commands:
 * the open level's moves (from its rules' key bindings), undo, redo, restart, hint, the selection
 * strip, and going through the campaign.
 */
import { always, registerCommands, type Command, type CommandContext } from '../commands/registry.ts';
import { isHostAway } from '../composables/host-away.ts';
import { normalKey } from '../commands/shortcuts.ts';
import { useHintStore } from '../stores/hint.ts';
import { useLevelStore } from '../stores/level.ts';
import { useLibraryStore } from '../stores/library.ts';
import { usePlayStore } from '../stores/play.ts';
import { useUiStore } from '../stores/ui.ts';
import { LIBRARY_VIEW } from './library.ts';
import { VERIFY_LEVEL_DIALOG } from '../views/library/dialogs.ts';
import { LEVEL_VIEW, useNeighbourLevel, useOpenLevel } from '../composables/open-level.ts';
import { registerView } from '../views/registry.ts';
import { toggleDebugOverlay } from '../play/debug.ts';
import { useCampaignRun } from '../play/run.ts';

const ORDER = 20;

registerView({
  id: LEVEL_VIEW,
  label: 'nav.level',
  icon: 'M4 4h16v16H4zM4 10h16M10 4v16',
  order: ORDER,
  load: () => import('../views/level/LevelView.vue'),
  setup: () => {
    const ui = useUiStore();
    const level = useLevelStore();
    const library = useLibraryStore();
    const openLevel = useOpenLevel();
    return {
      available: () => level.levelId !== null || library.selectedLevelId !== null,
      show: () => (level.levelId === null && library.selectedLevelId !== null ? openLevel(library.selectedLevelId) : ui.show(LEVEL_VIEW)),
    };
  },
});

const inLevelView = (c: CommandContext): boolean => c.view === LEVEL_VIEW;
/** The play-test runs in the Level view, and in the editor while it play-tests its draft. */
const inLevel = (c: CommandContext): boolean => inLevelView(c) || c.editorPlaying === true;
const canPlay = (c: CommandContext): boolean => inLevel(c) && c.playable === true;
/**
 * The open level's kind has things to pick before a click (a tray), even when none is left: after
 * a game ends, Tab on the board stays the tray's and does not carry the focus to the banner's
 * Restart, where the next Enter would restart.
 */
const hasTray = (c: CommandContext): boolean => canPlay(c) && c.trayKind === true;
/** A tray kind that binds no keys of its own: the arrows aim the selected piece and Enter places it. */
const aimsByKeys = (c: CommandContext): boolean => hasTray(c) && Number(c.kindKeys) === 0;
/** Tab belongs to play only while the board has the focus; elsewhere it moves the focus. */
const onBoard = (c: CommandContext): boolean => c.boardFocused === true;

registerCommands(LEVEL_VIEW, ORDER, () => {
  const ui = useUiStore();
  const level = useLevelStore();
  const play = usePlayStore();
  const hint = useHintStore();
  const openLevel = useOpenLevel();
  const neighbour = useNeighbourLevel();
  const run = useCampaignRun();
  const go = (delta: number) => () => {
    const id = neighbour(delta);
    if (id !== undefined) openLevel(id);
  };

  const moves = (): Command[] =>
    (play.inputMap?.bindings ?? []).map((b) => ({
      id: `play.move.${b.command}`,
      label: b.label,
      labelParams: { glyph: b.glyph },
      group: 'commands.group.play',
      shortcuts: b.keys.map((k) => ({ key: normalKey(k.key), ...(k.shift ? { shift: true } : {}), ...(k.alt ? { alt: true } : {}) })),
      when: (c) => c.playable === true,
      enabled: inLevel,
      run: () => play.command(b.command),
      repeats: true,
    }));

  return {
    context: {
      hasLevel: () => level.levelId !== null,
      playable: () => play.playable,
      playing: () => play.playing,
      canUndo: () => play.snapshot?.canUndo ?? false,
      canRedo: () => play.snapshot?.canRedo ?? false,
      hintPending: () => hint.pending,
      selectables: () => play.selectables.length,
      trayKind: () => play.rules?.selectables !== undefined,
      kindKeys: () => play.inputMap?.bindings.length ?? 0,
      boardFocused: () => ui.boardFocused,
    },
    commands: () => [
      ...moves(),
      // Play and level commands are listed wherever the palette is, so their keys can be learnt from it.
      { id: 'play.undo', label: 'commands.undo', group: 'commands.group.play', shortcuts: [{ key: 'z' }, { key: 'z', mod: true }], when: always, enabled: (c) => canPlay(c) && c.canUndo === true, run: () => play.undo(), repeats: true },
      {
        id: 'play.redo',
        label: 'commands.redo',
        group: 'commands.group.play',
        shortcuts: [{ key: 'y' }, { key: 'z', mod: true, shift: true }, { key: 'y', mod: true }],
        when: always,
        enabled: (c) => canPlay(c) && c.canRedo === true,
        run: () => play.redo(),
        repeats: true,
      },
      // In a campaign run (the no-light night) a restart is a failure: back to the first level, as the button says.
      { id: 'play.restart', label: run.active.value ? 'playModes.backToFirst' : 'commands.restart', group: 'commands.group.play', shortcuts: [{ key: 'r' }], when: always, enabled: canPlay, run: () => run.restart() },
      {
        id: 'play.hint',
        label: 'commands.hint',
        group: 'commands.group.play',
        shortcuts: [{ key: 'h' }],
        when: always,
        enabled: (c) => canPlay(c) && c.playing === true && c.hintPending !== true && !isHostAway(ui.connection),
        run: () => level.levelId !== null && void hint.ask(level.levelId),
      },
      {
        id: 'play.hinted',
        label: 'commands.playHint',
        labelParams: { glyph: hint.glyph ?? '' },
        group: 'commands.group.play',
        shortcuts: [],
        when: always,
        enabled: (c) => canPlay(c) && hint.shown?.command != null,
        run: () => hint.playHinted(),
      },
      {
        id: 'level.verify',
        label: 'commands.verifyLevel',
        group: 'commands.group.level',
        shortcuts: [],
        when: always,
        enabled: (c) => (inLevel(c) ? level.detail !== null : c.levelSelected === true) && !isHostAway(ui.connection),
        run: () => {
          if (ui.view === LEVEL_VIEW) document.querySelector<HTMLElement>('[data-testid="verification-panel"] [data-testid="verify-budget"]')?.focus();
          else ui.dialog = VERIFY_LEVEL_DIALOG;
        },
      },
      // Tab is the studio's in play (RESERVED_PLAY_KEYS): with the board focused it picks what a click places.
      { id: 'play.selectNext', label: 'commands.selectNext', group: 'commands.group.play', shortcuts: [{ key: 'Tab' }], when: hasTray, keysWhen: onBoard, run: () => play.cycleSelection(1) },
      { id: 'play.selectPrevious', label: 'commands.selectPrevious', group: 'commands.group.play', shortcuts: [{ key: 'Tab', shift: true }], when: hasTray, keysWhen: onBoard, run: () => play.cycleSelection(-1) },
      ...(
        [
          ['Up', 'ArrowUp', 0, -1],
          ['Down', 'ArrowDown', 0, 1],
          ['Left', 'ArrowLeft', -1, 0],
          ['Right', 'ArrowRight', 1, 0],
        ] as const
      ).map(([name, key, dx, dy]): Command => ({ id: `play.aim${name}`, label: `blocks.aim${name}`, group: 'commands.group.play', shortcuts: [{ key }], when: aimsByKeys, keysWhen: onBoard, run: () => play.moveAim(dx, dy), repeats: true })),
      { id: 'play.placeAtAim', label: 'blocks.placeAtAim', group: 'commands.group.play', shortcuts: [{ key: 'Enter' }], when: aimsByKeys, keysWhen: onBoard, enabled: (c) => c.playing === true, run: () => play.placeAtAim() },
      { id: 'level.next', label: 'commands.nextLevel', group: 'commands.group.level', shortcuts: [{ key: 'PageDown' }], when: always, enabled: (c) => inLevelView(c) && neighbour(1) !== undefined, run: go(1) },
      { id: 'level.previous', label: 'commands.previousLevel', group: 'commands.group.level', shortcuts: [{ key: 'PageUp' }], when: always, enabled: (c) => inLevelView(c) && neighbour(-1) !== undefined, run: go(-1) },
      { id: 'level.back', label: 'commands.backToLibrary', group: 'commands.group.level', shortcuts: [{ key: 'Escape' }], when: inLevelView, run: () => ui.show(LIBRARY_VIEW) },
      { id: 'play.debug', label: 'debug.toggle', group: 'commands.group.play', shortcuts: [{ key: 'F3' }], when: always, enabled: inLevel, run: toggleDebugOverlay },
    ],
  };
});
