/**
 * The replay scrubber's channels (issue 24): `replays.get` gives a recording with its whole
 * journal, the level played and the current rules to replay it under; `replays.curve` gives the
 * distance curve stored so far and, asked to compute, queues `replay-curve` jobs for it (once per
 * recording and rules), which fill it in chunk by chunk.
 */
import type { ReplayCurve, ReplayDetail } from '../../src-shared/api/replays.ts';
import type { RecordingOutcome } from '../../src-shared/api/recordings.ts';
import { recordedJournal } from '../../src-shared/engine/play/recorded-journal.ts';
import { DEFAULT_STATE_BUDGET } from '../../src-shared/search/budget.ts';
import { curveChunkRanges } from '../../src-shared/verify/replay-curve.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { levelDetail } from '../library/campaign-views.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { getRecording, listRecordingSummaries } from '../library/recordings.ts';
import { curveChunks, curveRun, startCurveRun } from '../library/replay-curves.ts';
import { rulesetHistory } from '../library/rulesets.ts';
import { latestVerification } from '../library/verifications.ts';
import type { Handlers } from './dispatch.ts';
import type { EditorServices } from './editor-handlers.ts';
import { StudioError } from './dispatch.ts';
import { notFound } from './handler-support.ts';

type ReplayChannel = 'replays.get' | 'replays.curve';

interface ReplayServices {
  readonly db: LibraryDatabase;
  readonly queue: JobQueue;
  readonly rulesOfCampaign: EditorServices['rulesOfCampaign'];
  /** Batch workers of the pool: a curve is split into about two chunks for each. */
  readonly batchWorkers: number;
}

const outcomeOf = (status: string): RecordingOutcome => (status === 'won' ? 'won' : status === 'lost' ? 'lost' : 'unfinished');

export function replayHandlers({ db, queue, rulesOfCampaign, batchWorkers }: ReplayServices): Pick<Handlers, ReplayChannel> {
  /** The config a recording was made under, when it is not the current one and a version still has it. */
  const recordedConfigOf = (rulesetId: number, recorded: string, current: string): { recordedConfig?: unknown } => {
    if (recorded === current) return {};
    const version = rulesetHistory(db, rulesetId).find((v) => v.fingerprint === recorded);
    return version ? { recordedConfig: version.config } : {};
  };

  const detailOf = (recordingId: number): ReplayDetail => {
    const recording = getRecording(db, recordingId) ?? notFound(`Recording ${recordingId}`);
    const level = levelDetail(db, recording.levelId) ?? notFound(`Level ${recording.levelId}`);
    const summary = listRecordingSummaries(db, recording.levelId).find((r) => r.id === recordingId)!;
    const { campaign, rules } = rulesOfCampaign(level.campaignId);
    const verification = latestVerification(db, level.id)?.verification;
    const proven = verification && verification.rulesFingerprint === rules.fingerprint && verification.contentHash === level.contentHash;
    const intended = listRecordingSummaries(db, recording.levelId).find((r) => r.intended && r.id !== recordingId);
    const optimal = proven && verification.optimal && verification.solution && rules.rules ? rules.rules.decodeSolution(verification.solution).commands : undefined;
    const reference = intended
      ? { source: 'intended' as const, commands: [...getRecording(db, intended.id)!.commands] }
      : optimal
        ? { source: 'optimal' as const, commands: optimal.map((c) => rules.rules!.encodeCommand(c)) }
        : null;
    return {
      id: recording.id,
      levelId: recording.levelId,
      name: recording.name,
      outcome: outcomeOf(recording.status),
      current: recording.rulesFingerprint === rules.fingerprint && recording.contentHash === level.contentHash,
      steps: summary.steps,
      moves: summary.moves,
      undos: summary.undos,
      hints: summary.hints,
      durationMs: summary.durationMs,
      createdAt: summary.createdAt,
      intended: summary.intended,
      source: summary.source,
      campaignId: level.campaignId,
      kind: campaign.kind,
      config: rules.config,
      rulesFingerprint: rules.fingerprint,
      recordedFingerprint: recording.rulesFingerprint,
      ...recordedConfigOf(campaign.rulesetId, recording.rulesFingerprint, rules.fingerprint),
      content: recording.content ?? (recording.contentHash === level.contentHash ? level.content : null),
      journal: recordedJournal(recording.journal, recording.commands, recording.times),
      stepHashes: recording.stepHashes ? [...recording.stepHashes] : null,
      par: proven ? verification.par : null,
      reference,
    };
  };

  return {
    'replays.get': ({ recordingId }) => detailOf(recordingId),
    'replays.curve': ({ recordingId, compute }): ReplayCurve => {
      const detail = detailOf(recordingId);
      const fingerprint = detail.rulesFingerprint;
      const steps = detail.journal.length;
      let run = curveRun(db, recordingId, fingerprint);
      if (!run && compute) {
        if (detail.content === null) throw new StudioError('invalid-request', `Recording ${recordingId} has no level document to replay: it was made on content that has changed since.`);
        const level = levelDetail(db, detail.levelId)!;
        const { batchId } = queue.createBatch({
          label: `Distance curve: recording ${recordingId}${detail.name ? ` "${detail.name}"` : ''}`,
          campaignId: detail.campaignId,
          jobs: curveChunkRanges(steps, batchWorkers).map(({ from, to }) => ({
            label: `Distance curve of recording ${recordingId}, steps ${from}-${to}`,
            levelId: detail.levelId,
            payload: {
              type: 'replay-curve',
              recordingId,
              rulesFingerprint: fingerprint,
              kind: detail.kind,
              config: detail.config,
              level: detail.content,
              journal: detail.journal.slice(0, to),
              from,
              to,
              budget: level.budget ?? DEFAULT_STATE_BUDGET,
            },
          })),
        });
        startCurveRun(db, recordingId, fingerprint, steps, batchId);
        run = curveRun(db, recordingId, fingerprint);
      }
      if (!run) return { recordingId, rulesFingerprint: fingerprint, steps, state: 'none', chunks: [] };
      const chunks = curveChunks(db, recordingId, fingerprint);
      const batch = run.batchId === null ? undefined : queue.batch(run.batchId);
      const state = batch?.state === 'running' ? 'running' : 'done';
      return { recordingId, rulesFingerprint: fingerprint, steps, state, chunks };
    },
  };
}
