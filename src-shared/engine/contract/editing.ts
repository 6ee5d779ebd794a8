/**
 * The editing facet: what one level editor needs to edit any kind without knowing it. A kind
 * describes its level document as a grid of cells in named layers (terrain, surface, mechanism,
 * piece, ...), each holding at most one token, and its palette of tokens; it converts documents
 * to and from that grid. The edit operations themselves (paint, erase, rectangles, flood fill,
 * resize, rotate, copy and paste, links) are generic, in engine/editing/operations.ts, and call back into
 * the kind only for its constraints (`constrain`: a push level has one player).
 */
import type { Diagnostic, GridCell } from '../diagnostics.ts';
import type { LevelMeta } from './game.ts';

/** What a cell holds in one layer: a palette entry's id and its parameters (a link id). */
export interface EditToken {
  readonly id: string;
  readonly params?: Readonly<Record<string, string>>;
}

/** A cell: at most one token per layer (absent: the layer is empty there). */
export type EditCell = Readonly<Record<string, EditToken>>;

export interface EditGrid {
  readonly width: number;
  readonly height: number;
  /** Row-major. */
  readonly cells: readonly EditCell[];
}

/** A parameter of a palette entry: a link id (button -> door), a teleporter pair. */
export interface PaletteParam {
  readonly id: string;
  readonly label: string;
  /** `link`: entries sharing the value are linked (link mode sets it from one cell to another). */
  readonly type: 'link' | 'text';
  readonly default: string;
  /** What a value must match (a JavaScript regular expression source). */
  readonly pattern?: string;
}

export interface PaletteEntry {
  readonly id: string;
  readonly layer: string;
  /** English name; the kind's messages translate `palette.<id>`. */
  readonly label: string;
  /** How its icon is drawn: a terrain name and/or a piece of the kind's `appearance`. */
  readonly look: { readonly terrain?: string; readonly piece?: { readonly kind: string; readonly variant?: string } };
  readonly params?: readonly PaletteParam[];
  /** A key that picks it in the editor (one character). */
  readonly key?: string;
  /** At most one cell may hold it (the push player): placing it elsewhere moves it. */
  readonly unique?: boolean;
}

export interface EditingFacet<L extends LevelMeta> {
  /** Bottom to top; erasing takes the topmost token first. */
  readonly layers: readonly string[];
  /** The token an empty cell shows in the bottom layer (push: floor), if any. */
  readonly background?: EditToken;
  /**
   * A room enclosed by a token (push: walls): the empty cells reached from the board's edge without
   * crossing one are outside the room and drawn with the `outside` terrain, so the room's outline shows.
   */
  readonly enclosure?: { readonly wall: string; readonly outside: string };
  /**
   * False for kinds whose cells are rearranged, not painted (sliding tiles are swapped): the
   * editor then offers swapping instead of the brushes.
   */
  readonly paintable: boolean;
  /** What may be painted under the rules' config (only the mechanisms it enables). */
  readonly palette: readonly PaletteEntry[];
  /** How tokens that are not in the palette are drawn in the editor (sliding's tiles, which are swapped, not painted). */
  readonly tokenLooks?: Readonly<Record<string, PaletteEntry['look']>>;
  readonly minSize: { readonly width: number; readonly height: number };
  readonly maxSize: { readonly width: number; readonly height: number };
  toGrid(level: L): EditGrid;
  /** The document of a grid; `base`, the document edited, gives what the grid does not hold (title, notes, a sliding goal). */
  fromGrid(grid: EditGrid, base?: L): L;
  /** A new level: an empty room of this size (push: walls round a floor). */
  blank(width: number, height: number): L;
  /**
   * The kind's own rules after `layer` was written at `cells` (a wall clears what stood there; a
   * piece put on a wall turns it to floor). Absent: nothing beyond one token per layer and `unique`.
   */
  constrain?(grid: EditGrid, cells: readonly number[], layer: string): EditGrid;
  /**
   * After a resize, rotation or paste that changes what the cells are (sliding: the tiles are
   * renumbered to stay a permutation). Absent: the grid stands.
   */
  reshape?(grid: EditGrid, base?: L): EditGrid;
  /** Edits that fix a diagnostic of `level` where the fix is obvious (none: the designer decides). */
  fixes?(level: L, diagnostic: Diagnostic): readonly EditFix[];
  /**
   * Parts of the document the grid does not hold (blocks: the goal, the deal seed, the scripted
   * trays), each edited as text beside the board; `fromGrid(grid, base)` keeps them from `base`.
   */
  readonly fields?: readonly EditField<L>[];
}

/** A document field outside the grid, read and written as text. */
export interface EditField<L> {
  readonly id: string;
  /** English name; the kind's messages translate `field.<id>` (and `field.<id>.help` where given). */
  readonly label: string;
  /** `lines`: several lines (one entry a line); `choice`: one of `choices`; `integer`: digits or empty. */
  readonly type: 'text' | 'lines' | 'choice' | 'integer';
  readonly choices?: readonly string[];
  read(level: L): string;
  /** The document with the field set to `value`, or why the value is refused. */
  write(level: L, value: string): { readonly level: L } | { readonly error: string };
}

export type Rotation = 'cw' | 'ccw' | 'half';
export type Mirror = 'horizontal' | 'vertical';

/** Signed growth at each edge: `{ left: 1 }` adds a column on the left, `{ bottom: -2 }` removes two rows. */
export interface EdgeDeltas {
  readonly top?: number;
  readonly right?: number;
  readonly bottom?: number;
  readonly left?: number;
}

/** One edit of a level's grid; `engine/editing/operations.ts` applies it through the kind's description. */
export type EditOperation =
  | { readonly type: 'place'; readonly cells: readonly GridCell[]; readonly entry: string; readonly params?: Readonly<Record<string, string>> }
  | { readonly type: 'erase'; readonly cells: readonly GridCell[] }
  | { readonly type: 'rect'; readonly rect: CellRect; readonly entry: string; readonly params?: Readonly<Record<string, string>> }
  | { readonly type: 'erase-rect'; readonly rect: CellRect }
  | { readonly type: 'fill'; readonly cell: GridCell; readonly entry: string; readonly params?: Readonly<Record<string, string>> }
  | { readonly type: 'resize'; readonly edges: EdgeDeltas }
  | { readonly type: 'trim' }
  | { readonly type: 'rotate'; readonly rotation: Rotation }
  | { readonly type: 'mirror'; readonly mirror: Mirror }
  | { readonly type: 'paste'; readonly fragment: EditGrid; readonly at: GridCell }
  | { readonly type: 'swap'; readonly a: GridCell; readonly b: GridCell }
  | { readonly type: 'link'; readonly from: GridCell; readonly to: GridCell };

/** A fix the editor offers for a diagnostic, as edits (two players: remove this one). */
export interface EditFix {
  readonly id: string;
  /** English label; the kind's messages translate `fix.<id>`. */
  readonly label: string;
  readonly operations: readonly EditOperation[];
}

/** What an edit operation returns: the new document, whether anything changed, and why not. */
export interface EditResult<L> {
  readonly level: L;
  readonly changed: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

export interface CellRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type { GridCell };
