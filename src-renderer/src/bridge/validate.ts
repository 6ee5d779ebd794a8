/**
 * Everything that arrives from a host is checked against the contract's zod schemas before a
 * store sees it: a host of another version, a broken preload or a stray frame becomes a readable
 * error instead of a crash three components later.
 */
import { API, EVENTS, apiErrorSchema, type ApiError, type ApiResult, type Channel, type EventName, type EventOf, type ResponseOf } from '../../../src-shared/api/studio-api.ts';
import type { z } from 'zod';

/** Renders a message key of the `bridge` area (vue-i18n's `t` in the app, any function in tests). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function bridgeError(message: string): { readonly ok: false; readonly error: ApiError } {
  return { ok: false, error: { code: 'internal', message } };
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : '';
  return where ? `${where}: ${issue?.message ?? ''}` : (issue?.message ?? '');
}

/** Checks a raw `ApiResult` from a host for `channel`; anything off the contract becomes an error result. */
export function validateResult<C extends Channel>(channel: C, raw: unknown, t: Translate): ApiResult<ResponseOf<C>> {
  if (typeof raw !== 'object' || raw === null || typeof (raw as { ok?: unknown }).ok !== 'boolean') {
    return bridgeError(t('bridge.errors.badResult', { channel }));
  }
  const result = raw as { ok: boolean; value?: unknown; error?: unknown };
  if (!result.ok) {
    const error = apiErrorSchema.safeParse(result.error);
    return error.success ? { ok: false, error: error.data } : bridgeError(t('bridge.errors.badResult', { channel }));
  }
  const schema = API[channel].response as unknown as z.ZodType<ResponseOf<C>>;
  const value = schema.safeParse(result.value);
  if (!value.success) return bridgeError(t('bridge.errors.badResponse', { channel, issue: firstIssue(value.error) }));
  return { ok: true, value: value.data };
}

export type EventCheck<E extends EventName> = { readonly ok: true; readonly payload: EventOf<E> } | { readonly ok: false; readonly message: string };

export function validateEvent<E extends EventName>(event: E, raw: unknown, t: Translate): EventCheck<E> {
  const schema = EVENTS[event] as unknown as z.ZodType<EventOf<E>>;
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, message: t('bridge.errors.badEvent', { event, issue: firstIssue(parsed.error) }) };
}
