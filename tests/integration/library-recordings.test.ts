/**
 * Recordings keep a short hash of the state after every command, so a replay under changed rules
 * can say at which step it first diverges; the hashes stay small (4 bytes a step).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { stateHash } from '../../src-shared/engine/fingerprint.ts';
import { firstDivergence, replay, stepHashes } from '../../src-shared/engine/play/replay.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { LibraryInputError, getRecording, insertLevel, storeRecording, type LibraryDatabase } from '../../src-main/library/library.ts';
import { pushRules } from '../support/microban.ts';
import { freshLibrary } from '../support/temp-library.ts';

let db: LibraryDatabase;

beforeEach(() => {
  db = freshLibrary('recordings', 'lib.gridwright').db;
});

// Two boxes in a row: strength 1 refuses the push at step 2, strength 2 lets it through.
const TWO_IN_A_ROW = { board: ['########', '#@ $$..#', '########'] };

describe('recording step hashes', () => {
  it('stores one short hash per command and reads them back', () => {
    const start = pushRules.load(TWO_IN_A_ROW).state!;
    const commands = ['r', 'r', 'd', 'l'] as const;
    const hashes = stepHashes(pushRules, start, commands);
    expect(hashes).toHaveLength(4);
    // The hash after a command is a prefix of the replay's full state hash.
    const frames = replay(pushRules, start, commands).frames;
    hashes.forEach((h, i) => expect(frames[i + 1].hash.startsWith(h)).toBe(true));
    const levelId = insertLevel(db, { kind: 'push', doc: TWO_IN_A_ROW, source: 'hand' });
    const id = storeRecording(db, {
      levelId, rulesFingerprint: pushRules.fingerprint, contentHash: 'c', commands: [...commands], journal: [], finalHash: stateHash('x'), status: 'playing', stepHashes: hashes,
    });
    expect(getRecording(db, id)!.stepHashes).toEqual(hashes);
  });

  it('finds the step where a replay under other rules first differs', () => {
    const strong = pushKind.create({ pushStrength: 2 }).rules!;
    const commands = ['r', 'r', 'r'];
    const before = stepHashes(pushRules, pushRules.load(TWO_IN_A_ROW).state!, commands);
    const after = stepHashes(strong, strong.load(TWO_IN_A_ROW).state!, commands);
    // Step 1 (0-based) is the bump under strength 1 and a double push under strength 2.
    expect(firstDivergence(before, after)).toBe(1);
    expect(firstDivergence(before, before)).toBe(-1);
    expect(firstDivergence(before, before.slice(0, 2))).toBe(2);
  });

  it('keeps a 10,000-step recording\'s hashes in 40 KB', () => {
    const start = pushRules.load(TWO_IN_A_ROW).state!;
    const commands = Array.from({ length: 10_000 }, (_, i) => (['d', 'u'] as const)[i % 2]);
    const levelId = insertLevel(db, { kind: 'push', doc: TWO_IN_A_ROW, source: 'hand' });
    const id = storeRecording(db, {
      levelId, rulesFingerprint: pushRules.fingerprint, contentHash: 'c', commands, journal: [], finalHash: 'f', status: 'playing', stepHashes: stepHashes(pushRules, start, commands),
    });
    const { bytes } = db.prepare('SELECT length(step_hashes) AS bytes FROM recordings WHERE id = ?').get(id) as { bytes: number };
    expect(bytes).toBe(40_000);
  });

  it('refuses hashes that do not match the commands', () => {
    const levelId = insertLevel(db, { kind: 'push', doc: TWO_IN_A_ROW, source: 'hand' });
    const base = { levelId, rulesFingerprint: 'f', contentHash: 'c', commands: ['r'], journal: [], finalHash: 'h', status: 'playing' };
    expect(() => storeRecording(db, { ...base, stepHashes: [] })).toThrow(LibraryInputError);
    expect(() => storeRecording(db, { ...base, stepHashes: ['xyz'] })).toThrow(LibraryInputError);
  });
});
