/**
 * Recordings: a playthrough of a level as the kind's encoded commands plus the full journal (undo,
 * redo, restart, hints), tied like a verification to the rules and the content it was played on,
 * with the hash of the final state so a replay under changed rules shows where it diverges.
 */
import { STEP_HASH_DIGITS } from '../../src-shared/engine/play/replay.ts';
import type { LibraryDatabase } from './db.ts';
import { MAX_RECORDING_STEPS } from '../../src-shared/engine/limits.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

export interface RecordingInput {
  readonly levelId: number;
  readonly name?: string | null;
  readonly rulesFingerprint: string;
  readonly contentHash: string;
  /** The kind's encoded commands from the start (what replays the run). */
  readonly commands: readonly string[];
  /** Everything the player did, undo and restart included (JSON-serialisable). */
  readonly journal: unknown;
  readonly finalHash: string;
  /** The short hash of the state after each command (`stepHashes` in engine/play/replay.ts). */
  readonly stepHashes?: readonly string[];
  /** Play status at the end: playing, won or lost. */
  readonly status: string;
  /** The document played (a draft may never become the level). */
  readonly content?: unknown;
  /** Per command: whether the rules refused it (a bump kept on the line). */
  readonly refused?: readonly boolean[];
  /** Per command: ms since the play began. */
  readonly times?: readonly number[];
  /** Score inputs (seed 000): the primary objective's counter, undos, hints, time. */
  readonly moves?: number;
  readonly undos?: number;
  readonly hints?: number;
  readonly durationMs?: number;
  /** Where it came from (default: a play-test). */
  readonly source?: RecordingSource;
  /** The level's intended solution from now on (the one it had stops being it). */
  readonly intended?: boolean;
}

/** A play-test, a solutions file, or a verification's solution kept as a recording. */
export const RECORDING_SOURCES = ['play', 'import', 'verification'] as const;
export type RecordingSource = (typeof RECORDING_SOURCES)[number];

/** What a list of recordings shows: no commands, journal or hashes. */
export interface RecordingSummary {
  readonly id: number;
  readonly levelId: number;
  readonly name: string | null;
  readonly rulesFingerprint: string;
  readonly contentHash: string;
  readonly status: string;
  readonly steps: number;
  readonly moves: number | null;
  readonly undos: number | null;
  readonly hints: number | null;
  readonly durationMs: number | null;
  readonly createdAt: string;
  readonly source: RecordingSource;
  readonly intended: boolean;
}

export interface Recording {
  readonly id: number;
  readonly levelId: number;
  readonly name: string | null;
  readonly rulesFingerprint: string;
  readonly contentHash: string;
  readonly commands: readonly string[];
  readonly journal: unknown;
  readonly finalHash: string;
  /** One short hash per command; null for recordings made before they were kept. */
  readonly stepHashes: readonly string[] | null;
  readonly status: string;
  readonly createdAt: string;
  /** Null for recordings made before these were kept. */
  readonly content: unknown;
  readonly refused: readonly boolean[] | null;
  readonly times: readonly number[] | null;
  readonly moves: number | null;
  readonly undos: number | null;
  readonly hints: number | null;
  readonly durationMs: number | null;
  readonly source: RecordingSource;
  readonly intended: boolean;
}

interface RecordingColumns {
  id: number;
  level_id: number;
  name: string | null;
  rules_fingerprint: string;
  content_hash: string;
  commands_json: string;
  journal_json: string;
  final_hash: string;
  step_hashes: Buffer | null;
  status: string;
  created_at: string;
  content_json: string | null;
  refused_json: string | null;
  times_json: string | null;
  moves: number | null;
  undos: number | null;
  hints: number | null;
  duration_ms: number | null;
  source: string;
  intended: number;
}

const sourceOf = (text: string): RecordingSource => (RECORDING_SOURCES as readonly string[]).includes(text) ? (text as RecordingSource) : 'play';

const toRecording = (row: RecordingColumns): Recording => ({
  id: row.id,
  levelId: row.level_id,
  name: row.name,
  rulesFingerprint: row.rules_fingerprint,
  contentHash: row.content_hash,
  commands: parseJsonColumn<string[]>(row.commands_json, [], `recording ${row.id}'s commands_json`),
  journal: parseJsonColumn<unknown>(row.journal_json, null, `recording ${row.id}'s journal_json`),
  finalHash: row.final_hash,
  stepHashes: row.step_hashes === null ? null : unpackStepHashes(row.step_hashes),
  status: row.status,
  createdAt: row.created_at,
  content: parseJsonColumn<unknown>(row.content_json, null, `recording ${row.id}'s content_json`),
  refused: parseJsonColumn<boolean[] | null>(row.refused_json, null, `recording ${row.id}'s refused_json`),
  times: parseJsonColumn<number[] | null>(row.times_json, null, `recording ${row.id}'s times_json`),
  moves: row.moves,
  undos: row.undos,
  hints: row.hints,
  durationMs: row.duration_ms,
  source: sourceOf(row.source),
  intended: row.intended === 1,
});

