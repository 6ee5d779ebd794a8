/**
 * The campaign's charts as one ECharts option: aligned panels along campaign order (par and the
 * secondary figure; solver nodes on a log scale; players' signals where recordings exist), the
 * chapters as alternating bands, and the checks drawn where they fire. Pure: the component gives the rows,
 * the words and the theme's colours (read from the studio's CSS variables), so the charts follow
 * the studio's dark and light themes.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { CampaignReportRow } from '../../../../src-shared/api/campaign.ts';
import { CHECK_IDS, type CheckId } from '../../../../src-shared/campaign/checks.ts';

export type PanelId = 'par' | 'nodes' | 'human';

/** Campaigns longer than this draw without the entry animation, and their lines without a symbol per point. */
const ANIMATED_LEVELS = 200;
/** Above this many items a bar or check series draws as one batched path (ECharts' large mode: no per-item elements). */
const LARGE_SERIES = 300;

/** The components a new option replaces rather than merges into (by id): its panels and what they draw. */
export const REPLACED_COMPONENTS = ['grid', 'xAxis', 'yAxis', 'series'] as const;

export interface ChartPalette {
  readonly fg: string;
  readonly muted: string;
  readonly grid: string;
  readonly surface: string;
  readonly accent: string;
  readonly secondary: string;
  readonly ok: string;
  readonly warn: string;
  readonly danger: string;
  readonly band: string;
}

export interface ChartWords {
  readonly par: string;
  readonly secondary: string | null;
  readonly nodes: string;
  readonly completion: string;
  readonly time: string;
  readonly checkName: (check: CheckId) => string;
}

export interface CurveInput {
  readonly rows: readonly CampaignReportRow[];
  readonly chapters: readonly { readonly id: number; readonly name: string }[];
  readonly palette: ChartPalette;
  readonly words: ChartWords;
  /** Panels to draw (an export draws one); by default par, nodes, and players when there are plays. */
  readonly panels?: readonly PanelId[];
  /** Off for exports and benches: the first frame is the final one. By default on for short campaigns only. */
  readonly animation?: boolean;
}

/** Panels shown by default: the players' panel only when some level has play-tests. */
export function defaultPanels(rows: readonly CampaignReportRow[]): PanelId[] {
  return rows.some((r) => r.recordings > 0) ? ['par', 'nodes', 'human'] : ['par', 'nodes'];
}

const CHECK_SYMBOL: Readonly<Record<CheckId, string>> = {
  'par-falls': 'triangle',
  spike: 'diamond',
  plateau: 'rect',
  unverified: 'circle',
  stale: 'emptyCircle',
  tightness: 'pin',
};

/** Where each chapter starts (0-based index) with its name; the levels before the first chapter have none. */
export function chapterStarts(rows: readonly CampaignReportRow[]): { index: number; name: string; chapterId: number | null }[] {
  const starts: { index: number; name: string; chapterId: number | null }[] = [];
  rows.forEach((row, i) => {
    if (i === 0 || rows[i - 1].chapterId !== row.chapterId) starts.push({ index: i, name: row.chapter ?? '', chapterId: row.chapterId });
  });
  return starts;
}

/** An unknown value stays null: ECharts leaves a gap there rather than a point at 0. */
const gap = (v: number | null): number | null => (Number.isFinite(v) ? v : null);

