/**
 * The Studio API: one typed contract for every request the renderer may make and every event the
 * main side may push. Channel names, zod schemas and the inferred types come from here; both hosts
 * (Electron IPC and the browser host's WebSocket) register the same handlers for these channels,
 * validate every request against its schema and refuse anything else. Each group of channels has
 * its own module (library, candidates, jobs, play, rules, editor, recordings, reports); this one
 * joins them and says what a result and an error are.
 */
import { z } from 'zod';
import type { ChannelName, EventNameString } from './channels.ts';
import { candidateChannels } from './candidates.ts';
import { EDITOR_CHANNELS } from './editor.ts';
import { JOB_CHANNELS, JOB_EVENTS } from './jobs.ts';
import { LIBRARY_CHANNELS, LIBRARY_EVENTS } from './library.ts';
import { PLAY_CHANNELS } from './play.ts';
import { RECORDING_CHANNELS } from './recordings.ts';
import { REPLAY_CHANNELS } from './replays.ts';
import { SIMULATION_CHANNELS } from './simulations.ts';
import { REPORT_CHANNELS } from './reports.ts';
import { RULES_CHANNELS } from './rules.ts';
import { CAMPAIGN_CHANNELS } from './campaign.ts';
import { BAKE_CHANNELS } from './bakes.ts';
import { IMPORT_PART_CHANNELS } from './import-parts.ts';

export * from './library.ts';
export * from './jobs.ts';
export * from './editor.ts';
export * from './recordings.ts';
export * from './import-parts.ts';

/**
 * The WebSocket close code with which the browser host refuses its own page's access token (wrong,
 * or from an earlier run). A browser cannot read an HTTP status on a refused upgrade, so the host
 * completes the handshake and closes with this code: the page stops retrying and says so.
 */
export const TOKEN_REFUSED_CLOSE_CODE = 4401;

export const API = {
  ...LIBRARY_CHANNELS,
  ...IMPORT_PART_CHANNELS,
  'candidates.start': candidateChannels.start,
  'candidates.runs': candidateChannels.runs,
  'candidates.list': candidateChannels.list,
  'candidates.accept': candidateChannels.accept,
  'candidates.dismiss': candidateChannels.dismiss,
  ...JOB_CHANNELS,
  ...PLAY_CHANNELS,
  ...RULES_CHANNELS,
  ...EDITOR_CHANNELS,
  ...RECORDING_CHANNELS,
  ...REPORT_CHANNELS,
  ...REPLAY_CHANNELS,
  ...SIMULATION_CHANNELS,
  ...CAMPAIGN_CHANNELS,
  ...BAKE_CHANNELS,
} as const satisfies Record<ChannelName, { request: z.ZodType; response: z.ZodType }>;

export type Channel = keyof typeof API;
export const CHANNELS = Object.keys(API) as Channel[];
export type RequestOf<C extends Channel> = z.input<(typeof API)[C]['request']>;
export type ResponseOf<C extends Channel> = z.infer<(typeof API)[C]['response']>;

export const EVENTS = {
  ...JOB_EVENTS,
  ...LIBRARY_EVENTS,
} as const satisfies Record<EventNameString, z.ZodType>;

export type EventName = keyof typeof EVENTS;
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];
export type EventOf<E extends EventName> = z.infer<(typeof EVENTS)[E]>;

export const apiErrorSchema = z.object({
  code: z.enum(['invalid-request', 'unknown-channel', 'not-found', 'forbidden', 'internal']),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && Object.hasOwn(API, value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(EVENTS, value);
}

/** Turns a zod failure into a sentence a designer can read. */
export function describeInvalid(channelName: string, error: z.ZodError): string {
  const first = error.issues[0];
  const where = first && first.path.length > 0 ? first.path.join('.') : 'request';
  return `The ${channelName} request was refused: ${where}: ${first?.message ?? 'invalid'}.`;
}

