/**
 * LURD solutions: one letter per player step, lower case for a plain move and upper case for a
 * move that pushes a box. Reading is lenient (whitespace ignored, run-length counts `3l` and
 * nested groups `2(lU)`); writing is canonical (plain letters, no counts).
 *
 * Counts make tiny inputs expand enormously (`999999999(999999999l)`), so lengths are computed on
 * the parsed tree with saturation and checked against the cap before anything is expanded.
 */
import { MAX_SOLUTION_MOVES } from '../../../engine/limits.ts';
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import type { Direction } from '../schema.ts';

export interface LurdMove {
  readonly dir: Direction;
  readonly push: boolean;
}

export interface LurdParseResult {
  /** Present when there are no errors. */
  readonly moves?: LurdMove[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Longest solution accepted, after expanding counts: what the studio keeps as a recording. */
export const MAX_LURD_MOVES = MAX_SOLUTION_MOVES;
/** Deepest group nesting accepted; real solutions use one or two levels. */
export const MAX_LURD_NESTING = 100;
/** Per-input cap on reported problems, so garbage input gives a readable list. */
const MAX_DIAGNOSTICS = 20;
/** Counts saturate here: anything larger is already over the cap. */
const SATURATED = MAX_LURD_MOVES + 1;

interface Leaf {
  readonly move: LurdMove;
  readonly count: number;
}
interface Group {
  readonly count: number;
  readonly items: Node[];
  /** Expanded length of one repetition of `items`, saturated. */
  length: number;
  readonly line: number;
  readonly column: number;
}
type Node = Leaf | Group;

const MOVES: Readonly<Record<string, LurdMove>> = {
  l: { dir: 'l', push: false },
  u: { dir: 'u', push: false },
  r: { dir: 'r', push: false },
  d: { dir: 'd', push: false },
  L: { dir: 'l', push: true },
  U: { dir: 'u', push: true },
  R: { dir: 'r', push: true },
  D: { dir: 'd', push: true },
};

const saturate = (n: number): number => (n > SATURATED ? SATURATED : n);
const nodeLength = (node: Node): number => saturate('move' in node ? node.count : node.count * node.length);

function describeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff)
    ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : `'${ch}'`;
}

