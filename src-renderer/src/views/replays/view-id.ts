/** The Replays view's id (views/registry.ts), for views that open it; contributions/replays.ts registers it. */
export const REPLAYS_VIEW = 'replays';
