/**
 * Library commands of the CLI: list campaigns, import a collection, export a campaign. `verify`
 * (verify.ts) runs campaigns through the worker pool, `budget` (budget.ts) sets a level's own
 * budget. A library file that does not exist yet is created with the sample campaigns.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { DEFAULT_DUPLICATE_POLICY, MAX_IMPORT_CHARS, type DuplicatePolicy, type ImportDuplicates } from '../../../src-shared/api/studio-api.ts';
import { formatDiagnostic } from '../../../src-shared/engine/diagnostics.ts';
import { countOf } from '../../../src-shared/engine/text/wording.ts';
import { listCampaignSummaries } from '../../library/campaign-views.ts';
import { exportCampaign } from '../../library/export.ts';
import { importCollection } from '../../library/import.ts';
import { openLibrary, type LibraryDatabase } from '../../library/library.ts';
import { lockLibrary } from '../../library/library-lock.ts';
import { dropInterruptedImports } from '../../library/import-write.ts';
import { RESOURCES_DIR } from '../../studio/paths.ts';
import { readLevelFileText } from '../level-files.ts';
import { name as nameSchema } from '../../../src-shared/api/fields.ts';
import { UsageError, schemaFlag, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';

/** The library file `--db` names, resolved from where the CLI was run. */
export function dbPath(flags: ParsedArgs['flags'], io: CliIo): string {
  if (typeof flags.db !== 'string') throw new UsageError('--db PATH is required (the library file; a new file starts with the sample campaigns).');
  return io.resolvePath(flags.db);
}

/**
 * Open (or create) the library file, its folder too. A command that writes takes the library's
 * lock first (refused while a studio or another CLI has it: `close` releases it), so it never
 * writes under a running studio; one that only reads needs none (WAL readers never block).
 */