function checkInput(input: RecordingInput): void {
  const strings: [string, unknown][] = [['rulesFingerprint', input.rulesFingerprint], ['contentHash', input.contentHash], ['finalHash', input.finalHash], ['status', input.status]];
  for (const [field, value] of strings) if (typeof value !== 'string' || value === '') throw new LibraryInputError(`A recording needs a ${field}.`);
  if (!Array.isArray(input.commands) || !input.commands.every((c) => typeof c === 'string')) throw new LibraryInputError('A recording\'s commands must be a list of encoded commands.');
  // Never longer than a re-verification replays: a stored recording must not break one.
  if (input.commands.length > MAX_RECORDING_STEPS) throw new LibraryInputError(`A recording holds at most ${MAX_RECORDING_STEPS.toLocaleString('en-US')} steps; this one has ${input.commands.length.toLocaleString('en-US')}.`);
  if (input.name !== undefined && input.name !== null && typeof input.name !== 'string') throw new LibraryInputError('A recording\'s name must be text.');
  if (input.stepHashes !== undefined) {
    const pattern = new RegExp(`^[0-9a-f]{${STEP_HASH_DIGITS}}$`);
    if (!Array.isArray(input.stepHashes) || !input.stepHashes.every((h) => typeof h === 'string' && pattern.test(h))) {
      throw new LibraryInputError(`A recording's step hashes must be ${STEP_HASH_DIGITS} hex digits each.`);
    }
    if (input.stepHashes.length !== input.commands.length) throw new LibraryInputError('A recording needs one step hash per command.');
  }
  const perCommand: [string, readonly unknown[] | undefined, (v: unknown) => boolean][] = [
    ['refused markers', input.refused, (v) => typeof v === 'boolean'],
    ['time offsets', input.times, (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0],
  ];
  for (const [what, list, ok] of perCommand) {
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length !== input.commands.length || !list.every(ok)) throw new LibraryInputError(`A recording needs one of its ${what} per command.`);
  }
  for (const [field, value] of [['moves', input.moves], ['undos', input.undos], ['hints', input.hints], ['durationMs', input.durationMs]] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new LibraryInputError(`A recording's ${field} must be a whole number, at least 0.`);
  }
}

/** 4 bytes a step: a 10,000-step recording keeps 40 KB of hashes. */
export function packStepHashes(hashes: readonly string[]): Buffer {
  return Buffer.from(hashes.join(''), 'hex');
}

export function unpackStepHashes(blob: Uint8Array): string[] {
  const hex = Buffer.from(blob).toString('hex');
  const out: string[] = [];
  for (let i = 0; i + STEP_HASH_DIGITS <= hex.length; i += STEP_HASH_DIGITS) out.push(hex.slice(i, i + STEP_HASH_DIGITS));
  return out;
}

