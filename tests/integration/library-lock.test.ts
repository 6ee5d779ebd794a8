/**
 * One writer per library (issue 22): the lock is keyed on the real path (a symbolic link to the
 * library is the same library), held while its process lives whatever its age, and taken by the
 * CLI's writing commands, which are refused while a studio has the library open. A CLI whose
 * output pipe closes early ends quietly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { libraryLockPath } from '../../src-main/library/library-lock.ts';
import { runCli } from '../../src-main/host/cli.ts';
import type { Studio } from '../../src-main/studio/dispatch.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { captureIo } from '../support/cli-io.ts';
import { REPO_ROOT } from '../support/data.ts';

const dir = mkdtempSync(join(tmpdir(), 'gridwright-library-lock-'));
const libraryPath = join(dir, 'library.sqlite');
const linkPath = join(dir, 'link.sqlite');
/** Another process holding the library's lock, as a studio there would. */
let holder: ChildProcess;

beforeAll(async () => {
  // The library exists (with its samples) before the other process takes it.
  const first: Studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
  await first.close();
  symlinkSync(libraryPath, linkPath);
  holder = spawn(process.execPath, ['-e', `import('./src-main/library/library-lock.ts').then((m) => { m.lockLibrary(${JSON.stringify(libraryPath)}); console.log('held'); setInterval(() => {}, 1000); })`], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
});
afterAll(async () => {
  holder?.kill('SIGKILL');
  if (holder && holder.exitCode === null && holder.signalCode === null) await new Promise((resolve) => holder.once('exit', resolve));
});

describe('the library lock', () => {
  it('is one lock for a library and a link to it', async () => {
    expect(libraryLockPath(linkPath)).toBe(libraryLockPath(libraryPath));
    await expect(createStudio({ libraryPath: linkPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1 })).rejects.toThrow(/open in another Gridwright/);
  });

  it('is not taken over because it is old while its process lives', async () => {
    const old = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    utimesSync(libraryLockPath(libraryPath), old, old);
    await expect(createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1 })).rejects.toThrow(new RegExp(`process ${holder.pid}`));
  });

  it('refuses the CLI’s writing commands while a studio has the library, and lets it read', async () => {
    const config = join(dir, 'rules.json');
    writeFileSync(config, '{"pushStrength": 2}');
    const file = join(dir, 'one.xsb');
    writeFileSync(file, 'Title: One\n\n#######\n#@ $ .#\n#######\n');
    for (const argv of [
      ['import', file, '--db', linkPath],
      ['rules', 'set', '--db', libraryPath, '--campaign', 'Microban I', '--config', config],
      ['budget', '--db', libraryPath, '--campaign', 'Microban I', '--level', '1', '--states', '1000'],
      // Curation writes too: no CLI writer changes the library under a studio (so it needs no data_version watch).
      ['campaign', 'move', '--db', libraryPath, '--campaign', 'Microban I', '--level', '1', '--to', '2'],
      ['campaign', 'chapter', 'add', '--db', libraryPath, '--campaign', 'Microban I', '--name', 'Start', '--from', '1'],
    ]) {
      const { io, err } = captureIo();
      expect(await runCli(argv, io)).toBe(2);
      expect(err.join('\n')).toMatch(/open in another Gridwright \(process \d+\)/);
    }
    const { io, out } = captureIo();
    expect(await runCli(['budget', '--db', libraryPath, '--campaign', 'Microban I', '--level', '1'], io)).toBe(0);
    expect(out[0]).toMatch(/Microban I #1/);
  });

  it('is free again once its process is gone', async () => {
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const studio = await createStudio({ libraryPath: linkPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter({ forwardStderr: false }), workers: 1 });
    await studio.close();
  });
});

describe('a closed output pipe', () => {
  it('ends `cli solve FILE --json | head -c 400` quietly', async () => {
    // A line per level, written as each is solved, more than a pipe holds: it closes while lines are still coming.
    const many = join(dir, 'many.xsb');
    writeFileSync(many, Array.from({ length: 2000 }, (_, i) => `Title: ${i + 1}\n\n#####\n#@$.#\n#####\n`).join('\n'));
    const child = spawn(process.execPath, ['src-main/host/cli.ts', 'solve', many, '--json'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Read one chunk, then close our end, as `head -c` does.
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    child.stdout!.destroy();
    const code = await exited;
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).not.toBe(3);
  });
});
