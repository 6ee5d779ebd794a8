/**
 * A chart panel saved as SVG or PNG: loaded with the first export (`import()`), so the SVG
 * renderer stays out of the Campaign view's chunk.
 */
import { init, use, type EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { downloadFile } from '../../services/download.ts';

use([SVGRenderer, CanvasRenderer]);

/** An option drawn once, off screen, as SVG text (ECharts' server-side rendering works in a page too). */
function optionToSvg(option: EChartsCoreOption, width: number, height: number): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** An option drawn once, off screen, as a PNG data URL on the given background. */
function optionToPng(option: EChartsCoreOption, width: number, height: number, background: string): `data:${string}` {
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-10000px;top:0;width:${width}px;height:${height}px`;
  document.body.append(host);
  const chart = init(host, null, { renderer: 'canvas', width, height });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background }) as `data:${string}`;
  } finally {
    chart.dispose();
    host.remove();
  }
}

/** Saves the option as `<base>.svg` or `<base>.png`. */
export function exportChart(option: EChartsCoreOption, base: string, format: 'png' | 'svg', size: { width: number; height: number }, background: string): void {
  if (format === 'svg') downloadFile(`${base}.svg`, new Blob([optionToSvg(option, size.width, size.height)], { type: 'image/svg+xml' }));
  else downloadFile(`${base}.png`, optionToPng(option, size.width, size.height, background));
}
