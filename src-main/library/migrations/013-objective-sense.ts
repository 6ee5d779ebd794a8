/**
 * Migration 13: objectives both ways (issue 26). Names that assumed a minimised objective become
 * sense-neutral; old rows keep their meaning (every kind before this was minimised, so an old
 * lower bound is the proven bound on that side):
 * - `verifications.lower_bound` -> `proven_bound` (the best is at least it when minimising, at
 *   most it when maximising);
 * - in stored impact rows and re-verification results, the category `shortcut` ->
 *   `better-than-intended` (fewer moves, or more points, than the intended solution) and a
 *   recording replay's `cost` -> `value` (its value in the primary objective, either way);
 * - in stored verify and re-verify results, the record's `lowerBound` -> `provenBound`.
 */
export const MIGRATION_013 = `
ALTER TABLE verifications RENAME COLUMN lower_bound TO proven_bound;

UPDATE impact_rows SET impact_json = replace(impact_json, '"shortcut"', '"better-than-intended"')
  WHERE impact_json LIKE '%"shortcut"%';
UPDATE impact_rows SET recordings_json = replace(recordings_json, '"cost":', '"value":')
  WHERE recordings_json LIKE '%"cost":%';

UPDATE jobs SET result_json = replace(replace(replace(result_json, '"shortcut"', '"better-than-intended"'), '"cost":', '"value":'), '"lowerBound":', '"provenBound":')
  WHERE type = 'reverify' AND result_json IS NOT NULL;
UPDATE jobs SET result_json = replace(result_json, '"lowerBound":', '"provenBound":')
  WHERE type = 'verify' AND result_json IS NOT NULL;
`;