/** Parse a LURD solution. Never throws; every problem is a diagnostic with line and column. */
export function parseLurd(text: string): LurdParseResult {
  const diagnostics: Diagnostic[] = [];
  // The message is built only when it is kept: garbage of a million characters is a million calls.
  const report = (code: string, message: () => string, line: number, column: number): void => {
    if (diagnostics.length < MAX_DIAGNOSTICS) diagnostics.push({ severity: 'error', code, message: message(), line, column });
  };
  const root: Group = { count: 1, items: [], length: 0, line: 1, column: 1 };
  const stack: Group[] = [root];
  let line = 1;
  let lineStart = 0;
  let count = -1;
  let countLine = 0;
  let countColumn = 0;
  let tooDeep = false;

  // Open groups repeated zero times; while there are none, an over-long group is final.
  let zeroGroups = 0;
  let overflow = false;
  // Where the text was when the expanded length passed the cap (the last symbol read).
  let lastLine = 1;
  let lastColumn = 1;
  let overflowAt = { line: 1, column: 1 };
  const add = (node: Node): void => {
    const length = nodeLength(node);
    // Zero-length nodes are dropped so expansion work is bounded by the output size.
    if (length === 0) return;
    const top = stack[stack.length - 1];
    const prev = top.items[top.items.length - 1];
    // Runs of one letter share a node: cheaper to hold and to expand.
    if (prev && 'move' in prev && 'move' in node && prev.move === node.move) top.items[top.items.length - 1] = { move: prev.move, count: saturate(prev.count + node.count) };
    else top.items.push(node);
    top.length = saturate(top.length + length);
    if (top.length > MAX_LURD_MOVES && zeroGroups === 0) {
      overflow = true;
      overflowAt = { line: lastLine, column: lastColumn };
    }
  };

  // Stops early once the cap is certainly exceeded, so a huge input costs no more than the cap.
  for (let i = 0; i < text.length && !overflow; i++) {
    const ch = text[i];
    const column = i - lineStart + 1;
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v') continue;
    const code = ch.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      if (count < 0) {
        count = 0;
        countLine = line;
        countColumn = column;
      }
      count = saturate(count * 10 + (code - 48));
      continue;
    }
    const repeat = count < 0 ? 1 : count;
    count = -1;
    lastLine = line;
    lastColumn = column;
    const move = MOVES[ch];
    if (move) {
      add({ move, count: repeat });
    } else if (ch === '(') {
      if (stack.length > MAX_LURD_NESTING) {
        if (!tooDeep) report('lurd.nesting', () => `Groups are nested more than ${MAX_LURD_NESTING} deep at line ${line}, column ${column}: flatten the solution.`, line, column);
        tooDeep = true;
      }
      if (repeat === 0) zeroGroups++;
      stack.push({ count: repeat, items: [], length: 0, line, column });
    } else if (ch === ')') {
      if (stack.length === 1) {
        report('lurd.group.unopened', () => `The ')' at line ${line}, column ${column} closes a group that was never opened.`, line, column);
      } else {
        const group = stack.pop()!;
        if (group.count === 0) zeroGroups--;
        add(group);
      }
    } else {
      report('lurd.symbol', () => `Unknown move ${describeChar(ch)} at line ${line}, column ${column}: use l u r d for moves and L U R D for pushes.`, line, column);
    }
  }
  if (count >= 0 && !overflow) {
    report('lurd.count', () => `The count at line ${countLine}, column ${countColumn} is not followed by a move or a group.`, countLine, countColumn);
  }
  while (stack.length > 1 && !overflow) {
    const group = stack.pop()!;
    report('lurd.group.unclosed', () => `The '(' at line ${group.line}, column ${group.column} is never closed: add a ')'.`, group.line, group.column);
  }
  if (overflow || root.length > MAX_LURD_MOVES) {
    // Without an early stop (a zero-count group was open), the whole text was read.
    const at = overflow ? overflowAt : { line: lastLine, column: lastColumn };
    diagnostics.push({
      severity: 'error',
      code: 'lurd.too-long',
      message: `The solution expands to more than ${MAX_LURD_MOVES.toLocaleString('en-US')} moves, the longest recording the studio keeps (passed at line ${at.line}, column ${at.column}); check its run-length counts.`,
      line: at.line,
      column: at.column,
      params: { max: MAX_LURD_MOVES },
    });
  }
  if (diagnostics.length > 0) return { diagnostics };
  const moves: LurdMove[] = [];
  expand(root.items, moves);
  return { moves, diagnostics };
}

/** Depth is bounded by MAX_LURD_NESTING, so recursion is safe here. */
function expand(items: readonly Node[], out: LurdMove[]): void {
  for (const node of items) {
    if ('move' in node) {
      for (let k = 0; k < node.count; k++) out.push(node.move);
    } else {
      for (let k = 0; k < node.count; k++) expand(node.items, out);
    }
  }
}

/** Canonical LURD: one letter per move, upper case for pushes, no counts, no whitespace. */
export function writeLurd(moves: readonly LurdMove[]): string {
  let out = '';
  for (const m of moves) out += m.push ? m.dir.toUpperCase() : m.dir;
  return out;
}

/** The directions of a LURD solution, ignoring which steps push. */
export function lurdToDirections(text: string): { readonly directions?: Direction[]; readonly diagnostics: readonly Diagnostic[] } {
  const parsed = parseLurd(text);
  return parsed.moves ? { directions: parsed.moves.map((m) => m.dir), diagnostics: parsed.diagnostics } : { diagnostics: parsed.diagnostics };
}
