/**
 * `solve-tiles --tiles 14,13,15,7,... [--goal blank-last|blank-first] [--budget STATES]
 * [--no-tables] [--json]`: solve one sliding board given as a tile list (row-major, 0 = blank,
 * width = square root of the count). Prints the status, the number of moves, the solution as
 * the directions the blank moves (u/d/l/r), nodes and milliseconds. Exit 0 solved, 1 not solved
 * (unsolvable or budget), 2 usage errors.
 *
 * Solver tables (the 4x4 pattern databases) are kept with the default library, like `solve`;
 * `--no-tables` solves without them (IDA* on Manhattan distance and linear conflicts).
 */
import { performance } from 'node:perf_hooks';
import { formatDiagnostic } from '../../../src-shared/engine/diagnostics.ts';
import { rulesetKind } from '../../../src-shared/rulesets/registry.ts';
import { DEFAULT_STATE_BUDGET } from '../../../src-shared/search/budget.ts';
import { verifyLevel } from '../../../src-shared/verify/verify.ts';
import { defaultLibraryPath, tablesDirFor } from '../../studio/paths.ts';
import { fileSolverTables } from '../../worker/tables.ts';
import { countOf } from '../../../src-shared/engine/text/wording.ts';
import { UsageError, positiveInt, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';

const GOALS = ['blank-last', 'blank-first'] as const;

export interface SolveTilesLine {
  readonly status: 'solved' | 'unsolvable' | 'budget';
  readonly moves: number | null;
  readonly solution: string | null;
  readonly optimal: boolean;
  readonly nodes: number;
  readonly ms: number;
  readonly solver: string;
  /** Why an unsolvable board cannot be solved (its parity). */
  readonly reason?: string;
}

function parseTiles(raw: string | boolean | undefined): number[] {
  if (typeof raw !== 'string' || raw.trim() === '') throw new UsageError(`--tiles is required.\nUsage: ${solveTilesCommand.usage}`);
  const parts = raw.split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length > 25 || parts.some((p) => !/^\d{1,2}$/.test(p))) throw new UsageError('--tiles must be 4 to 25 whole numbers separated by commas, 0 for the blank.');
  const side = Math.round(Math.sqrt(parts.length));
  if (side < 2 || side > 5 || side * side !== parts.length) {
    throw new UsageError(`--tiles lists ${countOf(parts.length, 'number')}; a square board of side 2 to 5 needs 4, 9, 16 or 25.`);
  }
  return parts.map(Number);
}

export const solveTilesCommand: CliCommand = {
  name: 'solve-tiles',
  usage: 'solve-tiles --tiles N,N,... [--goal blank-last|blank-first] [--budget STATES] [--no-tables] [--json]',
  flags: { tiles: 'string', goal: 'string', budget: 'string', 'no-tables': 'boolean', json: 'boolean' },
  run: runSolveTiles,
};

async function runSolveTiles(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length > 0) throw new UsageError(`Unexpected argument '${args.positional[0]}'.\nUsage: ${solveTilesCommand.usage}`);
  const tiles = parseTiles(args.flags.tiles);
  const goal = (args.flags.goal as string | undefined) ?? 'blank-last';
  if (!(GOALS as readonly string[]).includes(goal)) throw new UsageError(`--goal must be blank-last or blank-first (got ${goal}).`);
  const budget = positiveInt(args.flags, 'budget', DEFAULT_STATE_BUDGET);
  const json = args.flags.json === true;
  const side = Math.sqrt(tiles.length);
  const level = { width: side, height: side, tiles, goal };

  const rules = rulesetKind('sliding')!.create({}).rules!;
  const loaded = rules.load(level);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  const parity = errors.find((d) => d.code === 'sliding.unsolvable');
  if (errors.length > 0 && !parity) throw new UsageError(errors.map(formatDiagnostic).join('\n'));

  let line: SolveTilesLine;
  if (parity) {
    line = { status: 'unsolvable', moves: null, solution: null, optimal: true, nodes: 0, ms: 0, solver: 'sliding-parity/1', reason: parity.message };
  } else {
    const tables = args.flags['no-tables'] === true ? undefined : fileSolverTables(tablesDirFor(defaultLibraryPath()));
    if (tables && side === 4 && !tables.get('sliding-4x4-pdb663-v1') && !json) io.err('Building the 4x4 pattern databases (once; about 10 s, kept with the library)...');
    const record = verifyLevel(rules, level, { budget, tables, clock: () => performance.now() });
    line = {
      status: record.status === 'solved' ? 'solved' : record.status === 'unsolvable' ? 'unsolvable' : 'budget',
      moves: record.par,
      solution: record.solution,
      optimal: record.optimal,
      nodes: record.nodes,
      ms: Math.round(record.ms),
      solver: record.solver,
    };
  }
  if (json) io.out(JSON.stringify(line));
  else if (line.status === 'solved') {
    io.out(`solved in ${countOf(line.moves ?? 0, 'move')} (${line.optimal ? 'optimal' : 'not proven optimal'}); ${countOf(line.nodes, 'node')}, ${line.ms} ms, ${line.solver}`);
    io.out(`  ${line.solution}`);
  } else if (line.status === 'unsolvable') io.out(`unsolvable: ${line.reason ?? 'no sequence of moves reaches the goal'}`);
  else io.out(`budget exceeded after ${countOf(line.nodes, 'node')}, ${line.ms} ms (raise --budget)`);
  return line.status === 'solved' ? 0 : 1;
}
