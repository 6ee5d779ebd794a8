/**
 * The open level's recordings (every play-test is one): listed newest first, refetched when the
 * level, its rules or its content change or a play is kept; renamed, deleted, and one at a time
 * played back step by step with the real rules (a `Timeline`: the states along its line, each frame
 * the board the player saw).
 */
import { defineStore } from 'pinia';
import { shallowRef, watch } from 'vue';
import type { RecordingDetail, RecordingSummary } from '../../../src-shared/api/studio-api.ts';
import { rulesFor } from '../../../src-shared/rulesets/rules-cache.ts';
import { createTimeline } from '../services/play/timeline.ts';
import { useApiCall } from './api.ts';
import { useLevelStore } from './level.ts';
import { usePlayStore } from './play.ts';

export interface Playback {
  readonly recording: RecordingDetail;
  /** Whether the level's current rules could replay it (the timeline holds its line). */
  readonly replayable: boolean;
}

export const useRecordingsStore = defineStore('recordings', () => {
  const call = useApiCall();
  const level = useLevelStore();
  const play = usePlayStore();
  const list = shallowRef<readonly RecordingSummary[]>([]);
  const playback = shallowRef<Playback | null>(null);
  /** The open recording's line; per step, `timeline.refused` says whether the current rules refuse it (the recording's own markers say what happened when it was made). */
  const timeline = createTimeline();
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
  watch(() => level.levelId, close);

  async function rename(recordingId: number, name: string): Promise<void> {
    if (await call('recordings.rename', { recordingId, name }, 'recordings.errors.rename')) await refresh();
  }

  async function remove(recordingId: number): Promise<void> {
    if (playback.value?.recording.id === recordingId) close();
    if (await call('recordings.delete', { recordingId }, 'recordings.errors.delete')) await refresh();
  }

  /** Loads a recording and replays its line under the level's rules; false when it cannot be replayed here. */
  async function open(recordingId: number): Promise<boolean> {
    const detail = level.detail;
    if (!detail) return false;
    const recording = await call('recordings.get', { recordingId, campaignId: detail.campaignId }, 'recordings.errors.open');
    if (!recording) return false;
    const { rules } = rulesFor(detail.kind, detail.rulesConfig);
    const start = rules?.load(recording.content).state;
    if (!rules || start === undefined) {
      timeline.clear();
      playback.value = { recording, replayable: false };
      return false;
    }
    const commands = recording.commands.map((c) => rules.decodeCommand(c));
    const decoded = commands.findIndex((c) => c === undefined);
    // Replayed under the level's current rules: after a rule change a step may play otherwise than when it was recorded.
    timeline.load(rules, start, decoded < 0 ? commands : commands.slice(0, decoded));
    playback.value = { recording, replayable: true };
    return true;
  }

  /** The level's intended solution: this recording, the latest verification's solution (kept as a recording), or none. */
  async function intend(choice: { recordingId: number } | { fromVerification: true } | { clear: true }): Promise<void> {
    const levelId = level.levelId;
    if (levelId === null) return;
    if (await call('recordings.intend', { levelId, ...choice }, 'reports.errors.intend')) await refresh();
  }

  function close(): void {
    timeline.clear();
    playback.value = null;
  }

  return {
    list,
    playback,
    step: timeline.step,
    /** Steps in the open recording's replayable line. */
    steps: timeline.length,
    frame: timeline.frame,
    refusedNow: timeline.refused,
    refresh,
    rename,
    remove,
    open,
    intend,
    close,
    seek: timeline.seek,
  };
});
