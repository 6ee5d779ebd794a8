/**
 * The Campaign view's channels of the Studio API (spread into `API` in contract.ts): a campaign's
 * report (signals and checks in order), its layout, curation as single undoable transactions
 * (every change answers the layouts before and after: an undo writes `before` back), and making
 * and shaping campaigns.
 */
import { z } from 'zod';
import { checkIdSchema, curveSettingsSchema } from '../campaign/checks.ts';
import { curationOpSchema } from '../campaign/curation.ts';
import { campaignLayoutSchema } from '../campaign/layout.ts';
import { levelSignalsSchema } from '../campaign/signals.ts';

import { id, name } from './fields.ts';

export const checkFindingSchema = z.object({ check: checkIdSchema, index: z.int(), levelId: id, reason: z.string(), error: z.boolean() });

export const campaignReportSchema = z.object({
  campaign: z.object({ id, name: z.string(), kind: z.string(), rulesetId: id, rulesetName: z.string(), rulesFingerprint: z.string() }),
  /**
   * The kind's objectives: the first is the par, the second the secondary figure; `sense` says
   * which way each is better (optional for older hosts: minimised).
   */
  objectives: z.array(z.object({ id: z.string(), label: z.string(), sense: z.enum(['minimise', 'maximise']).optional() })),
  settings: curveSettingsSchema,
  chapters: z.array(z.object({ id, name: z.string() })),
  rows: z.array(levelSignalsSchema.extend({ checks: z.array(checkIdSchema) })),
  findings: z.array(checkFindingSchema),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;
export type CampaignReportRow = CampaignReport['rows'][number];

/** What a curation changed: write `before` back to undo it, `after` to redo it. */
const changeSchema = z.object({ before: z.array(campaignLayoutSchema), after: z.array(campaignLayoutSchema) });
export type LayoutChange = z.infer<typeof changeSchema>;

export const CAMPAIGN_CHANNELS = {
  'campaign.report': { request: z.object({ campaignId: id }).strict(), response: campaignReportSchema },
  'campaign.layout': { request: z.object({ campaignId: id }).strict(), response: campaignLayoutSchema },
  /** One curation (move, pin, chapters) in one transaction. */
  'campaign.edit': { request: z.object({ campaignId: id, op: curationOpSchema }).strict(), response: changeSchema },
  /** Cut levels from one campaign and paste them into another, in one transaction. */
  'campaign.transfer': {
    request: z.object({ fromCampaignId: id, toCampaignId: id, levelIds: z.array(id).min(1).max(200_000), to: z.int().min(1).optional() }).strict(),
    response: changeSchema,
  },
  /**
   * Write whole layouts (an undo, a redo, an accepted "suggest order"): refused when the campaigns
   * together no longer hold exactly these levels.
   */
  'campaign.setLayouts': { request: z.object({ layouts: z.array(campaignLayoutSchema).min(1).max(2) }).strict(), response: changeSchema },
  /** The campaign's check settings (par-falls tolerance, spike and plateau sizes, which checks fail CI). */
  'campaign.settings': { request: z.object({ campaignId: id, settings: curveSettingsSchema.partial() }).strict(), response: curveSettingsSchema },
  /** A new campaign, empty or holding some levels (they stay where they are too). */
  'campaign.create': {
    request: z.object({ name, kind: z.string().min(1).max(64), rulesetId: id.optional(), levelIds: z.array(id).max(200_000).optional() }).strict(),
    response: z.object({ campaignId: id, name: z.string() }),
  },
  'campaign.rename': { request: z.object({ campaignId: id, name }).strict(), response: z.object({ name: z.string() }) },
  'campaign.duplicate': { request: z.object({ campaignId: id, name: name.optional() }).strict(), response: z.object({ campaignId: id, name: z.string() }) },
  /** Deleted, kept for `campaign.restore` (the undo). */
  'campaign.delete': { request: z.object({ campaignId: id }).strict(), response: z.object({ removalId: id }) },
  'campaign.restore': { request: z.object({ removalId: id }).strict(), response: z.object({ campaignId: id, name: z.string() }) },
  /** The rulesets a campaign could point at (its kind's), with the campaigns on each. */
  'campaign.rulesets': {
    request: z.object({ campaignId: id }).strict(),
    response: z.object({ current: id, rulesets: z.array(z.object({ id, name: z.string(), fingerprint: z.string(), campaigns: z.array(z.string()) })) }),
  },
  /**
   * Give the campaign its own copy of its rules (`copy`) or point it at another ruleset. The answer
   * says whether the rules changed for its levels: then they read stale, and re-verifying the
   * campaign (`jobs.reverify`) makes the impact report of the switch.
   */
  'campaign.setRules': {
    request: z.union([z.object({ campaignId: id, copy: z.literal(true), name: name.optional() }).strict(), z.object({ campaignId: id, rulesetId: id }).strict()]),
    response: z.object({ rulesetId: id, rulesetName: z.string(), oldFingerprint: z.string(), newFingerprint: z.string(), stale: z.int() }),
  },
} as const;
