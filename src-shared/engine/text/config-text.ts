/**
 * A rules config as the designer typed it (the rule inspector, `cli rules set`): parsed, bound by
 * the kind's own `create`, and every problem placed on the line and field it is about, so the
 * editor can underline it and a refused save can name it. One check for the renderer's live
 * markers and the host's save, so the two never disagree.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { lineColumn, parseJsonText } from './json-text.ts';
import type { AnyRulesetKind } from '../ruleset.ts';

/** Longest config text the inspector and the API accept (a config is a few hundred bytes). */
export const MAX_RULES_CONFIG_CHARS = 64 * 1024;

export interface ConfigProblem {
  /** With `line` and `column` (1-based) of where it is in the text. */
  readonly diagnostic: Diagnostic;
  /** UTF-16 offsets of the text it is about (a key, or where the text breaks). */
  readonly start: number;
  readonly end: number;
  /** Saving is refused while it stands: not JSON, fails the schema, or a setting the kind does not know. */
  readonly blocksSave: boolean;
}

export interface ConfigTextCheck {
  /** The parsed document, when the text is JSON. */
  readonly document?: unknown;
  readonly problems: readonly ConfigProblem[];
}

/** The first problem that refuses a save, as one sentence naming its line and field. */
export function saveRefusal(check: ConfigTextCheck): string | undefined {
  const first = check.problems.find((p) => p.blocksSave);
  if (!first) return undefined;
  const d = first.diagnostic;
  const field = d.path ? ` (${d.path})` : '';
  return `Line ${d.line ?? 1}${field}: ${d.message}`;
}

export function checkConfigText(kind: Pick<AnyRulesetKind, 'kind' | 'create'>, input: string): ConfigTextCheck {
  if (input.length > MAX_RULES_CONFIG_CHARS) {
    const diagnostic: Diagnostic = { severity: 'error', code: 'rules.config.too-long', message: `A rules config is at most ${MAX_RULES_CONFIG_CHARS} characters.`, line: 1, column: 1 };
    return { problems: [{ diagnostic, start: 0, end: 1, blocksSave: true }] };
  }
  const parsed = parseJsonText(input);
  // parseJsonText drops a byte-order mark: offsets are in its text, one more in the input.
  const shift = input.length - parsed.text.length;
  if (parsed.diagnostic) {
    const offset = offsetOf(parsed.text, parsed.diagnostic.line, parsed.diagnostic.column);
    return { problems: [{ diagnostic: parsed.diagnostic, start: offset + shift, end: offset + shift + 1, blocksSave: true }] };
  }
  const refused = ambiguousConfig(parsed.text, parsed.doc);
  if (refused) {
    const at = lineColumn(parsed.text, refused.start);
    return { document: parsed.doc, problems: [{ diagnostic: { ...refused.diagnostic, line: at.line, column: at.column }, start: refused.start + shift, end: refused.end + shift, blocksSave: true }] };
  }
  const created = kind.create(parsed.doc);
  const unknownCode = `${kind.kind}.config.unknown`;
  const problems = created.diagnostics.map((diagnostic): ConfigProblem => {
    const range = locateJsonPath(parsed.text, diagnostic.path ? diagnostic.path.split('.') : []);
    const at = lineColumn(parsed.text, range.start);
    // A setting the kind does not know blocks the save: nothing is ignored, since nothing is saved.
    const setting = diagnostic.code === unknownCode ? diagnostic.params?.setting : undefined;
    const suggestion = diagnostic.params?.suggestion;
    const message = typeof setting === 'string' ? `The ${kind.kind} rules have no setting '${setting}'${typeof suggestion === 'string' ? `: ${suggestion}` : ': remove it or correct its name.'}` : diagnostic.message;
    return {
      diagnostic: { ...diagnostic, message, line: at.line, column: at.column },
      start: range.start + shift,
      end: range.end + shift,
      blocksSave: diagnostic.severity === 'error' || diagnostic.code === `${kind.kind}.config.unknown`,
    };
  });
  return { document: parsed.doc, problems };
}

/**
 * A config whose meaning is not clear refuses the save before the kind reads it: a key given twice
 * in one object (JSON.parse would keep the last silently), or `null` (not a config: `{}` is the
 * kind's defaults).
 */
function ambiguousConfig(text: string, doc: unknown): { diagnostic: Diagnostic; start: number; end: number } | undefined {
  if (doc === null) {
    const start = Math.max(0, text.indexOf('null'));
    return { diagnostic: { severity: 'error', code: 'rules.config.null', message: 'A rules config of null is not a config: write {} for the kind\'s defaults.' }, start, end: start + 4 };
  }
  const twice = duplicateKey(text);
  if (!twice) return undefined;
  return {
    diagnostic: { severity: 'error', code: 'rules.config.duplicate-key', message: `The setting '${twice.key.slice(0, 80)}' is given twice in one object, so which one counts is unclear: keep one.`, path: twice.key.slice(0, 80) },
    start: twice.start,
    end: twice.end,
  };
}

/** The first key repeated within one object of valid JSON text, with its second occurrence's offsets. */
export function duplicateKey(text: string): { key: string; start: number; end: number } | undefined {
  const objects: ({ keys: Set<string>; expectKey: boolean } | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      const top = objects[objects.length - 1];
      if (top?.expectKey) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (top.keys.has(key)) return { key, start, end: i + 1 };
        top.keys.add(key);
        top.expectKey = false;
      }
    } else if (c === '{') objects.push({ keys: new Set(), expectKey: true });
    else if (c === '[') objects.push(null);
    else if (c === '}' || c === ']') objects.pop();
    else if (c === ',') {
      const top = objects[objects.length - 1];
      if (top) top.expectKey = true;
    }
  }
  return undefined;
}

function offsetOf(text: string, line: number | undefined, column: number | undefined): number {
  if (line === undefined) return Math.max(0, text.length - 1);
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  return Math.min(text.length, offset + (column ?? 1) - 1);
}

/**
 * Where the member at `path` is in JSON text (already valid JSON): its key's offsets. A path the
 * text does not have (a field left out) falls back to its nearest parent that it does have, and
 * the empty path to the root value.
 */
export function locateJsonPath(text: string, path: readonly string[]): { start: number; end: number } {
  for (let length = path.length; length > 0; length--) {
    const found = findMember(text, path.slice(0, length));
    if (found) return found;
  }
  const root = text.search(/\S/);
  return root < 0 ? { start: 0, end: 0 } : { start: root, end: root + 1 };
}

interface Container {
  readonly object: boolean;
  /** The member being read: a key in an object, an index in an array. */
  member: string | number | undefined;
  expectKey: boolean;
}

function findMember(text: string, path: readonly string[]): { start: number; end: number } | undefined {
  const stack: Container[] = [];
  const matches = (): boolean => stack.length === path.length && stack.every((frame, i) => String(frame.member) === path[i]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) !== 34) end += text.charCodeAt(end) === 92 ? 2 : 1;
      end++;
      const top = stack[stack.length - 1];
      if (top?.object && top.expectKey) {
        top.member = JSON.parse(text.slice(i, end)) as string;
        top.expectKey = false;
        if (matches()) return { start: i, end };
      }
      i = end - 1;
    } else if (c === 123 || c === 91) {
      stack.push({ object: c === 123, member: c === 91 ? 0 : undefined, expectKey: c === 123 });
    } else if (c === 125 || c === 93) {
      stack.pop();
    } else if (c === 44) {
      const top = stack[stack.length - 1];
      if (top?.object) top.expectKey = true;
      else if (top) top.member = Number(top.member) + 1;
    }
  }
  return undefined;
}
