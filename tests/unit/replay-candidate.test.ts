/**
 * A generated candidate's solution opens in the replay scrubber as a playthrough (issue 24: the
 * scrubber from candidate rows): `replays.get { candidateId }` gives its solution as a journal of
 * commands under the kind's default rules (the rules the bench proved it with), its proven par,
 * no level or campaign while it waits on the bench, and replaying the journal wins. An unknown
 * candidate is not found.
 */
import { describe, expect, it } from 'vitest';
import type { ReplayDetail } from '../../src-shared/api/replays.ts';
import { decodeRecordedJournal } from '../../src-shared/engine/play/recorded-journal.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import { createRun, storeShard } from '../../src-main/library/candidates.ts';
import { replayHandlers } from '../../src-main/studio/replay-handlers.ts';
import { freshDatabase } from '../support/temp-library.ts';

const LEVEL = { board: ['######', '#@$ .#', '######'] };
const STATISTICS = { candidates: 1, accepted: 1, kept: 1, sieves: [], makeMs: 0, ms: 0 };

describe('a candidate scrubbed', () => {
  it('opens as its solution, replayed under the default rules to a win', () => {
    const { db } = freshDatabase('replay-candidate');
    const runId = createRun(db, { kind: 'push', generator: 'test', version: 1, seed: 's', params: {}, count: 1, wanted: 1, cap: 1, shards: 1, shardSize: 1 });
    storeShard(db, runId, 0, [{ index: 0, key: 'k', level: LEVEL, par: 2, figures: {}, score: 1, solution: 'rr' }], STATISTICS);
    const candidateId = (db.prepare('SELECT id FROM candidates').get() as { id: number }).id;
    const handlers = replayHandlers({ db, queue: undefined as never, rulesOfCampaign: undefined as never, batchWorkers: 1 });
    const detail = handlers['replays.get']({ candidateId }) as ReplayDetail;
    expect(detail).toMatchObject({ id: null, candidateId, levelId: null, campaignId: null, kind: 'push', par: 2, steps: 2 });
    expect(detail.journal).toEqual([{ type: 'command', command: 'r' }, { type: 'command', command: 'r' }]);
    const rules = rulesFor(detail.kind, detail.config).rules!;
    const decoded = decodeRecordedJournal((text) => rules.decodeCommand(text), detail.journal);
    if ('error' in decoded) throw new Error(decoded.error);
    let state = rules.load(detail.content).state!;
    for (const entry of decoded.entries) if (entry.type === 'command') state = rules.step(state, entry.command).state;
    expect(rules.status(state)).toBe('won');
    expect(() => handlers['replays.get']({ candidateId: candidateId + 1 })).toThrow(/Candidate/);
  });
});
