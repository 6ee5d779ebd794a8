/**
 * XSB board lines: telling board rows from text, and turning a block of board lines (plain or
 * run-length encoded) into PushLevel rows. Split from `xsb.ts`, which handles the collection
 * structure and metadata around the boards.
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import { MAX_BOARD_SIDE } from '../schema.ts';

/**
 * - `board`: only board symbols, RLE digits, `|` and whitespace, with at least one `#`;
 * - `boardish`: the same without `#` but with some symbol (a row of floor, an open edge): a board
 *   row only next to `board` lines;
 * - `suspect`: starts with `#` but holds other characters: a garbled row next to `board` lines;
 * - `blank`, `text`: everything else.
 */
export type LineClass = 'blank' | 'board' | 'boardish' | 'suspect' | 'text';

export function classifyLine(line: string): LineClass {
  let hasWall = false;
  let hasSymbol = false;
  let first = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    if (first < 0) first = c;
    if (c === 35) hasWall = true;
    else if (c === 45 || c === 95 || c === 46 || c === 36 || c === 42 || c === 64 || c === 43) hasSymbol = true;
    // Anything else ends the scan early, which keeps huge text lines cheap.
    else if (c !== 124 && (c < 48 || c > 57)) return first === 35 ? 'suspect' : line.trim() === '' ? 'blank' : 'text';
  }
  if (first < 0) return 'blank';
  return hasWall ? 'board' : hasSymbol ? 'boardish' : 'text';
}

/**
 * Whether a `suspect` line is mostly board: at least four visible characters, three in four of
 * them board symbols or RLE digits (`#@$x#` is; `# a remark` is not). A run of such lines is a
 * garbled board, reported as one, not read as text: that would silently renumber later levels.
 */
export function mostlyBoard(line: string): boolean {
  let visible = 0;
  let board = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === ' ' || ch === '\t') continue;
    visible++;
    if ('#-_.$*@+|'.includes(ch) || (ch >= '0' && ch <= '9')) board++;
  }
  return visible >= 4 && board * 4 >= visible * 3;
}

/** A diagnostic before the reader adds `severity` and `level`. */
export type BoardProblem = Omit<Diagnostic, 'severity' | 'level'>;

/** Per-level cap on reported board problems: one garbled board must not flood the list. */
const MAX_PROBLEMS_PER_BOARD = 20;
/** Run-length counts saturate here; any count this large already overflows a row. */
const COUNT_CAP = 1_000_000_000;

function describeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff) || code === 0xfeff
    ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : `'${ch}'`;
}

/**
 * The rows of the board written on `lines[start..end)`. Floors (` `, `-`, `_`) become spaces,
 * trailing floor is dropped, leading floor is kept. Expansion is streamed into each row and
 * stops at MAX_BOARD_SIDE, so neither a huge line nor a huge count builds a huge string.
 * Returns undefined (with problems reported) when the board is not usable.
 */
export function parseBoardBlock(lines: readonly string[], start: number, end: number, report: (p: BoardProblem) => void, rowLines: number[] = []): string[] | undefined {
  const rows: string[] = [];
  // The line of each held-back empty row (rowLines gets the line of each row pushed).
  const heldLines: number[] = [];
  let problems = 0;
  const problem = (p: BoardProblem): void => {
    if (problems++ < MAX_PROBLEMS_PER_BOARD) report(p);
  };
  // Empty rows are held back: leading ones are dropped, trailing ones too, inner ones kept.
  let heldEmpty = 0;
  let height = 0;
  let tallReported = false;

  for (let i = start; i < end; i++) {
    const line = lines[i];
    const lineNo = i + 1;
    let row = '';
    let spaces = 0;
    let count = -1;
    let countColumn = 0;
    let tooLong = false;
    let broken = false;

    const finishRow = (): void => {
      if (count >= 0) {
        problem({ code: 'xsb.board.rle', message: `The run-length count at line ${lineNo}, column ${countColumn} is not followed by a board symbol.`, line: lineNo, column: countColumn });
        count = -1;
        broken = true;
      }
      if (row === '' && !tooLong && !broken) {
        if (rows.length > 0) {
          heldEmpty++;
          heldLines.push(lineNo);
        }
      } else {
        height += heldEmpty + 1;
        if (height > MAX_BOARD_SIDE) {
          if (!tallReported) {
            problem({ code: 'xsb.board.too-tall', message: `The board at line ${lineNo} has more than ${MAX_BOARD_SIDE} rows; the largest board is ${MAX_BOARD_SIDE}x${MAX_BOARD_SIDE}.`, line: lineNo, params: { max: MAX_BOARD_SIDE } });
            tallReported = true;
          }
        } else {
          for (; heldEmpty > 0; heldEmpty--) rows.push('');
          rowLines.push(...heldLines);
          rows.push(row);
          rowLines.push(lineNo);
        }
        heldEmpty = 0;
        heldLines.length = 0;
      }
      row = '';
      spaces = 0;
      tooLong = false;
      broken = false;
    };

    for (let p = 0; p < line.length; p++) {
      const ch = line[p];
      const code = line.charCodeAt(p);
      if (code >= 48 && code <= 57) {
        if (count < 0) {
          count = 0;
          countColumn = p + 1;
        }
        count = Math.min(COUNT_CAP, count * 10 + (code - 48));
        continue;
      }
      if (ch === '|') {
        finishRow();
        continue;
      }
      const n = count < 0 ? 1 : count;
      count = -1;
      let symbol = ch;
      if (ch === '-' || ch === '_') symbol = ' ';
      else if (ch === '\t') {
        problem({ code: 'xsb.board.tab', message: `Tab in the board at line ${lineNo}, column ${p + 1}: replace it with spaces (tab width is ambiguous, so the board's shape would be a guess).`, line: lineNo, column: p + 1, cell: { x: row.length + spaces, y: rows.length + heldEmpty } });
        broken = true;
        continue;
      } else if (!'# .$*@+'.includes(ch)) {
        problem({ code: 'xsb.board.symbol', message: `Unknown board symbol ${describeChar(ch)} at line ${lineNo}, column ${p + 1}: use # wall, space - or _ floor, . goal, $ box, * box on goal, @ player, + player on goal.`, line: lineNo, column: p + 1, cell: { x: row.length + spaces, y: rows.length + heldEmpty }, params: { symbol: ch } });
        broken = true;
        continue;
      }
      if (tooLong) continue;
      if (symbol === ' ') {
        // Floor is only written out once something follows it, so trailing floor costs nothing.
        spaces = Math.min(COUNT_CAP, spaces + n);
      } else if (row.length + spaces + n > MAX_BOARD_SIDE) {
        problem({ code: 'xsb.row.too-long', message: `The board row at line ${lineNo} is wider than ${MAX_BOARD_SIDE} cells; the largest board is ${MAX_BOARD_SIDE}x${MAX_BOARD_SIDE}.`, line: lineNo, column: p + 1, params: { max: MAX_BOARD_SIDE } });
        tooLong = true;
      } else if (n > 0) {
        row += ' '.repeat(spaces) + symbol.repeat(n);
        spaces = 0;
      }
    }
    finishRow();
  }
  if (problems > 0) return undefined;
  if (rows.length === 0) {
    report({ code: 'xsb.board.empty', message: `The board at line ${start + 1} has no cells.`, line: start + 1 });
    return undefined;
  }
  return rows;
}
