/**
 * The live proof: after each edit (debounced) the draft is verified in the worker pool's
 * interactive lane (`editor.prove`); main cancels a run a newer one supersedes, and an answer
 * about an older document is dropped here. The time from the last edit to the answer on screen
 * is kept (the bench reads it).
 */
import { ref, shallowRef } from 'vue';
import type { ApiCall } from './api-call.ts';
import type { Verification } from '../../../src-shared/verify/record.ts';

export const PROOF_DELAY_MS = 120;

export type ProofState = 'idle' | 'waiting' | 'running' | 'done' | 'failed';

export function createLiveProof(call: ApiCall, now: () => number = () => performance.now()) {
  const state = ref<ProofState>('idle');
  const verification = shallowRef<Verification | null>(null);
  /** Milliseconds from the edit to the answer shown. */
  const latencyMs = ref<number | null>(null);
  /** Answers shown so far (the bench waits for the next one). */
  const answers = ref(0);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request = 0;

  /** `campaignId`: the campaign the level was opened from, whose rules the proof uses. */
  function edited(levelId: number, content: unknown, campaignId?: number): void {
    const editAt = now();
    const mine = ++request;
    state.value = 'waiting';
    clearTimeout(timer);
    timer = setTimeout(async () => {
      state.value = 'running';
      const answer = await call('editor.prove', { levelId, content, ...(campaignId !== undefined ? { campaignId } : {}) }, 'editor.errors.proof');
      if (mine !== request) return;
      if (!answer) {
        state.value = 'failed';
        return;
      }
      if (answer.cancelled) return;
      verification.value = answer.verification;
      latencyMs.value = Math.round(now() - editAt);
      answers.value++;
      state.value = 'done';
    }, PROOF_DELAY_MS);
  }

  function reset(): void {
    clearTimeout(timer);
    request++;
    state.value = 'idle';
    verification.value = null;
    latencyMs.value = null;
  }

  return { state, verification, latencyMs, answers, edited, reset };
}
