/**
 * The forward proof: the real push solver from the level's start, exactly as verification and a
 * game project's CI call it (moves, the state budget, no other setting), then the solution
 * replayed through the real `step`. Only a par proven optimal passes; a budget overrun, an
 * unproven bound or "unsolvable" is a rejection (seed 002: never "probably solvable").
 */
import type { PushState } from '../board.ts';
import { writeLurd } from '../formats/lurd.ts';
import type { Direction } from '../schema.ts';
import { solvePlainPush } from '../solver/index.ts';
import { pushStatus, stepPush } from '../step.ts';

export interface ForwardProof {
  /** Optimal moves, proven. */
  readonly par: number;
  readonly pushes: number;
  readonly solution: readonly Direction[];
  /** The solution as LURD (upper case pushes). */
  readonly lurd: string;
  /** Distinct states the solve stored. */
  readonly stored: number;
}

export type ProofOutcome =
  | { readonly proof: ForwardProof }
  | { readonly rejected: 'budget' | 'unproven' | 'unsolvable'; readonly stored: number }
  | { readonly stopped: true };

export function proveForward(start: PushState, budget: number, shouldStop?: () => boolean): ProofOutcome {
  const result = solvePlainPush(start, { objective: 'moves', budget, shouldStop });
  if (result.stoppedBy === 'stopped') return { stopped: true };
  if (result.status === 'unsolvable') return { rejected: 'unsolvable', stored: result.stored };
  if (result.status !== 'solved' || !result.solution) return { rejected: 'budget', stored: result.stored };
  if (!result.optimal) return { rejected: 'unproven', stored: result.stored };
  let state = start;
  const moves: { dir: Direction; push: boolean }[] = [];
  for (const dir of result.solution) {
    const next = stepPush(state, dir);
    if (!next.changed) throw new Error(`${result.solver} returned a move the rules refuse (generator proof)`);
    moves.push({ dir, push: next.state.pushes > state.pushes });
    state = next.state;
  }
  if (pushStatus(state) !== 'won') throw new Error(`${result.solver} returned a solution that does not win (generator proof)`);
  return { proof: { par: state.moves, pushes: state.pushes, solution: result.solution, lurd: writeLurd(moves), stored: result.stored } };
}
