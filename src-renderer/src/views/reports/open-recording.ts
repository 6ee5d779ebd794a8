/**
 * A report row's recording link: its level in the Level view, with the recording in the replay
 * scrubber (the panel under the view) where the play stood at a step of its line.
 */
import { nextTick } from 'vue';
import { useLevelStore } from '../../stores/level.ts';
import { useLibraryStore } from '../../stores/library.ts';
import { useUiStore } from '../../stores/ui.ts';
import { LEVEL_VIEW } from '../../composables/open-level.ts';
import { useScrub } from '../../composables/scrub.ts';

export function useOpenRecordingAt(): (levelId: number, recordingId: number, lineStep: number) => Promise<void> {
  const library = useLibraryStore();
  const level = useLevelStore();
  const ui = useUiStore();
  const scrub = useScrub();
  return async (levelId, recordingId, lineStep) => {
    library.selectedLevelId = levelId;
    ui.show(LEVEL_VIEW);
    if (level.levelId !== levelId || !level.detail) await level.open(levelId);
    await nextTick();
    await scrub(recordingId, { lineStep });
  };
}
