/**
 * The editor's bare keys, its own while it edits (like a list's arrows: a key it takes is
 * prevented, so no studio command sees it): a tool's letter, a palette entry's key, the arrows
 * moving the cell cursor, Enter applying the tool there (Space too, on the board), Delete
 * erasing the selection. Keys with Ctrl/Cmd are the studio's commands (contributions/editor.ts).
 */
import { isEditable } from '../../commands/keyboard.ts';
import { useEditorStore } from '../../stores/editor.ts';
import { TOOLS } from './tools.ts';
import { useToolInput } from './tool-input.ts';

const ARROWS: Readonly<Record<string, readonly [number, number]>> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export function useEditorKeys() {
  const editor = useEditorStore();
  const input = useToolInput();

  function onKey(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target) || !editor.editable) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const arrow = ARROWS[key];
    const tool = TOOLS.find((t) => t.key === key && (t.paintable === (editor.facet?.paintable ?? true) || t.id === 'select'));
    const entry = editor.facet?.palette.find((e) => e.key === key);
    if (arrow) input.moveCursor(arrow[0], arrow[1]);
    else if (key === 'Enter') input.activate();
    else if (key === 'Delete' && editor.selection) editor.apply([{ type: 'erase-rect', rect: editor.selection }]);
    else if (tool) editor.tool = tool.id;
    else if (entry) {
      editor.entryId = entry.id;
      editor.params = {};
      if (!['paint', 'rect', 'fill'].includes(editor.tool)) editor.tool = 'paint';
    } else return;
    event.preventDefault();
  }

  return { onKey };
}
