/** Payload fields several job types share. */
import { z } from 'zod';
import { MAX_VERIFY_BUDGET, MAX_VERIFY_TIME_LIMIT_MS } from '../../../src-shared/search/budget.ts';

export const budgetField = z.int().min(1).max(MAX_VERIFY_BUDGET);
export const kindField = z.string().min(1).max(64);
/** Running time the search may use, in ms; a pause (pre-emption by an interactive job) does not count. */
export const timeLimitField = z.int().min(1).max(MAX_VERIFY_TIME_LIMIT_MS);
