/**
 * The metadata lines the kinds' text formats (sliding `.tiles`, maze `.maze`, blocks `.blocks`)
 * share: `Title:`/`Author:` lines, other notes as `Key: value` lines, and `;` comment lines.
 */

/** A `Key: value` line as the text readers read it. */
export const KEY_VALUE_LINE = /^([A-Za-z][A-Za-z0-9 _-]{0,40}):\s?(.*)$/;

export interface TextMeta {
  readonly title?: string;
  readonly author?: string;
  readonly comments?: readonly string[];
  readonly notes?: Readonly<Record<string, string>>;
}

/**
 * A level's (or a collection's) metadata as lines. A note the reader would not read back as that
 * note (a key in `reserved`, which the format gives a meaning of its own, or no `Key:` word) is
 * kept as a comment line instead of dropped or misread.
 */
export function metaLines(meta: TextMeta, reserved: RegExp): string[] {
  const out: string[] = [];
  const one = (v: string): string => v.replace(/[\r\n]+/g, ' ');
  if (meta.title !== undefined) out.push(`Title: ${one(meta.title)}`);
  if (meta.author !== undefined) out.push(`Author: ${one(meta.author)}`);
  const asComments: string[] = [];
  for (const [key, value] of Object.entries(meta.notes ?? {})) {
    const kv = KEY_VALUE_LINE.exec(`${key}: x`);
    if (kv && kv[1].trim() === key && !reserved.test(key)) out.push(`${key}: ${one(value)}`);
    else asComments.push(`${key}: ${value}`);
  }
  for (const comment of [...(meta.comments ?? []), ...asComments]) for (const line of comment.split(/\r\n|\r|\n/)) out.push(`; ${line}`);
  return out;
}
