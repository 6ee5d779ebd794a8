/**
 * The level editor's and the play-test's channels: levels made, removed, put back and renamed in a
 * campaign; drafts (autosave, save, revert); the live proof in the interactive lane, a newer one
 * for a level cancelling the one running; recordings, replayed here with the real rules from the
 * journal the renderer sends (the line, refused markers, step hashes, outcome and score inputs are
 * the engine's, not the renderer's word).
 */
import { levelContentHash, stateHash } from '../../src-shared/engine/fingerprint.ts';
import { replayJournal, type TimedJournalEntry } from '../../src-shared/engine/play/recording.ts';
import { stepHashes } from '../../src-shared/engine/play/replay.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import type { JournalEntryPayload, RecordingOutcome, RecordingSummary as ApiRecordingSummary } from '../../src-shared/api/studio-api.ts';
import { DEFAULT_STATE_BUDGET } from '../../src-shared/search/budget.ts';
import { verificationSchema, type Verification } from '../../src-shared/verify/record.ts';
import { JobCancelledError, JobInputRefusedError } from '../jobs/errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Campaign } from '../library/campaigns.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { commitDraft, discardDraft, getDraft, listDrafts, saveDraft } from '../library/drafts.ts';
import { createLevelInCampaign, removeLevelFromCampaign, renameLevel, restoreRemovedLevel } from '../library/level-edits.ts';
import { deleteRecording, getRecording, listRecordingSummaries, renameRecording, storeRecording, type RecordingSummary } from '../library/recordings.ts';
import type { CurrentRules } from '../library/rulesets.ts';
import { storeVerification } from '../library/verifications.ts';
import { StudioError, type Handlers } from './dispatch.ts';
import { guard, levelIn, notFound } from './handler-support.ts';
import type { LibraryChangeBatcher } from './library-events.ts';
import { RecentMap } from './recent-map.ts';

type EditorChannel =
  | 'levels.create' | 'levels.remove' | 'levels.restore' | 'levels.rename'
  | 'drafts.get' | 'drafts.list' | 'drafts.save' | 'drafts.discard' | 'drafts.commit'
  | 'editor.prove'
  | 'recordings.list' | 'recordings.get' | 'recordings.save' | 'recordings.rename' | 'recordings.delete';

/** Levels whose last live proof is kept for their draft's save. */
export const MAX_KEPT_PROOFS = 32;

export interface EditorServices {
  readonly db: LibraryDatabase;
  readonly queue: JobQueue;
  readonly libraryEvents: LibraryChangeBatcher;
  readonly rulesOfCampaign: (campaignId: number) => { campaign: Campaign; rules: CurrentRules };
}

const outcomeOf = (status: string): RecordingOutcome => (status === 'won' ? 'won' : status === 'lost' ? 'lost' : 'unfinished');

function boundRules(current: CurrentRules): AnyRules {
  if (!current.rules) throw new StudioError('invalid-request', `These rules cannot be played: ${current.diagnostics.map((d) => d.message).join('; ') || 'the config is not valid'}`);
  return current.rules;
}

/** The journal in the kind's commands; a command it cannot decode refuses the whole request. */
function decodeJournal(rules: AnyRules, kind: string, journal: readonly JournalEntryPayload[]): TimedJournalEntry<unknown>[] {
  return journal.map((entry, i) => {
    if (entry.type !== 'command' && entry.type !== 'hint') return entry;
    const command = rules.decodeCommand(entry.command);
    if (command === undefined) throw new StudioError('invalid-request', `Journal entry ${i + 1} (${JSON.stringify(entry.command)}) is not a ${kind} command.`);
    return { ...entry, command };
  });
}

