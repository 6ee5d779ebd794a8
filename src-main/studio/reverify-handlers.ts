/**
 * Recordings as regression tests (issue 16): solutions imported as recordings, a level's intended
 * solution, re-verification of a campaign, a selection or the whole library as one batch (each
 * level solved again and its recordings replayed in a worker), and the impact reports it fills in.
 */
import { budgetForRun } from '../../src-shared/search/budget.ts';
import type { LevelRow } from '../../src-shared/api/studio-api.ts';
import type { ReportScope } from '../../src-shared/api/reports.ts';
import { checkedJobSpec, type JobQueue, type JobSpec } from '../jobs/queue.ts';
import type { Verification } from '../../src-shared/verify/record.ts';
import { campaignIds, campaignLevelPage, levelDetail } from '../library/campaign-views.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { createImpactReport, getImpactReport, listImpactReports } from '../library/impact-reports.ts';
import { listRecordingIds, setIntendedRecording } from '../library/recordings.ts';
import { MAX_REPLAYED_RECORDINGS } from '../jobs/types/reverify.ts';
import { importSolutions, intendVerificationSolution } from '../library/solutions-import.ts';
import { latestVerification } from '../library/verifications.ts';
import type { Handlers } from './dispatch.ts';
import type { EditorServices } from './editor-handlers.ts';
import { guard, longestFirstBy, notFound } from './handler-support.ts';

type ReverifyChannel = 'recordings.import' | 'recordings.intend' | 'jobs.reverify' | 'reports.list' | 'reports.get';

/** Levels handled between two yields to the event loop while a re-verification is made. */
export const REVERIFY_CHUNK = 250;

/** Lets the host answer other calls (and its timers run) before the next chunk. */
const yieldToHost = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The jobs of one campaign's levels: payloads carry the verification before and the ids of the
 * recordings to replay, so a run resumed after a crash compares the same things. Made in chunks
 * of REVERIFY_CHUNK levels (each job checked as the queue would), yielding between them: a
 * 20,000-level library never holds the host for the whole of it.
 */
async function reverifyJobs(db: LibraryDatabase, services: EditorServices, campaignId: number, levels: readonly LevelRow[], budget: number | undefined): Promise<{ specs: JobSpec[]; oldFingerprints: string[]; newFingerprint: string }> {
  const { campaign, rules } = services.rulesOfCampaign(campaignId);
  const previous = new Map<number, Verification | undefined>();
  for (let i = 0; i < levels.length; i += REVERIFY_CHUNK) {
    for (const level of levels.slice(i, i + REVERIFY_CHUNK)) previous.set(level.id, latestVerification(db, level.id)?.verification);
    await yieldToHost();
  }
  const ordered = longestFirstBy(levels, (level) => previous.get(level.id)?.ms);
  const oldFingerprints: string[] = [];
  const specs: JobSpec[] = [];
  for (let i = 0; i < ordered.length; i += REVERIFY_CHUNK) {
    for (const level of ordered.slice(i, i + REVERIFY_CHUNK)) {
      const before = previous.get(level.id);
      if (before) oldFingerprints.push(before.rulesFingerprint);
      specs.push(
        checkedJobSpec({
          label: `Re-verify ${campaign.name} #${level.position}${level.title ? ` ${level.title}` : ''}`,
          levelId: level.id,
          payload: {
            type: 'reverify',
            kind: campaign.kind,
            config: rules.config,
            level: level.content,
            budget: budgetForRun(budget, level.budget),
            previous: before ? { status: before.status, par: before.par, optimal: before.optimal } : null,
            recordingIds: replayedRecordingIds(db, level.id),
            recordings: [],
            tooLong: [],
            row: { campaignName: campaign.name, position: level.position, title: level.title },
          },
        }),
      );
    }
    await yieldToHost();
  }
  return { specs, oldFingerprints, newFingerprint: rules.fingerprint };
}

/** A campaign's rows, read a page of REVERIFY_CHUNK at a time with a yield after each (one read of 20,000 rows held the host 170 ms). */
async function levelsOf(db: LibraryDatabase, services: EditorServices, campaignId: number): Promise<LevelRow[]> {
  const { rules } = services.rulesOfCampaign(campaignId);
  const levels: LevelRow[] = [];
  for (;;) {
    const page = campaignLevelPage(db, campaignId, rules.fingerprint, levels.at(-1)?.position ?? 0, REVERIFY_CHUNK);
    levels.push(...page);
    await yieldToHost();
    if (page.length < REVERIFY_CHUNK) return levels;
  }
}

