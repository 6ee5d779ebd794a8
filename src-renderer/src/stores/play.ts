/** The level view's play-test (`createPlayState`); the level store starts it when a level opens. */
import { defineStore } from 'pinia';
import { createPlayState } from '../play/play-state.ts';

export const usePlayStore = defineStore('play', () => createPlayState());
