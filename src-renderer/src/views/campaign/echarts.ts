/**
 * ECharts for the Campaign view, bundled (no CDN: the CSP allows scripts from the app only):
 * just the charts and components the view draws, both renderers (canvas on screen and for PNG,
 * SVG for the SVG export), and the exports themselves.
 */
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { BrushComponent, DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use, type EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([LineChart, BarChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, MarkAreaComponent, DataZoomComponent, BrushComponent, CanvasRenderer, SVGRenderer]);

/** An option drawn once, off screen, as SVG text (ECharts' server-side rendering works in a page too). */
export function optionToSvg(option: EChartsCoreOption, width: number, height: number): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** An option drawn once, off screen, as a PNG data URL on the given background. */
export function optionToPng(option: EChartsCoreOption, width: number, height: number, background: string): string {
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-10000px;top:0;width:${width}px;height:${height}px`;
  document.body.append(host);
  const chart = init(host, null, { renderer: 'canvas', width, height });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background });
  } finally {
    chart.dispose();
    host.remove();
  }
}

/** Hands a file to the browser as a download. */
export function download(fileName: string, content: Blob | string): void {
  const url = typeof content === 'string' ? content : URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof content !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
