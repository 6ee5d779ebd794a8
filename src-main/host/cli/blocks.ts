/**
 * `blocks tray-solvable|simulate`: the block-tray kind's checks for scripts (seed 004).
 * - `tray-solvable --board ROWS --pieces PIECES [--json]`: ROWS are the board's rows top to
 *   bottom joined by `/` (`#` filled, `.` empty); PIECES each piece's rows joined by `/`, pieces
 *   separated by `,`. Answers whether some order and positions place every piece, clearing full
 *   lines after each placement, with the certificate in placement order. Exit 0 with either
 *   answer; 2 for a malformed board or piece.
 * - `simulate --games N --bot random|greedy|lookahead --seed S [--config FILE] [--json]`: N games
 *   of that bot under the default rules (or a rules config file), with the game statistics and
 *   `unplaceableTrays`, the dealt trays the check refused (must be 0; exit 1 otherwise).
 */
import { readFileSync } from 'node:fs';
import { seed as seedSchema } from '../../../src-shared/api/fields.ts';
import { parseBoardRows } from '../../../src-shared/rulesets/blocks/board.ts';
import { BOT_NAMES, type BotName } from '../../../src-shared/rulesets/blocks/bots.ts';
import { blocksConfigSchema, type BlocksConfig } from '../../../src-shared/rulesets/blocks/schema.ts';
import { parseShape, type Shape } from '../../../src-shared/rulesets/blocks/shapes.ts';
import { simulateGames, type SimulationReport, type Spread } from '../../../src-shared/rulesets/blocks/simulate.ts';
import { traySolvable } from '../../../src-shared/rulesets/blocks/tray-solvable.ts';
import { UsageError, positiveInt, schemaFlag, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';

/** Pieces per tray the command accepts: the search is exponential in it. */
const MAX_TRAY = 6;

export const blocksCommand: CliCommand = {
  name: 'blocks',
  usage: 'blocks tray-solvable --board ROWS --pieces PIECES [--json] | blocks simulate --games N --bot random|greedy|lookahead --seed S [--config FILE] [--json]',
  flags: { board: 'string', pieces: 'string', json: 'boolean', games: 'string', bot: 'string', seed: 'string', config: 'string' },
  run(args, io) {
    const [action, ...rest] = args.positional;
    if (rest.length > 0) throw new UsageError(`blocks ${action} takes no other words ('${rest[0]}').`);
    if (action === 'tray-solvable') return solvable(args, io);
    if (action === 'simulate') return simulate(args, io);
    throw new UsageError(`Usage: ${blocksCommand.usage}`);
  },
};

function solvable(args: ParsedArgs, io: CliIo): number {
  const { board: boardText, pieces: piecesText } = args.flags;
  if (typeof boardText !== 'string') throw new UsageError('--board ROWS is required: the rows top to bottom joined by "/", "#" filled and "." empty.');
  if (typeof piecesText !== 'string') throw new UsageError('--pieces PIECES is required: each piece\'s rows joined by "/", pieces separated by ",".');
  const board = parseBoardRows(boardText.split('/'));
  if ('error' in board) throw new UsageError(`Malformed board: ${board.error}.`);
  const texts = piecesText.split(',');
  if (texts.length > MAX_TRAY) throw new UsageError(`At most ${MAX_TRAY} pieces (got ${texts.length}).`);
  const tray: Shape[] = texts.map((text, i) => {
    const parsed = parseShape(text);
    if ('error' in parsed) throw new UsageError(`Malformed piece ${i + 1}: ${parsed.error}.`);
    return parsed.shape;
  });
  const answer = traySolvable(board.rows, board.width, board.height, tray);
  if (args.flags.json) {
    io.out(JSON.stringify(answer.solvable ? { solvable: true, certificate: answer.certificate } : { solvable: false }));
    return 0;
  }
  io.out(`solvable: ${answer.solvable ? 'yes' : 'no'}`);
  for (const [i, step] of (answer.certificate ?? []).entries()) {
    const cleared = [...step.cleared.rows.map((r) => `row ${r}`), ...step.cleared.cols.map((c) => `column ${c}`)];
    io.out(`  ${i + 1}. piece ${step.piece} (${tray[step.piece].key}) at x=${step.x} y=${step.y}${cleared.length > 0 ? `, clears ${cleared.join(', ')}` : ''}`);
  }
  return 0;
}

function rulesConfig(args: ParsedArgs, io: CliIo): BlocksConfig {
  if (typeof args.flags.config !== 'string') return blocksConfigSchema.parse({});
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(io.resolvePath(args.flags.config), 'utf8'));
  } catch (error) {
    throw new UsageError(`--config ${args.flags.config}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = blocksConfigSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(`--config ${args.flags.config}: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

function simulate(args: ParsedArgs, io: CliIo): number {
  if (args.flags.games === undefined) throw new UsageError('--games N is required.');
  const games = positiveInt(args.flags, 'games', 1);
  if (games > 100_000) throw new UsageError('--games is at most 100000.');
  const bot = args.flags.bot ?? 'greedy';
  if (typeof bot !== 'string' || !(BOT_NAMES as readonly string[]).includes(bot)) throw new UsageError(`--bot must be ${BOT_NAMES.join(', ')} (got ${String(bot)}).`);
  const seed = schemaFlag(args.flags, 'seed', seedSchema) ?? '1';
  const report = simulateGames(rulesConfig(args, io), { games, bot: bot as BotName, seed });
  if (args.flags.json) io.out(JSON.stringify(report));
  else for (const line of reportLines(report)) io.out(line);
  return report.unplaceableTrays === 0 ? 0 : 1;
}

const fixed = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(2));
const spreadText = (s: Spread): string => `mean ${fixed(s.mean)}, median ${fixed(s.median)}, p10 ${fixed(s.p10)}, p90 ${fixed(s.p90)}, min ${fixed(s.min)}, max ${fixed(s.max)}`;

function reportLines(r: SimulationReport): string[] {
  return [
    `games: ${r.games} (bot ${r.bot}, seed ${r.seed}, ${r.width}x${r.height})`,
    `length (placements): ${spreadText(r.length)}`,
    `score: ${spreadText(r.score)}`,
    `lines: ${spreadText(r.lines)}`,
    `lengths: ${r.lengthBins.map((n, i) => `${i * r.binWidth}-${(i + 1) * r.binWidth - 1}:${n}`).join(' ')}`,
    `over time (from move: trays, piece size, difficulty): ${r.overTime.slice(0, 30).map((o) => `${o.from}: ${o.trays}, ${o.pieceSize.toFixed(2)}, ${o.difficulty.toFixed(2)}`).join(' | ')}`,
    `traysDealt: ${r.traysDealt}`,
    `fallbackDeals: ${r.fallbackDeals}`,
    `deadBoards: ${r.deadBoards}`,
    `capped: ${r.capped}`,
    `unplaceableTrays: ${r.unplaceableTrays}`,
  ];
}
