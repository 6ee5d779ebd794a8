/**
 * The open level's recordings (every play-test is one): listed newest first, refetched when the
 * level, its rules or its content change or a play is kept; renamed, deleted, marked intended. One
 * is played back in the replay scrubber (stores/replays.ts), which reads it with `replays.get`.
 */
import { defineStore } from 'pinia';
import { shallowRef, watch } from 'vue';
import type { RecordingSummary } from '../../../src-shared/api/studio-api.ts';
import { useApiCall } from './api.ts';
import { useLevelStore } from './level.ts';
import { usePlayStore } from './play.ts';
import { useReplaysStore } from './replays.ts';

export const useRecordingsStore = defineStore('recordings', () => {
  const call = useApiCall();
  const level = useLevelStore();
  const play = usePlayStore();
  const list = shallowRef<readonly RecordingSummary[]>([]);
  const replays = useReplaysStore();
  let request = 0;

  async function refresh(): Promise<void> {
    const levelId = level.levelId;
    const mine = ++request;
    if (levelId === null) {
      list.value = [];
      return;
    }
    const value = await call('recordings.list', { levelId, ...level.openedFrom(levelId) }, 'recordings.errors.list');
    if (mine === request && value) list.value = value.recordings;
  }

  // Whether a recording is current is judged against the level's rules and content: a rules change
  // (a save, a revert) or an edit refetches the list, or its marks would describe the rules before.
  watch(() => [level.levelId, play.recorded, level.detail?.rulesFingerprint, level.detail?.contentHash] as const, () => void refresh(), { immediate: true });

  async function rename(recordingId: number, name: string): Promise<void> {
    if (await call('recordings.rename', { recordingId, name }, 'recordings.errors.rename')) await refresh();
  }

  async function remove(recordingId: number): Promise<void> {
    // The scrubber does not keep showing a recording that is gone.
    if (replays.detail?.id === recordingId) replays.close();
    if (await call('recordings.delete', { recordingId }, 'recordings.errors.delete')) await refresh();
  }

  /** The level's intended solution: this recording, the latest verification's solution (kept as a recording), or none. */
  async function intend(choice: { recordingId: number } | { fromVerification: true } | { clear: true }): Promise<void> {
    const levelId = level.levelId;
    if (levelId === null) return;
    if (await call('recordings.intend', { levelId, ...choice }, 'reports.errors.intend')) await refresh();
  }

  return {
    list,
    refresh,
    rename,
    remove,
    intend,
  };
});
