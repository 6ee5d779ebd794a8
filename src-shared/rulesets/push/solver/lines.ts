/**
 * Solved lines kept in the host's solver tables (SolveOptions.tables), so that a solve from a
 * position along a line proven optimal before answers from it instead of searching from zero: a
 * hint after each correct move, a replay curve over a solution (every position of a recording
 * of it is on the line).
 *
 * Why it is sound: the rest of an optimal solution is optimal from each position it passes
 * through (a cheaper rest would make a cheaper whole), and equal keys (`Rules.key`) mean equal
 * futures. Only lines proven optimal are kept, by objective: a line by pushes says nothing about
 * moves.
 *
 * One table per board, rules and objective (its name hashes all three), holding up to LINES_KEPT
 * lines, newest first, each the key of every position and the moves between them. Storage is a
 * cache: a table that cannot be read is treated as empty.
 */
import type { SolverTables } from '../../../engine/ruleset.ts';
import type { PushState } from '../board.ts';
import { DIRECTIONS, type Direction } from '../schema.ts';

/** Lines kept per board and objective (newest first); older ones are dropped. */
export const LINES_KEPT = 32;
/** Positions kept in all per table: one table stays well under a few megabytes. */
export const LINE_POSITIONS_KEPT = 100_000;

interface StoredLine {
  /** `Rules.key` of each position, the start first. */
  readonly keys: readonly string[];
  /** One letter a move (the first letter of its direction). */
  readonly moves: string;
}

const LETTER: Readonly<Record<Direction, string>> = Object.fromEntries(DIRECTIONS.map((d) => [d, d[0]])) as Record<Direction, string>;
const BY_LETTER: ReadonlyMap<string, Direction> = new Map(DIRECTIONS.map((d) => [d[0], d]));

export class SolvedLines {
  private readonly tables: SolverTables;
  readonly name: string;

  constructor(tables: SolverTables, fingerprint: string, state: PushState, objective: string) {
    this.tables = tables;
    this.name = `push-lines-${objective}-${boardHash(fingerprint, state)}`;
  }

  /** The rest of a kept optimal line from the position with this key, if one passes through it. */
  restFrom(key: string): Direction[] | undefined {
    for (const line of this.read()) {
      const at = line.keys.indexOf(key);
      if (at < 0) continue;
      const rest: Direction[] = [];
      for (const letter of line.moves.slice(at)) {
        const dir = BY_LETTER.get(letter);
        if (!dir) return undefined;
        rest.push(dir);
      }
      return rest;
    }
    return undefined;
  }

  /** Keep an optimal line: `keys` of every position from its start, `moves` between them. */
  keep(keys: readonly string[], moves: readonly Direction[]): void {
    if (keys.length !== moves.length + 1) return;
    const line: StoredLine = { keys, moves: moves.map((d) => LETTER[d]).join('') };
    const kept: StoredLine[] = [line];
    let positions = keys.length;
    for (const old of this.read()) {
      // A line already kept from here on says nothing new.
      if (old.keys[0] === keys[0] || kept.length >= LINES_KEPT || positions + old.keys.length > LINE_POSITIONS_KEPT) continue;
      kept.push(old);
      positions += old.keys.length;
    }
    if (positions > LINE_POSITIONS_KEPT) return;
    this.tables.put(this.name, asciiBytes(JSON.stringify({ lines: kept })));
  }

  private read(): StoredLine[] {
    const data = this.tables.get(this.name);
    if (!data) return [];
    try {
      const parsed = JSON.parse(bytesAscii(data)) as { lines?: unknown };
      if (!Array.isArray(parsed.lines)) return [];
      return parsed.lines.filter(
        (l): l is StoredLine =>
          typeof l === 'object' && l !== null && Array.isArray((l as StoredLine).keys) && typeof (l as StoredLine).moves === 'string' && (l as StoredLine).keys.length === (l as StoredLine).moves.length + 1,
      );
    } catch {
      return [];
    }
  }
}

/** FNV-1a over the rules' fingerprint and everything static on the board, as 8 hex digits. */
function boardHash(fingerprint: string, state: PushState): string {
  const b = state.board;
  let h = 0x811c9dc5;
  const mix = (n: number): void => {
    h = Math.imul(h ^ (n & 0xffff), 0x01000193);
  };
  for (let i = 0; i < fingerprint.length; i++) mix(fingerprint.charCodeAt(i));
  mix(b.width);
  mix(b.height);
  for (let c = 0; c < b.width * b.height; c++) {
    mix(b.wall[c] | (b.goal[c] << 1) | (b.ice[c] << 2));
    mix(b.button[c] + 1);
    mix(b.door[c] + 1);
    mix(b.teleport[c] + 1);
  }
  for (let i = 0; i < b.boxWeight.length; i++) mix(b.boxWeight[i] * 2 + (b.heavyBox[i] ? 1 : 0));
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** ASCII text (JSON of keys and move letters) as bytes, and back. */
function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}

function bytesAscii(data: Uint8Array): string {
  let text = '';
  for (let i = 0; i < data.length; i += 8192) text += String.fromCharCode(...data.subarray(i, i + 8192));
  return text;
}
