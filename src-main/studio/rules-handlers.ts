/**
 * The rule inspector's handlers (`rules.*`): a campaign's ruleset config, its versions, save and
 * revert. A save or revert changes the rules of every campaign on the ruleset, so each of them
 * gets a `library.changed` at once: their level lists refetch and show the levels as stale.
 */
import { getCampaign } from '../library/campaigns.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { campaignsOfRuleset, currentRules, numberedHistory, revertRuleset, saveRulesetConfigText, type NumberedVersion } from '../library/rulesets.ts';
import type { Handlers } from './dispatch.ts';
import { StudioError } from './dispatch.ts';
import type { LibraryChangeBatcher } from './library-events.ts';

type RulesChannel = 'rules.get' | 'rules.versions' | 'rules.save' | 'rules.revert';

interface RulesServices {
  readonly db: LibraryDatabase;
  readonly libraryEvents: LibraryChangeBatcher;
  /** Library errors become API errors (studio.ts). */
  readonly guard: <T>(work: () => T) => T;
}

const versionOut = (v: NumberedVersion) => ({ id: v.id, number: v.number, createdAt: v.createdAt, note: v.note, fingerprint: v.fingerprint, config: v.config, current: v.current });

export function rulesHandlers({ db, libraryEvents, guard }: RulesServices): Pick<Handlers, RulesChannel> {
  const rulesetOf = (campaignId: number): number => {
    const campaign = getCampaign(db, campaignId);
    if (!campaign) throw new StudioError('not-found', `Campaign ${campaignId} does not exist (it may have been deleted): refresh the library.`);
    return campaign.rulesetId;
  };
  /** Every campaign on the ruleset, told of the change now (not after the batcher's pause). */
  const reached = (rulesetId: number, changed: boolean) => {
    const campaigns = campaignsOfRuleset(db, rulesetId);
    if (changed) {
      for (const campaign of campaigns) libraryEvents.add(campaign.id);
      libraryEvents.flush();
    }
    return campaigns;
  };
  return {
    'rules.get': ({ campaignId }) => {
      const rulesetId = rulesetOf(campaignId);
      const current = guard(() => currentRules(db, rulesetId));
      return {
        campaignId,
        kind: current.kind,
        ruleset: { id: current.id, name: current.name },
        version: versionOut(numberedHistory(db, rulesetId)[0]),
        fingerprint: current.fingerprint,
        campaigns: campaignsOfRuleset(db, rulesetId),
        diagnostics: current.diagnostics.slice(0, 50),
      };
    },
    'rules.versions': ({ campaignId }) => ({ versions: numberedHistory(db, rulesetOf(campaignId)).map(versionOut) }),
    'rules.save': ({ campaignId, text, note, baseVersionId }) => {
      const rulesetId = rulesetOf(campaignId);
      const { version, changed } = guard(() => saveRulesetConfigText(db, rulesetId, text, { note, baseVersionId }));
      return { changed, version: versionOut(version), campaigns: reached(rulesetId, changed) };
    },
    'rules.revert': ({ campaignId, versionId, note }) => {
      const rulesetId = rulesetOf(campaignId);
      const { version, changed } = guard(() => revertRuleset(db, rulesetId, versionId, note));
      return { changed, version: versionOut(version), campaigns: reached(rulesetId, changed) };
    },
  };
}
