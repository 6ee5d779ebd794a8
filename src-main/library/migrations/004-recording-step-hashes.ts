/**
 * Migration 4: a recording keeps a short hash of the state after every command (not only the
 * final one), so a replay under changed rules can say at which step it first diverges. Stored as
 * a blob of 4 bytes a step (about 40 KB for a 10,000-step recording); null for recordings made
 * before, whose step states were not kept.
 */
export const MIGRATION_004 = `
ALTER TABLE recordings ADD COLUMN step_hashes BLOB;
`;
