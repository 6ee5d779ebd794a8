/**
 * The Studio API's library channels: the campaigns and their levels with their badges, importing
 * a collection file (and what is done with levels the library already holds), exporting, and
 * generating a new campaign; and the events that say the library changed.
 */
import { z } from 'zod';
import { diagnosticSchema, verificationSchema } from '../verify/record.ts';
import { MAX_VERIFY_BUDGET } from '../search/budget.ts';
import { channel, id, name, seed, timestamp } from './fields.ts';
import { MAX_IMPORT_PART_CHARS, uploadIdSchema } from './import-parts.ts';

/** What a level's badge says, from its latest verification under the campaign's current rules. */
export const badgeSchema = z.enum([
  'verified', // solved, par proven optimal
  'verified-bound', // solved, par only a bound the best may improve on (the search ran out of budget before a proof)
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
  /** The best value found of the kind's primary objective (the fewest moves, the highest score): the par. */
  par: z.int().nullable(),
  /** The kind's secondary figures for that solution, by objective id (push: `pushes`). */
  figures: z.record(z.string(), z.int()),
  optimal: z.boolean().nullable(),
  /**
   * When the par is only a bound: the proven bound on its other side, as the search proved it (the
   * best takes at least this many moves when minimised; scores at most this when maximised).
   */
  parBound: z.int().nullable(),
  /** A stale level's previous par (its latest verification, under other rules or content): shown marked stale, never as the par. */
  stalePar: z.int().nullable().optional(),
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

/** Largest file an import takes (sent in parts of MAX_IMPORT_PART_CHARS, import-parts.ts). */
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

export const LIBRARY_CHANNELS = {
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
  /** A level as one campaign shows it; `campaignId` is needed when more than one campaign holds the level. */
  'library.level': channel(z.object({ levelId: id, campaignId: id.optional() }).strict(), levelDetailSchema),
  /**
   * Import a collection file into a new campaign; good levels are kept, bad ones reported. The file
   * is `text` (up to MAX_IMPORT_PART_CHARS) or an `upload` its parts were sent to (`library.importPart`).
   * Levels the library already holds (same content hash) are handled as `duplicates` says: by
   * default nothing is written and the answer's `duplicates` says which and where they are.
   */
  'library.import': channel(
    z.object({
      fileName: z.string().min(1).max(260),
      text: z.string().max(MAX_IMPORT_PART_CHARS, `a file over ${MAX_IMPORT_PART_CHARS} characters is sent in parts (library.importPart)`).optional(),
      upload: uploadIdSchema.optional(),
      campaignName: name.optional(),
      duplicates: duplicatePolicySchema.default(DEFAULT_DUPLICATE_POLICY),
    }).strict().refine((r) => (r.text === undefined) !== (r.upload === undefined), 'give the file as text or as an upload, one of them'),
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
    z.object({ kind: z.string().min(1).max(64), generator: z.string().min(1).max(64), params: z.unknown(), seed, campaignName: name }).strict(),
    z.object({ batchId: id }),
  ),
} as const;

export const LIBRARY_EVENTS = {
  /** Library content changed: the renderer refetches what it shows. */
  'library.changed': z.object({ campaignId: id.nullable(), levelIds: z.array(id) }),
  /** A running `library.import` (on the host's import thread): reading the file, checking its levels, writing the kept ones. */
  'library.importProgress': z.object({ fileName: z.string(), phase: z.enum(['read', 'check', 'write']), done: z.int(), total: z.int() }),
} as const;
