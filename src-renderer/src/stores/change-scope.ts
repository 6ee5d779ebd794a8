/** What a set of `library.changed` events touched, so each store refetches only what it shows. */
import type { EventOf } from '../../../src-shared/api/studio-api.ts';

export type LibraryChange = EventOf<'library.changed'>;

export interface ChangeScope {
  /** A change no campaign id names: refetch everything shown. */
  readonly all: boolean;
  readonly campaigns: ReadonlySet<number>;
  /** Levels named by the events. */
  readonly levels: ReadonlySet<number>;
  /** Campaigns that changed without naming levels: every level of them may have changed. */
  readonly wholeCampaigns: ReadonlySet<number>;
}

export const EVERYTHING: ChangeScope = { all: true, campaigns: new Set(), levels: new Set(), wholeCampaigns: new Set() };

export function scopeOf(changes: readonly LibraryChange[]): ChangeScope {
  const campaigns = new Set<number>();
  const levels = new Set<number>();
  const wholeCampaigns = new Set<number>();
  let all = false;
  for (const change of changes) {
    if (change.campaignId === null) {
      all = true;
      continue;
    }
    campaigns.add(change.campaignId);
    if (change.levelIds.length === 0) wholeCampaigns.add(change.campaignId);
    for (const id of change.levelIds) levels.add(id);
  }
  return { all, campaigns, levels, wholeCampaigns };
}
