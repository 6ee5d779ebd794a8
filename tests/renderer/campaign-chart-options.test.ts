/** The campaign charts' option: levels without a par are gaps, not points at 0. */
import { describe, expect, it } from 'vitest';
import type { CampaignReportRow } from '../../src-shared/api/campaign.ts';
import { buildCurveOption, paletteFromCss } from '../../src-renderer/src/views/campaign/chart-options.ts';

function row(levelId: number, par: number | null, checks: CampaignReportRow['checks'] = []): CampaignReportRow {
  return {
    levelId, position: levelId, title: null, chapterId: null, chapter: null, pinned: false, status: par === null ? 'unverified' : 'verified', par,
    secondary: par === null ? null : par + 1, boxes: null, width: null, height: null, nodes: par === null ? null : 40, boxChanges: null, recordings: 0, completionRate: null,
    medianMovesOverPar: null, medianTimeMs: null, medianUndos: null, hintsPerPlay: null, tightness: null, checks,
  };
}

describe('campaign curve option', () => {
  const palette = paletteFromCss({ getPropertyValue: () => '' });
  const words = { par: 'Par', secondary: 'Pushes', nodes: 'Nodes', completion: 'Done', time: 'Time', checkName: (c: string) => c };

  it('leaves unverified levels as gaps in the par panel, with no check point at 0', () => {
    const rows = [row(1, 5), row(2, null, ['unverified']), row(3, 4, ['par-falls']), row(4, null, ['stale'])];
    const option = buildCurveOption({ rows, chapters: [], palette, words, animation: false });
    const series = option.series as { id: string; data: unknown[] }[];
    const byId = (id: string) => series.find((s) => s.id === id)!.data;
    expect(byId('par')).toEqual([5, null, 4, null]);
    expect(byId('secondary')).toEqual([6, null, 5, null]);
    expect(byId('nodes')).toEqual([40, null, 40, null]);
    expect(byId('check-unverified')).toEqual([]);
    expect(byId('check-stale')).toEqual([]);
    expect(byId('check-par-falls')).toEqual([[2, 4]]);
  });
});
