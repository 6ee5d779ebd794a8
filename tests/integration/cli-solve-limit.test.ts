/** `cli solve` stops each level after a default time limit (issue 22), and `help` says so. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOLVE_SECONDS } from '../../src-main/host/cli/solve.ts';
import { REPO_ROOT } from '../support/data.ts';

describe('cli solve time limit', () => {
  it('says its default time limit in help', () => {
    const run = spawnSync(process.execPath, ['src-main/host/cli.ts', 'help'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(DEFAULT_SOLVE_SECONDS).toBeGreaterThan(0);
    expect(run.stdout).toContain(`--time-limit SECONDS, default ${DEFAULT_SOLVE_SECONDS}`);
  });
});
