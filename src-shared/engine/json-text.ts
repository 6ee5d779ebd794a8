/**
 * JSON files as text, for the kinds' JSON level formats: parse with a diagnostic that names the
 * line and column, and find where each level of a list starts so per-level problems carry a line.
 * Everything is one linear pass: a hostile file with thousands of bad levels stays fast.
 */
import type { Diagnostic } from './diagnostics.ts';

/** 1-based line and column of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Line number of each offset (offsets increasing), in one pass. */
export function linesAt(text: string, offsets: readonly number[]): number[] {
  const out: number[] = [];
  let line = 1;
  let i = 0;
  for (const offset of offsets) {
    for (; i < offset && i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) line++;
    }
    out.push(line);
  }
  return out;
}

/**
 * Start offsets of the elements of the level list: the root array's, or the root object's
 * `levels` array's. A scan of text JSON.parse has already accepted.
 */
export function levelListOffsets(text: string, rootIsArray: boolean): number[] {
  const starts: number[] = [];
  let depth = 0;
  let target = -1;
  let expect = false;
  let key = '';
  let lastString = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) continue;
    if (expect && depth === target && c !== 93) {
      starts.push(i);
      expect = false;
    }
    if (c === 34) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      lastString = text.slice(i + 1, Math.min(j, i + 16));
      i = j;
    } else if (c === 58) {
      if (depth === 1) key = lastString;
    } else if (c === 91 || c === 123) {
      depth++;
      if (target < 0 && c === 91 && (rootIsArray ? depth === 1 : depth === 2 && key === 'levels')) {
        target = depth;
        expect = true;
      }
    } else if (c === 93 || c === 125) {
      if (depth === target) break;
      depth--;
    } else if (c === 44 && depth === target) {
      expect = true;
    }
  }
  return starts;
}

/** JSON.parse that answers with a `json.syntax` diagnostic (line and column) instead of throwing. */
export function parseJsonText(input: string): { readonly text: string; readonly doc?: unknown; readonly diagnostic?: Diagnostic } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  try {
    return { text, doc: JSON.parse(text) as unknown };
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    // V8 names the offset ("at position 12"); other engines may not.
    const pos = /position (\d+)/.exec(detail);
    const offset = pos ? Number(pos[1]) : /end of (JSON )?input/i.test(detail) ? text.length : undefined;
    const at = offset !== undefined ? lineColumn(text, offset) : undefined;
    return {
      text,
      diagnostic: {
        severity: 'error',
        code: 'json.syntax',
        message: `The file is not valid JSON${at ? ` (line ${at.line}, column ${at.column})` : ''}: ${detail.replace(/ in JSON at position.*$/, '').slice(0, 200)}.`,
        ...(at ?? {}),
      },
    };
  }
}
