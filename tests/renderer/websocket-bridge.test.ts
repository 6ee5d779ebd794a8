// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFUSED_CLOSE_CODE } from '../../src-shared/api/studio-api.ts';
import type { ConnectionStatus } from '../../src-renderer/src/bridge/connection.ts';
import { hostSocketUrl, takeHostToken, TOKEN_STORAGE_KEY } from '../../src-renderer/src/bridge/token.ts';
import { ValidatingBridge } from '../../src-renderer/src/bridge/validating-bridge.ts';
import { WebSocketBridge, type SocketLike } from '../../src-renderer/src/bridge/websocket-bridge.ts';
import { createStudioI18n } from '../../src-renderer/src/i18n/index.ts';
import ConnectionBanner from '../../src-renderer/src/shell/ConnectionBanner.vue';
import { useUiStore } from '../../src-renderer/src/stores/ui.ts';
import { BATCH, CAMPAIGN, job } from './support/fixtures.ts';
import { MemoryBridge } from './support/memory-bridge.ts';

const i18n = createStudioI18n();
const translate = (key: string, params?: Record<string, string | number>) => i18n.global.t(key, params ?? {});

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }

  close(code = 1000, reason = ''): void {
    this.hostCloses(code, reason);
  }

  // What the host side does:
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  hostCloses(code = 1006, reason = ''): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  reply(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  requests(): { id: number; channel: string; payload: unknown }[] {
    return this.sent.map((s) => JSON.parse(s));
  }
}

const SUMMARY = { libraryPath: '/lib.gridwright', campaigns: [CAMPAIGN] };

