/** The simulation's charts are built from the report alone: one bar per length bin, one point per move bucket with trays. */
import { describe, expect, it } from 'vitest';
import { blocksConfigSchema } from '../../src-shared/rulesets/blocks/schema.ts';
import { simulateGames } from '../../src-shared/rulesets/blocks/simulate.ts';
import { lengthHistogram, overTimeChart } from '../../src-renderer/src/views/simulation/simulation-charts.ts';

const report = simulateGames(blocksConfigSchema.parse({}), { games: 8, bot: 'random', seed: 'charts' });
const words = { games: 'Games', move: 'Move', pieceSize: 'Piece size', difficulty: 'Difficulty' };
const colours = { text: '#aaa', line: '#666', first: '#48f', second: '#fa0' };

describe('simulation charts', () => {
  it('draws the length histogram from the bins', () => {
    const option = lengthHistogram(report, words, colours) as { series: { data: number[] }[]; xAxis: { data: string[] } };
    expect(option.series[0].data).toEqual(report.lengthBins);
    expect(option.series[0].data.reduce((a, b) => a + b, 0)).toBe(8);
    expect(option.xAxis.data).toHaveLength(report.lengthBins.length);
  });

  it('draws piece size and difficulty over the game on two axes', () => {
    const option = overTimeChart(report, words, colours) as { series: { yAxisIndex?: number; data: [number, number][] }[] };
    const buckets = report.overTime.filter((o) => o.trays > 0);
    expect(option.series[0].data.map(([x]) => x)).toEqual(buckets.map((o) => o.from));
    expect(option.series[1].yAxisIndex).toBe(1);
    expect(option.series[1].data.every(([, d]) => d >= 0 && d <= 1)).toBe(true);
  });
});
