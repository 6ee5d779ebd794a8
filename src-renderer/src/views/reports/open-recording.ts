/**
 * A report row's recording link: the recording in the replay scrubber on the Replays view (its
 * board the main one) where the play stood at a step of its line; the row's Scrub opens the same
 * in place, under the report.
 */
import { useScrub } from '../../composables/scrub.ts';

export function useOpenRecordingAt(): (recordingId: number, lineStep: number) => Promise<void> {
  const scrub = useScrub();
  return async (recordingId, lineStep) => {
    await scrub(recordingId, { lineStep, inView: true });
  };
}
