/**
 * `budget --db PATH --campaign NAME [--level N] [--states S | --clear] [--json]`: the state budget
 * a level is verified with (Verify all, `verify`), for the few levels whose proof needs more than
 * the default. The budget belongs to the level, so it holds in every campaign that has the level.
 * Without --level, lists the campaign's levels that have their own budget.
 */
import { DEFAULT_STATE_BUDGET, MAX_VERIFY_BUDGET } from '../../../src-shared/search/budget.ts';
import { countOf } from '../../../src-shared/engine/text/wording.ts';
import { campaignLevelIds } from '../../library/campaigns.ts';
import { getLevel, setLevelBudget, type LevelRecord } from '../../library/levels.ts';
import { UsageError, positiveInt, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { campaignNamed, dbPath, openForCli } from './library-commands.ts';

export const budgetCommand: CliCommand = {
  name: 'budget',
  usage: 'budget --db PATH --campaign NAME [--level N] [--states S | --clear] [--json]',
  flags: { db: 'string', campaign: 'string', level: 'string', states: 'string', clear: 'boolean', json: 'boolean' },
  run: runBudget,
};

const describe = (budget: number | null): string => (budget === null ? `the default, ${DEFAULT_STATE_BUDGET} states` : countOf(budget, 'state'));

function runBudget(args: ParsedArgs, io: CliIo): number {
  const setting = args.flags.states !== undefined || args.flags.clear === true;
  if (args.flags.states !== undefined && args.flags.clear === true) throw new UsageError('Give --states S or --clear, not both.');
  if (setting && args.flags.level === undefined) throw new UsageError('--level N is required with --states or --clear (the level\'s position in the campaign).');
  const states = args.flags.states === undefined ? undefined : positiveInt(args.flags, 'states', DEFAULT_STATE_BUDGET);
  if (states !== undefined && states > MAX_VERIFY_BUDGET) throw new UsageError(`--states is at most ${MAX_VERIFY_BUDGET}.`);
  const { db, close } = openForCli(dbPath(args.flags, io), setting ? 'write' : 'read');
  try {
    const campaign = campaignNamed(db, args.flags);
    const levelIds = campaignLevelIds(db, campaign.id);
    const line = (position: number, level: LevelRecord): void => {
      if (args.flags.json) io.out(JSON.stringify({ campaign: campaign.name, level: position, title: level.title, budget: level.budget, defaultBudget: DEFAULT_STATE_BUDGET }));
      else io.out(`${campaign.name} #${position}${level.title ? ` (${level.title})` : ''}: ${describe(level.budget)}`);
    };
    if (args.flags.level === undefined) {
      const own = levelIds.map((id, i) => ({ position: i + 1, level: getLevel(db, id)! })).filter(({ level }) => level.budget !== null);
      for (const { position, level } of own) line(position, level);
      if (!args.flags.json) io.out(`${countOf(own.length, 'level')} of "${campaign.name}" with a budget of ${own.length === 1 ? 'its' : 'their'} own; the others are verified with ${describe(null)}.`);
      return 0;
    }
    const position = positiveInt(args.flags, 'level', 1);
    if (position > levelIds.length) throw new UsageError(`--level ${position}: "${campaign.name}" has ${countOf(levelIds.length, 'level')}.`);
    const levelId = levelIds[position - 1];
    line(position, setting ? setLevelBudget(db, levelId, states ?? null) : getLevel(db, levelId)!);
    return 0;
  } finally {
    close();
  }
}
