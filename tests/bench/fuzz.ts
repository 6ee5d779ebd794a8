/**
 * Fuzz bench (printed, never asserted): the hostile-file properties of the test suite
 * (tests/unit/formats-fuzz.test.ts, tests/integration/library-import-fuzz.test.ts) with many
 * more cases and a seed of your choice; prints per property the cases run, the time and any
 * counterexample found.
 *
 *   npm run bench -- fuzz [--runs 20000] [--imports 3000] [--seed N]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { readCollectionText } from '../../src-main/library/import.ts';
import { openLibrary, resolveResourcesDir } from '../../src-main/library/library.ts';
import { readPushJson } from '../../src-shared/rulesets/push/formats/json.ts';
import { parseLurd } from '../../src-shared/rulesets/push/formats/lurd.ts';
import { readXsb } from '../../src-shared/rulesets/push/formats/xsb.ts';
import { readSlidingJson } from '../../src-shared/rulesets/sliding/formats/json.ts';
import { readSlidingText } from '../../src-shared/rulesets/sliding/formats/text.ts';
import { ALL_SEEDS, LURD_SEED, PUSH_JSON_SEED, SLIDING_JSON_SEED, TILES_SEED, XSB_SEED, checkCollectionRead, checkDiagnostic, fileName, hostileFile, hostileText } from '../support/hostile-files.ts';
import { checkImport } from '../support/hostile-import.ts';

function report<Ts extends [unknown, ...unknown[]]>(name: string, property: fc.IProperty<Ts>, seed: number, numRuns: number): void {
  const start = performance.now();
  const details = fc.check(property, { seed, numRuns });
  const ms = performance.now() - start;
  const rate = Math.round((details.numRuns / ms) * 1000);
  const verdict = details.failed ? `FAILED: ${String(details.errorInstance).slice(0, 300)}\n    counterexample: ${fc.stringify(details.counterexample).slice(0, 600)}` : 'no counterexample';
  console.log(`${name.padEnd(22)} ${String(details.numRuns).padStart(7)} cases ${(ms / 1000).toFixed(1).padStart(6)} s ${String(rate).padStart(7)}/s  ${verdict}`);
}

/** The huge inputs the test suite checks for the right refusal only: how long each read takes. */
function pathological(): void {
  const levels = (n: number): string => Array.from({ length: n }, (_, i) => `; ${i + 1}\n\n#####\n#@$.#\n#####\n`).join('\n');
  const cases: [string, () => unknown][] = [
    ['XSB 10 MB of walls', () => readXsb('#'.repeat(10_000_000))],
    ['XSB 10 MB garbage', () => readXsb('x'.repeat(5_000_000) + ' '.repeat(5_000_000) + 'y')],
    ['XSB run-length rows', () => readXsb('9#|'.repeat(3_400_000))],
    ['XSB 1,000 levels', () => readXsb(levels(1_000))],
    ['XSB 10,000 levels', () => readXsb(levels(10_000))],
    ['tiles 4 MB of numbers', () => readSlidingText('1 '.repeat(2_000_000))],
    ['tiles 5 MB title', () => readSlidingText(`Title: ${'x'.repeat(5_000_000)}\n1 2\n3 0`)],
  ];
  for (const [name, read] of cases) {
    const start = performance.now();
    read();
    console.log(`${name.padEnd(22)} ${(performance.now() - start).toFixed(0).padStart(7)} ms`);
  }
}

export function runFuzzBench(argv: string[]): void {
  const { values } = parseArgs({ args: argv, options: { runs: { type: 'string' }, imports: { type: 'string' }, seed: { type: 'string' } } });
  const runs = Number(values.runs ?? 20_000);
  const imports = Number(values.imports ?? 3_000);
  const seed = Number(values.seed ?? Date.now() % 1_000_000);
  console.log(`fuzz: seed ${seed} (rerun with --seed ${seed})`);
  report('push XSB/SOK', fc.property(hostileText([XSB_SEED, XSB_SEED, TILES_SEED]), (t) => checkCollectionRead(readXsb(t), t, 'push')), seed, runs);
  report('push JSON', fc.property(hostileText([PUSH_JSON_SEED, PUSH_JSON_SEED, SLIDING_JSON_SEED]), (t) => checkCollectionRead(readPushJson(t), t, 'push')), seed, runs);
  report('sliding JSON', fc.property(hostileText([SLIDING_JSON_SEED, SLIDING_JSON_SEED, PUSH_JSON_SEED]), (t) => checkCollectionRead(readSlidingJson(t), t, 'sliding')), seed, runs);
  report('sliding text', fc.property(hostileText([TILES_SEED, TILES_SEED, XSB_SEED]), (t) => checkCollectionRead(readSlidingText(t), t, 'sliding')), seed, runs);
  report('LURD', fc.property(hostileText([LURD_SEED]), (t) => parseLurd(t).diagnostics.forEach((d) => checkDiagnostic(d, t, 0))), seed, runs);
  const chooseReader = fc.property(fileName, hostileText(ALL_SEEDS), (name, t) => {
    const chosen = readCollectionText(name, t);
    if (chosen.refusal) checkDiagnostic(chosen.refusal, t, 0);
    else checkCollectionRead(chosen.read, t, chosen.kind.kind as 'push' | 'sliding');
  });
  report('choosing the reader', chooseReader, seed, runs);
  pathological();

  const dir = mkdtempSync(join(tmpdir(), 'gridwright-fuzz-bench-'));
  const { db } = openLibrary(join(dir, 'library.sqlite'), { resourcesDir: resolveResourcesDir() });
  try {
    report('import into SQLite', fc.property(hostileFile, ({ name, text }) => void checkImport(db, name, text)), seed, imports);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
