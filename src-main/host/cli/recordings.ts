/**
 * `recordings import --db PATH --campaign NAME FILE [--intended] [--json]` stores a solutions file
 * (a JSON list of {level, lurd}, or XSB/SOK with Solution lines) as recordings of a campaign's
 * levels, for a game project whose solutions come from another tool; `recordings list --db PATH
 * --campaign NAME [--json]` lists a campaign's recordings. A file with bad input is refused with
 * the entry or line (exit 2), and nothing is written.
 */
import { basename } from 'node:path';
import { MAX_IMPORT_CHARS } from '../../../src-shared/api/studio-api.ts';
import { countOf } from '../../../src-shared/engine/text/wording.ts';
import { listCampaignSummaries } from '../../library/campaign-views.ts';
import type { LibraryDatabase } from '../../library/db.ts';
import { listCampaignRecordings } from '../../library/recordings.ts';
import { importSolutions } from '../../library/solutions-import.ts';
import { readLevelFileText } from '../level-files.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { dbPath, openForCli } from './library-commands.ts';

const USAGE = 'recordings import --db PATH --campaign NAME FILE [--intended] [--json] | recordings list --db PATH --campaign NAME [--json]';

export const recordingsCommand: CliCommand = {
  name: 'recordings',
  usage: USAGE,
  flags: { db: 'string', campaign: 'string', intended: 'boolean', json: 'boolean' },
  async run(args, io) {
    const [action, ...files] = args.positional;
    if (action === 'import' && files.length === 1) return importFile(args, io, io.resolvePath(files[0]));
    if (action === 'list' && files.length === 0) return list(args, io);
    throw new UsageError(`Usage: ${USAGE}`);
  },
};

function campaignNamed(db: LibraryDatabase, args: ParsedArgs): { id: number; name: string } {
  if (typeof args.flags.campaign !== 'string') throw new UsageError('--campaign NAME is required.');
  const campaign = listCampaignSummaries(db).find((c) => c.name === args.flags.campaign);
  if (!campaign) throw new UsageError(`No campaign named "${args.flags.campaign}" (see: campaigns --db ${args.flags.db}).`);
  return campaign;
}

async function importFile(args: ParsedArgs, io: CliIo, file: string): Promise<number> {
  const path = dbPath(args.flags, io);
  const { text } = await readLevelFileText(file, MAX_IMPORT_CHARS);
  const { db, close } = openForCli(path, 'write');
  try {
    const campaign = campaignNamed(db, args);
    const result = importSolutions(db, { campaignId: campaign.id, fileName: basename(file), text, intended: args.flags.intended === true });
    for (const warning of result.warnings) io.err(warning);
    if (args.flags.json) {
      for (const s of result.stored) io.out(JSON.stringify({ level: s.level, recording: s.recording, steps: s.steps, refused: s.refused, outcome: s.outcome, intended: s.intended }));
    } else {
      io.out(`Stored ${countOf(result.stored.length, 'recording')} in "${campaign.name}"${args.flags.intended ? ', each its level\'s intended solution' : ''}.`);
    }
    return 0;
  } finally {
    close();
  }
}

function list(args: ParsedArgs, io: CliIo): number {
  const { db } = openForCli(dbPath(args.flags, io));
  try {
    const campaign = campaignNamed(db, args);
    for (const r of listCampaignRecordings(db, campaign.id)) {
      const outcome = r.status === 'won' ? 'won' : r.status === 'lost' ? 'lost' : 'unfinished';
      if (args.flags.json) {
        io.out(JSON.stringify({ level: r.position, recording: r.id, name: r.name, source: r.source, intended: r.intended, outcome, steps: r.steps, moves: r.moves, rulesFingerprint: r.rulesFingerprint, createdAt: r.createdAt }));
      } else {
        io.out(`#${r.position} recording ${r.id}${r.intended ? ' (intended)' : ''}: ${outcome}, ${countOf(r.steps, 'step')}, ${r.source}${r.name ? `, "${r.name}"` : ''}`);
      }
    }
    return 0;
  } finally {
    db.close();
  }
}
