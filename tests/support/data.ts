/** Paths to the real level sets and tables the tests use (credited in their folders' READMEs). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export const REPO_ROOT = root;
export const MICROBAN_PATH = `${root}resources/samples/microban_I_155.txt`;
export const MICROBAN_OPTIMAL_CSV = `${root}tests/fixtures/sokoban/microban_I_optimal_computed.csv`;

export interface MicrobanOptimalRow {
  readonly level: number;
  readonly moves?: number;
  readonly pushes?: number;
  readonly pushesOfMoveOptimal?: number;
  readonly movesOfPushOptimal?: number;
  readonly moveOptimalLurd?: string;
  readonly pushOptimalLurd?: string;
}

/** The optimal table, one row per level (empty cells: the optimum is unknown). */
export function readMicrobanOptimal(): MicrobanOptimalRow[] {
  const lines = readFileSync(MICROBAN_OPTIMAL_CSV, 'utf8').trim().split('\n');
  const header = splitCsv(lines[0]);
  const col = (name: string): number => header.indexOf(name);
  const num = (v: string): number | undefined => (v === '' ? undefined : Number(v));
  return lines.slice(1).map((line) => {
    const cells = splitCsv(line);
    return {
      level: Number(cells[col('level')]),
      moves: num(cells[col('optimal_moves')]),
      pushes: num(cells[col('optimal_pushes')]),
      pushesOfMoveOptimal: num(cells[col('pushes_of_move_optimal_solution')]),
      movesOfPushOptimal: num(cells[col('moves_of_push_optimal_solution')]),
      moveOptimalLurd: cells[col('move_optimal_lurd')] || undefined,
      pushOptimalLurd: cells[col('push_optimal_lurd')] || undefined,
    };
  });
}

function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}
