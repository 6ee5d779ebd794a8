/**
 * A report's title in the studio's language: the host stores an English label ("Re-verify
 * Microban I"); the title is made again from the report's scope and its campaign's name, and the
 * stored label is kept only when the campaign is gone.
 */
import { useI18n } from 'vue-i18n';
import type { ImpactReportSummary } from '../../../src-shared/api/reports.ts';
import { useLibraryStore } from '../stores/library.ts';

export function useReportTitle(): (report: Pick<ImpactReportSummary, 'scope' | 'campaignId' | 'label' | 'levels'>) => string {
  const { t } = useI18n();
  const library = useLibraryStore();
  return (report) => {
    if (report.scope === 'library') return t('reports.titleLibrary');
    const name = library.campaigns.find((c) => c.id === report.campaignId)?.name;
    if (name === undefined) return report.label;
    return report.scope === 'selection' ? t('reports.titleSelection', { name, n: report.levels }) : t('reports.titleCampaign', { name });
  };
}
