/**
 * A campaign run (a play mode with `campaignRun`, seed 001's no-light night): where the open
 * level stands in its campaign, and back to the first level on a failure or a restart. Generic:
 * any kind whose rules offer such a mode gets it.
 */
import { computed } from 'vue';
import { useOpenLevel } from '../composables/open-level.ts';
import { useLevelStore } from '../stores/level.ts';
import { useLibraryStore } from '../stores/library.ts';
import { usePlayStore } from '../stores/play.ts';

export function useCampaignRun() {
  const play = usePlayStore();
  const library = useLibraryStore();
  const level = useLevelStore();
  const openLevel = useOpenLevel();
  const active = computed(() => play.mode?.campaignRun === true);
  const index = computed(() => library.levels.findIndex((l) => l.id === level.levelId));
  const total = computed(() => library.levels.length);
  /** Back to the campaign's first level; on the first level itself, a fresh start of it. */
  function backToFirst(): void {
    const first = library.levels[0]?.id;
    if (first === undefined || first === level.levelId) play.restart();
    else openLevel(first);
  }
  /** A restart as the mode means it: in a run, back to the first level; otherwise this level afresh. */
  function restart(): void {
    if (active.value) backToFirst();
    else play.restart();
  }
  return { active, index, total, backToFirst, restart };
}
