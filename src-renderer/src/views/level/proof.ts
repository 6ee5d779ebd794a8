/** How the proof panel shows a verification: the solution as the player presses it, the stop reason's code. */
import type { AnyRules } from '../../../../src-shared/engine/ruleset.ts';

/** The diagnostic that says why a search stopped early (src-shared/verify/verify.ts). */
export const STOPPED_CODE = 'solve.stopped';

/**
 * A stored solution (the kind's text: LURD, or the sliding blank's moves) as one glyph per command
 * (`rules.commandGlyph`): the arrows a player presses. Undefined when the text does not decode.
 */
export function solutionGlyphs(rules: AnyRules, solution: string): string | undefined {
  const decoded = rules.decodeSolution(solution);
  return decoded.commands ? decoded.commands.map((c) => rules.commandGlyph(c)).join('') : undefined;
}