export function openForCli(path: string, access: 'read' | 'write' = 'read'): ReturnType<typeof openLibrary> & { close: () => void } {
  makeFolderFor(path);
  const release = access === 'write' ? lockLibrary(path) : () => {};
  try {
    const opened = openLibrary(path, { resourcesDir: RESOURCES_DIR });
    // The writer (under the lock) clears what an interrupted import left in no campaign.
    if (access === 'write') dropInterruptedImports(opened.db);
    return {
      ...opened,
      close: () => {
        opened.db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The folder a file goes in; a folder that cannot be made is a usage error, not a crash. */
export function makeFolderFor(path: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new UsageError(`Cannot make the folder ${dirname(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
}

/** The campaign `--campaign NAME` names; a usage error naming the command that lists them otherwise. */
export function campaignNamed(db: LibraryDatabase, flags: ParsedArgs['flags']): { id: number; name: string; levelCount: number } {
  if (typeof flags.campaign !== 'string') throw new UsageError('--campaign NAME is required.');
  const campaign = listCampaignSummaries(db).find((c) => c.name === flags.campaign);
  if (!campaign) throw new UsageError(`No campaign named "${flags.campaign}" (see: campaigns --db ${String(flags.db)}).`);
  return campaign;
}

export const campaignsCommand: CliCommand = {
  name: 'campaigns',
  usage: 'campaigns --db PATH [--json]',
  flags: { db: 'string', json: 'boolean' },
  run(args, io) {
    const { db } = openForCli(dbPath(args.flags, io));
    try {
      for (const c of listCampaignSummaries(db)) {
        if (args.flags.json) io.out(JSON.stringify({ name: c.name, kind: c.kind, levels: c.levelCount, badges: c.badges }));
        else io.out(`${c.name} (${c.kind}): ${countOf(c.levelCount, 'level')}`);
      }
      return 0;
    } finally {
      db.close();
    }
  },
};

export const importCommand: CliCommand = {
  name: 'import',
  usage: 'import FILE --db PATH [--campaign NAME] [--duplicates import|skip]',
  flags: { db: 'string', campaign: 'string', duplicates: 'string' },
  async run(args, io) {
    if (args.positional.length !== 1) throw new UsageError(`Usage: ${importCommand.usage}`);
    const duplicates = duplicatePolicy(args.flags.duplicates);
    const campaignName = schemaFlag(args.flags, 'campaign', nameSchema);
    const file = io.resolvePath(args.positional[0]);
    const path = dbPath(args.flags, io);
    const { text } = await readLevelFileText(file, MAX_IMPORT_CHARS);
    const { db, close } = openForCli(path, 'write');
    try {
      const result = importCollection(db, { fileName: basename(file), text, duplicates, ...(campaignName === undefined ? {} : { campaignName }) });
      for (const d of result.diagnostics) io.err(formatDiagnostic(d));
      if (result.duplicates) tellDuplicates(result.duplicates, basename(file), io);
      // Never duplicated without being told to (a CI importing the same file twice).
      if (result.duplicates?.action === 'ask') {
        io.err('Nothing was imported: pass --duplicates import to import them again, or --duplicates skip to import only the other levels.');
        return 1;
      }
      const skipped = result.duplicates?.action === 'skip' ? result.duplicates.count : 0;
      if (result.campaignId === null) {
        if (skipped > 0) {
          io.out(`Nothing new to import: ${countOf(skipped, 'level')} already in the library skipped.`);
          return result.rejected > 0 ? 1 : 0;
        }
        io.err('Nothing was imported.');
        // As `solve`: a file that holds no level at all is a file error, one whose levels all fail is 1.
        return result.imported + result.rejected === 0 ? 2 : 1;
      }
      const notes = [skipped ? `${countOf(skipped, 'level')} already in the library skipped` : '', result.rejected ? `${result.rejected} rejected (see above)` : ''].filter(Boolean);
      io.out(`Imported ${countOf(result.imported, 'level')} into "${result.campaignName}"${notes.length ? `; ${notes.join('; ')}` : ''}.`);
      return result.rejected > 0 ? 1 : 0;
    } finally {
      close();
    }
  },
};

/** `--duplicates import|skip`; without it, DEFAULT_DUPLICATE_POLICY (nothing imported when some are). */
function duplicatePolicy(flag: string | boolean | undefined): DuplicatePolicy {
  if (flag === undefined) return DEFAULT_DUPLICATE_POLICY;
  if (flag === 'import' || flag === 'skip') return flag;
  throw new UsageError(`--duplicates must be import or skip (got ${String(flag).slice(0, 40)}); without it, a file with levels already in the library imports nothing.`);
}

/** Which levels of the file the library holds already, and where (stderr: the output stays the result). */
function tellDuplicates(found: ImportDuplicates, fileName: string, io: CliIo): void {
  // `levels` counts the file's levels found in that campaign, not the campaign's size.
  const where = found.campaigns.map((c) => `"${c.name}" (${countOf(c.levels, 'of them', 'of them')})`).join(', ');
  const which = found.count === found.of ? (found.of === 1 ? 'The level' : `All ${found.of} levels`) : `${found.count} of the ${found.of} levels`;
  io.err(`${which} of ${fileName} ${found.count === 1 ? 'is' : 'are'} already in the library, in ${where}:`);
  for (const level of found.levels.slice(0, 20)) {
    const title = level.title ? ` (${level.title})` : '';
    io.err(`  level ${level.level}${title}: ${level.places.map((p) => `"${p.campaignName}" #${p.position}`).join(', ')}`);
  }
  if (found.count > 20) io.err(`  and ${countOf(found.count - 20, 'more level')}.`);
}

export const exportCommand: CliCommand = {
  name: 'export',
  usage: 'export --db PATH --campaign NAME --format sok|json --out FILE',
  flags: { db: 'string', campaign: 'string', format: 'string', out: 'string' },
  run(args, io) {
    const format = args.flags.format;
    if (format !== 'sok' && format !== 'json') throw new UsageError('--format must be sok or json.');
    if (typeof args.flags.campaign !== 'string') throw new UsageError('--campaign NAME is required.');
    if (typeof args.flags.out !== 'string') throw new UsageError('--out FILE is required.');
    const { db } = openForCli(dbPath(args.flags, io));
    try {
      const campaign = campaignNamed(db, args.flags);
      // An empty campaign is refused there (LibraryInputError: exit 2), before any file is written.
      const result = exportCampaign(db, campaign.id, format);
      for (const d of result.diagnostics) io.err(formatDiagnostic(d)); // what the format could not keep
      const out = io.resolvePath(args.flags.out);
      try {
        writeFileSync(out, result.text);
      } catch (error) {
        throw new UsageError(`Cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
      }
      io.out(`Wrote ${countOf(campaign.levelCount, 'level')} of "${campaign.name}" to ${out}.`);
      return 0;
    } finally {
      db.close();
    }
  },
};
