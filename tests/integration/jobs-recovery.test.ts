/**
 * Nothing is lost when the app itself dies (DESIGN.md): a queue runs in a separate Node process on
 * a library file and is killed with SIGKILL in the middle of a batch. Its orphaned worker stops on
 * its own; the next queue on the file keeps every finished result, runs the interrupted job again,
 * finishes the batch, and the file passes SQLite's integrity check.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, expect, it } from 'vitest';
import { processAlive, until } from '../support/processes.ts';
import type { ApiResult } from '../../src-shared/api/studio-api.ts';
import { integrityCheck, openDatabase, type LibraryDatabase } from '../../src-main/library/db.ts';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { WorkerPool } from '../../src-main/jobs/pool.ts';
import type { JobPayload } from '../../src-main/jobs/protocol.ts';
import { JobQueue, type ResultHook } from '../../src-main/jobs/queue.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { REPO_ROOT } from '../support/data.ts';
import { microbanLevels } from '../support/microban.ts';
import { freshTempDir } from '../support/temp-library.ts';

let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = freshTempDir('jobs-host');
  dbPath = join(dir, 'library.sqlite');
});

/**
 * What the studio does with a verify result: a verification row, in the job's transaction. Plain
 * JavaScript text, so the host process below runs the very same hook.
 */
const STORE_VERIFICATION_JS = `
  db.prepare(
    'INSERT INTO verifications (level_id, job_id, status, optimal, objective, value, par, solution, nodes, stored, ms, budget, stopped_by, ' +
      'solver, metrics_json, diagnostics_json, rules_fingerprint, content_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(job.levelId, job.id, result.status, result.optimal ? 1 : 0, result.objective, result.value, result.par, result.solution, result.nodes,
    result.stored, result.ms, result.budget, result.stoppedBy, result.solver, JSON.stringify(result.metrics), JSON.stringify(result.diagnostics),
    result.rulesFingerprint, result.contentHash, new Date().toISOString());
`;
const storeVerification = new Function('db', 'job', 'result', STORE_VERIFICATION_JS) as ResultHook;

/** The host process: opens the file, starts a one-worker queue, creates the batch, reports its worker. */
function hostScript(levelIds: number[]): string {
  const url = (path: string) => JSON.stringify(pathToFileURL(join(REPO_ROOT, path)).href);
  const levels = microbanLevels();
  // Quick levels, then a long one (the app dies during it), then more quick ones.
  const plan = [1, 2, 3, 4, 93, 5, 6];
  const jobs = plan.map((n, i) => ({
    label: `Microban ${n}`,
    levelId: levelIds[i],
    payload: { type: 'verify', kind: 'push', config: {}, level: levels[n - 1], budget: n === 93 ? 200_000 : 400_000 } satisfies JobPayload,
  }));
  return `
    const { openDatabase } = await import(${url('src-main/library/db.ts')});
    const { nodeWorkerAdapter } = await import(${url('src-main/jobs/node-adapter.ts')});
    const { WorkerPool } = await import(${url('src-main/jobs/pool.ts')});
    const { JobQueue } = await import(${url('src-main/jobs/queue.ts')});
    const { db } = openDatabase(${JSON.stringify(dbPath)});
    const pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: 1 });
    const storeVerification = new Function('db', 'job', 'result', ${JSON.stringify(STORE_VERIFICATION_JS)});
    const queue = new JobQueue({ db, pool, onResult: storeVerification });
    queue.createBatch({ label: 'Verify before the crash', jobs: ${JSON.stringify(jobs)} });
    process.stdout.write(JSON.stringify({ workers: pool.workers().map((w) => w.pid) }) + '\\n');
  `;
}

function insertLevels(db: LibraryDatabase, count: number): number[] {
  const now = new Date().toISOString();
  const insert = db.prepare("INSERT INTO levels (kind, content_json, content_hash, source, created_at, updated_at) VALUES ('push', '{}', ?, 'hand', ?, ?)");
  return Array.from({ length: count }, (_, i) => Number(insert.run(`hash-${i}`, now, now).lastInsertRowid));
}

