/**
 * The open level's recordings (every play-test is one): listed newest first, refetched when the
 * level, its rules or its content change or a play is kept; renamed, deleted, and one at a time played back step by step
 * with the real rules (the states along its line, each frame the board the player saw).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { RecordingDetail, RecordingSummary } from '../../../src-shared/api/studio-api.ts';
import type { BoardView } from '../../../src-shared/engine/ruleset.ts';
import { replay, statesAlong } from '../../../src-shared/engine/play/replay.ts';
import { rulesFor } from '../play/rules.ts';
import { useApiCall } from './api.ts';
import { useLevelStore } from './level.ts';
import { usePlayStore } from './play.ts';

export interface Playback {
  readonly recording: RecordingDetail;
  /** The board after each step (frame 0: the start). */
  readonly frames: readonly BoardView[];
  /** Per step: the current rules refuse it (the recording's own markers say what happened when it was made). */
  readonly refusedNow?: readonly boolean[];
}

export const useRecordingsStore = defineStore('recordings', () => {
  const call = useApiCall();
  const level = useLevelStore();
  const play = usePlayStore();
  const list = shallowRef<readonly RecordingSummary[]>([]);
  const playback = shallowRef<Playback | null>(null);
  const step = ref(0);
  let request = 0;

  async function refresh(): Promise<void> {
    const levelId = level.levelId;
    const mine = ++request;
    if (levelId === null) {
      list.value = [];
      return;
    }
    const value = await call('recordings.list', { levelId }, 'recordings.errors.list');
    if (mine === request && value) list.value = value.recordings;
  }

  // Whether a recording is current is judged against the level's rules and content: a rules change
  // (a save, a revert) or an edit refetches the list, or its marks would describe the rules before.
  watch(() => [level.levelId, play.recorded, level.detail?.rulesFingerprint, level.detail?.contentHash] as const, () => void refresh(), { immediate: true });
  watch(() => level.levelId, () => (playback.value = null));

  async function rename(recordingId: number, name: string): Promise<void> {
    if (await call('recordings.rename', { recordingId, name }, 'recordings.errors.rename')) await refresh();
  }

  async function remove(recordingId: number): Promise<void> {
    if (playback.value?.recording.id === recordingId) playback.value = null;
    if (await call('recordings.delete', { recordingId }, 'recordings.errors.delete')) await refresh();
  }

  /** Loads a recording and replays its line under the level's rules; false when it cannot be replayed here. */
  async function open(recordingId: number): Promise<boolean> {
    const detail = level.detail;
    if (!detail) return false;
    const recording = await call('recordings.get', { recordingId }, 'recordings.errors.open');
    if (!recording) return false;
    const { rules } = rulesFor(detail.kind, detail.rulesConfig);
    const start = rules?.load(recording.content).state;
    if (!rules || start === undefined) {
      playback.value = { recording, frames: [] };
      return false;
    }
    const commands = recording.commands.map((c) => rules.decodeCommand(c));
    const decoded = commands.findIndex((c) => c === undefined);
    // Replayed under the level's current rules: after a rule change a step may play otherwise than when it was recorded.
    const played = replay(rules, start, decoded < 0 ? commands : commands.slice(0, decoded));
    const states = statesAlong(rules, start, decoded < 0 ? commands : commands.slice(0, decoded));
    playback.value = { recording, frames: states.map((s) => rules.view(s)), refusedNow: played.frames.slice(1).map((f) => !f.changed) };
    step.value = 0;
    return true;
  }

  /** The level's intended solution: this recording, the latest verification's solution (kept as a recording), or none. */
  async function intend(choice: { recordingId: number } | { fromVerification: true } | { clear: true }): Promise<void> {
    const levelId = level.levelId;
    if (levelId === null) return;
    if (await call('recordings.intend', { levelId, ...choice }, 'reports.errors.intend')) await refresh();
  }

  function close(): void {
    playback.value = null;
  }

  function seek(to: number): void {
    const last = (playback.value?.frames.length ?? 1) - 1;
    step.value = Math.max(0, Math.min(last, to));
  }

  const frame = computed(() => playback.value?.frames[step.value] ?? null);

  return { list, playback, step, frame, refresh, rename, remove, open, intend, close, seek };
});