export function editorHandlers({ db, queue, libraryEvents, rulesOfCampaign }: EditorServices): Pick<Handlers, EditorChannel> {
  /** The level as the campaign it was opened from holds it (its only one when none is said). */
  const level = (levelId: number, campaignId?: number) => levelIn(db, levelId, campaignId);
  /** The live proof running for each level, so a newer one cancels it. */
  const liveProofs = new Map<number, number>();
  /**
   * The latest finished live proof of each level: stored with the level when its draft is saved as
   * that very content. Only the levels edited lately (a proof is worth keeping while its draft is
   * being edited); a save or a discard drops it.
   */
  const lastProofs = new RecentMap<number, Verification>(MAX_KEPT_PROOFS);

  const summaryOf = (row: RecordingSummary, fingerprint: string, contentHash: string): ApiRecordingSummary => ({
    id: row.id, levelId: row.levelId, name: row.name, outcome: outcomeOf(row.status),
    current: row.rulesFingerprint === fingerprint && row.contentHash === contentHash,
    steps: row.steps, moves: row.moves, undos: row.undos, hints: row.hints, durationMs: row.durationMs, createdAt: row.createdAt,
    intended: row.intended, source: row.source,
  });

  return {
    'levels.create': ({ campaignId, afterLevelId, content }) => {
      const created = guard(() => createLevelInCampaign(db, campaignId, content, afterLevelId));
      libraryEvents.add(campaignId, created.levelId);
      return created;
    },
    'levels.remove': ({ campaignId, levelId }) => {
      const removalId = guard(() => removeLevelFromCampaign(db, campaignId, levelId));
      libraryEvents.add(campaignId);
      return { removalId };
    },
    'levels.restore': ({ removalId }) => {
      const restored = guard(() => restoreRemovedLevel(db, removalId));
      libraryEvents.add(restored.campaignId, restored.levelId);
      return restored;
    },
    'levels.rename': ({ levelId, campaignId: from, title }) => {
      const { campaignId } = level(levelId, from);
      guard(() => renameLevel(db, levelId, title));
      libraryEvents.add(campaignId, levelId);
      return {};
    },
    'drafts.get': ({ levelId, campaignId }) => {
      level(levelId, campaignId);
      const draft = getDraft(db, levelId);
      return { draft: draft ? { content: draft.doc, contentHash: draft.contentHash, baseHash: draft.baseHash, updatedAt: draft.updatedAt } : null };
    },
    'drafts.list': () => ({ drafts: listDrafts(db) }),
    'drafts.save': ({ levelId, campaignId, content }) => {
      if (campaignId !== undefined) level(levelId, campaignId);
      const draft = guard(() => saveDraft(db, levelId, content));
      return { contentHash: draft.contentHash, updatedAt: draft.updatedAt };
    },
    'drafts.discard': ({ levelId, campaignId }) => {
      if (campaignId !== undefined) level(levelId, campaignId);
      lastProofs.delete(levelId);
      return { discarded: discardDraft(db, levelId) };
    },
    'drafts.commit': ({ levelId, campaignId: from }) => {
      const { campaignId } = level(levelId, from);
      const { rules } = rulesOfCampaign(campaignId);
      const proof = lastProofs.get(levelId);
      lastProofs.delete(levelId);
      const saved = db.transaction(() => {
        const record = guard(() => commitDraft(db, levelId));
        if (!record) throw new StudioError('not-found', `Level ${levelId} has no draft to save: it may have been saved or reverted in another window.`);
        // The live proof of exactly this content under these rules is the level's verification now.
        const verified = proof !== undefined && proof.contentHash === record.contentHash && proof.rulesFingerprint === rules.fingerprint;
        if (verified) storeVerification(db, levelId, proof);
        return { contentHash: record.contentHash, verified };
      })();
      libraryEvents.add(campaignId, levelId);
      return saved;
    },
    'editor.prove': async ({ levelId, campaignId, content, budget }) => {
      const detail = level(levelId, campaignId);
      const { campaign, rules } = rulesOfCampaign(detail.campaignId);
      const superseded = liveProofs.get(levelId);
      if (superseded !== undefined) queue.cancelJob(superseded);
      // No level id on the job: a live proof of a draft is not the level's verification (drafts.commit decides).
      const jobId = queue.createJob({
        label: `Live proof: ${detail.campaignName} #${detail.position}${detail.title ? ` ${detail.title}` : ''}`,
        lane: 'interactive',
        payload: { type: 'verify', kind: campaign.kind, config: rules.config, level: content, budget: budget ?? DEFAULT_STATE_BUDGET },
      });
      liveProofs.set(levelId, jobId);
      try {
        const verification = verificationSchema.parse(await queue.outcome(jobId));
        lastProofs.set(levelId, verification);
        return { verification, cancelled: false, jobId };
      } catch (error) {
        if (error instanceof JobCancelledError) return { verification: null, cancelled: true, jobId };
        if (error instanceof JobInputRefusedError) throw new StudioError('invalid-request', error.message);
        throw error;
      } finally {
        if (liveProofs.get(levelId) === jobId) liveProofs.delete(levelId);
      }
    },
    'recordings.list': ({ levelId, campaignId }) => {
      const detail = level(levelId, campaignId);
      return { recordings: listRecordingSummaries(db, levelId).map((r) => summaryOf(r, detail.rulesFingerprint, detail.contentHash)) };
    },
    'recordings.get': ({ recordingId, campaignId }) => {
      const recording = getRecording(db, recordingId) ?? notFound(`Recording ${recordingId}`);
      const detail = level(recording.levelId, campaignId);
      const summary = listRecordingSummaries(db, recording.levelId).find((r) => r.id === recordingId)!;
      return {
        ...summaryOf(summary, detail.rulesFingerprint, detail.contentHash),
        rulesFingerprint: recording.rulesFingerprint,
        contentHash: recording.contentHash,
        content: recording.content ?? (recording.contentHash === detail.contentHash ? detail.content : null),
        commands: [...recording.commands],
        refused: recording.refused ? [...recording.refused] : null,
        times: recording.times ? [...recording.times] : null,
      };
    },
    'recordings.save': ({ levelId, campaignId, content, journal, name }) => {
      const detail = level(levelId, campaignId);
      const { campaign, rules: current } = rulesOfCampaign(detail.campaignId);
      const rules = boundRules(current);
      const loaded = rules.load(content);
      if (!loaded.state || !loaded.level) {
        throw new StudioError('invalid-request', `The level played does not load: ${loaded.diagnostics.find((d) => d.severity === 'error')?.message ?? 'it is not a level of this kind'}`);
      }
      const played = replayJournal(rules, loaded.state, decodeJournal(rules, campaign.kind, journal));
      const commands = played.line.map((s) => s.command);
      const id = guard(() =>
        storeRecording(db, {
          levelId,
          name: name?.trim() || null,
          rulesFingerprint: rules.fingerprint,
          contentHash: levelContentHash(campaign.kind, loaded.level!),
          commands: commands.map((c) => rules.encodeCommand(c)),
          journal,
          finalHash: stateHash(rules.canonical(played.final)),
          stepHashes: stepHashes(rules, loaded.state, commands),
          status: played.status,
          content: loaded.level,
          refused: played.line.map((s) => s.refused),
          times: played.line.map((s) => Math.round(s.t)),
          moves: played.moves,
          undos: played.undos,
          hints: played.hints,
          durationMs: Math.round(played.duration),
        }),
      );
      return { recordingId: id, outcome: outcomeOf(played.status), steps: commands.length };
    },
    'recordings.rename': ({ recordingId, name }) => {
      if (!guard(() => renameRecording(db, recordingId, name))) notFound(`Recording ${recordingId}`);
      return {};
    },
    'recordings.delete': ({ recordingId }) => ({ deleted: deleteRecording(db, recordingId) }),
  };
}
