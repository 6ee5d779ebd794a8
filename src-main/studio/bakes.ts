/**
 * The main side of a bake (seed 001's bake, issue 25): a batch of `bake` jobs, each a range of
 * one chapter's candidates, as many running at once as there are batch workers. When a range
 * ends, the ranges done of each chapter are merged in candidate order from the first (a range
 * past a gap waits for it), the next range is queued, and once every chapter has its levels (or
 * searched all it may) the campaign is written and the batch's other ranges are stopped. The
 * merge keeps a chapter's first `count` levels in candidate order, skipping a maze already kept,
 * exactly as one search from candidate 1 does: the campaign is the same for 1 worker or 8.
 */
import type { BakeStatus } from '../../src-shared/api/bakes.ts';
import { bakePlan, BAKE_PLANS } from '../../src-shared/rulesets/bake-plans.ts';
import { generatorWithParams } from '../../src-shared/rulesets/generators.ts';
import type { JobQueue, JobSpec } from '../jobs/queue.ts';
import type { BakeShardResult } from '../jobs/types/bake-result.ts';
import { bakePayloadSchema, type BakePayload } from '../jobs/types/bake.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { storeChapteredCampaign } from '../library/generated.ts';
import { StudioError, type Handlers } from './dispatch.ts';
import type { LibraryChangeBatcher } from './library-events.ts';

/** Candidates per range: a few seconds of a slow chapter, so ranges spread evenly and a cancel is quick. */
export const BAKE_RANGE_SIZE = 25;

/** What a bake is made from: a payload without its range. */
type BakeWhole = Omit<BakePayload, 'chapter' | 'from' | 'to'>;

export interface BakeRange {
  readonly chapter: number;
  readonly from: number;
  readonly to: number;
  /** queued, running, done, failed, cancelled. */
  readonly state: string;
  readonly result: BakeShardResult | null;
}

export interface ChapterMerge {
  readonly name: string;
  readonly wanted: number;
  readonly cap: number;
  /** Its levels so far: those of the ranges done from candidate 1 on without a gap, first `wanted`. */
  readonly found: BakeShardResult['found'];
  readonly candidates: number;
  readonly complete: boolean;
  /** The first candidate no live or done range covers (a range to queue next), or null. */
  readonly next: { readonly from: number; readonly to: number } | null;
  readonly live: number;
}

const isLive = (r: BakeRange): boolean => r.state === 'queued' || r.state === 'running';
const covers = (r: BakeRange): boolean => isLive(r) || (r.state === 'done' && r.result !== null && !r.result.stopped);

/** Each chapter's levels merged from the ranges of a bake, and what to search next. */
export function mergeBake(whole: BakeWhole, ranges: readonly BakeRange[]): ChapterMerge[] {
  return whole.chapters.map((chapter, index) => {
    const lookup = generatorWithParams(whole.kind, whole.generator, chapter.params);
    const plan = lookup.ok ? lookup.generator.candidates?.plan(lookup.params) : undefined;
    const wanted = plan?.count ?? 0;
    const cap = plan?.cap ?? 0;
    const own = ranges.filter((r) => r.chapter === index).sort((a, b) => a.from - b.from);
    const found: BakeShardResult['found'][number][] = [];
    const keys = new Set<string>();
    let candidates = 0;
    let through = 0;
    for (const range of own) {
      if (found.length >= wanted || range.from !== through + 1 || range.state !== 'done' || !range.result || range.result.stopped) break;
      candidates += range.result.candidates;
      through = range.to;
      for (const level of range.result.found) {
        if (found.length >= wanted || keys.has(level.key)) continue;
        keys.add(level.key);
        found.push(level);
      }
    }
    const complete = found.length >= wanted || through >= cap;
    // The first gap in what live and good ranges cover: failed and cancelled ranges are searched again.
    let next: ChapterMerge['next'] = null;
    if (!complete) {
      let from = 1;
      for (const range of own.filter(covers)) {
        if (range.from > from) break;
        from = Math.max(from, range.to + 1);
      }
      const after = own.filter((r) => covers(r) && r.from > from).map((r) => r.from);
      const to = Math.min(cap, from + BAKE_RANGE_SIZE - 1, ...after.map((f) => f - 1));
      if (from <= cap) next = { from, to };
    }
    return { name: chapter.name, wanted, cap, found, candidates, complete, next, live: own.filter(isLive).length };
  });
}

/** The next ranges to queue, up to `room`: each to the unfinished chapter with the fewest ranges running, lowest first. */
export function nextRanges(whole: BakeWhole, ranges: readonly BakeRange[], room: number): { chapter: number; from: number; to: number }[] {
  const planned = [...ranges];
  const out: { chapter: number; from: number; to: number }[] = [];
  while (out.length < room) {
    const merged = mergeBake(whole, planned);
    const open = merged.map((m, chapter) => ({ ...m, chapter })).filter((m) => !m.complete && m.next !== null);
    if (open.length === 0) break;
    const pick = open.reduce((a, b) => (b.live < a.live ? b : a));
    const range = { chapter: pick.chapter, ...pick.next! };
    out.push(range);
    planned.push({ ...range, state: 'queued', result: null });
  }
  return out;
}

function rangeJob(whole: BakeWhole, range: { chapter: number; from: number; to: number }): JobSpec {
  return { label: `Bake ${whole.chapters[range.chapter].name}: candidates ${range.from}-${range.to}`, payload: { ...whole, type: 'bake', ...range } };
}

