/**
 * The Campaign list's rows, apart from the component: chapter headings between level rows
 * (a collapsed chapter hides its levels), sorting by a column (headings go: a sorted list is not
 * the campaign's order), and where a drop lands as a `move` request.
 */
import type { CampaignReportRow } from '../../../../src-shared/api/campaign.ts';

export type ListRow =
  | { readonly type: 'chapter'; readonly key: string; readonly chapterId: number | null; readonly name: string | null; readonly count: number; readonly firstIndex: number }
  | { readonly type: 'level'; readonly key: string; readonly row: CampaignReportRow; readonly index: number };

/** The list's columns in order: the sort key, the label's i18n key under `campaign.column`, and the cell's text (status draws a badge instead). */
export const LIST_COLUMNS: readonly { readonly key: SortKey; readonly cell: (r: CampaignReportRow) => string }[] = [
  { key: 'position', cell: (r) => String(r.position) },
  { key: 'title', cell: (r) => r.title ?? '' },
  { key: 'par', cell: (r) => rounded(r.par) },
  { key: 'secondary', cell: (r) => rounded(r.secondary) },
  { key: 'boxes', cell: (r) => rounded(r.boxes) },
  { key: 'size', cell: (r) => (r.width === null ? '' : `${r.width}×${r.height}`) },
  { key: 'nodes', cell: (r) => rounded(r.nodes) },
  { key: 'status', cell: () => '' },
  { key: 'boxChanges', cell: (r) => rounded(r.boxChanges) },
  { key: 'recordings', cell: (r) => (r.recordings > 0 ? String(r.recordings) : '') },
  { key: 'completionRate', cell: (r) => (r.completionRate === null ? '' : `${Math.round(r.completionRate * 100)}%`) },
  { key: 'medianMovesOverPar', cell: (r) => rounded(r.medianMovesOverPar) },
  { key: 'medianTimeMs', cell: (r) => (r.medianTimeMs === null ? '' : `${Math.round(r.medianTimeMs / 1000)} s`) },
  { key: 'medianUndos', cell: (r) => rounded(r.medianUndos) },
  { key: 'hintsPerPlay', cell: (r) => (r.hintsPerPlay === null ? '' : r.hintsPerPlay.toFixed(1)) },
  { key: 'tightness', cell: (r) => (r.tightness === null ? '' : r.tightness.toFixed(2)) },
  { key: 'checks', cell: (r) => r.checks.join(' ') },
];

function rounded(v: number | null): string {
  return v === null ? '' : String(Math.round(v * 10) / 10);
}

export const SORT_KEYS = ['position', 'title', 'par', 'secondary', 'boxes', 'size', 'nodes', 'status', 'boxChanges', 'recordings', 'completionRate', 'medianMovesOverPar', 'medianTimeMs', 'medianUndos', 'hintsPerPlay', 'tightness', 'checks'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface ListSort {
  readonly key: SortKey;
  readonly descending: boolean;
}

function sortValue(row: CampaignReportRow, key: SortKey): number | string | null {
  switch (key) {
    case 'title':
      return row.title ?? '';
    case 'status':
      return row.status;
    case 'size':
      return row.width === null || row.height === null ? null : row.width * row.height;
    case 'checks':
      return row.checks.length;
    default:
      return row[key];
  }
}

/** The rows in display order: the campaign's with chapter headings, or sorted by a column. */
export function listRows(rows: readonly CampaignReportRow[], sort: ListSort, collapsed: ReadonlySet<number | null>): ListRow[] {
  if (sort.key !== 'position' || sort.descending) {
    const order = rows.map((row, index) => ({ row, index, v: sortValue(row, sort.key) }));
    const sign = sort.descending ? -1 : 1;
    order.sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.index - b.index : a.v === null ? 1 : -1;
      const c = typeof a.v === 'string' ? a.v.localeCompare(String(b.v)) : a.v - (b.v as number);
      return sign * c || a.index - b.index;
    });
    return order.map(({ row, index }) => ({ type: 'level', key: `l${row.levelId}`, row, index }));
  }
  const out: ListRow[] = [];
  const hasChapters = rows.some((r) => r.chapterId !== null);
  rows.forEach((row, index) => {
    if (hasChapters && (index === 0 || rows[index - 1].chapterId !== row.chapterId)) {
      let count = 0;
      while (index + count < rows.length && rows[index + count].chapterId === row.chapterId) count++;
      out.push({ type: 'chapter', key: `c${row.chapterId ?? 'none'}`, chapterId: row.chapterId, name: row.chapter, count, firstIndex: index });
    }
    if (!hasChapters || !collapsed.has(row.chapterId)) out.push({ type: 'level', key: `l${row.levelId}`, row, index });
  });
  return out;
}

/** Where a drop lands: before campaign index `before`, into a chapter when dropped on its heading, with the drop line above shown row `line`. */
export interface DropTarget {
  readonly before: number;
  readonly chapterId?: number | null;
  readonly line: number;
}

/**
 * The drop target at `y` px from the top of the shown rows (each `rowHeight` tall): a level's
 * upper half drops before it, its lower half after it; a heading drops into its chapter, before
 * its first level; past the last row, at the end of the campaign (`total` levels).
 */
export function dropTargetAt(shown: readonly ListRow[], y: number, rowHeight: number, total: number): DropTarget {
  const at = Math.max(0, Math.floor(y / rowHeight));
  const item = shown[at];
  if (!item) return { before: total, line: shown.length };
  if (item.type === 'chapter') return { before: item.firstIndex, chapterId: item.chapterId, line: at + 1 };
  return y - at * rowHeight < rowHeight / 2 ? { before: item.index, line: at } : { before: item.index + 1, line: at + 1 };
}

/**
 * A drop before campaign index `before` (rows.length: at the end) of the levels at `moving`
 * (indices): the 1-based position their block starts at once they are taken out.
 */
export function dropPosition(before: number, moving: readonly number[]): number {
  return before - moving.filter((i) => i < before).length + 1;
}

/** Alt+Up / Alt+Down: the block of selected levels one place up or down, as a `move` position (null: at the edge). */
export function nudgePosition(moving: readonly number[], delta: -1 | 1, total: number): number | null {
  if (moving.length === 0) return null;
  const first = Math.min(...moving);
  const start = first + delta;
  if (start < 0 || start + moving.length > total) return null;
  return start + 1;
}

/** Indices from `a` to `b` of the rows shown (Shift-click). */
export function rangeBetween(shown: readonly ListRow[], aLevelId: number, bLevelId: number): number[] {
  const levels = shown.filter((r): r is Extract<ListRow, { type: 'level' }> => r.type === 'level');
  const a = levels.findIndex((r) => r.row.levelId === aLevelId);
  const b = levels.findIndex((r) => r.row.levelId === bLevelId);
  if (a < 0 || b < 0) return [bLevelId];
  return levels.slice(Math.min(a, b), Math.max(a, b) + 1).map((r) => r.row.levelId);
}