function start(extra: Partial<ConstructorParameters<typeof WebSocketBridge>[0]> = {}) {
  const protocolErrors: string[] = [];
  const statuses: ConnectionStatus[] = [];
  const bridge = new WebSocketBridge({
    url: 'ws://127.0.0.1:4321/api?token=abc',
    translate,
    createSocket: (url) => new FakeSocket(url),
    onProtocolError: (m) => protocolErrors.push(m),
    initialBackoffMs: 100,
    maxBackoffMs: 800,
    ...extra,
  });
  bridge.onStatus((s) => statuses.push(s));
  bridge.start();
  return { bridge, protocolErrors, statuses, socket: () => FakeSocket.all.at(-1)! };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('WebSocket bridge', () => {
  it('encodes requests as {id, channel, payload} and matches responses by id, in any order', async () => {
    const { bridge, socket } = start();
    socket().open();
    const summary = bridge.invoke('library.summary', {});
    const hint = bridge.invoke('play.hint', { levelId: 7, commands: ['r', 'd'] });
    const [first, second] = socket().requests();
    expect(first).toEqual({ id: first.id, channel: 'library.summary', payload: {} });
    expect(second).toEqual({ id: second.id, channel: 'play.hint', payload: { levelId: 7, commands: ['r', 'd'] } });
    expect(first.id).not.toBe(second.id);
    socket().reply({ id: second.id, result: { ok: true, value: { status: 'solved', command: 'u', distance: 3, optimal: true } } });
    socket().reply({ id: first.id, result: { ok: true, value: SUMMARY } });
    expect(await summary).toEqual({ ok: true, value: SUMMARY });
    expect(await hint).toEqual({ ok: true, value: { status: 'solved', command: 'u', distance: 3, optimal: true } });
  });

  it('passes the host’s errors through', async () => {
    const { bridge, socket } = start();
    socket().open();
    const result = bridge.invoke('library.level', { levelId: 99 });
    socket().reply({ id: socket().requests()[0].id, result: { ok: false, error: { code: 'not-found', message: 'There is no level 99.' } } });
    expect(await result).toEqual({ ok: false, error: { code: 'not-found', message: 'There is no level 99.' } });
  });

  it('rejects a response that breaks the contract with a readable error', async () => {
    const { bridge, socket } = start();
    socket().open();
    const result = bridge.invoke('library.summary', {});
    socket().reply({ id: socket().requests()[0].id, result: { ok: true, value: { libraryPath: 42 } } });
    const answer = await result;
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('internal');
    expect(answer.error.message).toMatch(/library\.summary.*libraryPath/);
  });

  it('delivers valid events and reports garbage frames instead of crashing', () => {
    const { bridge, socket, protocolErrors } = start();
    socket().open();
    const seen: unknown[] = [];
    bridge.subscribe('jobs.changed', (p) => seen.push(p));
    const change = { jobs: [job(1, 'running', 0.25)], batches: [BATCH] };
    socket().reply({ event: 'jobs.changed', payload: change });
    socket().reply({ event: 'jobs.changed', payload: { jobs: 'nope' } });
    socket().reply('{not json');
    socket().reply({ event: 'mystery', payload: {} });
    socket().reply({ id: 12345, result: { ok: true, value: {} } });
    expect(seen).toEqual([change]);
    expect(protocolErrors).toHaveLength(4);
    expect(protocolErrors[0]).toMatch(/jobs\.changed/);
    expect(protocolErrors[1]).toMatch(/not JSON/);
  });

  it('waits for the connection before sending, then sends what was asked meanwhile', async () => {
    const { bridge, socket } = start();
    const pending = bridge.invoke('library.summary', {});
    expect(socket().sent).toHaveLength(0);
    socket().open();
    expect(socket().requests().map((r) => r.channel)).toEqual(['library.summary']);
    socket().reply({ id: socket().requests()[0].id, result: { ok: true, value: SUMMARY } });
    expect((await pending).ok).toBe(true);
  });

  it('fails requests in flight when the host goes away, and reconnects with growing backoff', async () => {
    const { bridge, socket, statuses } = start();
    socket().open();
    const inFlight = bridge.invoke('jobs.list', {});
    socket().hostCloses(1006);
    const lost = await inFlight;
    expect(lost.ok).toBe(false);
    if (!lost.ok) expect(lost.error.message).toMatch(/connection.*lost.*jobs\.list/i);
    expect(statuses.at(-1)).toMatchObject({ state: 'closed', attempt: 1, retryInMs: 100 });

    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    socket().hostCloses(1006);
    expect(statuses.at(-1)).toMatchObject({ state: 'closed', attempt: 2, retryInMs: 200 });
    vi.advanceTimersByTime(200);
    socket().hostCloses(1006);
    vi.advanceTimersByTime(400);
    socket().hostCloses(1006);
    expect(statuses.at(-1)).toMatchObject({ retryInMs: 800 });
    vi.advanceTimersByTime(800);
    socket().hostCloses(1006);
    expect(statuses.at(-1)).toMatchObject({ retryInMs: 800 });
    vi.advanceTimersByTime(800);
    socket().open();
    expect(statuses.at(-1)).toMatchObject({ state: 'open', attempt: 0, reconnected: true });
    expect(FakeSocket.all.every((s) => s.url === 'ws://127.0.0.1:4321/api?token=abc')).toBe(true);
  });

  it('says when the host refused the token, and stops there: no retry, nothing left waiting', async () => {
    const { bridge, socket, statuses } = start();
    const waiting = bridge.invoke('library.summary', {});
    socket().hostCloses(TOKEN_REFUSED_CLOSE_CODE);
    expect(statuses.at(-1)).toMatchObject({ state: 'refused', authRejected: true, closeCode: TOKEN_REFUSED_CLOSE_CODE });
    const failed = await waiting;
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.error.message).toContain('refused this page’s access token');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(statuses.at(-1)?.state).toBe('refused');
    // A request made afterwards fails at once with the reason instead of waiting for a connection.
    const later = await bridge.invoke('library.summary', {});
    expect(!later.ok && later.error.message).toContain('Open the address the host printed');
  });

  it('a refusal after a working connection (the host restarted with a new token) also stops', () => {
    const { socket, statuses } = start();
    socket().open();
    socket().hostCloses(1006);
    vi.advanceTimersByTime(100);
    socket().hostCloses(TOKEN_REFUSED_CLOSE_CODE);
    expect(statuses.at(-1)).toMatchObject({ state: 'refused' });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a request that waits too long for the connection fails', async () => {
    const { bridge } = start({ queueTimeoutMs: 1000 });
    const pending = bridge.invoke('library.summary', {});
    vi.advanceTimersByTime(1000);
    expect((await pending).ok).toBe(false);
  });
});

