/**
 * Sliding-tile bench (printed, never asserted):
 *   - 3x3: complete table build (ms) and hint time (µs) over random positions;
 *   - 4x4: 6-6-3 pattern database build (s, table MB, peak RSS of the building process);
 *   - Korf's instances (default the fixture's 1-50; `--file CSV` for others in the same layout,
 *     goal blank first): per instance nodes, ms and the optimal-length check; the total;
 *   - random 4x4 positions beyond Korf's; 5x5 samples with their proof status.
 *
 *   npm run bench -- sliding [--file CSV] [--tables DIR] [--random 8]
 *
 * The database is built in a child process (so its peak memory is its own) into a temporary
 * folder removed afterwards, or read from `--tables DIR` (built there first if missing).
 */
import { randomBoard } from '../support/sliding.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { Rng } from '../../src-shared/engine/rng.ts';
import { neighbourTable } from '../../src-shared/rulesets/sliding/board.ts';
import { defaultSlidingRules, slidingKind } from '../../src-shared/rulesets/sliding/kind.ts';
import type { SlidingGoal } from '../../src-shared/rulesets/sliding/schema.ts';
import { buildCompleteTable } from '../../src-shared/rulesets/sliding/solver/complete-table.ts';
import { PDB_NAME_663 } from '../../src-shared/rulesets/sliding/solver/pattern-db.ts';
import { hintFrom } from '../../src-shared/verify/verify.ts';
import { fileSolverTables } from '../../src-main/worker/tables.ts';

const rules = defaultSlidingRules();
const KORF_CSV = fileURLToPath(new URL('../fixtures/sliding/korf100_1-50.csv', import.meta.url));

function load(width: number, height: number, tiles: readonly number[], goal: SlidingGoal) {
  const loaded = rules.load({ width, height, tiles: [...tiles], goal });
  if (!loaded.state) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
  return loaded.state;
}


function bench3x3(): void {
  const builds: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    buildCompleteTable(9, neighbourTable(3, 3));
    builds.push(performance.now() - started);
  }
  const rng = new Rng('bench-3x3');
  const fresh = defaultSlidingRules();
  const first = performance.now();
  fresh.solve!(load(3, 3, randomBoard(rng, 3, 3, 'blank-last'), 'blank-last'), {});
  const firstMs = performance.now() - first;
  // Warm up first: the first calls include the JIT compiling the solver.
  for (let i = 0; i < 2_000; i++) hintFrom(fresh, load(3, 3, randomBoard(rng, 3, 3, 'blank-last'), 'blank-last'));
  const times: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const state = load(3, 3, randomBoard(rng, 3, 3, 'blank-last'), 'blank-last');
    const started = performance.now();
    hintFrom(fresh, state);
    times.push((performance.now() - started) * 1000);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  console.log(`3x3 table: build ${builds.map((b) => b.toFixed(1)).join(', ')} ms (5 runs; first solve incl. build ${firstMs.toFixed(1)} ms)`);
  console.log(`3x3 hint (hintFrom, 20,000 random positions after warm-up): mean ${mean.toFixed(1)} µs, median ${times[times.length >> 1].toFixed(1)} µs, 99.9% under ${times[Math.floor(times.length * 0.999)].toFixed(1)} µs, max ${times[times.length - 1].toFixed(1)} µs`);
}

