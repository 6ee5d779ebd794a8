/** How the proof panel shows a verification: the solution as the player presses it, the stop reason's code. */
import type { LevelDetail } from '../../../../src-shared/api/studio-api.ts';
import type { AnyRules } from '../../../../src-shared/engine/ruleset.ts';

/** The diagnostic that says why a search stopped early (src-shared/verify/verify.ts). */
export const STOPPED_CODE = 'solve.stopped';

/**
 * A stored solution (the kind's text: LURD, or the sliding blank's moves) as one glyph per command
 * (`rules.commandGlyph`): the arrows a player presses. Undefined when the text does not decode.
 */
export function solutionGlyphs(rules: AnyRules, solution: string): string | undefined {
  const decoded = rules.decodeSolution(solution);
  if (!decoded.commands) return undefined;
  const glyphs = decoded.commands.map((c) => rules.commandGlyph(c));
  // Arrows read run together ("→→↓"); longer glyphs (a tray piece and its cell, "1→0,0") need a space apart.
  return glyphs.join(glyphs.some((g) => [...g].length > 1) ? ' ' : '');
}

/**
 * Whether a verification still speaks for the level: made under the campaign's current rules AND on
 * the level's current content (the same test as the library's badge). Null when current.
 */
export function staleness(
  verification: Pick<NonNullable<LevelDetail['verification']>, 'rulesFingerprint' | 'contentHash'> | null,
  level: Pick<LevelDetail, 'rulesFingerprint' | 'contentHash'>,
): 'staleRules' | 'staleContent' | 'staleBoth' | null {
  if (!verification) return null;
  const rules = verification.rulesFingerprint !== level.rulesFingerprint;
  const content = verification.contentHash !== level.contentHash;
  if (rules && content) return 'staleBoth';
  return rules ? 'staleRules' : content ? 'staleContent' : null;
}