describe('host token', () => {
  function sources(href: string) {
    const store = new Map<string, string>();
    const replaced: string[] = [];
    return {
      replaced,
      store,
      location: { href },
      storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
      history: { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)) },
    };
  }

  it('takes ?token= from the address, keeps it for a reload and strips it from the visible address', () => {
    const s = sources('http://127.0.0.1:4321/?token=s3cret&x=1');
    expect(takeHostToken(s)).toBe('s3cret');
    expect(s.store.get(TOKEN_STORAGE_KEY)).toBe('s3cret');
    expect(s.replaced).toEqual(['http://127.0.0.1:4321/?x=1']);
  });

  it('takes #token= too, and falls back to the kept token after a reload', () => {
    const s = sources('http://127.0.0.1:4321/#token=h4sh');
    expect(takeHostToken(s)).toBe('h4sh');
    expect(s.replaced).toEqual(['http://127.0.0.1:4321/']);
    const reload = sources('http://127.0.0.1:4321/');
    reload.store.set(TOKEN_STORAGE_KEY, 'h4sh');
    expect(takeHostToken(reload)).toBe('h4sh');
    expect(reload.replaced).toEqual([]);
  });

  it('builds the socket address on the page’s own host', () => {
    expect(hostSocketUrl({ protocol: 'http:', host: '127.0.0.1:4321' }, 'a b')).toBe('ws://127.0.0.1:4321/api?token=a%20b');
  });
});

describe('validating bridge (Electron preload)', () => {
  it('checks results and events against the contract', async () => {
    const raw = new MemoryBridge({ 'library.summary': () => ({ libraryPath: '/x', campaigns: [{ id: 'one' }] }) as never });
    const errors: string[] = [];
    const bridge = new ValidatingBridge(raw, translate, (m) => errors.push(m));
    const result = await bridge.invoke('library.summary', {});
    expect(result.ok).toBe(false);
    const seen: unknown[] = [];
    bridge.subscribe('library.changed', (p) => seen.push(p));
    raw.emit('library.changed', { campaignId: null, levelIds: [] });
    raw.emit('library.changed', { campaignId: 'x', levelIds: [] } as never);
    expect(seen).toEqual([{ campaignId: null, levelIds: [] }]);
    expect(errors).toHaveLength(1);
  });
});

describe('connection banner', () => {
  function banner(status: ConnectionStatus | null, hasToken = true) {
    const pinia = createPinia();
    setActivePinia(pinia);
    useUiStore().connection = status;
    return mount(ConnectionBanner, { props: { hasToken }, global: { plugins: [pinia, i18n] } });
  }

  it('a refused token says so and tells the user to open the address the host printed', () => {
    const wrapper = banner({ state: 'refused', attempt: 1, closeCode: TOKEN_REFUSED_CLOSE_CODE, authRejected: true, reconnected: false });
    const shown = wrapper.get('[data-testid="connection-banner"]');
    expect(shown.attributes('data-state')).toBe('refused');
    expect(shown.text()).toContain('The Gridwright host refused this page’s access token.');
    expect(shown.text()).toContain('Open the address the host printed');
    expect(shown.text()).not.toMatch(/not answering|Retrying/);
  });

  it('a host that is down is told apart: not answering, retrying', () => {
    const wrapper = banner({ state: 'closed', attempt: 2, retryInMs: 2000, closeCode: 1006, authRejected: false, reconnected: false });
    const text = wrapper.get('[data-testid="connection-banner"]').text();
    expect(text).toContain('The Gridwright host is not answering.');
    expect(text).toContain('Retrying in 2 seconds…');
  });

  it('shows nothing while connected', () => {
    expect(banner({ state: 'open', attempt: 0, authRejected: false, reconnected: false }).find('[data-testid="connection-banner"]').exists()).toBe(false);
  });
});
