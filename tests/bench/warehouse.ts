/**
 * Warehouse 100 (printed, never asserted): regenerate the built-in campaign from its plan and
 * time it (target: under 10 minutes on a 2-core machine), check the stored file equals the
 * regenerated one, then re-solve all 100 stored levels at the 400,000-state budget and check each
 * par against the solver (BoxCat's CI rule) and that par never falls.
 *
 *   npm run bench -- warehouse [--write]     (--write: store the regenerated file)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { readPushJson, writePushJson } from '../../src-shared/rulesets/push/formats/json.ts';
import { defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import { WAREHOUSE_TIERS, generateWarehouse } from '../../src-shared/rulesets/push/generator/warehouse.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { REPO_ROOT } from '../support/data.ts';

export const WAREHOUSE_FILE = `${REPO_ROOT}resources/samples/warehouse_100.json`;

/** Regenerate and time it; the file's text and the seconds. */
export function regenerateWarehouse(log: (line: string) => void): { text: string; seconds: number; levels: readonly PushLevel[] } {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const result = generateWarehouse({ clock: () => performance.now() });
  if (!result.collection) throw new Error(`Warehouse 100 did not regenerate: ${result.diagnostics.map((d) => d.message).join(' ')}`);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  let first = 1;
  result.statistics.forEach((s, i) => {
    const last = first + WAREHOUSE_TIERS[i].levels - 1;
    log(`  tier ${i + 1} (l${String(first).padStart(3, '0')}-l${String(last).padStart(3, '0')}): ${s.candidates} candidates, ${s.accepted} proven in the window, ${(s.ms / 1000).toFixed(1)} s`);
    first = last + 1;
  });
  log(`regenerated in ${seconds.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (${cpus().length} cores; target under 600 s)`);
  return { text: writePushJson(result.collection), seconds, levels: result.collection.levels };
}

export function runWarehouseBench(args: string[]): void {
  const log = (line: string): void => console.log(line);
  log('Warehouse 100: regenerating from its plan');
  const { text, levels } = regenerateWarehouse(log);
  let stored: string | undefined;
  try {
    stored = readFileSync(WAREHOUSE_FILE, 'utf8');
  } catch {
    stored = undefined;
  }
  if (args.includes('--write')) {
    writeFileSync(WAREHOUSE_FILE, text);
    log(`wrote ${WAREHOUSE_FILE}`);
  } else if (stored === text) {
    log('the stored file equals the regenerated one');
  } else {
    log(stored === undefined ? 'no stored file: run with --write' : 'THE STORED FILE DIFFERS from the regenerated one (a generator change needs a version bump and --write)');
    process.exitCode = 1;
  }
  log('');
  log('par curve: level  par  pushes  boxes  size  quality');
  for (const n of [1, 10, 25, 50, 75, 100]) {
    const level = levels[n - 1];
    const size = `${Math.max(...level.board.map((r) => r.length))}x${level.board.length}`;
    const boxes = level.board.join('').replace(/[^$*]/g, '').length;
    log(`  ${level.title}  ${level.notes!.par.padStart(4)}  ${level.notes!.pushes.padStart(6)}  ${String(boxes).padStart(5)}  ${size.padStart(5)}  ${level.notes!.quality}`);
  }
  log('');
  resolveAll(stored !== undefined && !args.includes('--write') ? stored : text, log);
}

/** Every level re-solved at the default budget: par equals the solver's optimum, and never falls. */
function resolveAll(text: string, log: (line: string) => void): void {
  const rules = defaultPushRules();
  const { collection } = readPushJson(text);
  const started = performance.now();
  let agree = 0;
  let previous = 0;
  let falls = 0;
  collection.levels.forEach((level) => {
    const record = verifyLevel(rules, level);
    if (record.status === 'solved' && record.optimal && record.par === Number(level.notes?.par)) agree++;
    else log(`  ${level.title}: stored par ${level.notes?.par}, the solver says ${record.status} ${record.par ?? ''}${record.optimal ? '' : ' (not proven)'}`);
    if (Number(level.notes?.par) < previous) falls++;
    previous = Number(level.notes?.par);
  });
  log(`re-solved ${collection.levels.length} levels in ${((performance.now() - started) / 1000).toFixed(1)} s: ${agree} pars equal the solver's optimum; par falls ${falls} times`);
  if (agree !== collection.levels.length || falls > 0) process.exitCode = 1;
}
