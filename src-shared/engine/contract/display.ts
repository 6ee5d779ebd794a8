/**
 * The display facet: how a state looks and how a player gives commands. The renderer knows no
 * kind: it draws a `BoardView` in layers with the looks the kind names, shows the kind's HUD, and
 * looks keys, clicks and selections up here.
 */
import type { GridCell } from '../diagnostics.ts';

/** A piece of a board picture: what moves or changes with the state. */
export interface BoardPiece {
  readonly id: string;
  /** What it is: `player`, `box`, `tile`, `door`, ... (its look comes from `Appearance`). */
  readonly kind: string;
  readonly x: number;
  readonly y: number;
  readonly label?: string;
  /** Variant for drawing: `on-goal`, `heavy`, `open`, ... */
  readonly variant?: string;
}

/** What a player sees of a cell: now, from memory (terrain only), or nothing (fog). */
export type Visibility = 'visible' | 'remembered' | 'hidden';

/**
 * A generic picture of a state, drawn in layers: terrain (one name per cell), pieces on top, and
 * where the kind has perception, a visibility layer (fog). Hosts add their own overlays
 * (highlights, lint marks, a brush) above these.
 */
export interface BoardView {
  readonly width: number;
  readonly height: number;
  /** One terrain name per cell, row-major: `wall`, `floor`, `goal`, `ice`, `outside`, ... */
  readonly terrain: readonly string[];
  readonly pieces: readonly BoardPiece[];
  /** One per cell when the kind limits what the player sees; absent: all visible. */
  readonly visibility?: readonly Visibility[];
}

/**
 * Shapes the shared board renderer draws. `fill` paints the cell (terrain); `mark` a small sign on
 * it (a goal's diamond); the others are pieces drawn inside the cell.
 */
export const SHAPES = ['fill', 'mark', 'hatch', 'player', 'box', 'tile', 'disc', 'ring', 'pad', 'door', 'token', 'spike'] as const;
export type Shape = (typeof SHAPES)[number];

/** Colour roles; each theme gives every tone a colour, so a kind never names a colour itself. */
export const TONES = ['wall', 'floor', 'goal', 'ice', 'outside', 'player', 'box', 'tile', 'mechanism', 'accent', 'danger', 'success', 'warning', 'muted'] as const;
export type Tone = (typeof TONES)[number];

/** How a terrain name or piece kind is drawn. */
export interface Appearance {
  readonly shape: Shape;
  readonly tone: Tone;
  /** Drawn over terrain that needs telling apart at a glance (ice hatching, a goal mark). */
  readonly overlay?: { readonly shape: Shape; readonly tone: Tone };
  /** English description for tooltips and accessible names, where the kind gives no message. */
  readonly description?: string;
}

export interface Appearances {
  readonly terrain: Readonly<Record<string, Appearance>>;
  readonly pieces: Readonly<Record<string, Appearance>>;
}

/**
 * A key that sends a command in play. Ctrl/Cmd combinations belong to the studio, and so do the
 * play keys in `RESERVED_PLAY_KEYS`: a binding has neither.
 */
export interface KeyBinding {
  /** `KeyboardEvent.key`: `ArrowUp`, `w`, ` `. A single letter matches both cases unless `shift` is set. */
  readonly key: string;
  readonly shift?: boolean;
  readonly alt?: boolean;
  /** The encoded command (`CodecFacet.encodeCommand`). */
  readonly command: string;
}

/** The studio's own keys in play (undo, redo, restart, hint, leave, previous and next level): no kind may bind them. */
export const RESERVED_PLAY_KEYS: readonly string[] = ['z', 'y', 'r', 'h', 'Escape', 'F1', 'Tab', 'PageUp', 'PageDown'];

/** Something a command can name besides a cell: a tray piece to place. */
export interface Selectable {
  readonly id: string;
  readonly label: string;
  /** A picture of it for the selection strip, where it has one. */
  readonly view?: BoardView;
  /**
   * The cells it covers relative to the cell a command names (a tray piece's cells from its
   * top-left corner): a host draws them as a ghost under the pointer or the keyboard cursor.
   */
  readonly footprint?: readonly GridCell[];
}

/** A counter shown in play: moves, pushes, steps left, score. */
export interface HudItem {
  /** A counter id (`GameFacet.counters`); its label is the kind's message `hud.<id>`. */
  readonly id: string;
  readonly value: number;
  /** Where the counter has a limit (a step limit): shown as value / max. */
  readonly max?: number;
}

/**
 * A named set of cells a kind can lay over its board in the editor, computed by its real rules
 * (seed 000: the editor may show dead squares and the like, but from the shipped rules): dead
 * squares, where the player can walk.
 */
export interface CellOverlay {
  readonly id: string;
  /** English name; the kind's messages translate `overlay.<id>`. */
  readonly label: string;
  readonly tone: Tone;
  readonly cells: readonly GridCell[];
}

/**
 * What a player perceives, kept apart from the state so solvers still see everything (seed 001:
 * fog, light radius, memory of halls seen).
 */
export interface Perception {
  readonly visibility: readonly Visibility[];
  /** What the player remembers afterwards: JSON, kept by the host across moves and retries. */
  readonly memory: unknown;
}

export interface DisplayFacet<S, C> {
  view(state: S): BoardView;
  /** How each terrain name and piece kind of `view` is drawn. */
  readonly appearance: Appearances;
  /** The counters to show in play, in order. */
  hud(state: S): readonly HudItem[];
  /** Keys for play. The renderer knows no kind; it looks keys up here. */
  readonly keyBindings: readonly KeyBinding[];
  /** A short, language-neutral picture of a command for hints and replays: `↑`, `7↓`. */
  commandGlyph(command: C): string;
  /**
   * What a click on a board cell means in play (sliding: slide that tile), if anything. With a
   * selection (`selectables`), the command names both: place the selected piece at the cell.
   */
  commandAt?(state: S, cell: GridCell, selection?: string): C | undefined;
  /** Things a player picks before a click names a cell (the pieces in a tray). */
  selectables?(state: S): readonly Selectable[];
  /** What the player sees now, given what they remembered (`undefined` at a level's start). */
  perceive?(state: S, memory: unknown): Perception;
  /** Cell sets the editor can show over the board, each toggled by the designer. */
  overlays?(state: S): readonly CellOverlay[];
}

/** The picture a player sees: pieces on cells not visible now are left out, fog marked. */
export function perceivedView(view: BoardView, perception: Perception | undefined): BoardView {
  if (!perception) return view;
  const { visibility } = perception;
  const seen = (x: number, y: number): boolean => visibility[y * view.width + x] === 'visible';
  return { ...view, pieces: view.pieces.filter((p) => seen(p.x, p.y)), visibility };
}
