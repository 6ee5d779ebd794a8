/**
 * The Studio API: one typed contract for every request the renderer may make and every event the
 * main side may push. Channel names, zod schemas and the inferred types come from here; both hosts
 * (Electron IPC and the browser host's WebSocket) register the same handlers for these channels,
 * validate every request against its schema and refuse anything else.
 */
import { z } from 'zod';
import { diagnosticSchema, verificationSchema } from '../verify/record.ts';
import type { ChannelName, EventNameString } from './channels.ts';
import { MAX_INTERACTIVE_BUDGET, MAX_VERIFY_BUDGET } from '../search/budget.ts';
import { candidateChannels } from './candidates.ts';
import { RULES_CHANNELS } from './rules.ts';
import { CAMPAIGN_CHANNELS } from './campaign.ts';
import { impactReportSchema, impactReportSummarySchema, importedSolutionSchema, reverifyRequestSchema } from './reports.ts';

const id = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
const name = z.string().trim().min(1).max(200);
const timestamp = z.string();

/** What a level's badge says, from its latest verification under the campaign's current rules. */
export const badgeSchema = z.enum([
  'verified', // solved, par proven optimal
  'verified-bound', // solved, par is an upper bound (the optimal search ran out of budget)
  'stale', // verified under other rules or other content
  'unsolvable',
  'budget', // budget exceeded with no solution
  'invalid',
  'unverified',
]);
export type Badge = z.infer<typeof badgeSchema>;

