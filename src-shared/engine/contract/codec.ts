/**
 * The codec facet: commands and solutions as text (a recording, a hint, a LURD solution), and the
 * level file formats a kind reads and writes.
 */
import type { Diagnostic } from '../diagnostics.ts';

export interface CodecFacet<S, C> {
  encodeCommand(command: C): string;
  decodeCommand(text: string): C | undefined;
  /** A whole solution as text (LURD for push); `start` lets a kind mark pushes. */
  encodeSolution(start: S, commands: readonly C[]): string;
  decodeSolution(text: string): { readonly commands?: readonly C[]; readonly diagnostics: readonly Diagnostic[] };
}

/** A text format for collections of levels (XSB/SOK for push, ...). */
export interface LevelCollection<L> {
  readonly title?: string;
  readonly author?: string;
  readonly comments?: readonly string[];
  readonly notes?: Readonly<Record<string, string>>;
  readonly levels: readonly L[];
}

export interface CollectionReadResult<L> {
  readonly collection: LevelCollection<L>;
  /** Per-level problems carry `level` (1-based, counting every level found) and `line`. */
  readonly diagnostics: readonly Diagnostic[];
  /** How many levels were found but not kept because of errors. */
  readonly rejected: number;
  /** For each kept level, its 1-based position among all levels found in the file. */
  readonly levelNumbers: readonly number[];
  /**
   * For each level found, kept or not (index: its number - 1), where its text is and its title
   * when the file gives one: so a later problem (lint) can name a line, and a rejected level
   * keeps its name. Filled by the readers of text and JSON files.
   */
  readonly found?: readonly FoundLevel[];
  /** Reading stopped at `ReadOptions.maxLevels`: the file may hold more levels than were read. */
  readonly stoppedEarly?: boolean;
}

export interface ReadOptions {
  /**
   * Stop after this many levels (kept or not): what follows is not read, so asking for level 1
   * of a huge file costs level 1. Text formats stop reading there; JSON must still parse the
   * whole document but checks no level past it.
   */
  readonly maxLevels?: number;
}

export interface FoundLevel {
  /** 1-based line the level's text starts on. */
  readonly line: number;
  /** For boards drawn in text: the line of each board row, top to bottom. */
  readonly rowLines?: readonly number[];
  readonly title?: string;
}

export interface LevelFormat<L> {
  readonly id: string;
  readonly label: string;
  /** File name endings this format reads, lower case, without the dot. */
  readonly extensions: readonly string[];
  read(text: string, options?: ReadOptions): CollectionReadResult<L>;
  write(collection: LevelCollection<L>): string;
  /**
   * How surely `text` is in this format, for files whose ending several kinds share (.json):
   * 0 not this format, 1 could be, 2 certainly (its format tag or its telltale fields).
   */
  sniff(text: string): 0 | 1 | 2;
}
