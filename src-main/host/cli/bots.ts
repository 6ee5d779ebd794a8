/**
 * `bots --db PATH --campaign NAME [--json]`: each level of a campaign played by its kind's bots
 * (the verification facet) under the campaign's rules, through the real `step`. A bot that runs
 * once (the maze's greedy and wall followers) passes or not; one with seeded runs (the blind
 * explorer's 15) gives its pass rate. With --json, one line per level:
 * `{"level": N, "title": …, "bots": {"greedy": {"passed": false}, "blind": {"passRate": 0.067, "passed": 1, "runs": 15}}}`.
 * A kind without bots says so (exit 2).
 */
import type { BotResult } from '../../../src-shared/engine/ruleset.ts';
import { runBots } from '../../../src-shared/engine/play/bots.ts';
import { campaignLevelIds, getCampaign } from '../../library/campaigns.ts';
import { getLevel } from '../../library/levels.ts';
import { currentRules } from '../../library/rulesets.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { campaignNamed, dbPath, openForCli } from './library-commands.ts';

export const botsCommand: CliCommand = {
  name: 'bots',
  usage: 'bots --db PATH --campaign NAME [--json]',
  flags: { db: 'string', campaign: 'string', json: 'boolean' },
  run: runBotsCommand,
};

const botJson = (r: BotResult) => (r.runs === 1 ? { passed: r.passed === 1 } : { passRate: Math.round(r.passRate * 1000) / 1000, passed: r.passed, runs: r.runs });
const botText = (r: BotResult) => (r.runs === 1 ? `${r.id} ${r.passed === 1 ? 'passed' : 'failed'}` : `${r.id} ${Math.round(r.passRate * 100)}% (${r.passed}/${r.runs})`);

function runBotsCommand(args: ParsedArgs, io: CliIo): number {
  if (args.positional.length > 0) throw new UsageError(`Usage: ${botsCommand.usage}`);
  const { db, close } = openForCli(dbPath(args.flags, io));
  try {
    const summary = campaignNamed(db, args.flags);
    const campaign = getCampaign(db, summary.id)!;
    const { rules } = currentRules(db, campaign.rulesetId);
    if (!rules) throw new UsageError(`The rules of "${campaign.name}" do not bind in this build.`);
    if (!rules.bots?.length) throw new UsageError(`The ${rules.kind} kind offers no bots.`);
    let position = 0;
    for (const levelId of campaignLevelIds(db, campaign.id)) {
      position++;
      const level = getLevel(db, levelId);
      const start = level && rules.load(level.doc).state;
      const title = level?.title ?? '';
      if (!start) {
        io.out(args.flags.json ? JSON.stringify({ level: position, title, error: 'does not load' }) : `${position}  ${title}  does not load under the campaign's rules`);
        continue;
      }
      const results = runBots(rules, start);
      if (args.flags.json) io.out(JSON.stringify({ level: position, title, bots: Object.fromEntries(results.map((r) => [r.id, botJson(r)])) }));
      else io.out(`${position}  ${title}  ${results.map(botText).join('  ')}`);
    }
    return 0;
  } finally {
    close();
  }
}
