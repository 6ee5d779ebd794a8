/** The Campaign list's pure part: chapter headings, collapse, sorting, and where a drop or a nudge lands. */
import { describe, expect, it } from 'vitest';
import type { CampaignReportRow } from '../../src-shared/api/campaign.ts';
import { columnLayout, columnsFor, dropPosition, dropTargetAt, listRows, nudgePosition, rangeBetween } from '../../src-renderer/src/views/campaign/campaign-rows.ts';

function row(levelId: number, par: number | null, chapterId: number | null = null): CampaignReportRow {
  return {
    levelId, position: levelId, title: `L${levelId}`, chapterId, chapter: chapterId === null ? null : `C${chapterId}`, pinned: false, status: 'verified', par,
    secondary: null, boxes: null, width: null, height: null, nodes: null, boxChanges: null, recordings: 0, completionRate: null,
    medianMovesOverPar: null, medianTimeMs: null, medianUndos: null, hintsPerPlay: null, tightness: null, checks: [],
  };
}
const inOrder = { key: 'position', descending: false } as const;

describe('campaign list rows', () => {
  it('puts a heading before each chapter run, and none when the campaign has no chapters', () => {
    expect(listRows([row(1, 3), row(2, 4)], inOrder, new Set()).map((r) => r.key)).toEqual(['l1', 'l2']);
    const rows = [row(1, 3), row(2, 4, 7), row(3, 5, 7)];
    expect(listRows(rows, inOrder, new Set()).map((r) => r.key)).toEqual(['cnone', 'l1', 'c7', 'l2', 'l3']);
  });
  it('a collapsed chapter keeps its heading with its count and hides its levels', () => {
    const shown = listRows([row(1, 3), row(2, 4, 7), row(3, 5, 7)], inOrder, new Set([7]));
    expect(shown.map((r) => r.key)).toEqual(['cnone', 'l1', 'c7']);
    expect(shown[2]).toMatchObject({ type: 'chapter', count: 2, firstIndex: 1 });
  });
  it('sorts by a column without headings, unknown values last', () => {
    const shown = listRows([row(1, 9, 7), row(2, null), row(3, 2, 7)], { key: 'par', descending: false }, new Set());
    expect(shown.map((r) => r.key)).toEqual(['l3', 'l1', 'l2']);
  });
  it('a drop before an index gives the moved block its position once it is taken out', () => {
    expect(dropPosition(0, [2])).toBe(1);
    expect(dropPosition(5, [1, 2])).toBe(4);
    expect(dropPosition(3, [0, 4])).toBe(3);
  });
  it('a drop lands by the half of the row under the pointer, into a chapter on its heading, at the end past the last row', () => {
    const shown = listRows([row(1, 3), row(2, 4, 7), row(3, 5, 7)], inOrder, new Set());
    // cnone, l1, c7, l2, l3 at 28 px each
    expect(dropTargetAt(shown, 28 + 5, 28, 3)).toEqual({ before: 0, line: 1 });
    expect(dropTargetAt(shown, 28 + 20, 28, 3)).toEqual({ before: 1, line: 2 });
    expect(dropTargetAt(shown, 2 * 28 + 3, 28, 3)).toEqual({ before: 1, chapterId: 7, line: 3 });
    expect(dropTargetAt(shown, 0, 28, 3)).toEqual({ before: 0, chapterId: null, line: 1 });
    expect(dropTargetAt(shown, 4 * 28 + 27, 28, 3)).toEqual({ before: 3, line: 5 });
    expect(dropTargetAt(shown, 900, 28, 3)).toEqual({ before: 3, line: 5 });
    expect(dropTargetAt(shown, -40, 28, 3)).toEqual({ before: 0, chapterId: null, line: 1 });
  });
  it('a nudge moves the block one place and stops at the edges', () => {
    expect(nudgePosition([2, 3], -1, 6)).toBe(2);
    expect(nudgePosition([2, 3], 1, 6)).toBe(4);
    expect(nudgePosition([0], -1, 6)).toBeNull();
    expect(nudgePosition([4, 5], 1, 6)).toBeNull();
  });
  it('Shift-click selects the shown rows between two levels', () => {
    const shown = listRows([row(1, 1), row(2, 2), row(3, 3), row(4, 4)], inOrder, new Set());
    expect(rangeBetween(shown, 3, 1)).toEqual([1, 2, 3]);
  });
});

describe('campaign list columns', () => {
  const report = (kind: string, objectives: number, rows: CampaignReportRow[]) => ({
    campaign: { id: 1, name: 'C', kind, rulesetId: 1, rulesetName: 'R', rulesFingerprint: 'f' },
    objectives: Array.from({ length: objectives }, (_, i) => ({ id: `o${i}`, label: `o${i}` })),
    rows,
  });
  const keys = (r: ReturnType<typeof report>) => columnsFor(r).map((c) => c.key);

  it("a maze campaign shows no push figures: no boxes, box changes, pushes or players' columns without plays", () => {
    const shown = keys(report('maze', 1, [row(1, 12), row(2, null)]));
    for (const key of ['boxes', 'boxChanges', 'secondary', 'medianMovesOverPar', 'completionRate', 'recordings'] as const) expect(shown).not.toContain(key);
    expect(shown).toEqual(expect.arrayContaining(['position', 'title', 'par', 'size', 'nodes', 'status', 'tightness', 'checks']));
  });
  it('a push campaign shows its declared figures even before any level is verified', () => {
    const shown = keys(report('push', 2, [row(1, null)]));
    expect(shown).toEqual(expect.arrayContaining(['boxes', 'boxChanges', 'secondary']));
    expect(shown).not.toContain('tightness');
  });
  it("a figure in the rows' data shows whatever the kind declares", () => {
    const played = { ...row(1, 9), recordings: 3, completionRate: 0.5, medianMovesOverPar: 2 };
    const shown = keys(report('maze', 1, [played]));
    expect(shown).toEqual(expect.arrayContaining(['recordings', 'completionRate', 'medianMovesOverPar']));
    expect(shown).not.toContain('medianTimeMs');
  });
  it('the grid has one track per shown column and a minimum width from the fixed ones', () => {
    const columns = columnsFor(report('maze', 1, [row(1, 3)]));
    const layout = columnLayout(columns);
    expect(layout.template.split(/ (?![^(]*\))/)).toHaveLength(columns.length);
    expect(Number.parseInt(layout.minWidth)).toBeGreaterThan(500);
  });
});
