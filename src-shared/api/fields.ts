/**
 * The fields every channel group of the Studio API shares, and the shape of a channel: its
 * request and response schemas.
 */
import { z } from 'zod';

export const id = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
export const name = z.string().trim().min(1).max(200);
export const timestamp = z.string();

export function channel<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) {
  return { request, response };
}
