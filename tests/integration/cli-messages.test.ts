/** The CLI's messages say what is true (issue 22): generate names every kind that has a generator. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';

describe('cli generate', () => {
  it('names every kind with a generator when the kind asked for has none', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['generate', 'blocks', '--seed', 's', '--count', '1', '--db', '/nonexistent/x.sqlite'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/generate works for push, sliding, maze\./);
  });
});
