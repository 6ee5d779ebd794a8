/**
 * Migration 3: a verification records the value of the objective it was solved for (`value`, in
 * that objective's unit) beside `par` (the primary objective's value), and the kind's secondary
 * figures (pushes) move into the metrics: nothing in the table is push-shaped any more.
 * Existing rows: a search by moves had value = par; by pushes, value = the pushes; the pushes of
 * every row go into its metrics.
 */
export const MIGRATION_003 = `
ALTER TABLE verifications ADD COLUMN value INTEGER;
UPDATE verifications SET value = CASE objective WHEN 'pushes' THEN pushes ELSE par END;
UPDATE verifications SET metrics_json = json_set(CASE WHEN json_valid(metrics_json) THEN metrics_json ELSE '{}' END, '$.pushes', pushes)
  WHERE pushes IS NOT NULL;
ALTER TABLE verifications DROP COLUMN pushes;
`;
