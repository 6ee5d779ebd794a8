/**
 * A file sent to `library.import` as the studio sends it: in one request when it is small, else in
 * parts of MAX_IMPORT_PART_CHARS (`library.importPart`) and then the import of that upload.
 */
import { MAX_IMPORT_PART_CHARS, type ApiResult } from '../../src-shared/api/studio-api.ts';

export type Ask = (channel: string, payload: unknown) => Promise<ApiResult<any>>;

export async function importInParts(ask: Ask, request: { fileName: string; text: string; [more: string]: unknown }): Promise<ApiResult<any>> {
  const { text, ...rest } = request;
  if (text.length <= MAX_IMPORT_PART_CHARS) return ask('library.import', request);
  let upload: string | undefined;
  for (let offset = 0; offset < text.length; offset += MAX_IMPORT_PART_CHARS) {
    const part = await ask('library.importPart', { ...(upload ? { upload } : {}), offset, text: text.slice(offset, offset + MAX_IMPORT_PART_CHARS) });
    if (!part.ok) return part;
    upload = part.value.upload;
  }
  return ask('library.import', { ...rest, upload });
}
