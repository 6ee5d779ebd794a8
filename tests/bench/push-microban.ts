/**
 * Push solver bench on Microban I (155 levels by David W. Skinner): move-optimal and push-optimal
 * par for every level, each in its own process with a time limit (default 60 s) and a state
 * budget sized to stay under 4 GB; then the interactive figure (median verify time of the levels
 * that need under 400,000 states). Prints a table and totals and writes a CSV under .bench/.
 *
 *   npm run bench -- push [--levels 1-155] [--objective moves|pushes|both] [--time-limit 60]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { readMicrobanOptimal } from '../support/data.ts';
import { microbanLevels, pushRules } from '../support/microban.ts';
import { runPushSetBench } from './push-sets.ts';

interface Row {
  level: number;
  objective: string;
  status: string;
  optimal: boolean;
  moves: number | null;
  pushes: number | null;
  lowerBound: number | null;
  nodes: number;
  stored: number;
  ms: number;
  peakMB: number;
  bytesPerState: number | null;
  stoppedBy: string | null;
}

const BUDGET_FOR_4GB = 90_000_000;

export function runPushBench(args: string[]): void | Promise<void> {
  // Another set or a push strength: the set bench (push-sets.ts).
  if (args.includes('--set') || args.includes('--strength')) return runPushSetBench(args);
  const opt = (name: string, fallback: string): string => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const [from, to] = opt('levels', '1-155').split('-').map(Number);
  const objectives = opt('objective', 'both') === 'both' ? ['moves', 'pushes'] : [opt('objective', 'moves')];
  const seconds = Number(opt('time-limit', '60'));
  const table = readMicrobanOptimal();
  const child = fileURLToPath(new URL('./push-solve-one.ts', import.meta.url));
  const rows: Row[] = [];
  console.log(`push solver on Microban I ${from}-${to}, ${objectives.join(' + ')}, ${seconds} s and ${BUDGET_FOR_4GB.toLocaleString('en')} states per level`);
  console.log('level objective   status     par    proof        lb   nodes       stored      ms      peakMB  B/state  table');
  for (const objective of objectives) {
    for (let level = from; level <= (to || from); level++) {
      const out = execFileSync(process.execPath, ['--max-old-space-size=4096', child, String(level), objective, String(seconds), String(BUDGET_FOR_4GB)], { encoding: 'utf8' });
      const row = JSON.parse(out) as Row;
      rows.push(row);
      const par = objective === 'moves' ? row.moves : row.pushes;
      const known = objective === 'moves' ? table[level - 1].moves : table[level - 1].pushes;
      const check = known === undefined ? 'unknown' : par === known ? 'agrees' : row.optimal ? `DIFFERS (${known})` : `table ${known}`;
      console.log(
        [
          String(level).padStart(5),
          objective.padEnd(9),
          row.status.padEnd(10),
          String(par ?? '-').padStart(5),
          (row.status === 'solved' ? (row.optimal ? 'proven' : 'par <= N') : '-').padEnd(10),
          String(row.lowerBound ?? '-').padStart(5),
          String(row.nodes).padStart(10),
          String(row.stored).padStart(12),
          String(row.ms).padStart(8),
          String(row.peakMB).padStart(8),
          String(row.bytesPerState ?? '-').padStart(8),
          ` ${check}`,
        ].join(' '),
      );
    }
  }
  for (const objective of objectives) {
    const of = rows.filter((r) => r.objective === objective);
    const proven = of.filter((r) => r.status === 'solved' && r.optimal).length;
    const solved = of.filter((r) => r.status === 'solved').length;
    const ms = of.reduce((s, r) => s + r.ms, 0);
    const stored = of.reduce((s, r) => s + r.stored, 0);
    const within = of.filter((r) => r.status === 'solved' && r.optimal && r.ms <= seconds * 1000 && r.peakMB <= 4096).length;
    const bytes = of.filter((r) => r.bytesPerState && r.stored > 100_000).map((r) => r.bytesPerState!);
    console.log(
      `${objective}: proven optimal ${proven}/${of.length} (within ${seconds} s and 4 GB: ${within}), solved ${solved}/${of.length}; ` +
        `total ${(ms / 1000).toFixed(1)} s; ${Math.round(stored / Math.max(1, ms / 1000)).toLocaleString('en')} states/s; ` +
        `bytes per stored state (large searches) ${bytes.length ? (bytes.reduce((a, b) => a + b, 0) / bytes.length).toFixed(1) : '-'}; ` +
        `peak ${Math.max(...of.map((r) => r.peakMB))} MB`,
    );
  }
  // Interactive: verification (lint, solve, replay, metrics) at the seed's 400,000-state budget.
  const levels = microbanLevels();
  const interactive: number[] = [];
  for (let level = from; level <= (to || from); level++) {
    const t = performance.now();
    const record = verifyLevel(pushRules, levels[level - 1], { budget: 400_000, clock: () => performance.now() });
    const ms = performance.now() - t;
    if (record.status === 'solved' && record.optimal && record.stored < 400_000) interactive.push(ms);
  }
  interactive.sort((a, b) => a - b);
  const median = interactive.length ? interactive[Math.floor(interactive.length / 2)] : NaN;
  console.log(`interactive: ${interactive.length} levels verify within 400,000 states; median ${median.toFixed(1)} ms, max ${interactive.at(-1)?.toFixed(1)} ms`);

  mkdirSync('.bench', { recursive: true });
  const file = `.bench/push-microban-${new Date().toISOString().replace(/[:.]/g, '-')}.csv`;
  const header = 'level,objective,status,optimal,moves,pushes,lower_bound,nodes,stored,ms,peak_mb,bytes_per_state,stopped_by';
  const lines = rows.map((r) => [r.level, r.objective, r.status, r.optimal, r.moves ?? '', r.pushes ?? '', r.lowerBound ?? '', r.nodes, r.stored, r.ms, r.peakMB, r.bytesPerState ?? '', r.stoppedBy ?? ''].join(','));
  writeFileSync(file, `${header}\n${lines.join('\n')}\n`);
  console.log(`wrote ${file}`);
}
