/**
 * ECharts for the Campaign view, bundled (no CDN: the CSP allows scripts from the app only) and
 * tree-shaken through `echarts/core`: just the charts and components the view draws, on the
 * canvas renderer. The SVG renderer and the exports live in `chart-export.ts`, loaded on the first
 * export only.
 */
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { BrushComponent, DataZoomInsideComponent, GridComponent, LegendPlainComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, ScatterChart, GridComponent, TooltipComponent, LegendPlainComponent, MarkAreaComponent, DataZoomInsideComponent, BrushComponent, CanvasRenderer]);
