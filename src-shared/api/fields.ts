/**
 * The fields every channel group of the Studio API shares, and the shape of a channel: its
 * request and response schemas. The CLI parses its name, seed and note flags through the same
 * schemas, so both refuse the same text.
 */
import { z } from 'zod';

export const MAX_NAME_CHARS = 200;
export const MAX_SEED_CHARS = 200;
export const MAX_NOTE_CHARS = 500;

/**
 * C0 and C1 controls and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069): shown in a list they hide text or reorder what follows, so a name could pass
 * for another. A note may keep line breaks and tabs.
 */
export function holdsControlOrBidi(text: string, allowLines = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (allowLines && (c === 0x09 || c === 0x0a)) continue;
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true;
  }
  return false;
}
const NO_CONTROLS = 'must not hold control or bidirectional-override characters';

/**
 * Text from a file made fit to show as one line (a campaign named from an imported title): each
 * run of controls (line breaks included) becomes a space, the bidi embeddings, overrides and
 * isolates go, and spaces are folded and trimmed. What `name` would refuse, cleaned instead.
 */
export function asShownLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** One line of text the UI shows (a name, a seed): trimmed, not empty, at most `max` characters. */
function shownLine(max: number) {
  return z.string().trim().min(1).max(max).refine((text) => !holdsControlOrBidi(text), NO_CONTROLS);
}

export const id = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
export const name = shownLine(MAX_NAME_CHARS);
export const seed = shownLine(MAX_SEED_CHARS);
export const note = z.string().max(MAX_NOTE_CHARS).refine((text) => !holdsControlOrBidi(text, true), NO_CONTROLS);
/** A level's title: like a name, but empty clears it. */
export const title = z.string().max(MAX_NAME_CHARS).refine((text) => !holdsControlOrBidi(text), NO_CONTROLS);
export const timestamp = z.string();

export function channel<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) {
  return { request, response };
}
