/**
 * The bake plans on offer (bake-plan.ts): today the maze's Echo Halls. The Studio API's bake
 * channels and the bake job's table find a plan here by id.
 */
import type { BakePlan } from './bake-plan.ts';
import { ECHO_HALLS_BAKE } from './maze/generator/bake.ts';

export const BAKE_PLANS: readonly BakePlan[] = [ECHO_HALLS_BAKE];

export function bakePlan(id: string): BakePlan | undefined {
  return BAKE_PLANS.find((plan) => plan.id === id);
}
