/**
 * The one place requests enter the main side, for both hosts: the channel must be declared, the
 * payload must pass its schema, and any failure comes back as a typed error a designer can read.
 */
import type { z } from 'zod';
import { API, describeInvalid, isChannel, type ApiError, type ApiResult, type Channel, type EventName, type EventOf, type ResponseOf } from '../../src-shared/api/studio-api.ts';
import { isBusy, retryWhileBusy } from '../library/busy.ts';

/** An expected failure with its API error code (not found, refused). */
export class StudioError extends Error {
  override readonly name = 'StudioError';
  readonly code: ApiError['code'];

  constructor(code: ApiError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

export type Handlers = {
  [C in Channel]: (request: z.output<(typeof API)[C]['request']>) => Promise<ResponseOf<C>> | ResponseOf<C>;
};

export interface Studio {
  readonly libraryPath: string;
  handle(channel: unknown, payload: unknown): Promise<ApiResult<unknown>>;
  /** Listen to the events a host forwards to its renderer(s); returns an unsubscribe function. */
  onEvent(listener: <E extends EventName>(event: E, payload: EventOf<E>) => void): () => void;
  close(): Promise<void>;
}

export async function dispatch(handlers: Handlers, channel: unknown, payload: unknown, log: (error: unknown) => void = () => {}): Promise<ApiResult<unknown>> {
  if (!isChannel(channel)) {
    return { ok: false, error: { code: 'unknown-channel', message: `Unknown request ${JSON.stringify(String(channel)).slice(0, 80)}: update Gridwright or reload the window.` } };
  }
  const parsed = API[channel].request.safeParse(payload);
  if (!parsed.success) return { ok: false, error: { code: 'invalid-request', message: describeInvalid(channel, parsed.error) } };
  try {
    const handler = handlers[channel] as (request: unknown) => unknown;
    // A write that meets a busy library (an import's transaction) waits its turn and runs again.
    const value = await retryWhileBusy(() => handler(parsed.data));
    return { ok: true, value };
  } catch (error) {
    if (error instanceof StudioError) return { ok: false, error: { code: error.code, message: error.message } };
    if (isBusy(error)) return { ok: false, error: { code: 'internal', message: 'The library stayed busy (another program is writing to it) and this request could not wait longer. Nothing was saved by it; try again.' } };
    log(error);
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'internal', message: `The studio hit an unexpected error (${detail}). Nothing was saved by this request; try again, and report it if it repeats.` } };
  }
}
