/**
 * The browser host's Studio API over one WebSocket (JSON text frames):
 *   request  `{ "id": number, "channel": string, "payload": unknown }`
 *   response `{ "id": number, "result": ApiResult }`
 *   event    `{ "event": string, "payload": unknown }`
 * Responses are matched to requests by id. When the host goes away the client reconnects with
 * exponential backoff; requests made meanwhile wait (for a while) and go out on reconnect, while
 * requests already sent fail at once, because nobody can tell whether the host ran them. When the
 * host refuses the access token (TOKEN_REFUSED_CLOSE_CODE) the client stops: retrying with the
 * same token cannot help, so every request fails at once with that reason.
 */
import type { StudioBridge } from '../../../src-shared/api/bridge.ts';
import { TOKEN_REFUSED_CLOSE_CODE, isEventName, type ApiResult, type Channel, type EventName, type EventOf, type RequestOf, type ResponseOf } from '../../../src-shared/api/studio-api.ts';
import type { ConnectionSource, ConnectionStatus } from './connection.ts';
import { bridgeError, validateEvent, validateResult, type Translate } from './validate.ts';

/** The part of the DOM WebSocket the client uses; tests inject a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface WebSocketBridgeOptions {
  readonly url: string;
  readonly translate: Translate;
  readonly createSocket?: SocketFactory;
  /** A frame the contract does not allow (unparseable, unknown event, bad payload). */
  readonly onProtocolError?: (message: string) => void;
  /** First reconnect delay; doubles per failed attempt up to `maxBackoffMs`. */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** How long a request made while disconnected waits for the connection before it fails. */
  readonly queueTimeoutMs?: number;
}

/** Close codes a host uses to refuse the token (the browser host's, policy violation, 4403 by convention). */
const AUTH_CLOSE_CODES = new Set([TOKEN_REFUSED_CLOSE_CODE, 1008, 4403]);
const OPEN = 1;

/** What settles a request: the host's raw result (checked later) or a failure made here. */
type Outcome = { readonly from: 'host'; readonly raw: unknown } | { readonly from: 'client'; readonly message: string };

interface Pending {
  readonly channel: Channel;
  readonly frame: string;
  readonly resolve: (outcome: Outcome) => void;
  sent: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

const defaultSocketFactory: SocketFactory = (url) => new WebSocket(url) as unknown as SocketLike;

export class WebSocketBridge implements StudioBridge, ConnectionSource {
  private readonly options: WebSocketBridgeOptions;
  private readonly createSocket: SocketFactory;
  private socket: SocketLike | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private everOpened = false;
  private current: ConnectionStatus = { state: 'connecting', attempt: 0, authRejected: false, reconnected: false };

  constructor(options: WebSocketBridgeOptions) {
    this.options = options;
    this.createSocket = options.createSocket ?? defaultSocketFactory;
  }

  get status(): ConnectionStatus {
    return this.current;
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Opens the connection (the constructor does not, so a test can attach listeners first). */
  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes for good: no reconnect; waiting requests fail. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.socket?.close(1000, 'closed by the studio');
    this.socket = undefined;
    this.failAll(() => true);
  }

  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ApiResult<ResponseOf<C>>> {
    const id = this.nextId++;
    const frame = JSON.stringify({ id, channel, payload: request });
    return new Promise<Outcome>((resolve) => {
      const entry: Pending = { channel, frame, resolve, sent: false };
      if (this.current.state === 'refused') return resolve(this.refusedOutcome(entry));
      this.pending.set(id, entry);
      if (this.isOpen()) this.send(id, entry);
      else this.queue(id, entry);
    }).then((outcome) => (outcome.from === 'client' ? bridgeError(outcome.message) : validateResult(channel, outcome.raw, this.options.translate)));
  }

  subscribe<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  private isOpen(): boolean {
    return this.socket !== undefined && this.socket.readyState === OPEN && this.current.state === 'open';
  }

