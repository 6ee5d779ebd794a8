/**
 * The play-test (`createPlayState`), shared by the Level view and the editor: the level store
 * starts it on the saved level, the editor on its draft. Every play worth keeping goes to the
 * library as a recording (main replays its journal with the real rules) through the outbox, which
 * keeps it until the library has it (services/play/recording-outbox.ts).
 */
import { defineStore } from 'pinia';
import { watch } from 'vue';
import { useBridge } from '../bridge/context.ts';
import { createPlayState } from '../services/play/play-state.ts';
import { createRecordingOutbox } from '../services/play/recording-outbox.ts';
import { useUiStore } from './ui.ts';

export const usePlayStore = defineStore('play', () => {
  const bridge = useBridge();
  const ui = useUiStore();
  const outbox = createRecordingOutbox({
    send: (play) => bridge.invoke('recordings.save', { levelId: play.levelId, ...(play.campaignId !== undefined ? { campaignId: play.campaignId } : {}), content: play.content, journal: [...play.journal] }),
    refused: (error) => ui.reportError('recordings.errors.save', error),
    kept: () => ui.toast({ kind: 'info', title: 'recordings.kept' }),
    stored: () => state.recorded.value++,
  });
  const state = createPlayState({ record: (play) => outbox.keep(play) });
  // Plays a closed window or a reload left waiting go now, and again whenever the host is back.
  void outbox.flush();
  watch(
    () => ui.connection?.state,
    (now) => {
      if (now === 'open') void outbox.flush();
    },
  );
  if (typeof window !== 'undefined') window.addEventListener('pagehide', () => state.flush());
  return { ...state, pendingRecordings: outbox.pending };
});
