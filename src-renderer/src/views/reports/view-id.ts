/** The Reports view's id (views/registry.ts), for views that show it; contributions/reports.ts registers it. */
export const REPORTS_VIEW = 'reports';