export function buildCurveOption(input: CurveInput): EChartsCoreOption {
  const { rows, palette, words } = input;
  const panels = input.panels ?? defaultPanels(rows);
  const categories = rows.map((r) => String(r.position));
  // Panels share the height below a top margin, each leaving room for the next one's axis name.
  const share = 88 / panels.length;
  // Margins are fixed, so ECharts need not measure the axes' labels to fit them in (outerBoundsMode).
  const grids = panels.map((panel, k) => ({ id: `grid-${panel}`, left: 56, right: 48, top: `${9 + k * share}%`, height: `${share - 11}%`, outerBoundsMode: 'none' }));
  const axisLine = { lineStyle: { color: palette.grid } };
  const xAxis = panels.map((panel, k) => ({
    id: `x-${panel}`,
    // Bars need a gap at the ends; every panel keeps the same one, so the levels line up across panels.
    type: 'category', data: categories, gridIndex: k, boundaryGap: true, axisLine, axisTick: { show: false },
    axisLabel: { color: palette.muted, show: k === panels.length - 1 }, splitLine: { show: false },
  }));
  const yAxis: Record<string, unknown>[] = [];
  const series: Record<string, unknown>[] = [];
  const starts = chapterStarts(rows);
  const bands = starts.filter((s) => s.chapterId !== null).map((s, k, all) => {
    const end = k + 1 < all.length ? all[k + 1].index - 1 : (starts.find((x) => x.index > s.index)?.index ?? rows.length) - 1;
    return [{ xAxis: categories[s.index], name: s.name, itemStyle: { color: k % 2 === 0 ? palette.band : 'transparent' } }, { xAxis: categories[Math.max(s.index, end)] }];
  });
  const chapterMarks = (withLabels: boolean) => ({
    markArea: { silent: true, label: { show: withLabels, color: palette.muted, position: 'insideTop', fontSize: 10 }, data: bands },
  });
  // Chapters are drawn by a bar series in every panel, so their bands cover whole levels alike
  // (a line series would start and end them at the levels' centres).
  const chapterSeries = (k: number, y: number, withLabels: boolean) => ({
    id: `chapters-${k}`, type: 'bar', xAxisIndex: k, yAxisIndex: y, data: rows.map(() => '-'), barGap: '-100%', silent: true, tooltip: { show: false }, ...chapterMarks(withLabels),
  });
  const valueAxis = (id: string, gridIndex: number, name: string, extra: Record<string, unknown> = {}) => ({
    id, type: 'value', gridIndex, name, nameTextStyle: { color: palette.muted, align: 'left' }, axisLine, axisLabel: { color: palette.muted },
    splitLine: { lineStyle: { color: palette.grid, opacity: 0.5 } }, scale: true, ...extra,
  });

  panels.forEach((panel, k) => {
    if (panel === 'par') {
      const y = yAxis.push(valueAxis('y-par', k, words.par)) - 1;
      series.push({ id: 'par', name: words.par, type: 'line', xAxisIndex: k, yAxisIndex: y, data: rows.map((r) => gap(r.par)), showSymbol: rows.length <= ANIMATED_LEVELS, symbolSize: 5, connectNulls: false, lineStyle: { color: palette.accent, width: 1.5 }, itemStyle: { color: palette.accent } }, chapterSeries(k, y, true));
      if (words.secondary) series.push({ id: 'secondary', name: words.secondary, type: 'line', xAxisIndex: k, yAxisIndex: y, data: rows.map((r) => gap(r.secondary)), showSymbol: false, lineStyle: { color: palette.secondary, width: 1, type: 'dashed' }, itemStyle: { color: palette.secondary } });
      // Checks: on the par line where par is known. A level without one (unverified, stale) is a
      // gap in the line, not a point at 0: its checks are listed beside the chart.
      // One series per check, its symbol and colour set once: plain points, no model per mark.
      for (const check of CHECK_IDS) {
        const marks = rows.flatMap((r, i) => (r.checks.includes(check) && r.par !== null ? [[i, r.par]] : []));
        const color = check === 'par-falls' ? palette.danger : check === 'spike' || check === 'plateau' || check === 'tightness' ? palette.warn : palette.muted;
        series.push({ id: `check-${check}`, name: words.checkName(check), type: 'scatter', xAxisIndex: k, yAxisIndex: y, data: marks, symbol: CHECK_SYMBOL[check], symbolSize: 9, itemStyle: { color }, z: 5, silent: true, tooltip: { show: false }, large: true, largeThreshold: LARGE_SERIES });
      }
    } else if (panel === 'nodes') {
      const y = yAxis.push(valueAxis('y-nodes', k, words.nodes, { type: 'log', logBase: 10, scale: false, min: 1 })) - 1;
      series.push({ id: 'nodes', name: words.nodes, type: 'bar', xAxisIndex: k, yAxisIndex: y, data: rows.map((r) => (r.nodes === null || r.nodes < 1 ? null : r.nodes)), barMaxWidth: 6, itemStyle: { color: palette.ok }, large: true, largeThreshold: LARGE_SERIES, ...chapterMarks(false) });
    } else {
      const y = yAxis.push(valueAxis('y-completion', k, words.completion, { min: 0, max: 1, scale: false, axisLabel: { color: palette.muted, formatter: (v: number) => `${Math.round(v * 100)}%` } })) - 1;
      // The right axis's name ends at the axis: starting there, it would run past the chart's edge.
      const t = yAxis.push({ ...valueAxis('y-time', k, words.time), position: 'right', nameTextStyle: { color: palette.muted, align: 'right' }, splitLine: { show: false } }) - 1;
      series.push({ id: 'completion', name: words.completion, type: 'line', xAxisIndex: k, yAxisIndex: y, data: rows.map((r) => gap(r.completionRate)), connectNulls: false, showSymbol: rows.length <= ANIMATED_LEVELS, symbolSize: 5, lineStyle: { color: palette.warn }, itemStyle: { color: palette.warn } }, chapterSeries(k, y, false));
      series.push({ id: 'time', name: words.time, type: 'line', xAxisIndex: k, yAxisIndex: t, data: rows.map((r) => (r.medianTimeMs === null ? null : Math.round(r.medianTimeMs / 100) / 10)), connectNulls: false, showSymbol: rows.length <= ANIMATED_LEVELS, symbolSize: 4, lineStyle: { color: palette.secondary, type: 'dotted' }, itemStyle: { color: palette.secondary } });
    }
  });

  const all = panels.map((_, k) => k);
  return {
    // A thousand points animating in would delay the first useful frame by the animation's second.
    animation: input.animation ?? rows.length <= ANIMATED_LEVELS,
    backgroundColor: 'transparent',
    textStyle: { color: palette.fg },
    grid: grids,
    xAxis,
    yAxis,
    series,
    axisPointer: { link: [{ xAxisIndex: 'all' }], lineStyle: { color: palette.muted } },
    // The axis pointer follows the mouse (hover card, click to open); the figures show in the view's card, not a tooltip.
    tooltip: { trigger: 'axis', showContent: false },
    dataZoom: [{ type: 'inside', xAxisIndex: all, zoomOnMouseWheel: 'ctrl' }],
    brush: { toolbox: [], xAxisIndex: all, brushType: 'lineX', brushMode: 'single', throttleType: 'debounce', throttleDelay: 150, brushStyle: { color: 'rgba(76,154,255,0.15)', borderColor: palette.accent }, outOfBrush: { colorAlpha: 0.4 } },
  };
}

