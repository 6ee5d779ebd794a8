/**
 * Library commands of the CLI: list campaigns, import a collection, export a campaign. `verify`
 * (verify.ts) runs campaigns through the worker pool. A library file that does not exist yet is
 * created with the sample campaigns.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { MAX_IMPORT_CHARS } from '../../../src-shared/api/contract.ts';
import { formatDiagnostic } from '../../../src-shared/engine/diagnostics.ts';
import { countOf } from '../../../src-shared/engine/wording.ts';
import { listCampaignSummaries } from '../../library/campaign-views.ts';
import { exportCampaign } from '../../library/export.ts';
import { importCollection } from '../../library/import.ts';
import { openLibrary } from '../../library/library.ts';
import { RESOURCES_DIR } from '../../studio/paths.ts';
import { readLevelFileText } from '../level-files.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';

/** The library file `--db` names, resolved from where the CLI was run. */
export function dbPath(flags: ParsedArgs['flags'], io: CliIo): string {
  if (typeof flags.db !== 'string') throw new UsageError('--db PATH is required (the library file; a new file starts with the sample campaigns).');
  return io.resolvePath(flags.db);
}

/** Open (or create) the library file, its folder too. */
export function openForCli(path: string): ReturnType<typeof openLibrary> {
  makeFolderFor(path);
  return openLibrary(path, { resourcesDir: RESOURCES_DIR });
}

/** The folder a file goes in; a folder that cannot be made is a usage error, not a crash. */
export function makeFolderFor(path: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new UsageError(`Cannot make the folder ${dirname(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
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
  usage: 'import FILE --db PATH [--campaign NAME]',
  flags: { db: 'string', campaign: 'string' },
  async run(args, io) {
    if (args.positional.length !== 1) throw new UsageError(`Usage: ${importCommand.usage}`);
    const file = io.resolvePath(args.positional[0]);
    const path = dbPath(args.flags, io);
    const { text } = await readLevelFileText(file, MAX_IMPORT_CHARS);
    const { db } = openForCli(path);
    try {
      const result = importCollection(db, { fileName: basename(file), text, ...(typeof args.flags.campaign === 'string' ? { campaignName: args.flags.campaign } : {}) });
      for (const d of result.diagnostics) io.err(formatDiagnostic(d));
      if (result.campaignId === null) {
        io.err('Nothing was imported.');
        // As `solve`: a file that holds no level at all is a file error, one whose levels all fail is 1.
        return result.imported + result.rejected === 0 ? 2 : 1;
      }
      io.out(`Imported ${countOf(result.imported, 'level')} into "${result.campaignName}"${result.rejected ? `; ${result.rejected} rejected (see above)` : ''}.`);
      return result.rejected > 0 ? 1 : 0;
    } finally {
      db.close();
    }
  },
};

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
      const campaign = listCampaignSummaries(db).find((c) => c.name === args.flags.campaign);
      if (!campaign) throw new UsageError(`No campaign named "${args.flags.campaign}" (see: campaigns --db ${args.flags.db}).`);
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
