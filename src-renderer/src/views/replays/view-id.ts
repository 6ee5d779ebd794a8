/** The Replays view's id (views/registry.ts), for views that open it; contributions/replays.ts registers it. */
export { REPLAYS_VIEW } from '../../composables/scrub.ts';
