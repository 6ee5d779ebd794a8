/**
 * Recordings: a playthrough of a level as the kind's encoded commands plus the full journal (undo,
 * redo, restart, hints), tied like a verification to the rules and the content it was played on,
 * with the hash of the final state so a replay under changed rules shows where it diverges.
 */
import { STEP_HASH_DIGITS } from '../../src-shared/engine/replay.ts';
import type { LibraryDatabase } from './db.ts';
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
  /** The short hash of the state after each command (`stepHashes` in engine/replay.ts). */
  readonly stepHashes?: readonly string[];
  /** Play status at the end: playing, won or lost. */
  readonly status: string;
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
}

const toRecording = (row: RecordingColumns): Recording => ({
  id: row.id,
  levelId: row.level_id,
  name: row.name,
  rulesFingerprint: row.rules_fingerprint,
  contentHash: row.content_hash,
  commands: parseJsonColumn<string[]>(row.commands_json, []),
  journal: parseJsonColumn<unknown>(row.journal_json, null),
  finalHash: row.final_hash,
  stepHashes: row.step_hashes === null ? null : unpackStepHashes(row.step_hashes),
  status: row.status,
  createdAt: row.created_at,
});

function checkInput(input: RecordingInput): void {
  const strings: [string, unknown][] = [['rulesFingerprint', input.rulesFingerprint], ['contentHash', input.contentHash], ['finalHash', input.finalHash], ['status', input.status]];
  for (const [field, value] of strings) if (typeof value !== 'string' || value === '') throw new LibraryInputError(`A recording needs a ${field}.`);
  if (!Array.isArray(input.commands) || !input.commands.every((c) => typeof c === 'string')) throw new LibraryInputError('A recording\'s commands must be a list of encoded commands.');
  if (input.name !== undefined && input.name !== null && typeof input.name !== 'string') throw new LibraryInputError('A recording\'s name must be text.');
  if (input.stepHashes !== undefined) {
    const pattern = new RegExp(`^[0-9a-f]{${STEP_HASH_DIGITS}}$`);
    if (!Array.isArray(input.stepHashes) || !input.stepHashes.every((h) => typeof h === 'string' && pattern.test(h))) {
      throw new LibraryInputError(`A recording's step hashes must be ${STEP_HASH_DIGITS} hex digits each.`);
    }
    if (input.stepHashes.length !== input.commands.length) throw new LibraryInputError('A recording needs one step hash per command.');
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
    const info = prepared(
      db,
      'INSERT INTO recordings (level_id, name, rules_fingerprint, content_hash, commands_json, journal_json, final_hash, step_hashes, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      input.levelId, input.name ?? null, input.rulesFingerprint, input.contentHash, JSON.stringify(input.commands), journal, input.finalHash,
      input.stepHashes ? packStepHashes(input.stepHashes) : null, input.status, timestamp(),
    );
    return Number(info.lastInsertRowid);
  })();
}

/** A level's recordings, oldest first. */
export function listRecordings(db: LibraryDatabase, levelId: number): Recording[] {
  return (prepared(db, 'SELECT * FROM recordings WHERE level_id = ? ORDER BY id').all(levelId) as RecordingColumns[]).map(toRecording);
}

export function getRecording(db: LibraryDatabase, recordingId: number): Recording | undefined {
  const row = prepared(db, 'SELECT * FROM recordings WHERE id = ?').get(recordingId) as RecordingColumns | undefined;
  return row && toRecording(row);
}

export function deleteRecording(db: LibraryDatabase, recordingId: number): boolean {
  return db.transaction(() => prepared(db, 'DELETE FROM recordings WHERE id = ?').run(recordingId).changes > 0)();
}
