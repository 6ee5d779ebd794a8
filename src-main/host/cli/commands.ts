/**
 * Every CLI command, in the order `help` lists them. A new command is one module exporting a
 * `CliCommand` (command.ts) and one line here.
 */
import { blocksCommand } from './blocks.ts';
import { botsCommand } from './bots.ts';
import { budgetCommand } from './budget.ts';
import { campaignCommand } from './campaign.ts';
import type { CliCommand } from './command.ts';
import { generateCommand } from './generate.ts';
import { campaignsCommand, exportCommand, importCommand } from './library-commands.ts';
import { mazeCommand } from './maze.ts';
import { rulesCommand } from './rules.ts';
import { recordingsCommand } from './recordings.ts';
import { replayCommand } from './replay.ts';
import { schemaCommand } from './schema.ts';
import { solveTilesCommand } from './solve-tiles.ts';
import { solveCommand } from './solve.ts';
import { verifyCommand } from './verify.ts';

export const CLI_COMMANDS: readonly CliCommand[] = [
  solveCommand,
  solveTilesCommand,
  campaignsCommand,
  campaignCommand,
  importCommand,
  exportCommand,
  verifyCommand,
  generateCommand,
  mazeCommand,
  botsCommand,
  budgetCommand,
  rulesCommand,
  recordingsCommand,
  replayCommand,
  schemaCommand,
  blocksCommand,
];
