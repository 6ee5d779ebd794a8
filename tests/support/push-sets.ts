/** The level sets the push set bench reads: Microban I (in the repository) and XSokoban 90 (../shared/data). */
import { readFileSync } from 'node:fs';
import { readXsb } from '../../src-shared/rulesets/push/formats/xsb.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';
import { MICROBAN_PATH, REPO_ROOT } from './data.ts';

export const PUSH_SETS: Readonly<Record<string, string>> = {
  microban: MICROBAN_PATH,
  xsokoban: `${REPO_ROOT}../shared/data/sokoban/xsokoban_90.txt`,
};

export function pushSetLevels(set: string): PushLevel[] {
  const path = PUSH_SETS[set];
  if (!path) throw new Error(`unknown set '${set}' (known: ${Object.keys(PUSH_SETS).join(', ')})`);
  return [...readXsb(readFileSync(path, 'utf8')).collection.levels];
}

/** Microban I's optimal move counts under push strength 2 (an exact BFS of ours), by level; undefined where it did not finish. */
export function strength2Table(): (number | undefined)[] {
  const lines = readFileSync(`${REPO_ROOT}../shared/data/sokoban/microban_I_strength2_optimal.csv`, 'utf8').trim().split('\n').slice(1);
  const out: (number | undefined)[] = [];
  for (const line of lines) {
    const [level, status, moves] = line.split(',');
    out[Number(level) - 1] = status === 'solved' && moves !== '' ? Number(moves) : undefined;
  }
  return out;
}
