/**
 * A large import file sent in parts (issue 22): one request that carries 32 MiB of text holds the
 * host's thread for seconds while it is received, decoded and parsed (2 s for 33 MB, measured),
 * so no single request carries more than MAX_IMPORT_PART_CHARS of a file. A client sends the
 * parts in order with `library.importPart` (the first one opens an upload, the answer names it)
 * and then `library.import` with `upload` instead of `text`; the parts wait on the host's import
 * thread, never on the thread that answers requests.
 */
import { z } from 'zod';
import { channel } from './fields.ts';

/** Most characters of a file one request carries (`library.import`'s `text`, one part). */
export const MAX_IMPORT_PART_CHARS = 512 * 1024;

/** An upload's name, as `library.importPart` gave it. */
export const uploadIdSchema = z.string().regex(/^[0-9a-f-]{36}$/, 'an upload id is what library.importPart answered');

export const IMPORT_PART_CHANNELS = {
  /**
   * One part of a file to import: without `upload` it opens an upload (`offset` 0), else it adds to
   * that one at `offset` (the characters sent so far, so a part lost or sent twice is refused).
   * Refused once the parts pass MAX_IMPORT_CHARS; an upload unused for 10 minutes is forgotten.
   */
  'library.importPart': channel(
    z.object({ upload: uploadIdSchema.optional(), offset: z.int().min(0), text: z.string().min(1).max(MAX_IMPORT_PART_CHARS) }).strict(),
    z.object({ upload: uploadIdSchema, chars: z.int() }),
  ),
} as const;
