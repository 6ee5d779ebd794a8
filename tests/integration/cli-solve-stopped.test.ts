/**
 * `cli solve --json` says why a search stopped (stoppedBy), and the human line names it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { microbanLevels } from '../support/microban.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-solve-stopped');

describe('cli solve: why a search stopped', () => {
  it('a level that runs out of its budget says budget, in JSON and in words', async () => {
    const file = join(dir, 'hard.xsb');
    writeFileSync(file, `${microbanLevels()[92].board.join('\n')}\n`);
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l), resolvePath: (p: string) => p };
    expect(await runCli(['solve', file, '--budget', '2000', '--json'], io)).toBe(1);
    expect(JSON.parse(out[0])).toMatchObject({ level: 1, status: 'budget', stoppedBy: 'budget' });
    out.length = 0;
    await runCli(['solve', file, '--budget', '2000'], io);
    expect(out.join('\n')).toMatch(/stopped by the state budget/);
  });
});