/** Child process: build the 4x4 databases into DIR and print one JSON line. */
function buildChild(dir: string): void {
  const tables = fileSolverTables(dir);
  const started = performance.now();
  const fresh = defaultSlidingRules();
  fresh.solve!(load(4, 4, [1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 'blank-first'), { tables });
  const seconds = (performance.now() - started) / 1000;
  const bytes = tables.get(PDB_NAME_663)!.length;
  process.stdout.write(`${JSON.stringify({ seconds, bytes, peakMB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
}

function readKorf(file: string): { id: number; tiles: number[]; optimal: number }[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map(Number))
    .map((cells) => ({ id: cells[0], tiles: cells.slice(1, 17), optimal: cells[17] }));
}

export function runSlidingBench(args: string[]): void {
  const opt = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  bench3x3();

  const dir = opt('tables') ? resolve(opt('tables')!) : mkdtempSync(join(tmpdir(), 'gridwright-sliding-bench-'));
  try {
    benchSolvers(dir, opt);
  } finally {
    if (!opt('tables')) rmSync(dir, { recursive: true, force: true });
  }
}

function benchSolvers(dir: string, opt: (name: string) => string | undefined): void {
  if (!existsSync(join(dir, `${PDB_NAME_663}.bin`))) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--build-child', dir], { encoding: 'utf8' });
    const built = JSON.parse(out) as { seconds: number; bytes: number; peakMB: number };
    console.log(`4x4 6-6-3 pattern databases: built in ${built.seconds.toFixed(1)} s, ${(built.bytes / 1048576).toFixed(1)} MB stored, building process peak RSS ${built.peakMB} MB`);
  } else {
    console.log(`4x4 6-6-3 pattern databases: read from ${dir}`);
  }
  const tables = fileSolverTables(dir);
  const loadStarted = performance.now();
  rules.solve!(load(4, 4, [1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 'blank-first'), { tables });
  console.log(`  read and checked in ${(performance.now() - loadStarted).toFixed(0)} ms`);

  const file = opt('file') ? resolve(opt('file')!) : KORF_CSV;
  const instances = readKorf(file);
  console.log(`\nKorf's 15-puzzle instances from ${file} (goal: blank first), IDA* + 6-6-3 PDB with reflection, single thread`);
  console.log('   id  optimal  found  check        nodes        ms');
  let totalMs = 0;
  let totalNodes = 0;
  let wrong = 0;
  for (const instance of instances) {
    const state = load(4, 4, instance.tiles, 'blank-first');
    const started = performance.now();
    const result = rules.solve!(state, { tables, budget: 100_000_000 });
    const ms = performance.now() - started;
    totalMs += ms;
    totalNodes += result.nodes;
    const length = result.solution?.length;
    const wins = result.solution ? replay(rules, state, result.solution).status === 'won' : false;
    const ok = result.optimal && wins && length === instance.optimal;
    if (!ok) wrong++;
    console.log(
      `${String(instance.id).padStart(5)} ${String(instance.optimal).padStart(8)} ${String(length ?? '-').padStart(6)}  ${(ok ? 'ok' : 'WRONG').padEnd(6)} ${String(result.nodes).padStart(12)} ${ms.toFixed(0).padStart(9)}`,
    );
  }
  console.log(`total: ${instances.length} instances in ${(totalMs / 1000).toFixed(2)} s, ${totalNodes.toLocaleString('en')} nodes (mean ${Math.round(totalNodes / instances.length).toLocaleString('en')} per instance); ${wrong === 0 ? 'every length optimal' : `${wrong} WRONG`}`);

  const randomCount = Number(opt('random') ?? 8);
  const rng = new Rng('bench-4x4-random');
  console.log(`\nRandom 4x4 positions (goal: blank last), ${randomCount}`);
  let randomMs = 0;
  for (let i = 0; i < randomCount; i++) {
    const state = load(4, 4, randomBoard(rng, 4, 4, 'blank-last'), 'blank-last');
    const started = performance.now();
    const result = rules.solve!(state, { tables, budget: 100_000_000 });
    const ms = performance.now() - started;
    randomMs += ms;
    const wins = result.solution ? replay(rules, state, result.solution).status === 'won' : false;
    console.log(`  ${state.tiles.join(',').padEnd(40)} ${result.status} ${result.solution?.length ?? '-'} moves, ${result.optimal ? 'optimal' : 'NOT proven'}, ${wins ? 'wins' : 'DOES NOT WIN'}, ${result.nodes} nodes, ${ms.toFixed(0)} ms`);
  }
  console.log(`  total ${(randomMs / 1000).toFixed(2)} s`);

  console.log('\n5x5 samples (default budget 400,000): generated at an exact distance, then random positions');
  const shuffle = slidingKind.generators.find((g) => g.id === 'sliding-shuffle')!;
  const samples = [30, 40, 44].flatMap((distance) => shuffle.generate({ width: 5, height: 5, distance, count: 2 }, `bench-5x5-${distance}`).levels.map((level) => ({ level, label: `par ${distance}` })));
  const rng5 = new Rng('bench-5x5');
  for (let i = 0; i < 4; i++) samples.push({ level: { width: 5, height: 5, tiles: randomBoard(rng5, 5, 5, 'blank-last') }, label: 'random' });
  for (const { level, label } of samples) {
    const state = rules.load(level).state!;
    const started = performance.now();
    const result = rules.solve!(state, {});
    const ms = performance.now() - started;
    const wins = result.solution ? replay(rules, state, result.solution).status === 'won' : false;
    console.log(
      `  ${label.padEnd(7)} ${result.status} ${String(result.solution?.length ?? '-').padStart(4)} moves, ${(result.optimal ? 'proven optimal' : `not proven (lower bound ${result.lowerBound})`).padEnd(30)} ${wins ? 'wins' : 'DOES NOT WIN'}, ${result.solver}, ${result.nodes} nodes, ${ms.toFixed(0)} ms`,
    );
  }
}

if (process.argv[2] === '--build-child') buildChild(process.argv[3]);
