/**
 * The play-test (`createPlayState`), shared by the Level view and the editor: the level store
 * starts it on the saved level, the editor on its draft. Every play worth keeping goes to the
 * library as a recording (main replays its journal with the real rules).
 */
import { defineStore } from 'pinia';
import { createPlayState } from '../services/play/play-state.ts';
import { useApiCall } from './api.ts';

export const usePlayStore = defineStore('play', () => {
  const call = useApiCall();
  const state = createPlayState({
    record: (play) => call('recordings.save', { levelId: play.levelId, content: play.content, journal: [...play.journal] }, 'recordings.errors.save'),
  });
  if (typeof window !== 'undefined') window.addEventListener('pagehide', () => state.flush());
  return state;
});
