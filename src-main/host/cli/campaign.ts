/**
 * `campaign report|move|chapter`: a campaign's difficulty curve for scripts and CI.
 * - `report --db PATH --campaign NAME [--json | --csv]`: one row per level in order with its
 *   signals and the checks that fire on it; exit 1 when a check the campaign marks as an error
 *   fires (par-falls by default: BoxCat's CI rule, seed 002).
 * - `move --db PATH --campaign NAME --level N --to M`: the level at position N to position M.
 * - `chapter add --name NAME --from N`, `chapter rename --chapter NAME --name NEW`,
 *   `chapter assign --chapter NAME --from N --to M` (`--chapter -` for none),
 *   `chapter remove --chapter NAME` (its levels join the chapter before it, or none).
 * Move and chapter commands write in one transaction under the library's lock and say where the
 * levels or chapters are now; with `--json`, as one JSON object.
 */
import { reportCsv } from '../../../src-shared/campaign/signals.ts';
import type { CurationOp } from '../../../src-shared/campaign/curation.ts';
import type { CampaignLayout } from '../../../src-shared/campaign/layout.ts';
import { campaignReport } from '../../library/campaign-report.ts';
import { editCampaign, readLayout } from '../../library/campaign-layouts.ts';
import type { LibraryDatabase } from '../../library/db.ts';
import { name as nameSchema } from '../../../src-shared/api/fields.ts';
import { UsageError, positiveInt, schemaFlag, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { campaignNamed, dbPath, openForCli } from './library-commands.ts';

export const campaignCommand: CliCommand = {
  name: 'campaign',
  usage: 'campaign report|move|chapter … --db PATH --campaign NAME [--json|--csv] [--level N --to M] [add|rename|assign|remove --name TEXT --chapter NAME --from N --to M]',
  flags: { db: 'string', campaign: 'string', json: 'boolean', csv: 'boolean', level: 'string', to: 'string', from: 'string', name: 'string', chapter: 'string' },
  run: runCampaign,
};

function runCampaign(args: ParsedArgs, io: CliIo): number {
  const [action, ...rest] = args.positional;
  if (action !== 'report' && action !== 'move' && action !== 'chapter') throw new UsageError(`Usage: ${campaignCommand.usage}`);
  if (action !== 'report' && args.flags.csv) throw new UsageError(`campaign ${action} takes --json, not --csv.`);
  // move and chapter write: they take the library's lock (refused while a studio has it).
  const library = openForCli(dbPath(args.flags, io), action === 'report' ? 'read' : 'write');
  const { db } = library;
  try {
    const campaign = campaignNamed(db, args.flags);
    if (action === 'report') {
      if (rest.length > 0) throw new UsageError('campaign report takes no other words.');
      return report(db, campaign.id, args, io);
    }
    const layout = readLayout(db, campaign.id);
    const op = action === 'move' ? moveOp(layout, args, rest) : chapterOp(layout, args, rest);
    const change = editCampaign(db, campaign.id, op);
    io.out(args.flags.json ? JSON.stringify(outcome(op, change.after[0], campaign.name)) : describe(op, change.after[0], campaign.name));
    return 0;
  } finally {
    library.close();
  }
}

function report(db: LibraryDatabase, campaignId: number, args: ParsedArgs, io: CliIo): number {
  if (args.flags.json && args.flags.csv) throw new UsageError('Give --json or --csv, not both.');
  const result = campaignReport(db, campaignId);
  if (args.flags.json) io.out(JSON.stringify({ ...result, rows: result.rows.map(({ levelId, ...row }) => ({ level: levelId, ...row })) }, null, 2));
  else if (args.flags.csv) io.out(reportCsv(result.rows).trimEnd());
  else {
    io.out(`${result.campaign.name}: ${result.rows.length} levels, ${result.chapters.length} chapters, rules "${result.campaign.rulesetName}".`);
    for (const f of result.findings) io.out(`${f.error ? 'error' : 'warning'} #${result.rows[f.index].position} ${f.check}: ${f.reason}`);
    if (result.findings.length === 0) io.out('No check fires.');
  }
  const errors = result.findings.filter((f) => f.error);
  if (errors.length > 0) io.err(`${errors.length} check${errors.length === 1 ? '' : 's'} marked as errors fired (${[...new Set(errors.map((e) => e.check))].join(', ')}).`);
  return errors.length > 0 ? 1 : 0;
}

function levelAt(layout: CampaignLayout, flags: ParsedArgs['flags'], flag: string): number {
  const position = positiveInt(flags, flag, 0);
  if (flags[flag] === undefined) throw new UsageError(`--${flag} N is required.`);
  const level = layout.levels[position - 1];
  if (!level) throw new UsageError(`--${flag} ${position}: the campaign has ${layout.levels.length} levels.`);
  return level.levelId;
}

function moveOp(layout: CampaignLayout, args: ParsedArgs, rest: readonly string[]): CurationOp {
  if (rest.length > 0) throw new UsageError('campaign move takes --level N --to M.');
  const levelId = levelAt(layout, args.flags, 'level');
  const to = positiveInt(args.flags, 'to', 0);
  if (args.flags.to === undefined) throw new UsageError('--to M is required.');
  if (to > layout.levels.length) throw new UsageError(`--to ${to}: the campaign has ${layout.levels.length} levels.`);
  return { type: 'move', levelIds: [levelId], to };
}

function chapterNamed(layout: CampaignLayout, flags: ParsedArgs['flags']): number | null {
  if (typeof flags.chapter !== 'string') throw new UsageError('--chapter NAME is required.');
  if (flags.chapter === '-') return null;
  const chapter = layout.chapters.find((c) => c.name === flags.chapter);
  if (!chapter) throw new UsageError(`No chapter named "${flags.chapter}" (chapters: ${layout.chapters.map((c) => `"${c.name}"`).join(', ') || 'none'}).`);
  return chapter.id;
}

function nameFlag(flags: ParsedArgs['flags']): string {
  const name = schemaFlag(flags, 'name', nameSchema);
  if (name === undefined) throw new UsageError('--name TEXT is required.');
  return name;
}

function chapterOp(layout: CampaignLayout, args: ParsedArgs, rest: readonly string[]): CurationOp {
  const [what, ...extra] = rest;
  if (extra.length > 0) throw new UsageError('campaign chapter add|rename|assign|remove takes one word.');
  if (what === 'add') return { type: 'chapter-add', name: nameFlag(args.flags), fromLevelId: levelAt(layout, args.flags, 'from') };
  if (what === 'rename') {
    const chapterId = chapterNamed(layout, args.flags);
    if (chapterId === null) throw new UsageError('--chapter - names no chapter to rename.');
    return { type: 'chapter-rename', chapterId, name: nameFlag(args.flags) };
  }
  if (what === 'assign') return { type: 'chapter-assign', chapterId: chapterNamed(layout, args.flags), fromLevelId: levelAt(layout, args.flags, 'from'), toLevelId: levelAt(layout, args.flags, 'to') };
  if (what === 'remove') {
    if (args.flags.name !== undefined || args.flags.from !== undefined || args.flags.to !== undefined) throw new UsageError('campaign chapter remove takes --chapter NAME only.');
    const chapterId = chapterNamed(layout, args.flags);
    if (chapterId === null) throw new UsageError('--chapter - names no chapter to remove.');
    return { type: 'chapter-remove', chapterId };
  }
  throw new UsageError('Usage: campaign chapter add --name NAME --from N | rename --chapter NAME --name NEW | assign --chapter NAME --from N --to M | remove --chapter NAME');
}

/** What a move or chapter command leaves: where the level is, or each chapter's run of positions (null when empty). */
type Outcome =
  | { readonly campaign: string; readonly level: number; readonly position: number }
  | { readonly campaign: string; readonly chapters: readonly { readonly name: string; readonly from: number | null; readonly to: number | null }[] };

function outcome(op: CurationOp, after: CampaignLayout, campaign: string): Outcome {
  if (op.type === 'move') return { campaign, level: op.levelIds[0], position: after.levels.findIndex((l) => l.levelId === op.levelIds[0]) + 1 };
  return {
    campaign,
    chapters: after.chapters.map((c) => {
      const positions = after.levels.flatMap((l, i) => (l.chapterId === c.id ? [i + 1] : []));
      return { name: c.name, from: positions[0] ?? null, to: positions.at(-1) ?? null };
    }),
  };
}

function describe(op: CurationOp, after: CampaignLayout, campaign: string): string {
  const result = outcome(op, after, campaign);
  if ('level' in result) return `Level ${result.level} is now #${result.position} of "${campaign}".`;
  const runs = result.chapters.map((c) => `"${c.name}" ${c.from === null ? '(empty)' : `#${c.from}-#${c.to}`}`);
  return `Chapters of "${campaign}": ${runs.join(', ') || 'none'}.`;
}
