// @vitest-environment happy-dom
/**
 * A play whose save fails because the host is away is kept like a draft (written ahead to
 * localStorage) and sent again until the library has it; a refusal in words drops it; a reload
 * sends what an earlier session left waiting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src-shared/api/studio-api.ts';
import { createRecordingOutbox, OUTBOX_KEY } from '../../src-renderer/src/services/play/recording-outbox.ts';
import type { FinishedPlay } from '../../src-renderer/src/services/play/play-state.ts';
import { LEVELS } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';
import { mountStudio, settle, type Mounted } from './support/mount.ts';

const PLAY: FinishedPlay = { levelId: 7, content: { board: ['#####', '#@$.#', '#####'] }, journal: [{ type: 'command', command: 'r', t: 10 }] };
const away: ApiResult<unknown> = { ok: false, error: { code: 'internal', message: 'The host is out of reach.' } };
const stored: ApiResult<unknown> = { ok: true, value: { recordingId: 1, outcome: 'won', steps: 1 } };

let current: Mounted | undefined;
afterEach(() => {
  current?.wrapper.unmount();
  current = undefined;
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the recordings outbox', () => {
  it('keeps a play the host could not take, in storage too, and stores it when the host is back', async () => {
    const answers = [away, away, stored];
    const sent: FinishedPlay[] = [];
    let told = 0;
    const outbox = createRecordingOutbox({ send: async (play) => (sent.push(play), answers.shift()!), kept: () => told++, retryMs: 1e9 });
    let done = false;
    void outbox.keep(PLAY).then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    expect(outbox.pending.value).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)).toMatchObject([{ levelId: 7, journal: PLAY.journal }]);
    await outbox.flush(); // the retry: still away, told once only
    expect(told).toBe(1);
    await outbox.flush();
    await settle();
    expect(done).toBe(true);
    expect(sent).toHaveLength(3);
    expect(sent.at(-1)).toEqual(PLAY);
    expect(outbox.pending.value).toEqual([]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    outbox.dispose();
  });

  it('drops a play the host refuses in words, and says why', async () => {
    const refusals: string[] = [];
    const outbox = createRecordingOutbox({ send: async () => ({ ok: false, error: { code: 'not-found', message: 'Level 7 does not exist.' } }), refused: (e) => refusals.push(e.message) });
    await outbox.keep(PLAY);
    expect(refusals).toEqual(['Level 7 does not exist.']);
    expect(outbox.pending.value).toEqual([]);
  });

  it('a reload sends the plays an earlier session left waiting', async () => {
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ id: 'earlier', ...PLAY, levelId: LEVELS[1].id }]));
    current = await mountStudio(new MemoryBridge());
    await settle();
    expect(current.bridge.callsTo('recordings.save')).toEqual([{ levelId: LEVELS[1].id, content: PLAY.content, journal: PLAY.journal }]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });
});
