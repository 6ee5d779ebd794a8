/**
 * Writing an import's levels without holding the library (issue 22): the levels go in in short
 * transactions (at most LEVELS_PER_CHUNK levels or CHUNK_MS of writing each), so another
 * connection's write (main's job results, a draft's save) waits for one chunk at most, never for
 * the whole file. Until the last step the written levels belong to no campaign, and every view
 * reaches levels through a campaign, so the user never sees half an import: the campaign is
 * created and given all its levels in one short closing transaction (a single INSERT ... SELECT).
 * If any step fails, the levels written so far are deleted again (in chunks too) and the error
 * is thrown: an import stays whole or absent for the user. A process killed meanwhile cannot do
 * that, so each chunk notes its levels in `import_pending_levels` (migration 017) and the closing
 * transaction clears them: the next writer to open the library (`dropInterruptedImports`, the
 * studio's start and the CLI's writing commands, both under the library lock) deletes the rest.
 */
import type { LibraryDatabase } from './db.ts';
import { insertValidatedLevel, type LevelDoc, type LevelSource } from './levels.ts';
import { prepared } from './statements.ts';

/** Levels one write transaction holds at most; a few tens of milliseconds of inserts. */
export const LEVELS_PER_CHUNK = 250;
/** And the longest one write transaction runs, whatever the levels cost (large boards). */
const CHUNK_MS = 40;

export interface LevelToWrite {
  readonly doc: LevelDoc;
  /** 1-based number of the level in the file. */
  readonly position: number;
  readonly hash: string;
}

export interface ChunkedImport<T> {
  readonly kind: string;
  readonly source: LevelSource;
  readonly fileName: string;
  readonly levels: readonly LevelToWrite[];
  /** Makes the campaign (in the closing transaction) and returns it with its id. */
  readonly createCampaign: () => T & { readonly id: number };
  /** Called after each chunk is committed, outside any transaction, with the levels written so far. */
  readonly onChunk?: (done: number, total: number) => void;
}

export function writeImportInChunks<T>(db: LibraryDatabase, input: ChunkedImport<T>): T & { readonly id: number } {
  const levelIds: number[] = [];
  const total = input.levels.length;
  try {
    while (levelIds.length < total) {
      // Ids join the list once their chunk is committed: a rolled-back chunk's ids may be reused.
      const chunk = db.transaction(() => {
        const written: number[] = [];
        const started = performance.now();
        for (let next = levelIds.length; next < total && written.length < LEVELS_PER_CHUNK; next++) {
          if (written.length > 0 && performance.now() - started >= CHUNK_MS) break;
          const { doc, position, hash } = input.levels[next];
          written.push(insertValidatedLevel(db, input.kind, doc, input.source, { file: input.fileName, position }, hash));
        }
        prepared(db, 'INSERT INTO import_pending_levels (level_id, file_name) SELECT value, ? FROM json_each(?)').run(input.fileName, JSON.stringify(written));
        return written;
      })();
      levelIds.push(...chunk);
      input.onChunk?.(levelIds.length, total);
    }
    return db.transaction(() => {
      const campaign = input.createCampaign();
      prepared(db, 'INSERT INTO campaign_levels (campaign_id, position, level_id) SELECT ?, key + 1, value FROM json_each(?)').run(campaign.id, JSON.stringify(levelIds));
      prepared(db, 'DELETE FROM import_pending_levels WHERE level_id IN (SELECT value FROM json_each(?))').run(JSON.stringify(levelIds));
      return campaign;
    })();
  } catch (error) {
    deleteUnattached(db, levelIds);
    throw error;
  }
}

/** Deletes the levels of a failed import again, in chunks, keeping any a campaign holds after all. */
function deleteUnattached(db: LibraryDatabase, levelIds: readonly number[]): void {
  const remove = prepared(db, 'DELETE FROM levels WHERE id IN (SELECT value FROM json_each(?)) AND NOT EXISTS (SELECT 1 FROM campaign_levels cl WHERE cl.level_id = levels.id)');
  const unmark = prepared(db, 'DELETE FROM import_pending_levels WHERE level_id IN (SELECT value FROM json_each(?))');
  try {
    for (let i = 0; i < levelIds.length; i += LEVELS_PER_CHUNK) {
      const ids = JSON.stringify(levelIds.slice(i, i + LEVELS_PER_CHUNK));
      db.transaction(() => {
        remove.run(ids);
        unmark.run(ids);
      })();
    }
  } catch {
    // The import's own error is the one to report; levels left behind stay noted as pending and
    // go at the next open (dropInterruptedImports).
  }
}

/**
 * Deletes the levels an interrupted import wrote (a process killed before its closing
 * transaction): noted as pending and held by no campaign. Only for the library's one writer,
 * at open, under the library lock, when no import of its own runs. Returns how many went.
 */
export function dropInterruptedImports(db: LibraryDatabase): number {
  return db.transaction(() => {
    const dropped = prepared(db, 'DELETE FROM levels WHERE id IN (SELECT level_id FROM import_pending_levels) AND NOT EXISTS (SELECT 1 FROM campaign_levels cl WHERE cl.level_id = levels.id)').run().changes;
    prepared(db, 'DELETE FROM import_pending_levels').run();
    return dropped;
  })();
}