/** The bake's ranges as its batch holds them, and what they are made from. */
function readBake(queue: JobQueue, batchId: number): { whole: BakeWhole; ranges: BakeRange[] } | undefined {
  const jobs = queue.batchJobsOfType(batchId, 'bake');
  const first = jobs[0] && bakePayloadSchema.safeParse(jobs[0].payload);
  if (!first?.success) return undefined;
  const { chapter: _c, from: _f, to: _t, ...whole } = first.data;
  const ranges = jobs.flatMap((job) => {
    const payload = bakePayloadSchema.safeParse(job.payload);
    return payload.success ? [{ chapter: payload.data.chapter, from: payload.data.from, to: payload.data.to, state: job.state, result: job.result as BakeShardResult | null }] : [];
  });
  return { whole, ranges };
}

/** In the transaction that ends a range's job. */
export function storeBakeShard(db: LibraryDatabase, queue: JobQueue, libraryEvents: LibraryChangeBatcher, batchId: number, inFlight: number): void {
  const bake = readBake(queue, batchId);
  const batch = queue.batch(batchId);
  if (!bake || !batch || batch.campaignId !== null) return;
  const merged = mergeBake(bake.whole, bake.ranges);
  if (merged.every((m) => m.complete)) {
    const version = bake.ranges.find((r) => r.result)?.result?.version ?? 0;
    const { kind, generator, chapters, config, campaign } = bake.whole;
    const campaignId = storeChapteredCampaign(db, {
      name: campaign,
      kind,
      generator,
      version,
      seed: chapters.map((c) => c.seed).join(', '),
      config,
      chapters: merged.map((m) => ({ name: m.name, levels: m.found.map((f) => f.level) })),
    });
    queue.setBatchCampaign(batchId, campaignId);
    queue.finishBatchEarly(batchId);
    libraryEvents.add(campaignId);
    return;
  }
  // A range that failed for good fails the bake: searching it again would fail again.
  if (batch.state !== 'running' || bake.ranges.some((r) => r.state === 'failed')) return;
  const live = bake.ranges.filter(isLive).length;
  const more = nextRanges(bake.whole, bake.ranges, Math.max(0, inFlight - live));
  if (more.length > 0) queue.appendToBatch(batchId, more.map((r) => rangeJob(bake.whole, r)));
}

function bakeStatus(queue: JobQueue, batchId: number): BakeStatus {
  const batch = queue.batch(batchId);
  const bake = batch && readBake(queue, batchId);
  if (!batch || !bake) throw new StudioError('not-found', `Batch ${batchId} is not a bake.`);
  const merged = mergeBake(bake.whole, bake.ranges);
  const plan = bake.whole.plan === undefined ? undefined : bakePlan(bake.whole.plan);
  const wanted = merged.reduce((n, m) => n + m.wanted, 0);
  const found = merged.reduce((n, m) => n + Math.min(m.wanted, m.found.length), 0);
  const failed = bake.ranges.some((r) => r.state === 'failed');
  const state = batch.state === 'running' ? (failed ? 'failed' : 'running') : batch.state === 'cancelled' ? 'cancelled' : failed && batch.campaignId === null ? 'failed' : 'done';
  return {
    batchId,
    plan: bake.whole.plan ?? '',
    state,
    progress: wanted > 0 ? found / wanted : 0,
    campaignId: batch.campaignId,
    chapters: merged.map((m) => ({
      name: m.name,
      wanted: m.wanted,
      found: m.found.length,
      complete: m.complete,
      candidates: m.candidates,
      // A bake of some chapters: the plan's own number of the chapter, by its name.
      figures: m.complete && plan ? { ...plan.figures(plan.chapters.findIndex((c) => c.name === m.name) + 1, m.found) } : null,
    })),
  };
}

export function bakeHandlers(queue: JobQueue, inFlight: number): Pick<Handlers, 'bakes.plans' | 'bakes.start' | 'bakes.status'> {
  return {
    'bakes.plans': () => ({ plans: BAKE_PLANS.map((p) => ({ id: p.id, kind: p.kind, campaign: p.campaign, chapters: p.chapters.map((c) => c.name), columns: p.columns.map((c) => ({ ...c })) })) }),
    'bakes.start': ({ plan: planId, chapters: only }) => {
      const plan = bakePlan(planId);
      if (!plan) throw new StudioError('not-found', `There is no bake plan '${planId}'.`);
      const missing = only?.find((n) => n > plan.chapters.length);
      if (missing !== undefined) throw new StudioError('invalid-request', `The plan ${plan.campaign} has ${plan.chapters.length} chapters: there is no chapter ${missing}.`);
      const chapters = only ? plan.chapters.filter((_, i) => only.includes(i + 1)) : plan.chapters;
      for (const chapter of chapters) {
        const lookup = generatorWithParams(plan.kind, plan.generator, chapter.params);
        if (!lookup.ok) throw new StudioError('invalid-request', `${chapter.name}: ${lookup.message}`);
        if (!lookup.generator.candidates) throw new StudioError('invalid-request', `${lookup.generator.label} cannot be split across workers.`);
      }
      const whole: BakeWhole = { type: 'bake', kind: plan.kind, generator: plan.generator, plan: plan.id, chapters: chapters.map((c) => ({ ...c })), config: plan.config, campaign: plan.campaign };
      const jobs = nextRanges(whole, [], Math.max(1, inFlight)).map((r) => rangeJob(whole, r));
      const { batchId } = queue.createBatch({ label: `Bake ${plan.campaign} from seeds`, jobs });
      return { batchId };
    },
    'bakes.status': ({ batchId }) => bakeStatus(queue, batchId),
  };
}
