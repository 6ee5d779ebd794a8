/**
 * JSON files as text, for the kinds' JSON level formats: parse with a diagnostic that names the
 * line and column, and find where each level of a list starts so per-level problems carry a line.
 * Everything is one linear pass: a hostile file with thousands of bad levels stays fast.
 */
import type { Diagnostic } from '../diagnostics.ts';

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

/**
 * Deepest nesting of arrays and objects a level file may have. Level documents need about 6
 * (collection, levels, level, buttons, button, cell); past this a file is refused before
 * anything recursive (JSON.stringify, schema checks) walks it and runs out of stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Offset of the bracket that opens nesting level `maxDepth + 1`, or -1 when the text never nests
 * that deep. A linear scan that skips strings; it needs no valid JSON.
 */
export function tooDeepOffset(text: string, maxDepth: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 92) i++;
        else if (s === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return i;
    } else if (c === 93 || c === 125) {
      if (depth > 0) depth--;
    }
  }
  return -1;
}

/**
 * JSON.parse that answers with a diagnostic (line and column) instead of throwing: `json.syntax`,
 * or `json.too-deep` for nesting past MAX_JSON_DEPTH.
 */
export function parseJsonText(input: string): { readonly text: string; readonly doc?: unknown; readonly diagnostic?: Diagnostic } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const deep = tooDeepOffset(text, MAX_JSON_DEPTH);
  if (deep >= 0) {
    const at = lineColumn(text, deep);
    return {
      text,
      diagnostic: {
        severity: 'error',
        code: 'json.too-deep',
        message: `The file nests arrays and objects more than ${MAX_JSON_DEPTH} deep; a level file needs far fewer, so it was not read.`,
        ...at,
        params: { max: MAX_JSON_DEPTH },
      },
    };
  }
  try {
    return { text, doc: JSON.parse(text) as unknown };
  } catch (e) {
    // The engine's message, on one line (V8 quotes the text, line breaks and all).
    const detail = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ');
    // V8 names the offset for some errors ("at position 12") but not for an unexpected token, so
    // the offset is found by a scan of our own, which every engine gets.
    // Only V8's own suffix: its message may quote the file, which can say "position 5" itself.
    const pos = / in JSON at position (\d+)/.exec(detail) ?? / at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(detail);
    const offset = pos ? Number(pos[1]) : jsonErrorOffset(text);
    const at = offset >= 0 ? lineColumn(text, offset) : undefined;
    return {
      text,
      diagnostic: {
        severity: 'error',
        code: 'json.syntax',
        message: `The file is not valid JSON${at ? ` (line ${at.line}, column ${at.column})` : ''}: ${detail.replace(/ in JSON at position \d+.*$| at position \d+(?: \(line \d+ column \d+\))?$/, '').slice(0, 200)}.`,
        ...(at ?? {}),
      },
    };
  }
}

/**
 * Offset of the first syntax error in `text` as JSON (the text's length when it ends too soon),
 * or -1 when it is valid. Linear, with an explicit stack, so deep nesting is no risk.
 */
export function jsonErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  /** Open containers: 1 object, 2 array. */
  const stack: number[] = [];
  const skipSpace = (): void => {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return;
    }
  };
  /** A string at `i` (on its quote); false with `i` on the fault. */
  const string = (): boolean => {
    for (i++; i < n; ) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 92) {
        const e = text[i + 1];
        if (e === undefined) {
          i = n; // the text ends inside the string
          return false;
        }
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if ('"\\/bfnrt'.includes(e)) i += 2;
        else return false;
      } else i++;
    }
    return false;
  };
  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  let state: 'value' | 'firstValue' | 'key' | 'firstKey' | 'after' = 'value';
  for (;;) {
    skipSpace();
    if (i >= n) return state === 'after' && stack.length === 0 ? -1 : n;
    const ch = text[i];
    if (state === 'after') {
      if (stack.length === 0) return i; // text after the value
      const top = stack[stack.length - 1];
      if (ch === ',') {
        i++;
        state = top === 1 ? 'key' : 'value';
      } else if (ch === (top === 1 ? '}' : ']')) {
        stack.pop();
        i++;
      } else return i;
    } else if (state === 'key' || state === 'firstKey') {
      if (state === 'firstKey' && ch === '}') {
        stack.pop();
        i++;
        state = 'after';
        continue;
      }
      if (ch !== '"' || !string()) return Math.min(i, n);
      skipSpace();
      if (text[i] !== ':') return Math.min(i, n);
      i++;
      state = 'value';
    } else {
      if (state === 'firstValue' && ch === ']') {
        stack.pop();
        i++;
        state = 'after';
      } else if (ch === '{') {
        stack.push(1);
        i++;
        state = 'firstKey';
      } else if (ch === '[') {
        stack.push(2);
        i++;
        state = 'firstValue';
      } else if (ch === '"') {
        if (!string()) return Math.min(i, n);
        state = 'after';
      } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
        NUMBER.lastIndex = i;
        const m = NUMBER.exec(text);
        if (!m || m[0] === '-') return i;
        i += m[0].length;
        state = 'after';
      } else if (ch === 't' || ch === 'f' || ch === 'n') {
        // A literal: the fault is the first character that differs from it (or the end).
        const word = ch === 't' ? 'true' : ch === 'f' ? 'false' : 'null';
        let k = 0;
        while (k < word.length && text[i + k] === word[k]) k++;
        if (k < word.length) return Math.min(i + k, n);
        i += word.length;
        state = 'after';
      } else return i;
    }
  }
}
