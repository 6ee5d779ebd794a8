/**
 * The Campaign view's handlers (`campaign.*`): the report, the layout, curation in single
 * transactions (answering the layouts before and after, for undo), and making and shaping
 * campaigns. Every change tells the renderer at once (`library.changed`), so the Library list and
 * the Level view follow.
 */
import { campaignReport } from '../library/campaign-report.ts';
import { editCampaign, readLayout, restoreLayouts, transferLevelsBetween, writeCurveSettings, type LayoutChange } from '../library/campaign-layouts.ts';
import { copyRulesForCampaign, duplicateCampaign, newCampaign, removeCampaign, renameCampaign, restoreCampaign } from '../library/campaign-shaping.ts';
import { requireCampaign, setCampaignRuleset } from '../library/campaigns.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { campaignsOfRuleset, currentRules, listRulesets } from '../library/rulesets.ts';
import { prepared } from '../library/statements.ts';
import type { Handlers } from './dispatch.ts';
import type { LibraryChangeBatcher } from './library-events.ts';

type CampaignChannel = Extract<keyof Handlers, `campaign.${string}`>;

interface CampaignServices {
  readonly db: LibraryDatabase;
  readonly libraryEvents: LibraryChangeBatcher;
  readonly guard: <T>(work: () => T) => T;
}

export function campaignHandlers({ db, libraryEvents, guard }: CampaignServices): Pick<Handlers, CampaignChannel> {
  const changed = (...campaignIds: number[]) => {
    for (const campaignId of campaignIds) libraryEvents.add(campaignId);
    libraryEvents.flush();
  };
  const told = (change: LayoutChange): LayoutChange => {
    changed(...change.after.map((l) => l.campaignId));
    return change;
  };
  /** Levels of the campaign whose latest verification was made under another fingerprint than `fingerprint`. */
  const staleUnder = (campaignId: number, fingerprint: string): number => (prepared(db, `SELECT count(*) AS n FROM campaign_levels cl
      JOIN verifications v ON v.id = (SELECT max(id) FROM verifications WHERE level_id = cl.level_id)
      WHERE cl.campaign_id = ? AND v.rules_fingerprint != ?`).get(campaignId, fingerprint) as { n: number }).n;
  return {
    'campaign.report': ({ campaignId }) => guard(() => campaignReport(db, campaignId)),
    'campaign.layout': ({ campaignId }) => guard(() => readLayout(db, campaignId)),
    'campaign.edit': ({ campaignId, op }) => told(guard(() => editCampaign(db, campaignId, op))),
    'campaign.transfer': ({ fromCampaignId, toCampaignId, levelIds, to }) => told(guard(() => transferLevelsBetween(db, fromCampaignId, toCampaignId, levelIds, to))),
    'campaign.setLayouts': ({ layouts }) => told(guard(() => restoreLayouts(db, layouts))),
    'campaign.settings': ({ campaignId, settings }) => {
      const saved = guard(() => writeCurveSettings(db, campaignId, settings));
      changed(campaignId);
      return saved;
    },
    'campaign.create': ({ name, kind, rulesetId, levelIds }) => {
      const campaign = guard(() => newCampaign(db, { name, kind, rulesetId, levelIds }));
      changed(campaign.id);
      return { campaignId: campaign.id, name: campaign.name };
    },
    'campaign.rename': ({ campaignId, name }) => {
      const campaign = guard(() => renameCampaign(db, campaignId, name));
      changed(campaignId);
      return { name: campaign.name };
    },
    'campaign.duplicate': ({ campaignId, name }) => {
      const campaign = guard(() => duplicateCampaign(db, campaignId, name));
      changed(campaign.id);
      return { campaignId: campaign.id, name: campaign.name };
    },
    'campaign.delete': ({ campaignId }) => {
      const removalId = guard(() => removeCampaign(db, campaignId));
      changed(campaignId);
      return { removalId };
    },
    'campaign.restore': ({ removalId }) => {
      const campaign = guard(() => restoreCampaign(db, removalId));
      changed(campaign.id);
      return { campaignId: campaign.id, name: campaign.name };
    },
    'campaign.rulesets': ({ campaignId }) => {
      const campaign = guard(() => requireCampaign(db, campaignId));
      const rulesets = listRulesets(db).filter((r) => r.kind === campaign.kind);
      return {
        current: campaign.rulesetId,
        rulesets: rulesets.map((r) => ({ id: r.id, name: r.name, fingerprint: guard(() => currentRules(db, r.id)).fingerprint, campaigns: campaignsOfRuleset(db, r.id).map((c) => c.name) })),
      };
    },
    'campaign.setRules': (request) => {
      const { campaignId } = request;
      const campaign = guard(() => requireCampaign(db, campaignId));
      const oldFingerprint = guard(() => currentRules(db, campaign.rulesetId)).fingerprint;
      const updated = guard(() => ('copy' in request ? copyRulesForCampaign(db, campaignId, request.name) : setCampaignRuleset(db, campaignId, request.rulesetId)));
      const rules = guard(() => currentRules(db, updated.rulesetId));
      changed(campaignId);
      return { rulesetId: rules.id, rulesetName: rules.name, oldFingerprint, newFingerprint: rules.fingerprint, stale: staleUnder(campaignId, rules.fingerprint) };
    },
  };
}
