/**
 * The campaign checks (issue 23): par falls (BoxCat's rule, with and without a tolerance), a
 * spike by a robust measure, a plateau, unverified and stale levels; and "suggest order" keeping
 * pinned levels in place.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CURVE_SETTINGS, checksByRow, curveSettingsSchema, parFalls, plateaus, runChecks, spikes, tightness, unproven } from '../../src-shared/campaign/checks.ts';
import { humanSignals, median, reportCsv, type LevelSignals } from '../../src-shared/campaign/signals.ts';
import { blendScores, signalRanks, suggestOrder } from '../../src-shared/campaign/suggest.ts';

function rowsOf(pars: readonly (number | null)[], status = 'verified'): LevelSignals[] {
  return pars.map((par, i) => ({
    levelId: 100 + i, position: i + 1, title: `L${i + 1}`, chapterId: null, chapter: null, pinned: false, status, par,
    secondary: null, boxes: null, width: null, height: null, nodes: null, boxChanges: null,
    recordings: 0, completionRate: null, medianMovesOverPar: null, medianTimeMs: null, medianUndos: null, hintsPerPlay: null, tightness: null,
  }));
}

const settings = (over: Partial<typeof DEFAULT_CURVE_SETTINGS>) => curveSettingsSchema.parse({ ...DEFAULT_CURVE_SETTINGS, ...over });

describe('par falls', () => {
  it('fires on the level whose par is below the previous one, naming both', () => {
    const found = parFalls(rowsOf([10, 12, 11, 15]));
    expect(found.map((f) => f.index)).toEqual([2]);
    expect(found[0].reason).toContain('par 11 falls from 12 at #2');
    expect(found[0].error).toBe(true);
  });
  it('never fires on a par that only rises or stays', () => {
    expect(parFalls(rowsOf([5, 5, 6, 9, 9, 30]))).toEqual([]);
  });
  it('allows a fall within the campaign tolerance, not beyond it', () => {
    const rows = rowsOf([20, 18, 30, 25]);
    expect(parFalls(rows, settings({ parFallTolerance: 2 })).map((f) => f.index)).toEqual([3]);
    expect(parFalls(rows, settings({ parFallTolerance: 5 }))).toEqual([]);
  });
  it('compares with the previous level that has a par, skipping unknown ones', () => {
    expect(parFalls(rowsOf([10, null, 9])).map((f) => f.index)).toEqual([2]);
  });
  it('is a warning, not an error, when the campaign does not mark it so', () => {
    expect(parFalls(rowsOf([3, 2]), settings({ errors: [] }))[0].error).toBe(false);
  });
});

describe('spike', () => {
  it('fires on a level far above its neighbours', () => {
    const found = spikes(rowsOf([10, 11, 12, 60, 13, 14, 15]));
    expect(found.map((f) => f.index)).toEqual([3]);
    expect(found[0].reason).toMatch(/robust z/);
  });
  it('does not fire on a steady rise', () => {
    expect(spikes(rowsOf([10, 15, 20, 25, 30, 35, 40]))).toEqual([]);
  });
  it('is robust: two spikes apart do not hide each other', () => {
    expect(spikes(rowsOf([10, 11, 80, 12, 13, 14, 90, 15, 16])).map((f) => f.index)).toEqual([2, 6]);
  });
  it('follows the threshold', () => {
    const rows = rowsOf([10, 10, 10, 16, 10, 10, 10]);
    expect(spikes(rows, settings({ spikeThreshold: 3.5 })).map((f) => f.index)).toEqual([3]);
    expect(spikes(rows, settings({ spikeThreshold: 10 }))).toEqual([]);
  });
});

describe('plateau', () => {
  it('fires once on a long run with no new high par, naming the run', () => {
    const found = plateaus(rowsOf([5, 8, 8, 7, 8, 6, 9]), settings({ plateauLength: 4 }));
    expect(found.map((f) => f.index)).toEqual([2]);
    expect(found[0].reason).toBe('4 levels (#3-#6) without a par above 8 (set at #2)');
  });
  it('does not fire on a run shorter than the length', () => {
    expect(plateaus(rowsOf([5, 8, 8, 7, 9]), settings({ plateauLength: 4 }))).toEqual([]);
  });
  it('fires on a run that lasts to the end', () => {
    expect(plateaus(rowsOf([1, 2, 2, 2]), settings({ plateauLength: 2 })).map((f) => f.reason)).toEqual(['2 levels (#3-#4) without a par above 2 (set at #2)']);
  });
});

describe('unverified and stale', () => {
  it('names stale levels and levels without a current proof apart', () => {
    const rows = [...rowsOf([1]), ...rowsOf([null], 'stale'), ...rowsOf([null], 'unverified'), ...rowsOf([null], 'budget'), ...rowsOf([2], 'verified-bound')];
    expect(unproven(rows).map((f) => [f.index, f.check])).toEqual([[1, 'stale'], [2, 'unverified'], [3, 'unverified']]);
  });
  it('runChecks puts every finding on its row', () => {
    const rows = [...rowsOf([5, 4]), ...rowsOf([null], 'stale')];
    const findings = runChecks(rows);
    expect(checksByRow(rows.length, findings)).toEqual([[], ['par-falls'], ['stale']]);
  });
});

describe('human signals', () => {
  it('counts completion and medians over finished plays', () => {
    const plays = [
      { won: true, moves: 12, undos: 1, hints: 0, durationMs: 10_000 },
      { won: true, moves: 16, undos: 3, hints: 1, durationMs: 30_000 },
      { won: false, moves: 4, undos: 8, hints: 1, durationMs: 5_000 },
    ];
    expect(humanSignals(plays, 10)).toEqual({ recordings: 3, completionRate: 2 / 3, medianMovesOverPar: 4, medianTimeMs: 20_000, medianUndos: 3, hintsPerPlay: 2 / 3 });
    expect(humanSignals([], 10).completionRate).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
  });
  it('writes CSV with quoted text and no formula injection', () => {
    const [row] = rowsOf([7]);
    const csv = reportCsv([{ ...row, title: '=HYPERLINK("x"), y', checks: ['spike', 'plateau'] }]);
    const line = csv.split('\n')[1];
    expect(line.startsWith('1,100,"\'=HYPERLINK(""x""), y",')).toBe(true);
    expect(line.endsWith(',spike plateau')).toBe(true);
  });
});

describe('suggest order', () => {
  it('sorts by one signal, easiest first', () => {
    const rows = rowsOf([30, 10, 20]);
    expect(suggestOrder(rows, { par: 1 })).toEqual([1, 2, 0]);
  });
  it('keeps pinned levels where they are and sorts the others around them', () => {
    const rows = rowsOf([50, 40, 30, 20, 10]);
    rows[1].pinned = true;
    rows[4].pinned = true;
    expect(suggestOrder(rows, { par: 1 })).toEqual([3, 1, 2, 0, 4]);
  });
  it('blends signals by their ranks, so units do not matter', () => {
    const rows = rowsOf([10, 20, 30]);
    rows[0].nodes = 1_000_000;
    rows[1].nodes = 10;
    rows[2].nodes = 20;
    expect(blendScores(rows, { par: 1, nodes: 1 })).toEqual([0.5, 0.25, 0.75]);
    expect(suggestOrder(rows, { par: 1, nodes: 3 })).toEqual([1, 2, 0]);
  });
  it('reads a higher completion rate as easier', () => {
    const rows = rowsOf([1, 1]);
    rows[0].completionRate = 0.2;
    rows[1].completionRate = 0.9;
    expect(signalRanks(rows, 'completionRate')).toEqual([1, 0]);
  });
  it('refuses an empty blend', () => {
    expect(() => suggestOrder(rowsOf([1]), {})).toThrow(RangeError);
  });
});

describe('tightness', () => {
  const withTightness = (values: readonly (number | null)[], chapterOf: (i: number) => number | null) =>
    rowsOf(values.map(() => 10)).map((r, i) => ({ ...r, tightness: values[i], chapterId: chapterOf(i), chapter: chapterOf(i) === null ? null : `C${chapterOf(i)}` }));

  it('holds each chapter to its own median give or take the tolerance; levels without a limit are not judged', () => {
    const rows = withTightness([0.72, 0.74, 0.6, null, 0.9, 0.91, 0.97], (i) => (i < 4 ? 1 : 2));
    expect(tightness(rows).map((f) => [f.index, f.reason])).toEqual([
      [2, 'tightness 0.60 outside 0.67-0.77, its median 0.72 ± 0.05 in chapter "C1"'],
      [6, 'tightness 0.97 outside 0.86-0.96, its median 0.91 ± 0.05 in chapter "C2"'],
    ]);
    expect(tightness(rows, settings({ tightnessTolerance: 0.2 }))).toEqual([]);
    expect(tightness(rowsOf([5, 6, 7]))).toEqual([]);
  });

  it('uses a window set for a chapter, and is a warning unless the campaign makes it an error', () => {
    const rows = withTightness([0.5, 0.8, 0.85], () => 3);
    const found = tightness(rows, settings({ tightnessWindows: { '3': { min: 0.75, max: 0.9 } } }));
    expect(found.map((f) => [f.index, f.error])).toEqual([[0, false]]);
    expect(tightness(rows, settings({ tightnessWindows: { '3': { min: 0.75, max: 0.9 } }, errors: ['tightness'] }))[0].error).toBe(true);
    expect(runChecks(rows, settings({ tightnessWindows: { '3': { min: 0.75, max: 0.9 } } })).map((f) => f.check)).toEqual(['tightness']);
  });
});

describe('the par checks by the par sense (a score to maximise, issue 26)', () => {
  it('par falls reads the other way for a score: a best score that rises eases the campaign', () => {
    const found = parFalls(rowsOf([100, 80, 90, 60]), DEFAULT_CURVE_SETTINGS, 'maximise');
    expect(found.map((f) => f.index)).toEqual([2]);
    expect(found[0].reason).toContain('par 90 rises from 80 at #2');
    expect(parFalls(rowsOf([100, 80, 90, 60]), settings({ parFallTolerance: 10 }), 'maximise')).toEqual([]);
    // The same pars minimised fall twice.
    expect(parFalls(rowsOf([100, 80, 90, 60])).map((f) => f.index)).toEqual([1, 3]);
  });
  it('a plateau of a score is a run with no new lowest best', () => {
    const rows = rowsOf([50, 40, 45, 48, 41, 44, 30]);
    const found = plateaus(rows, settings({ plateauLength: 4 }), 'maximise');
    expect(found.map((f) => f.index)).toEqual([2]);
    expect(found[0].reason).toContain('without a par below 40');
    expect(runChecks(rows, settings({ plateauLength: 4 }), 'maximise').some((f) => f.check === 'plateau')).toBe(true);
  });
  it('moves over par says nothing for a score: a play records moves, not points', () => {
    const plays = [{ won: true, moves: 12, undos: 0, hints: 0, durationMs: 1000 }];
    expect(humanSignals(plays, 10).medianMovesOverPar).toBe(2);
    expect(humanSignals(plays, 10, 'maximise').medianMovesOverPar).toBeNull();
  });
});
