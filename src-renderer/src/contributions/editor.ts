/**
 * The level editor (views/editor/) and its commands: undo and redo, the clipboard, save, grid
 * lines, and the play-test of the draft (F5, Escape back); the play keys are the Level view's
 * (contributions/level.ts), on while it play-tests. The editor's bare keys (tools, palette
 * entries, the cell cursor's arrows, Enter and Space, Delete) are the editor view's own
 * (views/editor/editor-keys.ts): they are no studio shortcut, so a kind may bind them in play.
 */
import { always, registerCommands, type Command, type CommandContext } from '../commands/registry.ts';
import { useEditorStore } from '../stores/editor.ts';
import { useLevelStore } from '../stores/level.ts';
import { useLibraryStore } from '../stores/library.ts';
import { useUiStore } from '../stores/ui.ts';
import { useToolInput } from '../views/editor/tool-input.ts';
import { useLevelActions } from '../views/editor/level-actions.ts';
import { useNeighbourLevel } from '../composables/open-level.ts';
import { EDITOR_VIEW } from '../views/editor/view-id.ts';
import { registerView } from '../views/registry.ts';

// After Level and Replays: a designer goes from a level to its editor and back (Ctrl+2, Ctrl+4).
const ORDER = 30;

registerView({
  id: EDITOR_VIEW,
  label: 'nav.editor',
  icon: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  order: ORDER,
  load: () => import('../views/editor/EditorView.vue'),
  setup: () => {
    const ui = useUiStore();
    const editor = useEditorStore();
    const level = useLevelStore();
    const library = useLibraryStore();
    return {
      available: () => level.levelId !== null || library.selectedLevelId !== null,
      show: () => {
        const id = library.selectedLevelId ?? level.levelId;
        ui.show(EDITOR_VIEW);
        if (id !== null && editor.levelId !== id) void editor.open(id);
      },
    };
  },
});

const inEditor = (c: CommandContext): boolean => c.view === EDITOR_VIEW;
const editing = (c: CommandContext): boolean => inEditor(c) && c.editorEditing === true;

registerCommands(EDITOR_VIEW, ORDER, () => {
  const ui = useUiStore();
  const editor = useEditorStore();
  const level = useLevelStore();
  const library = useLibraryStore();
  const input = useToolInput();
  const actions = useLevelActions();
  const neighbour = useNeighbourLevel();
  const go = (delta: number): void => {
    const id = neighbour(delta);
    if (id !== undefined) void actions.openInEditor(id);
  };

  const cmd = (id: string, label: string, shortcuts: Command['shortcuts'], run: () => void, enabled: (c: CommandContext) => boolean = editing, extra: Partial<Command> = {}): Command => ({
    id, label, group: 'editor.commands.group', shortcuts, when: inEditor, enabled, run, ...extra,
  });

  return {
    context: {
      editorOpen: () => editor.levelId !== null,
      editorEditing: () => editor.editable,
      editorPlaying: () => ui.view === EDITOR_VIEW && editor.mode === 'play',
      editorCanUndo: () => editor.canUndo,
      editorCanRedo: () => editor.canRedo,
      editorSelection: () => editor.selection !== null,
    },
    commands: () => [
      { id: 'editor.openLevel', label: 'editor.commands.editLevel', group: 'editor.commands.group', shortcuts: [{ key: 'e', mod: true, alt: true }], when: always, enabled: () => level.levelId !== null || library.selectedLevelId !== null, run: () => {
        const id = library.selectedLevelId ?? level.levelId;
        ui.show(EDITOR_VIEW);
        if (id !== null) void editor.open(id);
      } },
      cmd('editor.undo', 'editor.commands.editorUndo', [{ key: 'z', mod: true }], () => editor.undo(), (c) => editing(c) && c.editorCanUndo === true, { repeats: true }),
      cmd('editor.redo', 'editor.commands.editorRedo', [{ key: 'z', mod: true, shift: true }, { key: 'y', mod: true }], () => editor.redo(), (c) => editing(c) && c.editorCanRedo === true, { repeats: true }),
      cmd('editor.copy', 'editor.commands.copy', [{ key: 'c', mod: true }], () => void input.copy(), (c) => editing(c) && c.editorSelection === true),
      cmd('editor.cut', 'editor.commands.cut', [{ key: 'x', mod: true }], () => void input.copy(true), (c) => editing(c) && c.editorSelection === true),
      cmd('editor.paste', 'editor.commands.paste', [{ key: 'v', mod: true }], () => void input.paste()),
      cmd('editor.save', 'editor.commands.saveLevel', [{ key: 's', mod: true }], () => void editor.save(), (c) => inEditor(c) && editor.dirty),
      cmd('editor.playTest', 'editor.commands.playTest', [{ key: 'F5' }], () => (editor.mode === 'play' ? editor.leavePlay() : editor.playTest()), (c) => inEditor(c) && c.editorOpen === true),
      cmd('editor.back', 'editor.commands.backToEdit', [{ key: 'Escape' }], () => (editor.mode === 'play' ? editor.leavePlay() : (editor.selection = null)), (c) => inEditor(c) && (editor.mode === 'play' || editor.selection !== null)),
      cmd('editor.nextLevel', 'editor.commands.nextLevel', [{ key: 'PageDown' }], () => go(1), (c) => inEditor(c) && neighbour(1) !== undefined),
      cmd('editor.previousLevel', 'editor.commands.previousLevel', [{ key: 'PageUp' }], () => go(-1), (c) => inEditor(c) && neighbour(-1) !== undefined),
      cmd('editor.grid', 'editor.commands.gridLines', [{ key: "'", mod: true }], () => (editor.grid = !editor.grid), inEditor),
    ],
  };
});
