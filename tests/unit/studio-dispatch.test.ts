import { describe, expect, it } from 'vitest';
import { StudioError, dispatch, type Handlers } from '../../src-main/studio/dispatch.ts';

const handlers = {
  'library.summary': () => ({ libraryPath: '/x.sqlite', campaigns: [] }),
  'library.campaign': ({ campaignId }: { campaignId: number }) => {
    throw new StudioError('not-found', `Campaign ${campaignId} does not exist.`);
  },
  'library.level': () => {
    throw new Error('disk on fire');
  },
} as unknown as Handlers;

describe('request dispatch', () => {
  it('answers a declared channel with a valid payload', async () => {
    expect(await dispatch(handlers, 'library.summary', {})).toEqual({ ok: true, value: { libraryPath: '/x.sqlite', campaigns: [] } });
  });

  it('refuses an undeclared channel', async () => {
    const result = await dispatch(handlers, 'fs.readFile', { path: '/etc/passwd' });
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    expect(await dispatch(handlers, '__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  it('refuses a payload that fails its schema, saying which field', async () => {
    for (const payload of [undefined, null, 'x', { campaignId: 'one' }, { campaignId: -1 }, { campaignId: 1, extra: true }]) {
      const result = await dispatch(handlers, 'library.campaign', payload);
      expect(result.ok, JSON.stringify(payload)).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('invalid-request');
        expect(result.error.message).toMatch(/^The library.campaign request was refused: /);
      }
    }
    const big = await dispatch(handlers, 'library.import', { fileName: 'a.xsb', text: 'x'.repeat(33 * 1024 * 1024) });
    expect(big).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  it('passes expected failures through with their code', async () => {
    expect(await dispatch(handlers, 'library.campaign', { campaignId: 7 })).toEqual({ ok: false, error: { code: 'not-found', message: 'Campaign 7 does not exist.' } });
  });

  it('turns an unexpected error into a readable internal error and logs it', async () => {
    const logged: unknown[] = [];
    const result = await dispatch(handlers, 'library.level', { levelId: 1 }, (e) => logged.push(e));
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    if (!result.ok) expect(result.error.message).toContain('disk on fire');
    expect(logged).toHaveLength(1);
  });
});
