/**
 * The replay scrubber's channels (issue 24): `replays.get` gives a recording with its whole
 * journal, the level played and the current rules to replay it under; `replays.curve` gives the
 * distance curve stored so far and, asked to compute, queues `replay-curve` jobs for it (once per
 * recording and rules), which fill it in chunk by chunk.
 */
import type { ReplayCurve, ReplayDetail, ReplaySolution } from '../../src-shared/api/replays.ts';
import type { RecordingOutcome } from '../../src-shared/api/recordings.ts';
import { recordedJournal } from '../../src-shared/engine/play/recorded-journal.ts';
import { DEFAULT_STATE_BUDGET } from '../../src-shared/search/budget.ts';
import { curveChunkRanges } from '../../src-shared/verify/replay-curve.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { levelDetail } from '../library/campaign-views.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { candidateSolution } from '../library/candidates.ts';
import { getRecording, listRecordingSummaries } from '../library/recordings.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import { curveChunks, curveRun, setCurveBatch, startCurveRun } from '../library/replay-curves.ts';
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

  /** The level's par and reference (intended solution, else the proven optimal one), under the current rules. */
  const provenOf = (levelId: number, rules: ReturnType<ReplayServices['rulesOfCampaign']>['rules'], exceptRecording: number | null) => {
    const level = levelDetail(db, levelId) ?? notFound(`Level ${levelId}`);
    const stored = latestVerification(db, level.id);
    const verification = stored?.verification;
    const proven = verification && verification.rulesFingerprint === rules.fingerprint && verification.contentHash === level.contentHash;
    const intended = listRecordingSummaries(db, levelId).find((r) => r.intended && r.id !== exceptRecording);
    const optimal = proven && verification.optimal && verification.solution && rules.rules ? rules.rules.decodeSolution(verification.solution).commands : undefined;
    const reference: ReplayDetail['reference'] = intended
      ? { source: 'intended' as const, commands: [...getRecording(db, intended.id)!.commands] }
      : optimal
        ? { source: 'optimal' as const, commands: optimal.map((c) => rules.rules!.encodeCommand(c)) }
        : null;
    return { level, stored, par: proven ? verification.par : null, reference };
  };

  /** A stored recording always has its level and campaign. */
  const detailOf = (recordingId: number): ReplayDetail & { levelId: number; campaignId: number } => {
    const recording = getRecording(db, recordingId) ?? notFound(`Recording ${recordingId}`);
    const level = levelDetail(db, recording.levelId) ?? notFound(`Level ${recording.levelId}`);
    const summary = listRecordingSummaries(db, recording.levelId).find((r) => r.id === recordingId)!;
    const { campaign, rules } = rulesOfCampaign(level.campaignId);
    const { par, reference } = provenOf(level.id, rules, recordingId);
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
      par,
      reference,
    };
  };

  /**
   * A level's solution as a timeline: the intended one is a stored recording; the latest
   * verification's is decoded from its text by the kind (`decodeSolution`) into a journal of
   * commands, made under the rules the verification ran with.
   */
  const solutionDetailOf = (levelId: number, solution: ReplaySolution): ReplayDetail => {
    if (solution === 'intended') {
      const intended = listRecordingSummaries(db, levelId).find((r) => r.intended) ?? notFound(`An intended solution of level ${levelId}`);
      return { ...detailOf(intended.id), solution };
    }
    const level = levelDetail(db, levelId) ?? notFound(`Level ${levelId}`);
    const { campaign, rules } = rulesOfCampaign(level.campaignId);
    const { stored, par, reference } = provenOf(levelId, rules, null);
    const verification = stored?.verification;
    if (!stored || !verification?.solution) return notFound(`A verification's solution of level ${levelId}`);
    const commands = rules.rules?.decodeSolution(verification.solution).commands;
    if (!commands) throw new StudioError('invalid-request', `The solution of level ${levelId}'s verification does not read under the current rules.`);
    const journal = commands.map((c) => ({ type: 'command' as const, command: rules.rules!.encodeCommand(c) }));
    return {
      id: null,
      solution,
      levelId,
      name: null,
      outcome: verification.status === 'solved' ? 'won' : 'unfinished',
      current: verification.rulesFingerprint === rules.fingerprint && verification.contentHash === level.contentHash,
      steps: journal.length,
      moves: journal.length,
      undos: 0,
      hints: 0,
      durationMs: null,
      createdAt: stored.createdAt,
      intended: false,
      source: 'verification',
      campaignId: level.campaignId,
      kind: campaign.kind,
      config: rules.config,
      rulesFingerprint: rules.fingerprint,
      recordedFingerprint: verification.rulesFingerprint,
      ...recordedConfigOf(campaign.rulesetId, verification.rulesFingerprint, rules.fingerprint),
      content: level.content,
      journal,
      stepHashes: null,
      par,
      reference: reference?.source === 'intended' ? reference : null,
    };
  };

  /**
   * A generated candidate's solution as a playthrough, under the kind's default rules (the rules
   * the bench proved it with); its proven par stands. Not a stored recording: no curve is kept.
   */
  const candidateDetailOf = (candidateId: number): ReplayDetail => {
    const candidate = candidateSolution(db, candidateId) ?? notFound(`Candidate ${candidateId}`);
    const rules = rulesFor(candidate.kind, {}).rules;
    const commands = rules?.decodeSolution(candidate.solution).commands;
    if (!rules || !commands) throw new StudioError('invalid-request', `Candidate ${candidateId}'s solution does not read under its kind's rules.`);
    const journal = commands.map((c) => ({ type: 'command' as const, command: rules.encodeCommand(c) }));
    const level = candidate.levelId === null ? undefined : levelDetail(db, candidate.levelId);
    return {
      id: null,
      candidateId,
      levelId: level?.id ?? null,
      campaignId: level?.campaignId ?? null,
      name: null,
      outcome: 'won',
      current: true,
      steps: journal.length,
      moves: journal.length,
      undos: 0,
      hints: 0,
      durationMs: null,
      createdAt: candidate.createdAt,
      intended: false,
      source: 'verification',
      kind: candidate.kind,
      config: {},
      rulesFingerprint: rules.fingerprint,
      recordedFingerprint: rules.fingerprint,
      content: candidate.content,
      journal,
      stepHashes: null,
      par: candidate.par,
      reference: null,
    };
  };

  return {
    'replays.get': (request) =>
      'recordingId' in request ? detailOf(request.recordingId) : 'candidateId' in request ? candidateDetailOf(request.candidateId) : solutionDetailOf(request.levelId, request.solution),
    'replays.curve': ({ recordingId, compute, recompute }): ReplayCurve => {
      const detail = detailOf(recordingId);
      const fingerprint = detail.rulesFingerprint;
      const steps = detail.journal.length;
      /** Queues one `replay-curve` job per range, in one batch. */
      const queueRanges = (ranges: readonly { from: number; to: number }[]): number => {
        if (detail.content === null) throw new StudioError('invalid-request', `Recording ${recordingId} has no level document to replay: it was made on content that has changed since.`);
        const level = levelDetail(db, detail.levelId)!;
        return queue.createBatch({
          label: `Distance curve: recording ${recordingId}${detail.name ? ` "${detail.name}"` : ''}`,
          campaignId: detail.campaignId,
          jobs: ranges.map(({ from, to }) => ({
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
        }).batchId;
      };
      let run = curveRun(db, recordingId, fingerprint);
      if (!run && (compute || recompute)) {
        startCurveRun(db, recordingId, fingerprint, steps, queueRanges(curveChunkRanges(steps, batchWorkers)));
        run = curveRun(db, recordingId, fingerprint);
      } else if (run && recompute && (run.batchId === null || queue.batch(run.batchId)?.state !== 'running')) {
        // The jobs ended (cancelled, failed, or a crash): queue again only the ranges with a step still unknown.
        const known = new Uint8Array(steps + 1);
        for (const chunk of curveChunks(db, recordingId, fingerprint)) known.fill(1, chunk.from, chunk.to + 1);
        const missing = curveChunkRanges(steps, batchWorkers).filter(({ from, to }) => known.subarray(from, to + 1).includes(0));
        if (missing.length > 0) setCurveBatch(db, recordingId, fingerprint, queueRanges(missing));
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
