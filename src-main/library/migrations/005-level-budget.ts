/**
 * Migration 5: a level may carry its own state budget for verification (Verify all, `cli
 * verify`), for the few levels whose proof needs more than the default (Microban I #153). One
 * budget per level, not per campaign membership: the budget measures the level's search space,
 * which the same level has in every campaign that holds it. Null: the default budget.
 */
export const MIGRATION_005 = `
ALTER TABLE levels ADD COLUMN state_budget INTEGER CHECK (state_budget IS NULL OR state_budget >= 1);
`;