export const campaignSummarySchema = z.object({
  id,
  name: z.string(),
  kind: z.string(),
  levelCount: z.int(),
  credit: z.string().nullable(),
  rulesetId: id,
  rulesFingerprint: z.string(),
  badges: z.partialRecord(badgeSchema, z.int()),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const levelRowSchema = z.object({
  id,
  position: z.int(),
  title: z.string().nullable(),
  kind: z.string(),
  /** The level document, in the kind's JSON level format. */
  content: z.unknown(),
  contentHash: z.string(),
  badge: badgeSchema,
  /** The best value found of the kind's primary objective (moves): the par. */
  par: z.int().nullable(),
  /** The kind's secondary figures for that solution, by objective id (push: `pushes`). */
  figures: z.record(z.string(), z.int()),
  optimal: z.boolean().nullable(),
  /** When the par is only an upper bound: the least it can be, as the optimal search proved. */
  parLowerBound: z.int().nullable(),
  verifiedAt: timestamp.nullable(),
  /**
   * The level's own state budget for verification (Verify all, `cli verify`); null: the default
   * (DEFAULT_STATE_BUDGET). The host always sends it; optional for older hosts and fixtures.
   */
  budget: z.int().min(1).nullable().optional(),
  /**
   * A generated level's provenance, and whether it was edited since it was generated (its content
   * hash differs from the one generated). Null for levels not generated; optional for older hosts.
   */
  generated: z.object({ generator: z.string(), version: z.int(), seed: z.string(), index: z.int().nullable(), edited: z.boolean() }).nullable().optional(),
});
export type LevelRow = z.infer<typeof levelRowSchema>;

/** Most level rows one page of `library.campaign` holds. */
export const MAX_CAMPAIGN_PAGE = 1000;

export const campaignDetailSchema = z.object({
  campaign: campaignSummarySchema.extend({
    comments: z.array(z.string()),
    rulesConfig: z.unknown(),
  }),
  /** Every level in campaign order, or the page asked for (the badge counts are the campaign's). */
  levels: z.array(levelRowSchema),
  /** Present when a page was asked for: where `levels` starts, the limit, the campaign's level count. */
  page: z.object({ offset: z.int(), limit: z.int(), total: z.int() }).optional(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const levelDetailSchema = levelRowSchema.extend({
  campaignId: id,
  campaignName: z.string(),
  author: z.string().nullable(),
  comments: z.array(z.string()),
  source: z.enum(['hand', 'imported', 'generated']),
  provenance: z.record(z.string(), z.unknown()).nullable(),
  rulesConfig: z.unknown(),
  rulesFingerprint: z.string(),
  verification: verificationSchema.nullable(),
});
export type LevelDetail = z.infer<typeof levelDetailSchema>;

export const jobStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobSchema = z.object({
  id,
  batchId: id.nullable(),
  type: z.string(),
  state: jobStateSchema,
  label: z.string(),
  /** 0..1 within the job (a search reports stored states against its budget). */
  progress: z.number().min(0).max(1),
  attempts: z.int(),
  error: z.string().nullable(),
  levelId: id.nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  /**
   * A finished job's result in a word, where its type gives one: `status` (verify: solved,
   * unsolvable, budget, invalid; generate: generated), `value` (the par, the levels made) and
   * `bound` (the par is only an upper bound).
   */
  outcome: z.object({ status: z.string().max(32), value: z.number().nullable().optional(), bound: z.boolean().optional() }).optional(),
});
export type Job = z.infer<typeof jobSchema>;
export type JobOutcome = NonNullable<Job['outcome']>;

export const batchSchema = z.object({
  id,
  label: z.string(),
  campaignId: id.nullable(),
  total: z.int(),
  done: z.int(),
  failed: z.int(),
  cancelled: z.int(),
  state: z.enum(['running', 'done', 'cancelled']),
  createdAt: timestamp,
});
export type Batch = z.infer<typeof batchSchema>;

/** A draft of a level in the editor, as the library keeps it. */
export const draftSchema = z.object({
  content: z.unknown(),
  contentHash: z.string(),
  /** The level's content hash when the draft began: another one means the level changed meanwhile. */
  baseHash: z.string(),
  updatedAt: timestamp,
});
export type DraftInfo = z.infer<typeof draftSchema>;

const encodedCommand = z.string().max(64);
const offset = z.number().min(0).max(1e10);
/** A play's journal entry as the renderer kept it, with its time offset (ms since the play began). */
export const journalEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('command'), command: encodedCommand, t: offset }).strict(),
  z.object({ type: z.literal('undo'), t: offset }).strict(),
  z.object({ type: z.literal('redo'), t: offset }).strict(),
  z.object({ type: z.literal('restart'), t: offset }).strict(),
  z.object({ type: z.literal('hint'), command: encodedCommand, t: offset }).strict(),
]);
export type JournalEntryPayload = z.infer<typeof journalEntrySchema>;
/** Most journal entries a recording may hold. */
export const MAX_JOURNAL_ENTRIES = 200_000;

export const recordingOutcomeSchema = z.enum(['won', 'lost', 'unfinished']);
export type RecordingOutcome = z.infer<typeof recordingOutcomeSchema>;

export const recordingSummarySchema = z.object({
  id,
  levelId: id,
  name: z.string().nullable(),
  outcome: recordingOutcomeSchema,
  /** Made under the campaign's current rules on the level's current content. */
  current: z.boolean(),
  /** Commands on its line, refused ones included. */
  steps: z.int(),
  moves: z.int().nullable(),
  undos: z.int().nullable(),
  hints: z.int().nullable(),
  durationMs: z.int().nullable(),
  createdAt: timestamp,
  /** The level's intended solution: re-verification checks that nothing cheaper appears (a shortcut). */
  intended: z.boolean(),
  /** A play-test, an imported solutions file, or a verification's solution. */
  source: z.enum(['play', 'import', 'verification']),
});
export type RecordingSummary = z.infer<typeof recordingSummarySchema>;

export const recordingDetailSchema = recordingSummarySchema.extend({
  rulesFingerprint: z.string(),
  contentHash: z.string(),
  /** The document played; null for recordings made before it was kept. */
  content: z.unknown(),
  commands: z.array(z.string()),
  refused: z.array(z.boolean()).nullable(),
  times: z.array(z.number()).nullable(),
});
export type RecordingDetail = z.infer<typeof recordingDetailSchema>;

/** Largest file text an import accepts over the API. */
export const MAX_IMPORT_CHARS = 32 * 1024 * 1024;

/**
 * Most levels one import takes (counting the levels refused): a file with more is refused before
 * its levels are checked or written (980,000 levels in 33 MB held the host for half a minute).
 */
export const MAX_IMPORT_LEVELS = 20_000;

/** What an import does with levels whose content (by content hash) the library already holds. */
export const duplicatePolicySchema = z.enum([
  'ask', // import nothing; answer with what is duplicated, so the designer can choose
  'import', // import them again (a campaign of copies)
  'skip', // import only the levels the library does not hold yet
]);
export type DuplicatePolicy = z.infer<typeof duplicatePolicySchema>;
/** The default of `library.import` and of `cli import`: never duplicate without being told to. */
export const DEFAULT_DUPLICATE_POLICY: DuplicatePolicy = 'ask';
/** Most duplicated levels an import answer lists one by one (all are counted). */
export const MAX_LISTED_DUPLICATES = 100;

const placeSchema = z.object({ campaignId: id, campaignName: z.string(), position: z.int() });

export const importDuplicatesSchema = z.object({
  /** What this import did with them (`ask`: imported nothing, so the question can be asked). */
  action: duplicatePolicySchema,
  /** How many of the file's good levels the library already holds. */
  count: z.int(),
  /** How many good levels the file has (duplicated or not). */
  of: z.int(),
  /** The campaigns that hold them, with how many of them each holds. */
  campaigns: z.array(z.object({ id, name: z.string(), levels: z.int() })),
  /** The first MAX_LISTED_DUPLICATES of them: number and title in the file, and where the library has them (up to 5 places). */
  levels: z.array(z.object({ level: z.int(), title: z.string().nullable(), places: z.array(placeSchema) })),
});
export type ImportDuplicates = z.infer<typeof importDuplicatesSchema>;

/**
 * The WebSocket close code with which the browser host refuses its own page's access token (wrong,
 * or from an earlier run). A browser cannot read an HTTP status on a refused upgrade, so the host
 * completes the handshake and closes with this code: the page stops retrying and says so.
 */
export const TOKEN_REFUSED_CLOSE_CODE = 4401;

function channel<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) {
  return { request, response };
}

