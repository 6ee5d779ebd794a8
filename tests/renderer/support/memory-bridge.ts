/**
 * A real `StudioBridge` at the host boundary that answers from fixed data and records every call,
 * for component tests. Handlers can be replaced per test; events are pushed with `emit`.
 */
import type { StudioBridge } from '../../../src-shared/api/bridge.ts';
import type { ApiError, ApiResult, Channel, EventName, EventOf, RequestOf, ResponseOf } from '../../../src-shared/api/studio-api.ts';
import { BATCH, CAMPAIGN, CAMPAIGN_DETAIL, LEVELS, OTHER_CAMPAIGN, WALK_CAMPAIGN, WALK_DETAIL, WALK_ROW, job, levelDetail, walkLevelDetail } from './fixtures.ts';

/** An answer now, or later (a request still running while a test looks at the studio). */
type Handler<C extends Channel> = (request: RequestOf<C>) => ResponseOf<C> | ApiError | Promise<ResponseOf<C> | ApiError>;
export type Handlers = { [C in Channel]?: Handler<C> };

export interface RecordedCall {
  readonly channel: Channel;
  readonly request: unknown;
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value && Object.keys(value).length === 2;
}

export const DEFAULT_HANDLERS: Handlers = {
  'library.summary': () => ({ libraryPath: '/home/designer/levels.gridwright', campaigns: [CAMPAIGN, OTHER_CAMPAIGN] }),
  'library.campaign': ({ campaignId }) =>
    campaignId === CAMPAIGN.id
      ? CAMPAIGN_DETAIL
      : campaignId === OTHER_CAMPAIGN.id
        ? { campaign: { ...OTHER_CAMPAIGN, comments: [], rulesConfig: {} }, levels: [] }
        : { code: 'not-found', message: `There is no campaign ${campaignId}.` },
  'library.level': ({ levelId }) => {
    const level = LEVELS.find((l) => l.id === levelId);
    return level ? levelDetail(level) : { code: 'not-found', message: `There is no level ${levelId}.` };
  },
  'library.import': ({ fileName }) => ({ campaignId: 3, campaignName: fileName, imported: 1, rejected: 0, diagnostics: [] }),
  'library.export': ({ format }) => ({ fileName: `microban.${format}`, mimeType: 'text/plain', text: 'exported', diagnostics: [] }),
  'library.generators': () => ({ generators: [] }),
  'library.generate': () => ({ batchId: BATCH.id }),
  'jobs.verify': () => ({ batchId: BATCH.id, jobs: 3 }),
  'jobs.list': () => ({ batches: [BATCH], jobs: [job(21, 'done', 1), job(22, 'running', 0.5), job(23, 'queued', 0)] }),
  'jobs.cancel': () => ({ cancelled: 1 }),
  'play.hint': () => ({ status: 'solved', command: 'r', distance: 16, optimal: true }),
  'recordings.list': () => ({ recordings: [] }),
  'recordings.save': () => ({ recordingId: 1, outcome: 'unfinished', steps: 1 }),
  'drafts.get': () => ({ draft: null }),
  'drafts.list': () => ({ drafts: [] }),
  'drafts.save': () => ({ contentHash: 'draft-hash', updatedAt: '2025-01-02T00:00:00Z' }),
  'drafts.discard': () => ({ discarded: true }),
};

/** A library holding only the walk campaign (`new MemoryBridge(WALK_HANDLERS)`; register the walk kind first). */
export const WALK_HANDLERS: Handlers = {
  'library.summary': () => ({ libraryPath: '/home/designer/walks.gridwright', campaigns: [WALK_CAMPAIGN] }),
  'library.campaign': ({ campaignId }) => (campaignId === WALK_CAMPAIGN.id ? WALK_DETAIL : { code: 'not-found', message: `There is no campaign ${campaignId}.` }),
  'library.level': ({ levelId }) => (levelId === WALK_ROW.id ? walkLevelDetail() : { code: 'not-found', message: `There is no level ${levelId}.` }),
};

export class MemoryBridge implements StudioBridge {
  readonly calls: RecordedCall[] = [];
  private readonly handlers: Handlers;
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();

  constructor(overrides: Handlers = {}) {
    this.handlers = { ...DEFAULT_HANDLERS, ...overrides };
  }

  callsTo(channel: Channel): unknown[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.request);
  }

  async invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ApiResult<ResponseOf<C>>> {
    this.calls.push({ channel, request: structuredClone(request) });
    await Promise.resolve();
    const handler = this.handlers[channel] as Handler<C> | undefined;
    if (!handler) return { ok: false, error: { code: 'unknown-channel', message: `No handler for ${channel}.` } };
    const answer = await handler(request);
    return isApiError(answer) ? { ok: false, error: answer } : { ok: true, value: structuredClone(answer) };
  }

  subscribe<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  emit<E extends EventName>(event: E, payload: EventOf<E>): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (p: EventOf<E>) => void)(payload);
  }
}