export function storeRecording(db: LibraryDatabase, input: RecordingInput): number {
  checkInput(input);
  const journal = JSON.stringify(input.journal ?? null);
  return db.transaction(() => {
    if (!prepared(db, 'SELECT 1 FROM levels WHERE id = ?').get(input.levelId)) throw new LibraryNotFoundError(`Level ${input.levelId} does not exist.`);
    if (input.intended) prepared(db, 'UPDATE recordings SET intended = 0 WHERE level_id = ? AND intended = 1').run(input.levelId);
    const info = prepared(
      db,
      `INSERT INTO recordings (level_id, name, rules_fingerprint, content_hash, commands_json, journal_json, final_hash, step_hashes, status, created_at,
        content_json, refused_json, times_json, moves, undos, hints, duration_ms, source, intended) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      input.levelId, input.name ?? null, input.rulesFingerprint, input.contentHash, JSON.stringify(input.commands), journal, input.finalHash,
      input.stepHashes ? packStepHashes(input.stepHashes) : null, input.status, timestamp(),
      input.content === undefined ? null : JSON.stringify(input.content), input.refused ? JSON.stringify(input.refused) : null,
      input.times ? JSON.stringify(input.times) : null, input.moves ?? null, input.undos ?? null, input.hints ?? null, input.durationMs ?? null,
      input.source ?? 'play', input.intended ? 1 : 0,
    );
    return Number(info.lastInsertRowid);
  })();
}

/**
 * The recordings made on a level's current document, by id and whether each is the intended one,
 * oldest first (no commands read). A recording of another document (an earlier version, or a
 * trivial board saved against the level) is not a playthrough of this one, so a re-verification
 * never replays it as one.
 */
export function listRecordingIds(db: LibraryDatabase, levelId: number): { id: number; intended: boolean }[] {
  return (
    prepared(db, 'SELECT r.id, r.intended FROM recordings r JOIN levels l ON l.id = r.level_id WHERE r.level_id = ? AND r.content_hash = l.content_hash ORDER BY r.id').all(levelId) as {
      id: number;
      intended: number;
    }[]
  ).map((r) => ({ id: r.id, intended: r.intended === 1 }));
}

/**
 * Recordings as a re-verification replays them, read when its job starts; one longer than
 * `maxSteps` (an older build stored it) by its length only, so it is reported, not replayed.
 */
export function recordingsToReplay(db: LibraryDatabase, ids: readonly number[], maxSteps: number): {
  recordings: { id: number; commands: string[]; stepHashes: string[] | null; status: string; intended: boolean }[];
  tooLong: { id: number; steps: number; intended: boolean }[];
} {
  const recordings: { id: number; commands: string[]; stepHashes: string[] | null; status: string; intended: boolean }[] = [];
  const tooLong: { id: number; steps: number; intended: boolean }[] = [];
  for (const id of ids) {
    const r = getRecording(db, id);
    if (!r) continue; // deleted since the batch was made
    if (r.commands.length > maxSteps) tooLong.push({ id, steps: r.commands.length, intended: r.intended });
    else recordings.push({ id, commands: [...r.commands], stepHashes: r.stepHashes ? [...r.stepHashes] : null, status: r.status, intended: r.intended });
  }
  return { recordings, tooLong };
}

/** A level's recordings, oldest first. */
export function listRecordings(db: LibraryDatabase, levelId: number): Recording[] {
  return (prepared(db, 'SELECT * FROM recordings WHERE level_id = ? ORDER BY id').all(levelId) as RecordingColumns[]).map(toRecording);
}

/** A level's recordings for a list, newest first. */
export function listRecordingSummaries(db: LibraryDatabase, levelId: number): RecordingSummary[] {
  const rows = prepared(
    db,
    `SELECT ${SUMMARY_COLUMNS} FROM recordings WHERE level_id = ? ORDER BY id DESC`,
  ).all(levelId) as SummaryColumns[];
  return rows.map(summaryOf);
}

const SUMMARY_COLUMNS = 'id, level_id, name, rules_fingerprint, content_hash, status, json_array_length(commands_json) AS steps, moves, undos, hints, duration_ms, created_at, source, intended';
type SummaryColumns = Pick<RecordingColumns, 'id' | 'level_id' | 'name' | 'rules_fingerprint' | 'content_hash' | 'status' | 'moves' | 'undos' | 'hints' | 'duration_ms' | 'created_at' | 'source' | 'intended'> & { steps: number | null };
const summaryOf = (row: SummaryColumns): RecordingSummary => ({
  id: row.id, levelId: row.level_id, name: row.name, rulesFingerprint: row.rules_fingerprint, contentHash: row.content_hash, status: row.status,
  steps: row.steps ?? 0, moves: row.moves, undos: row.undos, hints: row.hints, durationMs: row.duration_ms, createdAt: row.created_at,
  source: sourceOf(row.source), intended: row.intended === 1,
});

/** The recordings of a campaign's levels, in campaign order (then oldest first), with each level's position. */
export function listCampaignRecordings(db: LibraryDatabase, campaignId: number): (RecordingSummary & { readonly position: number })[] {
  const rows = prepared(
    db,
    `SELECT r.id, r.level_id, r.name, r.rules_fingerprint, r.content_hash, r.status, json_array_length(r.commands_json) AS steps, r.moves, r.undos, r.hints,
       r.duration_ms, r.created_at, r.source, r.intended, cl.position AS position
     FROM recordings r JOIN campaign_levels cl ON cl.level_id = r.level_id WHERE cl.campaign_id = ? ORDER BY cl.position, r.id`,
  ).all(campaignId) as (SummaryColumns & { position: number })[];
  return rows.map((row) => ({ ...summaryOf(row), position: row.position }));
}

/**
 * Marks a recording as its level's intended solution (the one before stops being it), or clears
 * the level's mark (`recordingId` null). False when the recording is not one of the level's.
 */
export function setIntendedRecording(db: LibraryDatabase, levelId: number, recordingId: number | null): boolean {
  return db.transaction(() => {
    if (recordingId !== null && !prepared(db, 'SELECT 1 FROM recordings WHERE id = ? AND level_id = ?').get(recordingId, levelId)) return false;
    prepared(db, 'UPDATE recordings SET intended = 0 WHERE level_id = ? AND intended = 1').run(levelId);
    if (recordingId !== null) prepared(db, 'UPDATE recordings SET intended = 1 WHERE id = ?').run(recordingId);
    return true;
  })();
}

/** A recording's name (empty: none); false when there is no such recording. */
export function renameRecording(db: LibraryDatabase, recordingId: number, name: string): boolean {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean.length > 200) throw new LibraryInputError('A recording name is at most 200 characters.');
  return db.transaction(() => prepared(db, 'UPDATE recordings SET name = ? WHERE id = ?').run(clean || null, recordingId).changes > 0)();
}

export function getRecording(db: LibraryDatabase, recordingId: number): Recording | undefined {
  const row = prepared(db, 'SELECT * FROM recordings WHERE id = ?').get(recordingId) as RecordingColumns | undefined;
  return row && toRecording(row);
}

export function deleteRecording(db: LibraryDatabase, recordingId: number): boolean {
  return db.transaction(() => prepared(db, 'DELETE FROM recordings WHERE id = ?').run(recordingId).changes > 0)();
}
