/**
 * What a tool does with the pointer and the keyboard cursor, as edit operations on the editor
 * store: paint and erase strokes (one undo step per drag; the right button erases), rectangles,
 * flood fill, the eyedropper, selection, and the two-cell tools (link a mechanism to another,
 * swap two tiles). Space or Enter applies the tool at the keyboard cursor.
 */
import { extractRegion, pickAt, type EditOperation } from '../../../../src-shared/engine/editing/operations.ts';
import type { GridCell } from '../../../../src-shared/engine/diagnostics.ts';
import type { CellRect } from '../../../../src-shared/engine/ruleset.ts';
import { fragmentFromText, fragmentText, unreadablePaste } from '../../../../src-shared/engine/editing/clipboard.ts';
import { rulesetKind } from '../../../../src-shared/rulesets/registry.ts';
import { useEditorStore } from '../../stores/editor.ts';

type Stroke =
  | { readonly kind: 'paint' | 'erase' }
  | { readonly kind: 'rect' | 'erase-rect'; readonly from: GridCell }
  | { readonly kind: 'select'; readonly from: GridCell };

const rectFrom = (a: GridCell, b: GridCell): CellRect => ({ x: a.x, y: a.y, width: b.x >= a.x ? b.x - a.x + 1 : b.x - a.x - 1, height: b.y >= a.y ? b.y - a.y + 1 : b.y - a.y - 1 });

export function useToolInput() {
  const editor = useEditorStore();
  let stroke: Stroke | null = null;

  const placeOp = (cells: GridCell[]): EditOperation | undefined =>
    editor.entryId ? { type: 'place', cells, entry: editor.entryId, params: { ...editor.params } } : undefined;

  /** The second cell of a link or a swap, or the first (remembered). */
  function twoCell(cell: GridCell): void {
    const first = editor.anchor;
    if (!first) {
      editor.anchor = cell;
      return;
    }
    editor.anchor = null;
    editor.apply([editor.tool === 'link' ? { type: 'link', from: first, to: cell } : { type: 'swap', a: first, b: cell }]);
  }

  function pick(cell: GridCell): void {
    const facet = editor.facet;
    if (!facet || !editor.doc) return;
    const token = pickAt(facet, facet.toGrid(editor.doc), cell);
    if (!token || !facet.palette.some((e) => e.id === token.id)) return;
    editor.entryId = token.id;
    editor.params = { ...(token.params ?? {}) };
    editor.tool = 'paint';
  }

  function down(cell: GridCell, button: number): void {
    editor.cursor = cell;
    if (!editor.editable) return;
    const erase = button === 2 || editor.tool === 'erase';
    const tool = editor.tool;
    if (tool === 'pick') return pick(cell);
    if (tool === 'link' || tool === 'swap') return twoCell(cell);
    if (tool === 'fill' && !erase) {
      if (editor.entryId) editor.apply([{ type: 'fill', cell, entry: editor.entryId, params: { ...editor.params } }]);
      return;
    }
    if (tool === 'select') {
      stroke = { kind: 'select', from: cell };
      editor.selection = rectFrom(cell, cell);
      return;
    }
    if (tool === 'rect') {
      stroke = { kind: erase ? 'erase-rect' : 'rect', from: cell };
      return enter(cell);
    }
    stroke = { kind: erase ? 'erase' : 'paint' };
    enter(cell);
  }

  function enter(cell: GridCell): void {
    editor.cursor = cell;
    if (!stroke) return;
    if (stroke.kind === 'select') {
      editor.selection = rectFrom(stroke.from, cell);
      return;
    }
    if (stroke.kind === 'paint' || stroke.kind === 'erase') {
      // Each cell goes onto the stroke's grid at once; the drag is one undo step when it ends.
      const op = stroke.kind === 'erase' ? ({ type: 'erase', cells: [cell] } as const) : placeOp([cell]);
      if (op) editor.strokeStep(op, true);
      return;
    }
    const area = stroke as Extract<Stroke, { from: GridCell }>;
    const rect = rectFrom(area.from, cell);
    const op: EditOperation | undefined = area.kind === 'erase-rect' ? { type: 'erase-rect', rect } : editor.entryId ? { type: 'rect', rect, entry: editor.entryId, params: { ...editor.params } } : undefined;
    if (op) editor.strokeStep(op, false);
  }

  function up(): void {
    const ended = stroke;
    stroke = null;
    if (!ended || ended.kind === 'select') return;
    editor.endStroke();
  }

  /** Space or Enter with the board focused: the tool at the cursor (a rectangle takes two presses). */
  function activate(): void {
    const cell = editor.cursor;
    if (!editor.editable) return;
    if (editor.tool === 'rect' || editor.tool === 'select') {
      const first = editor.anchor;
      if (!first) {
        editor.anchor = cell;
        if (editor.tool === 'select') editor.selection = rectFrom(cell, cell);
        return;
      }
      editor.anchor = null;
      if (editor.tool === 'select') editor.selection = rectFrom(first, cell);
      else if (editor.entryId) editor.apply([{ type: 'rect', rect: rectFrom(first, cell), entry: editor.entryId, params: { ...editor.params } }]);
      return;
    }
    down(cell, 0);
    up();
  }

  function moveCursor(dx: number, dy: number): void {
    const view = editor.view ?? (editor.facet && editor.doc ? editor.facet.toGrid(editor.doc) : undefined);
    if (!view) return;
    editor.cursor = { x: Math.max(0, Math.min(view.width - 1, editor.cursor.x + dx)), y: Math.max(0, Math.min(view.height - 1, editor.cursor.y + dy)) };
  }

  const formats = () => (editor.rules ? rulesetKind(editor.rules.kind)?.formats ?? [] : []);

  /** Copies the selection (also as the kind's first text format on the system clipboard); cut erases it. */
  async function copy(cut = false): Promise<void> {
    const facet = editor.facet;
    const rect = editor.selection;
    if (!facet || !editor.doc || !rect) return;
    const fragment = extractRegion(facet.toGrid(editor.doc), rect);
    if (fragment.width === 0) return;
    editor.clipboard = fragment;
    const format = formats()[0];
    if (format) await navigator.clipboard?.writeText(fragmentText(facet, format, fragment)).catch(() => undefined);
    if (cut) editor.apply([{ type: 'erase-rect', rect }]);
  }

  /** Pastes at the selection's corner or the cursor: the system clipboard's text if it is a level, else the last copy. */
  async function paste(): Promise<void> {
    const facet = editor.facet;
    if (!facet) return;
    const text = await navigator.clipboard?.readText().catch(() => undefined);
    const read = text?.trim() ? fragmentFromText(facet, formats(), text) : undefined;
    // Text the kind's formats do not read (a lone "@") is said so, not pasted as something else or ignored.
    if (text?.trim() && !read) {
      editor.reportRefusal(unreadablePaste(text, formats()[0]?.label));
      return;
    }
    const fragment = read ?? editor.clipboard;
    if (!fragment) return;
    const s = editor.selection;
    const at = s ? { x: Math.min(s.x, s.x + s.width + (s.width < 0 ? 1 : -1)), y: Math.min(s.y, s.y + s.height + (s.height < 0 ? 1 : -1)) } : editor.cursor;
    editor.apply([{ type: 'paste', fragment, at }]);
  }

  return { down, enter, up, activate, moveCursor, copy, paste };
}