  private send(id: number, entry: Pending): void {
    clearTimeout(entry.timer);
    entry.sent = true;
    try {
      this.socket?.send(entry.frame);
    } catch {
      this.settle(id, this.disconnected(entry));
    }
  }

  private queue(id: number, entry: Pending): void {
    const wait = this.options.queueTimeoutMs ?? 15_000;
    entry.timer = setTimeout(() => this.settle(id, this.disconnected(entry)), wait);
  }

  private settle(id: number, outcome: Outcome): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.pending.delete(id);
    entry.resolve(outcome);
  }

  private disconnected(entry: Pending): Outcome {
    return { from: 'client', message: this.options.translate('bridge.errors.disconnected', { channel: entry.channel }) };
  }

  private refusedOutcome(entry: Pending): Outcome {
    return { from: 'client', message: this.options.translate('bridge.errors.tokenRefused', { channel: entry.channel }) };
  }

  private failAll(which: (entry: Pending) => boolean, outcome: (entry: Pending) => Outcome = (entry) => this.disconnected(entry)): void {
    for (const [id, entry] of [...this.pending]) {
      if (which(entry)) this.settle(id, outcome(entry));
    }
  }

  private setStatus(status: ConnectionStatus): void {
    this.current = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect(undefined);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.setStatus({ state: 'open', attempt: 0, authRejected: false, reconnected });
      for (const [id, entry] of [...this.pending]) if (!entry.sent) this.send(id, entry);
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = () => {
      // A close always follows an error; reconnecting happens there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (AUTH_CLOSE_CODES.has(event.code)) return this.refused(event.code);
      // Sent requests may or may not have run: say so rather than resend them.
      this.failAll((entry) => entry.sent);
      this.scheduleReconnect(event.code);
    };
  }

  /** The host refused the token: no retry, and nothing waits for a connection that will not come. */
  private refused(code: number): void {
    clearTimeout(this.reconnectTimer);
    this.failAll(() => true, (entry) => this.refusedOutcome(entry));
    this.setStatus({ state: 'refused', attempt: this.current.state === 'open' ? 1 : this.current.attempt + 1, closeCode: code, authRejected: true, reconnected: false });
  }

  private scheduleReconnect(code: number | undefined): void {
    if (this.stopped) return;
    const attempt = this.current.state === 'open' ? 1 : this.current.attempt + 1;
    const initial = this.options.initialBackoffMs ?? 500;
    const max = this.options.maxBackoffMs ?? 10_000;
    const delay = Math.min(max, initial * 2 ** (attempt - 1));
    this.setStatus({ state: 'closed', attempt, retryInMs: delay, closeCode: code, authRejected: false, reconnected: false });
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.setStatus({ ...this.current, state: 'connecting', retryInMs: undefined });
      this.connect();
    }, delay);
  }

  private receive(data: unknown): void {
    const t = this.options.translate;
    if (typeof data !== 'string') return this.protocolError(t('bridge.errors.notText'));
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return this.protocolError(t('bridge.errors.notJson'));
    }
    if (typeof frame !== 'object' || frame === null) return this.protocolError(t('bridge.errors.unknownFrame'));
    const f = frame as { id?: unknown; result?: unknown; event?: unknown; payload?: unknown };
    if (typeof f.id === 'number' && 'result' in f) {
      const entry = this.pending.get(f.id);
      if (!entry) return this.protocolError(t('bridge.errors.unknownId', { id: f.id }));
      // Checked against the channel's schema in `invoke`.
      this.settle(f.id, { from: 'host', raw: f.result });
      return;
    }
    if (typeof f.event === 'string') {
      if (!isEventName(f.event)) return this.protocolError(t('bridge.errors.unknownEvent', { event: f.event }));
      const checked = validateEvent(f.event, f.payload, t);
      if (!checked.ok) return this.protocolError(checked.message);
      for (const listener of [...(this.listeners.get(f.event) ?? [])]) listener(checked.payload);
      return;
    }
    this.protocolError(t('bridge.errors.unknownFrame'));
  }

  private protocolError(message: string): void {
    this.options.onProtocolError?.(message);
  }
}
