/**
 * The simulation's charts as ECharts options, built from a report alone (pure, so tests and the
 * section share them): the game-length histogram, and over the game the average size of the
 * pieces dealt and the difficulty the dealer's curve asked for.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { SimulationReport } from '../../../../src-shared/rulesets/blocks/simulate.ts';

export interface SimulationChartWords {
  readonly games: string;
  readonly move: string;
  readonly pieceSize: string;
  readonly difficulty: string;
}

export interface SimulationChartColours {
  readonly text: string;
  readonly line: string;
  readonly first: string;
  readonly second: string;
}

const axisStyle = (colours: SimulationChartColours) => ({ axisLabel: { color: colours.text }, axisLine: { lineStyle: { color: colours.line } }, splitLine: { lineStyle: { color: colours.line, opacity: 0.3 } } });

export function lengthHistogram(report: SimulationReport, words: SimulationChartWords, colours: SimulationChartColours): EChartsCoreOption {
  const labels = report.lengthBins.map((_, i) => (report.binWidth === 1 ? String(i) : `${i * report.binWidth}–${(i + 1) * report.binWidth - 1}`));
  return {
    animation: false,
    grid: { left: 40, right: 12, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis' },
    // The caption names the axis (game length in placements).
    xAxis: { type: 'category', data: labels, ...axisStyle(colours) },
    yAxis: { type: 'value', name: words.games, minInterval: 1, nameTextStyle: { color: colours.text }, ...axisStyle(colours) },
    series: [{ type: 'bar', data: [...report.lengthBins], itemStyle: { color: colours.first } }],
  };
}

export function overTimeChart(report: SimulationReport, words: SimulationChartWords, colours: SimulationChartColours): EChartsCoreOption {
  const points = report.overTime.filter((o) => o.trays > 0);
  return {
    animation: false,
    grid: { left: 40, right: 44, top: 28, bottom: 40 },
    tooltip: { trigger: 'axis' },
    legend: { data: [words.pieceSize, words.difficulty], textStyle: { color: colours.text }, top: 0 },
    xAxis: { type: 'value', name: words.move, nameLocation: 'middle', nameGap: 26, nameTextStyle: { color: colours.text }, ...axisStyle(colours) },
    yAxis: [
      // The legend names both axes' series.
      { type: 'value', min: 0, ...axisStyle(colours) },
      { type: 'value', min: 0, max: 1, ...axisStyle(colours), splitLine: { show: false } },
    ],
    series: [
      { name: words.pieceSize, type: 'line', showSymbol: false, data: points.map((o) => [o.from, Number(o.pieceSize.toFixed(2))]), itemStyle: { color: colours.first } },
      { name: words.difficulty, type: 'line', yAxisIndex: 1, showSymbol: false, data: points.map((o) => [o.from, Number(o.difficulty.toFixed(3))]), itemStyle: { color: colours.second } },
    ],
  };
}
