/** A report row's links: the level in the Level view, or one of its recordings played back at a step. */
import { nextTick } from 'vue';
import { useLevelStore } from '../../stores/level.ts';
import { useLibraryStore } from '../../stores/library.ts';
import { useRecordingsStore } from '../../stores/recordings.ts';
import { useUiStore } from '../../stores/ui.ts';
import { LEVEL_VIEW } from '../../composables/open-level.ts';

export function useOpenRecordingAt(): (levelId: number, recordingId: number, step: number) => Promise<void> {
  const library = useLibraryStore();
  const level = useLevelStore();
  const recordings = useRecordingsStore();
  const ui = useUiStore();
  return async (levelId, recordingId, step) => {
    library.selectedLevelId = levelId;
    ui.show(LEVEL_VIEW);
    if (level.levelId !== levelId || !level.detail) await level.open(levelId);
    // The recordings store drops its playback when the level changes: open it after that.
    await nextTick();
    if (await recordings.open(recordingId)) recordings.seek(step);
  };
}
