/**
 * The level list as a table a designer scans: one row per level with the figures worth sorting
 * by, computed from the campaign's rows (the list's one source of data: `library.levels`, the
 * whole campaign from `library.campaign` today; paging would change only `tableSource`).
 *
 * Size and the piece count come from the start position through the rules (`rules.view`), so no
 * kind is named here: the counted piece is the campaign's most numerous kind of piece (push:
 * boxes, sliding: tiles).
 */
import type { Badge, CampaignDetail, LevelRow } from '../../../src-shared/api/studio-api.ts';
import type { BoardView } from '../../../src-shared/engine/ruleset.ts';
import { thumbnailView } from './thumbnails.ts';

export const SORT_KEYS = ['position', 'title', 'size', 'pieces', 'par', 'figure', 'badge', 'verified'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface LevelSort {
  readonly key: SortKey;
  readonly direction: SortDirection;
  /** The objective id, for `figure`. */
  readonly figure?: string;
}

export interface LevelFilter {
  /** Words of a title, or a position ("12"). */
  readonly search: string;
  /** Only levels with these badges; empty: all. */
  readonly badges: readonly Badge[];
}

export interface TableRow {
  readonly level: LevelRow;
  readonly view: BoardView | undefined;
  /** Cells of the start position's board (0 when it does not load). */
  readonly cells: number;
  readonly size: string;
  /** How many of the campaign's counted piece the start position has. */
  readonly pieces: number | null;
  /** The title as shown: without the position it repeats ("1" for level 1: '', "148 'from…'": "'from…'"). */
  readonly title: string;
}

/** Badges in the order the status column sorts (and the filter lists) them: what needs work first. */
export const BADGE_ORDER: readonly Badge[] = ['invalid', 'unsolvable', 'budget', 'stale', 'unverified', 'verified-bound', 'verified'];

/** The rows of a campaign: thumbnails and start positions are remembered by content hash. */
export function tableSource(detail: CampaignDetail | null, levels: readonly LevelRow[]): { rows: TableRow[]; piece: string | null } {
  if (!detail) return { rows: [], piece: null };
  const { kind, rulesConfig } = detail.campaign;
  const views = levels.map((level) => thumbnailView(level.kind || kind, rulesConfig, level.content, level.contentHash));
  const piece = countedPiece(views);
  const rows = levels.map((level, i) => {
    const view = views[i];
    const title = level.title?.trim() ?? '';
    return {
      level,
      view,
      cells: view ? view.width * view.height : 0,
      size: view ? `${view.width}×${view.height}` : '–',
      pieces: view && piece ? view.pieces.filter((p) => p.kind === piece).length : null,
      title: withoutPosition(title, level.position),
    };
  });
  return { rows, piece };
}

/** A title without the position it starts with (the # column shows it): "148 'from (Original 18)'" at 148. */
export function withoutPosition(title: string, position: number): string {
  const number = String(position);
  if (title === number) return '';
  const rest = title.startsWith(number) ? title.slice(number.length) : undefined;
  return rest !== undefined && /^[\s.:·\-–—)]+\S/.test(rest) ? rest.replace(/^[\s.:·\-–—)]+/, '') : title;
}

/** The most numerous kind of piece over the campaign's start positions (first seen wins a tie). */
export function countedPiece(views: readonly (BoardView | undefined)[]): string | null {
  const counts = new Map<string, number>();
  for (const view of views) for (const p of view?.pieces ?? []) counts.set(p.kind, (counts.get(p.kind) ?? 0) + 1);
  let best: string | null = null;
  for (const [kind, n] of counts) if (best === null || n > counts.get(best)!) best = kind;
  return best;
}

export function matchesFilter(row: TableRow, filter: LevelFilter): boolean {
  if (filter.badges.length > 0 && !filter.badges.includes(row.level.badge)) return false;
  const words = filter.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const position = String(row.level.position);
  const title = (row.level.title ?? '').toLowerCase();
  return words.every((w) => position === w || position.startsWith(w) || title.includes(w));
}

/** Missing values (no par yet, never verified) sort last in either direction. */
function sortValue(row: TableRow, sort: LevelSort): number | string | null {
  const { level } = row;
  switch (sort.key) {
    case 'position':
      return level.position;
    case 'title':
      return row.title === '' ? null : row.title.toLowerCase();
    case 'size':
      return row.cells === 0 ? null : row.cells;
    case 'pieces':
      return row.pieces;
    case 'par':
      return level.par;
    case 'figure':
      return sort.figure !== undefined ? (level.figures[sort.figure] ?? null) : null;
    case 'badge':
      return BADGE_ORDER.indexOf(level.badge);
    case 'verified':
      return level.verifiedAt;
  }
}

export function sortRows(rows: readonly TableRow[], sort: LevelSort): TableRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: sortValue(row, sort) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value === b.value) return a.row.level.position - b.row.level.position;
      return a.value === null ? 1 : -1;
    }
    const order = typeof a.value === 'string' ? a.value.localeCompare(String(b.value)) : a.value - (b.value as number);
    // Ties keep campaign order, whichever way the column sorts.
    return order !== 0 ? sign * order : a.row.level.position - b.row.level.position;
  });
  return keyed.map((k) => k.row);
}
