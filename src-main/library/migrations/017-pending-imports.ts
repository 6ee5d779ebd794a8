/**
 * Migration 17: the levels an import has written but not yet given to its campaign (issue 22).
 * An import writes its levels in short transactions and attaches them to the new campaign last;
 * a process killed in between left them in no campaign, forever. Each chunk notes its levels here
 * in the same transaction, the closing one clears them, and the next writer to open the library
 * deletes what an interrupted import left (`dropInterruptedImports`, import-write.ts).
 */
export const MIGRATION_017 = `
CREATE TABLE import_pending_levels (
  level_id INTEGER PRIMARY KEY REFERENCES levels(id) ON DELETE CASCADE,
  file_name TEXT NOT NULL
);
`;