/**
 * The option without its data (no series, no categories): what the chart is first given so that
 * actions which redraw it whole (taking the brush cursor) are cheap.
 */
export function curveSkeleton(option: EChartsCoreOption): EChartsCoreOption {
  const xAxis = option.xAxis as readonly Record<string, unknown>[];
  return { ...option, series: [], xAxis: xAxis.map((axis) => ({ ...axis, data: [] })) };
}

/** Before/after of "suggest order": one signal along the chapter in both orders. */
export function buildCompareOption(before: readonly (number | null)[], after: readonly (number | null)[], palette: ChartPalette, labels: { before: string; after: string; signal: string }): EChartsCoreOption {
  const categories = before.map((_, i) => String(i + 1));
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: palette.fg },
    legend: { top: 0, textStyle: { color: palette.fg } },
    grid: { left: 48, right: 16, top: 30, bottom: 24 },
    xAxis: { type: 'category', data: categories, boundaryGap: false, axisLabel: { color: palette.muted }, axisLine: { lineStyle: { color: palette.grid } } },
    yAxis: { type: 'value', name: labels.signal, scale: true, axisLabel: { color: palette.muted }, splitLine: { lineStyle: { color: palette.grid, opacity: 0.5 } } },
    series: [
      { id: 'before', name: labels.before, type: 'line', data: before.map(gap), showSymbol: false, lineStyle: { color: palette.muted, type: 'dashed' }, itemStyle: { color: palette.muted } },
      { id: 'after', name: labels.after, type: 'line', data: after.map(gap), showSymbol: false, lineStyle: { color: palette.accent, width: 2 }, itemStyle: { color: palette.accent } },
    ],
  };
}

/** The studio's colours for the charts, from its CSS variables (theme.css). */
export function paletteFromCss(style: { getPropertyValue(name: string): string }): ChartPalette {
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    fg: v('--fg', '#d8dce2'),
    muted: v('--fg-muted', '#8d96a2'),
    grid: v('--border', '#2f343b'),
    surface: v('--surface-1', '#1e2126'),
    accent: v('--accent', '#4c9aff'),
    secondary: v('--budget', '#b48cf2'),
    ok: v('--ok', '#3fb97a'),
    warn: v('--warn', '#e0a93b'),
    danger: v('--danger', '#ef5b5b'),
    band: v('--surface-2', '#272b31'),
  };
}
