/**
 * Migration 15: the queued jobs of the interactive lane, indexed (issue 22). The queue asks for the
 * next one each time it dispatches (a job ends, another is made); with 20,000 queued batch jobs of a
 * re-verification, that read passed over all of them every time (200 ms of the host's thread, measured).
 * The WHERE is the query's own (`lanePrefixSql('interactive')`, jobs/rows.ts: an interactive stored
 * payload starts with its lane key), so SQLite reads only the few rows this partial index holds.
 */
export const MIGRATION_015 = `
CREATE INDEX jobs_queued_interactive ON jobs (id) WHERE state = 'queued' AND substr(payload_json, 1, 22) = '{"@lane":"interactive"';
`;