export const API = {
  /** The library file and its campaigns. */
  'library.summary': channel(
    z.object({}).strict(),
    z.object({ libraryPath: z.string(), campaigns: z.array(campaignSummarySchema) }),
  ),
  /** A campaign and its levels: all of them, or the page `offset`/`limit` asks for (either one makes it a page). */
  'library.campaign': channel(
    z.object({ campaignId: id, offset: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional(), limit: z.int().min(1).max(MAX_CAMPAIGN_PAGE).optional() }).strict(),
    campaignDetailSchema,
  ),
  'library.level': channel(z.object({ levelId: id }).strict(), levelDetailSchema),
  /**
   * Import a collection file's text into a new campaign; good levels are kept, bad ones reported.
   * Levels the library already holds (same content hash) are handled as `duplicates` says: by
   * default nothing is written and the answer's `duplicates` says which and where they are.
   */
  'library.import': channel(
    z.object({
      fileName: z.string().min(1).max(260),
      text: z.string().max(MAX_IMPORT_CHARS),
      campaignName: name.optional(),
      duplicates: duplicatePolicySchema.default(DEFAULT_DUPLICATE_POLICY),
    }).strict(),
    z.object({
      campaignId: id.nullable(),
      campaignName: z.string().nullable(),
      imported: z.int(),
      rejected: z.int(),
      diagnostics: z.array(diagnosticSchema),
      /** Present when some good levels of the file are already in the library. */
      duplicates: importDuplicatesSchema.optional(),
    }),
  ),
  /** Give a level its own state budget for verification, or (null) return it to the default. */
  'library.setLevelBudget': channel(
    z.object({ levelId: id, budget: z.int().min(1).max(MAX_VERIFY_BUDGET).nullable() }).strict(),
    z.object({ levelId: id, budget: z.int().nullable() }),
  ),
  /** A campaign as SOK text or as the JSON bundle a game runtime loads. */
  'library.export': channel(
    z.object({ campaignId: id, format: z.enum(['sok', 'json']) }).strict(),
    /** `diagnostics` warns of what the format cannot keep (mechanics in SOK). */
    z.object({ fileName: z.string(), mimeType: z.string(), text: z.string(), diagnostics: z.array(diagnosticSchema) }),
  ),
  /** The level generators of every kind, with their parameters' JSON Schema and defaults. */
  'library.generators': channel(
    z.object({}).strict(),
    z.object({
      generators: z.array(
        z.object({ kind: z.string(), id: z.string(), label: z.string(), version: z.int(), paramsSchema: z.unknown(), defaults: z.unknown() }),
      ),
    }),
  ),
  /** Generate a new campaign in the worker pool (a batch of one job); the seed makes it repeatable. */
  'library.generate': channel(
    z.object({ kind: z.string().min(1).max(64), generator: z.string().min(1).max(64), params: z.unknown(), seed: z.string().trim().min(1).max(200), campaignName: name }).strict(),
    z.object({ batchId: id }),
  ),
  'candidates.start': candidateChannels.start,
  'candidates.runs': candidateChannels.runs,
  'candidates.list': candidateChannels.list,
  'candidates.accept': candidateChannels.accept,
  'candidates.dismiss': candidateChannels.dismiss,
  /** Verify every level of a campaign (or some of them) in the worker pool. */
  'jobs.verify': channel(
    z.object({ campaignId: id, levelIds: z.array(id).max(100_000).optional(), budget: z.int().min(1).max(MAX_VERIFY_BUDGET).optional() }).strict(),
    z.object({ batchId: id, jobs: z.int() }),
  ),
  'jobs.list': channel(z.object({}).strict(), z.object({ batches: z.array(batchSchema), jobs: z.array(jobSchema) })),
  /** Cancel one job or a whole batch: running work is stopped at once. */
  'jobs.cancel': channel(
    z.union([z.object({ jobId: id }).strict(), z.object({ batchId: id }).strict()]),
    z.object({ cancelled: z.int() }),
  ),
  /** A hint from the position reached by `commands` (the kind's encoded commands) on a level. */
  'play.hint': channel(
    z
      .object({
        levelId: id,
        commands: z.array(z.string().max(64)).max(100_000),
        budget: z.int().min(1).max(MAX_INTERACTIVE_BUDGET).optional(),
        /** The document played, when it is not the saved level (the editor's draft). */
        content: z.unknown().optional(),
      })
      .strict(),
    z.object({
      status: z.enum(['solved', 'unsolvable', 'budget']),
      command: z.string().nullable(),
      distance: z.int().nullable(),
      optimal: z.boolean(),
      /** The hint job was cancelled before it answered (status is then `budget`). */
      cancelled: z.boolean().optional(),
      /** The search was stopped (cancelled or out of time) before it could answer. */
      stopped: z.boolean().optional(),
      /** Why the search stopped early, where the solver says. */
      reason: z.string().optional(),
    }),
  ),
  ...RULES_CHANNELS,
  ...CAMPAIGN_CHANNELS,
  /** A new level of the campaign (its document: an empty room or a copy), after `afterLevelId` or last. */
  'levels.create': channel(
    z.object({ campaignId: id, afterLevelId: id.optional(), content: z.unknown() }).strict(),
    z.object({ levelId: id, position: z.int() }),
  ),
  /** Takes a level out of a campaign; `levels.restore` puts it back where it was. */
  'levels.remove': channel(z.object({ campaignId: id, levelId: id }).strict(), z.object({ removalId: id })),
  'levels.restore': channel(z.object({ removalId: id }).strict(), z.object({ levelId: id, campaignId: id, position: z.int() })),
  'levels.rename': channel(z.object({ levelId: id, title: z.string().max(200) }).strict(), z.object({})),
  /** The level's unsaved draft, if any. */
  'drafts.get': channel(z.object({ levelId: id }).strict(), z.object({ draft: draftSchema.nullable() })),
  /** Autosave: the draft's whole document, in one transaction. */
  'drafts.save': channel(z.object({ levelId: id, content: z.unknown() }).strict(), z.object({ contentHash: z.string(), updatedAt: timestamp })),
  'drafts.discard': channel(z.object({ levelId: id }).strict(), z.object({ discarded: z.boolean() })),
  /** The draft becomes the level; `verified` when the live proof of that content was stored with it. */
  'drafts.commit': channel(z.object({ levelId: id }).strict(), z.object({ contentHash: z.string(), verified: z.boolean() })),
  /**
   * The live proof: verifies a document (a draft) of a level in the interactive lane. A newer
   * request for the same level cancels the one running (`cancelled`).
   */
  'editor.prove': channel(
    z.object({ levelId: id, content: z.unknown(), budget: z.int().min(1).max(MAX_INTERACTIVE_BUDGET).optional() }).strict(),
    z.object({ verification: verificationSchema.nullable(), cancelled: z.boolean(), jobId: id }),
  ),
  'recordings.list': channel(z.object({ levelId: id }).strict(), z.object({ recordings: z.array(recordingSummarySchema) })),
  'recordings.get': channel(z.object({ recordingId: id }).strict(), recordingDetailSchema),
  /** A play-test's journal on a document; main replays it with the real rules and stores the recording. */
  'recordings.save': channel(
    z.object({ levelId: id, content: z.unknown(), journal: z.array(journalEntrySchema).min(1).max(MAX_JOURNAL_ENTRIES), name: z.string().max(200).optional() }).strict(),
    z.object({ recordingId: id, outcome: recordingOutcomeSchema, steps: z.int() }),
  ),
  'recordings.rename': channel(z.object({ recordingId: id, name: z.string().max(200) }).strict(), z.object({})),
  'recordings.delete': channel(z.object({ recordingId: id }).strict(), z.object({ deleted: z.boolean() })),
  /**
   * A solutions file (a JSON list of {level, lurd}, or XSB/SOK with Solution lines) stored as
   * recordings of a campaign's levels; bad input is refused naming its entry or line, and nothing is written.
   */
  'recordings.import': channel(
    z.object({ campaignId: id, fileName: z.string().min(1).max(260), text: z.string().max(MAX_IMPORT_CHARS), intended: z.boolean().optional() }).strict(),
    z.object({ stored: z.array(importedSolutionSchema), warnings: z.array(z.string()) }),
  ),
  /** Marks a recording, or the latest verification's solution (kept as a recording), as the level's intended solution; or clears the mark. */
  'recordings.intend': channel(
    z.union([
      z.object({ levelId: id, recordingId: id }).strict(),
      z.object({ levelId: id, fromVerification: z.literal(true) }).strict(),
      z.object({ levelId: id, clear: z.literal(true) }).strict(),
    ]),
    z.object({ recordingId: id.nullable() }),
  ),
  /**
   * Re-verify a campaign, some of its levels, or the whole library in the worker pool: each level
   * solved again and its recordings replayed; the impact report fills in as the jobs finish.
   */
  'jobs.reverify': channel(reverifyRequestSchema, z.object({ batchId: id, reportId: id, jobs: z.int() })),
  'reports.list': channel(z.object({}).strict(), z.object({ reports: z.array(impactReportSummarySchema) })),
  'reports.get': channel(z.object({ reportId: id }).strict(), impactReportSchema),
} as const satisfies Record<ChannelName, { request: z.ZodType; response: z.ZodType }>;