/**
 * The recordings a re-verification replays, by id: all of them, or past the cap the intended one
 * and the newest. The job reads them when it starts (its type's `expand`).
 */
function replayedRecordingIds(db: LibraryDatabase, levelId: number): number[] {
  const all = listRecordingIds(db, levelId);
  if (all.length <= MAX_REPLAYED_RECORDINGS) return all.map((r) => r.id);
  const intended = all.filter((r) => r.intended);
  return [...intended, ...all.filter((r) => !r.intended).slice(-(MAX_REPLAYED_RECORDINGS - intended.length))].map((r) => r.id);
}

export function reverifyHandlers(services: EditorServices & { readonly queue: JobQueue }): Pick<Handlers, ReverifyChannel> {
  const { db, queue, libraryEvents } = services;
  return {
    'recordings.import': ({ campaignId, fileName, text, intended }) => {
      const result = guard(() => importSolutions(db, { campaignId, fileName, text, intended }));
      for (const { levelId } of result.stored) libraryEvents.add(campaignId, levelId);
      return { stored: [...result.stored], warnings: [...result.warnings] };
    },
    'recordings.intend': (request) => {
      const level = levelDetail(db, request.levelId) ?? notFound(`Level ${request.levelId}`);
      let recordingId: number | null = null;
      if ('recordingId' in request) {
        if (!guard(() => setIntendedRecording(db, request.levelId, request.recordingId))) notFound(`Recording ${request.recordingId} of level ${request.levelId}`);
        recordingId = request.recordingId;
      } else if ('fromVerification' in request) {
        recordingId = guard(() => intendVerificationSolution(db, request.levelId));
      } else {
        guard(() => setIntendedRecording(db, request.levelId, null));
      }
      libraryEvents.add(level.campaignId, request.levelId);
      return { recordingId };
    },
    'jobs.reverify': async (request) => {
      const budget = request.budget;
      const chosen: { campaignId: number; levels: LevelRow[] }[] = [];
      let scope: ReportScope = 'library';
      let held = 0;
      if ('library' in request) {
        for (const campaignId of campaignIds(db)) chosen.push({ campaignId, levels: await levelsOf(db, services, campaignId) });
      } else {
        services.rulesOfCampaign(request.campaignId); // not found, said before anything is read
        const all = await levelsOf(db, services, request.campaignId);
        const wanted = request.levelIds ? new Set(request.levelIds) : undefined;
        const levels = all.filter((level) => !wanted || wanted.has(level.id));
        if (wanted && levels.length !== wanted.size) notFound('One of the levels to re-verify');
        chosen.push({ campaignId: request.campaignId, levels });
        scope = wanted ? 'selection' : 'campaign';
        held = all.length;
      }
      const runs: Awaited<ReturnType<typeof reverifyJobs>>[] = [];
      for (const { campaignId, levels } of chosen) runs.push(await reverifyJobs(db, services, campaignId, levels, budget));
      const campaignId = 'library' in request ? null : request.campaignId;
      const label = campaignId === null ? 'Re-verify the library' : `Re-verify ${services.rulesOfCampaign(campaignId).campaign.name}${scope === 'selection' ? ` (${runs[0].specs.length} of ${held})` : ''}`;
      // The jobs are written a chunk at a time, held; the closing transaction queues them and makes
      // the report: a crash leaves both or neither (a cancelled batch at most).
      // Jobs of an earlier run that would compute the same (cut short when the app died) join this one.
      const made = await queue.createLargeBatch(
        { label, campaignId, adoptLive: true, jobs: runs.flatMap((r) => r.specs) },
        {
          chunk: REVERIFY_CHUNK,
          pause: yieldToHost,
          inClosing: (created) =>
            createImpactReport(db, {
              batchId: created.batchId,
              scope,
              label,
              campaignId,
              oldFingerprints: runs.flatMap((r) => r.oldFingerprints),
              newFingerprints: runs.map((r) => r.newFingerprint),
              levels: created.jobIds.length,
            }),
        },
      );
      const { batchId, closing: reportId } = made;
      const jobs = made.jobIds.length;
      return { batchId, reportId, jobs };
    },
    'reports.list': () => ({ reports: listImpactReports(db) }),
    'reports.get': ({ reportId }) => getImpactReport(db, reportId) ?? notFound(`Report ${reportId}`),
  };
}

