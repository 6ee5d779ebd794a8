/**
 * The Campaign list's rows, apart from the component: chapter headings between level rows
 * (a collapsed chapter hides its levels), sorting by a column (headings go: a sorted list is not
 * the campaign's order), and where a drop lands as a `move` request.
 */
import type { CampaignReport, CampaignReportRow } from '../../../../src-shared/api/campaign.ts';
import { LIMIT_FIGURE } from '../../../../src-shared/campaign/signals.ts';
import { rulesetKind } from '../../../../src-shared/rulesets/registry.ts';

export type ListRow =
  | { readonly type: 'chapter'; readonly key: string; readonly chapterId: number | null; readonly name: string | null; readonly count: number; readonly firstIndex: number }
  | { readonly type: 'level'; readonly key: string; readonly row: CampaignReportRow; readonly index: number };

/**
 * What tells whether a column's figure exists for a campaign: the kind's declared figures (its
 * objectives; the verification metrics it names in its messages, `metric.<id>`) and the rows' data.
 */
export interface ColumnContext {
  readonly rows: readonly CampaignReportRow[];
  /** The kind's objectives: a second one is its secondary figure. */
  readonly objectives: number;
  /** Metric ids the kind reports at verification. */
  readonly metrics: ReadonlySet<string>;
}

export interface ListColumn {
  readonly key: SortKey;
  /** Its track in the list's grid (header and rows share it). */
  readonly width: string;
  /** The cell's text (status draws a badge instead). */
  readonly cell: (r: CampaignReportRow) => string;
  /** Absent: always shown. */
  readonly applies?: (c: ColumnContext) => boolean;
}

const someRow = (has: (r: CampaignReportRow) => boolean) => (c: ColumnContext) => c.rows.some(has);
/** Declared by the kind as a verification metric, or present in some row. */
const metricOrData = (metric: string, has: (r: CampaignReportRow) => boolean) => (c: ColumnContext) => c.metrics.has(metric) || c.rows.some(has);

/** The list's columns in order: the sort key, the label's i18n key under `campaign.column`, its width, its cell and when it applies. */
export const LIST_COLUMNS: readonly ListColumn[] = [
  { key: 'position', width: '44px', cell: (r) => String(r.position) },
  { key: 'title', width: 'minmax(100px, 1.5fr)', cell: (r) => r.title ?? '' },
  { key: 'par', width: '52px', cell: (r) => rounded(r.par) },
  { key: 'secondary', width: '64px', cell: (r) => rounded(r.secondary), applies: (c) => c.objectives > 1 || c.rows.some((r) => r.secondary !== null) },
  { key: 'boxes', width: '52px', cell: (r) => rounded(r.boxes), applies: metricOrData('boxes', (r) => r.boxes !== null) },
  { key: 'size', width: '56px', cell: (r) => (r.width === null ? '' : `${r.width}×${r.height}`), applies: metricOrData('width', (r) => r.width !== null) },
  { key: 'nodes', width: '64px', cell: (r) => rounded(r.nodes) },
  { key: 'status', width: '128px', cell: () => '' },
  { key: 'boxChanges', width: '64px', cell: (r) => rounded(r.boxChanges), applies: metricOrData('boxChanges', (r) => r.boxChanges !== null) },
  { key: 'recordings', width: '52px', cell: (r) => (r.recordings > 0 ? String(r.recordings) : ''), applies: someRow((r) => r.recordings > 0) },
  { key: 'completionRate', width: '76px', cell: (r) => (r.completionRate === null ? '' : `${Math.round(r.completionRate * 100)}%`), applies: someRow((r) => r.completionRate !== null) },
  { key: 'medianMovesOverPar', width: '68px', cell: (r) => rounded(r.medianMovesOverPar), applies: someRow((r) => r.medianMovesOverPar !== null) },
  { key: 'medianTimeMs', width: '64px', cell: (r) => (r.medianTimeMs === null ? '' : `${Math.round(r.medianTimeMs / 1000)} s`), applies: someRow((r) => r.medianTimeMs !== null) },
  { key: 'medianUndos', width: '64px', cell: (r) => rounded(r.medianUndos), applies: someRow((r) => r.medianUndos !== null) },
  { key: 'hintsPerPlay', width: '56px', cell: (r) => (r.hintsPerPlay === null ? '' : r.hintsPerPlay.toFixed(1)), applies: someRow((r) => r.hintsPerPlay !== null) },
  { key: 'tightness', width: '72px', cell: (r) => (r.tightness === null ? '' : r.tightness.toFixed(2)), applies: metricOrData(LIMIT_FIGURE, (r) => r.tightness !== null) },
  { key: 'checks', width: 'minmax(72px, 1fr)', cell: (r) => r.checks.join(' ') },
];

/** The metric ids a kind names in its messages (`metric.<id>`): the figures its verification reports. */
export function declaredMetrics(kind: string): Set<string> {
  const words = rulesetKind(kind)?.messages?.en ?? {};
  return new Set(Object.keys(words).flatMap((key) => /^metric\.([A-Za-z0-9]+)$/.exec(key)?.[1] ?? []));
}

/** The columns whose figure exists for this campaign's kind or its data. */
export function columnsFor(report: Pick<CampaignReport, 'campaign' | 'objectives' | 'rows'>): ListColumn[] {
  const context: ColumnContext = { rows: report.rows, objectives: report.objectives.length, metrics: declaredMetrics(report.campaign.kind) };
  return LIST_COLUMNS.filter((c) => !c.applies || c.applies(context));
}

/** The grid's tracks for these columns, and the width below which the list scrolls sideways. */
export function columnLayout(columns: readonly ListColumn[]): { template: string; minWidth: string } {
  const min = columns.reduce((sum, c) => sum + Number(/(\d+)px/.exec(c.width)?.[1] ?? 0), 0);
  return { template: columns.map((c) => c.width).join(' '), minWidth: `${min}px` };
}

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
