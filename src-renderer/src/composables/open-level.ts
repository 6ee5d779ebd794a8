/** Opening a level in the level view (the library keeps it selected). */
import { useLevelStore } from '../stores/level.ts';
import { useLibraryStore } from '../stores/library.ts';
import { useUiStore } from '../stores/ui.ts';

export const LEVEL_VIEW = 'level';

export function useOpenLevel(): (levelId: number) => void {
  const library = useLibraryStore();
  const level = useLevelStore();
  const ui = useUiStore();
  return (levelId) => {
    library.selectedLevelId = levelId;
    ui.show(LEVEL_VIEW);
    if (level.levelId !== levelId || !level.detail) void level.open(levelId);
  };
}

/** The level `delta` places after the open one in its campaign, if any. */
export function useNeighbourLevel(): (delta: number) => number | undefined {
  const library = useLibraryStore();
  const level = useLevelStore();
  return (delta) => {
    const list = library.levels;
    const at = list.findIndex((l) => l.id === level.levelId);
    return at < 0 ? undefined : list[at + delta]?.id;
  };
}
