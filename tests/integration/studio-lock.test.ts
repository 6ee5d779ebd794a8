/** One studio per library file: a second process is refused while the first lives, not after. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeWorkerAdapter } from '../../src-main/jobs/node-adapter.ts';
import { RESOURCES_DIR } from '../../src-main/studio/paths.ts';
import { createStudio } from '../../src-main/studio/studio.ts';
import { REPO_ROOT } from '../support/data.ts';
import { freshTempDir } from '../support/temp-library.ts';

describe('studio lock', () => {
  it('refuses a library another live process has open and takes it over once that process is gone', async () => {
    const libraryPath = join(freshTempDir('lock'), 'library.sqlite');
    const holder = spawn(
      process.execPath,
      ['-e', `import('./src-main/library/process-lock.ts').then((m) => { m.acquireProcessLock(${JSON.stringify(`${libraryPath}.studio-lock`)}, 60000); console.log('held'); setInterval(() => {}, 1000); })`],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    await expect(createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1 })).rejects.toThrow(
      new RegExp(`open in another Gridwright \\(process ${holder.pid}\\)`),
    );
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const studio = await createStudio({ libraryPath, resourcesDir: RESOURCES_DIR, adapter: nodeWorkerAdapter(), workers: 1 });
    expect(studio.libraryPath).toBe(libraryPath);
    await studio.close();
  });
});
