/**
 * The Studio API's editor channels: adding, removing and renaming levels, the draft a level has
 * while it is edited (autosaved, committed or discarded), and the live proof of a draft.
 */
import { z } from 'zod';
import { verificationSchema } from '../verify/record.ts';
import { MAX_INTERACTIVE_BUDGET } from '../search/budget.ts';
import { channel, id, timestamp, title } from './fields.ts';

/** A draft of a level in the editor, as the library keeps it. */
export const draftSchema = z.object({
  content: z.unknown(),
  contentHash: z.string(),
  /** The level's content hash when the draft began: another one means the level changed meanwhile. */
  baseHash: z.string(),
  updatedAt: timestamp,
});
export type DraftInfo = z.infer<typeof draftSchema>;

/** An unsaved draft as a session's start offers it: its level, where that level is, since when. */
export const draftSummarySchema = z.object({
  levelId: id,
  levelTitle: z.string().nullable(),
  campaignId: id,
  campaignName: z.string(),
  position: z.int(),
  updatedAt: timestamp,
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

/**
 * The campaign the level was opened from: its rules are the ones a proof, a recording or a saved
 * draft is judged by. Needed when more than one campaign holds the level (refused without it).
 */
export const inCampaign = id.optional();

export const EDITOR_CHANNELS = {
  /** A new level of the campaign (its document: an empty room or a copy), after `afterLevelId` or last. */
  'levels.create': channel(
    z.object({ campaignId: id, afterLevelId: id.optional(), content: z.unknown() }).strict(),
    z.object({ levelId: id, position: z.int() }),
  ),
  /** Takes a level out of a campaign; `levels.restore` puts it back where it was. */
  'levels.remove': channel(z.object({ campaignId: id, levelId: id }).strict(), z.object({ removalId: id })),
  'levels.restore': channel(z.object({ removalId: id }).strict(), z.object({ levelId: id, campaignId: id, position: z.int() })),
  'levels.rename': channel(z.object({ levelId: id, campaignId: inCampaign, title }).strict(), z.object({})),
  /** The level's unsaved draft, if any. */
  'drafts.get': channel(z.object({ levelId: id, campaignId: inCampaign }).strict(), z.object({ draft: draftSchema.nullable() })),
  /** Every unsaved draft of a level in a campaign, newest first: offered at once when the studio starts. */
  'drafts.list': channel(z.object({}).strict(), z.object({ drafts: z.array(draftSummarySchema) })),
  /** Autosave: the draft's whole document, in one transaction. */
  'drafts.save': channel(z.object({ levelId: id, campaignId: inCampaign, content: z.unknown() }).strict(), z.object({ contentHash: z.string(), updatedAt: timestamp })),
  'drafts.discard': channel(z.object({ levelId: id, campaignId: inCampaign }).strict(), z.object({ discarded: z.boolean() })),
  /** The draft becomes the level; `verified` when the live proof of that content was stored with it. */
  'drafts.commit': channel(z.object({ levelId: id, campaignId: inCampaign }).strict(), z.object({ contentHash: z.string(), verified: z.boolean() })),
  /**
   * The live proof: verifies a document (a draft) of a level in the interactive lane. A newer
   * request for the same level cancels the one running (`cancelled`).
   */
  'editor.prove': channel(
    z.object({ levelId: id, campaignId: inCampaign, content: z.unknown(), budget: z.int().min(1).max(MAX_INTERACTIVE_BUDGET).optional() }).strict(),
    z.object({ verification: verificationSchema.nullable(), cancelled: z.boolean(), jobId: id }),
  ),
} as const;
