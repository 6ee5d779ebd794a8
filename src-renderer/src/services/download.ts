/**
 * Saving a file from the renderer: the one way it hands the browser a download (the library's
 * export, the Campaign view's CSV and chart images). A Blob goes through an object URL, released
 * once the browser has had time to start the download; a `data:` URL (ECharts' PNG) is used as is.
 */

/** How long an object URL outlives the click that starts its download. */
export const DOWNLOAD_URL_LIFETIME_MS = 10_000;

export function downloadFile(fileName: string, content: Blob | `data:${string}`): void {
  const url = typeof content === 'string' ? content : URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof content !== 'string') setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
