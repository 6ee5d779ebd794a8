/**
 * How services call the host: the stores hand them `useApiCall()` (stores/api.ts), which turns a
 * failure into a toast and `undefined`, so a service never needs the UI.
 */
import type { Channel, RequestOf, ResponseOf } from '../../../src-shared/api/studio-api.ts';

export type ApiCall = <C extends Channel>(channel: C, request: RequestOf<C>, failureTitle: string, params?: Record<string, string | number>) => Promise<ResponseOf<C> | undefined>;
