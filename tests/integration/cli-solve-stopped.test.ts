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

  it('--budget none is time-led: no state budget, the time limit ends it with the best line found', async () => {
    // A small Microban level still proves its par; Microban 153 finds no line within a second,
    // and the time limit (not a state budget) is what stopped it.
    const file = join(dir, 'timeled.xsb');
    writeFileSync(file, `${microbanLevels()[0].board.join('\n')}\n`);
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l), resolvePath: (p: string) => p };
    expect(await runCli(['solve', file, '--budget', 'none', '--time-limit', '5', '--json'], io)).toBe(0);
    expect(JSON.parse(out[0])).toMatchObject({ level: 1, status: 'solved', optimal: true, moves: 33 });
    out.length = 0;
    writeFileSync(file, `${microbanLevels()[152].board.join('\n')}\n`);
    expect(await runCli(['solve', file, '--budget', 'none', '--time-limit', '1', '--json'], io)).toBe(1);
    const line = JSON.parse(out[0]) as { status: string; stoppedBy: string };
    // Microban 153: no line in a second; stopped by the time limit, never by a state budget.
    expect(line.stoppedBy).toBe('time');
    out.length = 0;
    expect(await runCli(['solve', file, '--budget', 'nine'], io)).toBe(2);
  });
});
