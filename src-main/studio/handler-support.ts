/** What the studio's handlers share: expected failures as API errors. */
import { LibraryInputError, LibraryNotFoundError } from '../library/errors.ts';
import type { LibraryDatabase } from '../library/db.ts';
import { latestVerification } from '../library/verifications.ts';
import { levelDetail } from '../library/campaign-views.ts';
import { campaignIdsOfLevel, getCampaign } from '../library/campaigns.ts';
import type { LevelDetail } from '../../src-shared/api/studio-api.ts';
import { StudioError } from './dispatch.ts';

export function notFound(what: string): never {
  throw new StudioError('not-found', `${what} does not exist (it may have been deleted): refresh the library.`);
}

/**
 * A level as one campaign holds it. Without a campaign, the level's only one: a level in several
 * campaigns (their rules may differ) is refused rather than read under the first of them.
 */
export function levelIn(db: LibraryDatabase, levelId: number, campaignId?: number): LevelDetail {
  if (campaignId !== undefined) return levelDetail(db, levelId, campaignId) ?? notFound(`Level ${levelId} in campaign ${campaignId}`);
  const holders = campaignIdsOfLevel(db, levelId);
  if (holders.length > 1) {
    const names = holders.map((id) => `"${getCampaign(db, id)?.name ?? id}"`).join(', ');
    throw new StudioError('invalid-request', `Level ${levelId} is in ${holders.length} campaigns (${names}), which may play it under different rules: say which one (campaignId).`);
  }
  return levelDetail(db, levelId) ?? notFound(`Level ${levelId}`);
}

/** Library errors become API errors; anything else stays internal. */
export function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof LibraryNotFoundError) throw new StudioError('not-found', error.message);
    if (error instanceof LibraryInputError) throw new StudioError('invalid-request', error.message);
    throw error;
  }
}

/**
 * Longest first, by the time each level's last verification took (never verified counts as long):
 * a batch then ends with short jobs on every worker instead of one long job on one.
 */
export function longestFirst<T extends { id: number; position: number }>(db: LibraryDatabase, levels: readonly T[]): T[] {
  return longestFirstBy(levels, (level) => latestVerification(db, level.id)?.verification.ms);
}

/** `longestFirst` with each level's last solve time given (undefined: never verified). */
export function longestFirstBy<T extends { id: number; position: number }>(levels: readonly T[], msOf: (level: T) => number | undefined): T[] {
  const cost = new Map(levels.map((level) => [level.id, msOf(level) ?? Number.POSITIVE_INFINITY]));
  return [...levels].sort((a, b) => cost.get(b.id)! - cost.get(a.id)! || a.position - b.position);
}
