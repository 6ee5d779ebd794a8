/**
 * `cli replay --db PATH --recording ID [--json]`: one line per step of the recording's journal
 * (undos and restarts included) with its hash, distance to goal and dead mark, the same numbers
 * an independent search gives, then the summary; exit 2 for an unknown recording id.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { openDatabase } from '../../src-main/library/db.ts';
import { storeRecording } from '../../src-main/library/recordings.ts';
import { stateHash } from '../../src-shared/engine/fingerprint.ts';
import { replayJournal, type TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { stepHashes } from '../../src-shared/engine/play/replay.ts';
import { ReplayTimeline } from '../../src-shared/engine/play/replay-timeline.ts';
import { bruteDistance } from '../support/brute-distance.ts';
import { captureIo } from '../support/cli-io.ts';
import { pushRules } from '../support/microban.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-replay');
const db = join(dir, 'library.sqlite');
const ROOM = ['######', '#.   #', '# $  #', '# @  #', '#    #', '######'];
const JOURNAL: TimedJournalEntry<string>[] = [
  { type: 'command', command: 'l', t: 500 },
  { type: 'command', command: 'l', t: 700 },
  { type: 'undo', t: 9000 },
  { type: 'restart', t: 9500 },
  ...[...'luurdd'].map((command, i): TimedJournalEntry<string> => ({ type: 'command', command, t: 10_000 + i * 300 })),
];
let recordingId: number;

async function cli(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const { out, err, io } = captureIo();
  const code = await runCli(argv, io);
  return { code, out, err };
}

beforeAll(async () => {
  const file = join(dir, 'room.xsb');
  writeFileSync(file, ['Title: Room', '', ...ROOM, 'Title: room', ''].join('\n'));
  expect((await cli(['import', file, '--db', db])).code).toBe(0);
  const side = openDatabase(db).db;
  const level = side.prepare("SELECT l.id, l.content_json FROM levels l JOIN campaign_levels cl ON cl.level_id = l.id JOIN campaigns c ON c.id = cl.campaign_id WHERE c.name = 'Room'").get() as { id: number; content_json: string };
  const content = JSON.parse(level.content_json);
  const start = pushRules.load(content).state!;
  const played = replayJournal(pushRules, start, JOURNAL);
  const commands = played.line.map((s) => s.command);
  recordingId = storeRecording(side, {
    levelId: level.id,
    rulesFingerprint: pushRules.fingerprint,
    contentHash: side.prepare('SELECT content_hash FROM levels WHERE id = ?').pluck().get(level.id) as string,
    commands,
    journal: JOURNAL,
    finalHash: stateHash(pushRules.canonical(played.final)),
    stepHashes: stepHashes(pushRules, start, commands),
    status: played.status,
    content,
    refused: played.line.map((s) => s.refused),
    times: played.line.map((s) => s.t),
  });
  side.close();
});

describe('cli replay', () => {
  it('--json: a line per journal step with the distance an independent search gives, then the summary', async () => {
    const run = await cli(['replay', '--db', db, '--recording', String(recordingId), '--json']);
    expect(run.code).toBe(0);
    const lines = run.out.map((l) => JSON.parse(l));
    const steps = lines.slice(0, -1);
    expect(steps.map((l) => l.step)).toEqual([...Array(JOURNAL.length + 1).keys()]);
    expect(steps.map((l) => l.command)).toEqual([null, 'l', 'l', 'undo', 'restart', ...'luurdd']);
    expect(steps.map((l) => l.refused)).toEqual([false, false, true, false, false, false, false, false, false, false, false]);
    const timeline = new ReplayTimeline(pushRules, pushRules.load({ board: ROOM }).state!, JOURNAL);
    for (const line of steps) {
      const expected = bruteDistance(pushRules, timeline.stateAt(line.step));
      expect([line.step, line.distance, line.dead]).toEqual([line.step, expected, expected === null]);
      expect(line.hash).toMatch(/^[0-9a-f]{8}$/);
    }
    expect(steps[0].hash).toBe(steps[4].hash);
    const { summary } = lines[lines.length - 1];
    expect(summary).toMatchObject({ steps: 10, undos: 1, restarts: 1, hints: 0, refused: 1, timeMs: 11_500, final: 'dead', longestDead: { from: 10, to: 10, steps: 1 } });
    expect(summary.longestStall).toEqual({ ms: 8300, step: 3 });
    expect(summary.divergence).toBeGreaterThan(0);
  });

  it('prints the same steps as text', async () => {
    const run = await cli(['replay', '--db', db, '--recording', String(recordingId)]);
    expect(run.code).toBe(0);
    expect(run.out).toHaveLength(JOURNAL.length + 2);
    expect(run.out[3]).toMatch(/undo/);
    expect(run.out[run.out.length - 1]).toMatch(/^summary: 10 steps, .*dead from step 10 to 10/);
  });

  it('an unknown recording id exits 2 with a message', async () => {
    const run = await cli(['replay', '--db', db, '--recording', '99999']);
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toContain('No recording 99999');
  });
});
