/**
 * Migration 2: a verification keeps the proven lower bound on par when the par is only an upper
 * bound (the search stopped before proving it), so a level can show "between 43 and 48".
 */
export const MIGRATION_002 = `
ALTER TABLE verifications ADD COLUMN lower_bound INTEGER;
`;
