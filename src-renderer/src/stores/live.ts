/**
 * Keeps the stores in step with the host: `library.changed` and `jobs.changed` events, and a full
 * refetch after a lost connection comes back (events may have been missed meanwhile).
 *
 * A verification batch changes the library once per level; those events are gathered for a
 * moment and answered with one refetch, and never with two refetches at once.
 */
import { onMounted, onUnmounted } from 'vue';
import type { ConnectionSource } from '../bridge/connection.ts';
import { useBridge } from '../bridge/context.ts';
import { EVERYTHING, scopeOf, type LibraryChange } from './change-scope.ts';
import { useCandidatesStore } from './candidates.ts';
import { useJobsStore } from './jobs.ts';
import { useLevelStore } from './level.ts';
import { useLibraryStore } from './library.ts';
import { usePlayStore } from './play.ts';
import { useUiStore } from './ui.ts';

/** How long `library.changed` events are gathered before one refetch. */
export const LIBRARY_CHANGE_DELAY_MS = 120;

export function useLiveUpdates(connection?: ConnectionSource): void {
  const bridge = useBridge();
  const library = useLibraryStore();
  const level = useLevelStore();
  const jobs = useJobsStore();
  const candidates = useCandidatesStore();
  const ui = useUiStore();
  // Made at start, so plays an earlier session could not store (host away, window closed) go now.
  usePlayStore();
  const stops: (() => void)[] = [];

  let gathered: LibraryChange[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function flush(): Promise<void> {
    timer = undefined;
    if (running || gathered.length === 0) return;
    const changes = gathered;
    gathered = [];
    running = true;
    try {
      const scope = scopeOf(changes);
      await Promise.all([library.onChanged(scope), level.onChanged(scope), candidates.onChanged()]);
    } finally {
      running = false;
      if (gathered.length > 0) schedule();
    }
  }

  function schedule(): void {
    if (timer === undefined) timer = setTimeout(() => void flush(), LIBRARY_CHANGE_DELAY_MS);
  }

  async function refetchAll(): Promise<void> {
    await Promise.all([library.refreshSummary(), jobs.refresh()]);
    // Keeps the play-test unless the level's document changed meanwhile.
    await level.onChanged(EVERYTHING);
  }

  onMounted(() => {
    stops.push(
      bridge.subscribe('library.importProgress', (progress) => library.onImportProgress(progress)),
      bridge.subscribe('library.changed', (change) => {
        gathered.push(change);
        schedule();
      }),
      bridge.subscribe('jobs.changed', (change) => jobs.apply(change)),
    );
    if (connection) {
      ui.connection = connection.status;
      stops.push(
        connection.onStatus((status) => {
          ui.connection = status;
          if (status.state === 'open' && status.reconnected) void refetchAll();
        }),
      );
    }
    void library.refreshSummary();
    void jobs.refresh();
  });

  onUnmounted(() => {
    clearTimeout(timer);
    for (const stop of stops.splice(0)) stop();
  });
}
