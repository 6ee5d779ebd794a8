/**
 * The campaign's levels from the editor: a new level (an empty room of a size, from the kind's
 * editing facet) or a copy of the open draft, placed after the open level; delete, with an undo
 * that puts it back where it was; rename (an edit of the draft). The editor then opens what was made.
 */
import { useApiCall } from '../../stores/api.ts';
import { useEditorStore } from '../../stores/editor.ts';
import { useLevelStore } from '../../stores/level.ts';
import { useLibraryStore } from '../../stores/library.ts';
import { useUiStore } from '../../stores/ui.ts';
import { EDITOR_VIEW } from './view-id.ts';

export function useLevelActions() {
  const call = useApiCall();
  const editor = useEditorStore();
  const level = useLevelStore();
  const library = useLibraryStore();
  const ui = useUiStore();

  async function openInEditor(levelId: number): Promise<void> {
    library.selectedLevelId = levelId;
    ui.show(EDITOR_VIEW);
    await editor.open(levelId);
  }

  async function createFrom(content: unknown): Promise<void> {
    const detail = level.detail;
    if (!detail) return;
    const made = await call('levels.create', { campaignId: detail.campaignId, afterLevelId: detail.id, content }, 'editor.errors.create');
    if (made) await openInEditor(made.levelId);
  }

  async function create(width: number, height: number): Promise<void> {
    const blank = editor.facet?.blank(Math.round(width), Math.round(height));
    if (blank) await createFrom(blank);
  }

  async function duplicate(): Promise<void> {
    if (editor.doc) await createFrom(editor.doc);
  }

  async function remove(): Promise<void> {
    const detail = level.detail;
    if (!detail) return;
    await editor.close();
    const neighbour = library.levels.find((l) => l.position === detail.position + 1) ?? library.levels.find((l) => l.position === detail.position - 1);
    const answer = await call('levels.remove', { campaignId: detail.campaignId, levelId: detail.id }, 'editor.errors.delete');
    if (!answer) return;
    editor.removed = { removalId: answer.removalId, title: detail.title ?? String(detail.position) };
    if (neighbour) await openInEditor(neighbour.id);
  }

  async function undoRemove(): Promise<void> {
    const removed = editor.removed;
    if (!removed) return;
    editor.removed = null;
    const back = await call('levels.restore', { removalId: removed.removalId }, 'editor.errors.delete');
    if (back) await openInEditor(back.levelId);
  }

  /** The title is part of the draft: undone like any edit, stored by Save. */
  function rename(title: string): void {
    editor.retitle(title);
  }

  return { create, duplicate, remove, undoRemove, rename, openInEditor };
}
