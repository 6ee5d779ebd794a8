/**
 * `rules show|set --db PATH --campaign NAME [--config FILE] [--note TEXT]`: print the campaign's
 * rules config (the current version, defaults filled in), or save a config file as its new
 * version. A config that is not JSON, fails the kind's schema or sets an unknown setting is
 * refused with the line and field (exit 2) and nothing is written. The ruleset may be shared:
 * `set` names every campaign the change reaches.
 */
import { getCampaign } from '../../library/campaigns.ts';
import { campaignsOfRuleset, currentRules, saveRulesetConfigText } from '../../library/rulesets.ts';
import { readLevelFileText } from '../level-files.ts';
import { note as noteSchema } from '../../../src-shared/api/fields.ts';
import { UsageError, schemaFlag, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { campaignNamed, dbPath, openForCli } from './library-commands.ts';

export const rulesCommand: CliCommand = {
  name: 'rules',
  usage: 'rules show|set --db PATH --campaign NAME [--config FILE] [--note TEXT]',
  flags: { db: 'string', campaign: 'string', config: 'string', note: 'string' },
  run: runRules,
};

/** A config file is a few hundred bytes; this only keeps a wrong file from being read whole. */
const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

async function runRules(args: ParsedArgs, io: CliIo): Promise<number> {
  const [action, ...extra] = args.positional;
  if ((action !== 'show' && action !== 'set') || extra.length > 0) throw new UsageError(`Usage: ${rulesCommand.usage}`);
  if (action === 'show' && (args.flags.config !== undefined || args.flags.note !== undefined)) throw new UsageError('rules show takes no --config or --note (they are for rules set).');
  if (action === 'set' && typeof args.flags.config !== 'string') throw new UsageError('rules set needs --config FILE (a JSON rules config; see: schema KIND config).');
  const note = schemaFlag(args.flags, 'note', noteSchema);
  const text = action === 'set' ? (await readLevelFileText(io.resolvePath(String(args.flags.config)), MAX_CONFIG_FILE_BYTES)).text : undefined;
  const { db, close } = openForCli(dbPath(args.flags, io), text === undefined ? 'read' : 'write');
  try {
    const campaign = getCampaign(db, campaignNamed(db, args.flags).id)!;
    if (text === undefined) {
      io.out(JSON.stringify(currentRules(db, campaign.rulesetId).config, null, 2));
      return 0;
    }
    const { version, changed } = saveRulesetConfigText(db, campaign.rulesetId, text, { note });
    const rules = currentRules(db, campaign.rulesetId);
    const reached = campaignsOfRuleset(db, campaign.rulesetId).map((c) => `"${c.name}"`).join(', ');
    if (!changed) io.out(`The config equals version ${version.number} of the ${rules.kind} rules "${rules.name}", the current one: nothing was saved.`);
    else io.out(`Saved version ${version.number} of the ${rules.kind} rules "${rules.name}"${version.note ? ` (${version.note})` : ''}, fingerprint ${rules.fingerprint}. The rules of ${reached} changed: their verifications are stale, re-verify them.`);
    return 0;
  } finally {
    close();
  }
}