it('a queue whose process is killed mid-batch loses nothing: the next queue finishes the batch', async () => {
  const setup = openDatabase(dbPath).db;
  const levelIds = insertLevels(setup, 7);
  setup.close();

  const host = spawn(process.execPath, ['--input-type=module', '-e', hostScript(levelIds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  host.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const hostExit = new Promise<string | null>((resolve) => host.on('exit', (_code, signal) => resolve(signal)));

  // Watch the file from here (WAL lets a reader in beside the writer) until the long job runs.
  const watch = openDatabase(dbPath).db;
  const states = () => watch.prepare('SELECT id, state FROM jobs ORDER BY id').all() as { id: number; state: string }[];
  try {
    await until(() => states().length === 7 && states()[4].state === 'running' && output.includes('\n'), 'the host to reach the long job');
  } catch (error) {
    host.kill('SIGKILL');
    throw error;
  }
  const { workers } = JSON.parse(output) as { workers: number[] };
  host.kill('SIGKILL');
  expect(await hostExit).toBe('SIGKILL');
  // The orphaned worker notices its parent is gone and stops searching.
  await until(() => !processAlive(workers[0]), 'the orphaned worker to exit', 10_000);

  const before = states();
  expect(before.map((j) => j.state)).toEqual(['done', 'done', 'done', 'done', 'running', 'queued', 'queued']);
  const finished = watch.prepare('SELECT job_id, status, par, solution FROM verifications ORDER BY job_id').all();
  expect(finished).toHaveLength(4);
  watch.close();

  // The app starts again on the same file.
  const { db } = openDatabase(dbPath);
  const pool = new WorkerPool({ adapter: nodeWorkerAdapter(), size: 1 });
  const queue = new JobQueue({ db, pool, onResult: storeVerification });
  try {
    expect(queue.job(5)).toMatchObject({ state: 'queued', attempts: 0, startedAt: null });
    await queue.idle();
    expect(queue.list().jobs.map((j) => j.state)).toEqual(Array(7).fill('done'));
    expect(queue.list().batches[0]).toMatchObject({ state: 'done', total: 7, done: 7 });
    // The results finished before the crash are untouched; every job has exactly one result.
    const after = db.prepare('SELECT job_id, status, par, solution FROM verifications ORDER BY job_id').all();
    expect(after.slice(0, 4)).toEqual(finished);
    expect(db.prepare('SELECT job_id, count(*) AS n FROM verifications GROUP BY job_id HAVING n <> 1').all()).toEqual([]);
    expect(after.map((r) => (r as { job_id: number }).job_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(integrityCheck(db)).toBe('ok');
  } finally {
    queue.close();
    await pool.close();
    db.close();
  }
});

it('a worker whose parent died stops even in the middle of a job that never ends', async () => {
  const url = (path: string) => JSON.stringify(pathToFileURL(join(REPO_ROOT, path)).href);
  const script = `
    const { nodeWorkerAdapter } = await import(${url('src-main/jobs/node-adapter.ts')});
    const { WorkerPool } = await import(${url('src-main/jobs/pool.ts')});
    const pool = new WorkerPool({ adapter: nodeWorkerAdapter({ env: { GRIDWRIGHT_TEST_JOBS: '1' } }), size: 1 });
    await pool.run({ type: 'noop' });
    pool.run({ type: 'selftest', action: 'hang' }).catch(() => {});
    setTimeout(() => process.stdout.write(JSON.stringify(pool.workers()[0].pid) + '\\n'), 200);
  `;
  const host = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  host.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    await until(() => output.includes('\n'), 'the host to start its worker');
  } finally {
    host.kill('SIGKILL');
  }
  const pid = JSON.parse(output) as number;
  await until(() => !processAlive(pid), 'the orphaned worker to exit', 5_000);
});

it('a Verify all started after the studio was killed mid-batch adopts the leftover jobs instead of doing them twice', async () => {
  const url = (path: string) => JSON.stringify(pathToFileURL(join(REPO_ROOT, path)).href);
  const positions = [1, 2, 3, 4, 5, 6, 93, 94, 95];
  // The studio the CLI and the browser host run: the same handlers, one batch worker.
  const script = `
    const { createStudio } = await import(${url('src-main/studio/studio.ts')});
    const { nodeWorkerAdapter } = await import(${url('src-main/jobs/node-adapter.ts')});
    const { RESOURCES_DIR } = await import(${url('src-main/studio/paths.ts')});
    const studio = await createStudio({ libraryPath: ${JSON.stringify(dbPath)}, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1 });
    const { value: { campaigns } } = await studio.handle('library.summary', {});
    const microban = campaigns.find((c) => c.name.startsWith('Microban'));
    const { value: { levels } } = await studio.handle('library.campaign', { campaignId: microban.id });
    const levelIds = ${JSON.stringify(positions)}.map((n) => levels.find((l) => l.position === n).id);
    const { value } = await studio.handle('jobs.verify', { campaignId: microban.id, levelIds, budget: 200000 });
    process.stdout.write(JSON.stringify({ campaignId: microban.id, levelIds, batchId: value.batchId }) + '\\n');
  `;
  const host = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  host.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const hostExit = new Promise<string | null>((resolve) => host.on('exit', (_code, signal) => resolve(signal)));
  try {
    await until(() => output.includes('\n'), 'the studio to start its batch', 60_000);
  } catch (error) {
    host.kill('SIGKILL');
    throw error;
  }
  const { campaignId, levelIds, batchId: firstBatch } = JSON.parse(output) as { campaignId: number; levelIds: number[]; batchId: number };
  const watch = openDatabase(dbPath).db;
  const jobs = () => watch.prepare('SELECT id, batch_id, level_id, state FROM jobs ORDER BY id').all() as { id: number; batch_id: number; level_id: number; state: string }[];
  try {
    // Killed while Microban 93 runs: some levels done, the rest left running or queued.
    await until(() => jobs().some((j) => j.level_id === levelIds[6] && j.state === 'running'), 'Microban 93 to run', 60_000);
  } finally {
    host.kill('SIGKILL');
  }
  expect(await hostExit).toBe('SIGKILL');
  const before = jobs();
  const doneBefore = before.filter((j) => j.state === 'done');
  const leftovers = before.filter((j) => j.state !== 'done');
  expect(leftovers.length).toBeGreaterThanOrEqual(3);
  watch.close();

  const studio = await createStudio({ libraryPath: dbPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1 });
  try {
    const started = (await studio.handle('jobs.verify', { campaignId, levelIds, budget: 200_000 })) as ApiResult<{ batchId: number; jobs: number }>;
    expect(started.ok).toBe(true);
    const { batchId, jobs: count } = (started as { value: { batchId: number; jobs: number } }).value;
    expect(count).toBe(positions.length);
    const { db } = openDatabase(dbPath);
    try {
      const after = db.prepare('SELECT id, batch_id, level_id, state FROM jobs ORDER BY id').all() as { id: number; batch_id: number; level_id: number }[];
      // One new job for each level the killed run had finished; the leftovers joined the new batch.
      expect(after).toHaveLength(before.length + doneBefore.length);
      expect(after.filter((j) => j.batch_id === firstBatch).map((j) => j.id)).toEqual(doneBefore.map((j) => j.id));
      expect(after.filter((j) => j.batch_id === batchId).map((j) => j.level_id).sort()).toEqual([...levelIds].sort());
      for (const leftover of leftovers) expect(after.find((j) => j.id === leftover.id)).toMatchObject({ batch_id: batchId });
      for (;;) {
        const listed = (await studio.handle('jobs.list', {})) as ApiResult<{ batches: { id: number; state: string; done: number }[] }>;
        const batch = listed.ok ? listed.value.batches.find((b) => b.id === batchId) : undefined;
        if (batch?.state !== 'running') {
          expect(batch).toMatchObject({ state: 'done', done: positions.length });
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(db.prepare('SELECT state FROM job_batches WHERE id = ?').get(firstBatch)).toEqual({ state: 'done' });
      // Every leftover level was verified once, by its adopted job; the others twice (before and now).
      const verified = new Map((db.prepare('SELECT level_id, count(*) AS n FROM verifications GROUP BY level_id').all() as { level_id: number; n: number }[]).map((r) => [r.level_id, r.n]));
      for (const leftover of leftovers) expect(verified.get(leftover.level_id)).toBe(1);
      for (const done of doneBefore) expect(verified.get(done.level_id)).toBe(2);
    } finally {
      db.close();
    }
  } finally {
    await studio.close();
  }
});
