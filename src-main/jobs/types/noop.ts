/** noop: a round trip that does no work; measures the per-job overhead of the pool and queue. */
import { z } from 'zod';
import { defineJobType } from './define.ts';

export const noopJob = defineJobType({
  type: 'noop',
  payload: z.object({ type: z.literal('noop'), echo: z.json().optional() }).strict(),
  result: z.json().optional(),
  lane: 'batch',
  lanes: ['batch', 'interactive'],
  run: (payload) => payload.echo,
});
