/** How long a job took, in the studio's words: "0.4 s", "12 s", "3 min 5 s", "2 h 10 min". */
type Translate = (key: string, params?: Record<string, unknown>) => string;

export function formatDuration(ms: number, t: Translate): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 10_000) return t('jobs.duration.seconds', { n: (Math.round(ms / 100) / 10).toFixed(1) });
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return t('jobs.duration.seconds', { n: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('jobs.duration.minutes', { m: minutes, s: seconds % 60 });
  return t('jobs.duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}
