/** What the scrubber shows, in words: the named or numbered recording, a verification's or a candidate's solution. */
import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import { useReplaysStore } from '../../stores/replays.ts';

export function useReplayTitle(): ComputedRef<string> {
  const { t } = useI18n();
  const replays = useReplaysStore();
  return computed(() => {
    const detail = replays.detail;
    if (!detail) return t('replayPanel.title');
    if (detail.candidateId !== undefined) return t('replayPanel.candidate', { n: detail.candidateId });
    if (detail.id === null) return t('replayPanel.solution');
    return detail.name ? t('replayPanel.named', { name: detail.name }) : t('replayPanel.recording', { n: detail.id });
  });
}