export type Channel = keyof typeof API;
export const CHANNELS = Object.keys(API) as Channel[];
export type RequestOf<C extends Channel> = z.input<(typeof API)[C]['request']>;
export type ResponseOf<C extends Channel> = z.infer<(typeof API)[C]['response']>;

export const EVENTS = {
  /** A job or batch changed state or progress (throttled to 10 per second per job). */
  'jobs.changed': z.object({ jobs: z.array(jobSchema), batches: z.array(batchSchema) }),
  /** Library content changed: the renderer refetches what it shows. */
  'library.changed': z.object({ campaignId: id.nullable(), levelIds: z.array(id) }),
  /** A running `library.import` (on the host's import thread): reading the file, checking its levels, writing the kept ones. */
  'library.importProgress': z.object({ fileName: z.string(), phase: z.enum(['read', 'check', 'write']), done: z.int(), total: z.int() }),
} as const satisfies Record<EventNameString, z.ZodType>;

export type EventName = keyof typeof EVENTS;
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];
export type EventOf<E extends EventName> = z.infer<(typeof EVENTS)[E]>;

export const apiErrorSchema = z.object({
  code: z.enum(['invalid-request', 'unknown-channel', 'not-found', 'forbidden', 'internal']),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && Object.hasOwn(API, value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(EVENTS, value);
}

/** Turns a zod failure into a sentence a designer can read. */
export function describeInvalid(channelName: string, error: z.ZodError): string {
  const first = error.issues[0];
  const where = first && first.path.length > 0 ? first.path.join('.') : 'request';
  return `The ${channelName} request was refused: ${where}: ${first?.message ?? 'invalid'}.`;
}
