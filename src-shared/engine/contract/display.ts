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
 * The shapes every board knows (`engine/appearance.ts` draws them). `fill` paints the cell
 * (terrain); `mark` a small sign on it (a goal's diamond); the others are pieces drawn inside the
 * cell. A kind adds its own in `Appearances.shapes`.
 */
export const SHAPES = ['fill', 'mark', 'hatch', 'player', 'box', 'tile', 'disc', 'ring', 'pad', 'door', 'token', 'spike'] as const;
/** A shape's name: one of `SHAPES` or one the kind's appearance declares. */
export type Shape = string;

/**
 * The colour roles every theme colours (theme.css), so a kind using them never names a colour. A
 * kind that needs another role declares it in `Appearances.tones` with a colour per theme.
 */
export const TONES = ['wall', 'floor', 'goal', 'ice', 'outside', 'player', 'box', 'tile', 'mechanism', 'accent', 'danger', 'success', 'warning', 'muted'] as const;
/** A tone's name: one of `TONES` or one the kind's appearance declares. */
export type Tone = string;

/**
 * A shape a kind draws, as SVG path data in a unit cell (0..1 both ways), painted in the tone it is
 * used with: `colour` (pieces and marks), `edge` (outlines, details), `ground` (terrain).
 */
export interface ShapeDrawing {
  readonly body: string;
  /**
   * How the body is painted: `solid` (default) filled in the colour and outlined in the edge;
   * `colour` filled in the colour only; `ground` filled in the ground (terrain); `line` stroked in
   * the colour, unfilled; `edge-line` stroked in the edge, unfilled.
   */
  readonly paint?: 'solid' | 'colour' | 'ground' | 'line' | 'edge-line';
  /** Stroke width of the body in cell units (default 0.05). */
  readonly weight?: number;
  /** Finer marks over the body, in the edge colour. */
  readonly detail?: string;
  /** `line` (default): the detail is stroked; `solid`: filled. */
  readonly detailPaint?: 'line' | 'solid';
  readonly detailWeight?: number;
  /** Opacity of the detail (0..1, default 1). */
  readonly detailOpacity?: number;
  /** How a piece's label sits on it: `halo` (default, legible on any colour) or `ink` (dark, larger: a tile's number). */
  readonly label?: 'halo' | 'ink';
}

/** The three colours of a tone in one theme (CSS colours). */
export interface ToneColours {
  readonly colour: string;
  readonly edge: string;
  readonly ground: string;
}

/** A tone a kind declares: its colours in the dark and in the light theme. */
export interface ToneDefinition {
  readonly dark: ToneColours;
  readonly light: ToneColours;
}

/** How a terrain name or piece kind is drawn. */
export interface Appearance {
  readonly shape: Shape;
  readonly tone: Tone;
  /** Drawn over terrain that needs telling apart at a glance (ice hatching, a goal mark). */
  readonly overlay?: { readonly shape: Shape; readonly tone: Tone };
  /** English description for tooltips and accessible names, where the kind gives no message. */
  readonly description?: string;
  /**
   * How a piece's variants (`BoardPiece.variant`, space-separated words) change it: a box on a goal
   * takes the success tone, an open door another shape. Later words win.
   */
  readonly variants?: Readonly<Record<string, { readonly shape?: Shape; readonly tone?: Tone }>>;
}

export interface Appearances {
  readonly terrain: Readonly<Record<string, Appearance>>;
  readonly pieces: Readonly<Record<string, Appearance>>;
  /** Shapes of the kind's own, beside `SHAPES` (a name here wins over a base shape's). */
  readonly shapes?: Readonly<Record<string, ShapeDrawing>>;
  /** Tones of the kind's own, beside `TONES`. */
  readonly tones?: Readonly<Record<string, ToneDefinition>>;
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

/** A picture for a HUD item: a piece kind and/or a terrain name of the kind's appearance, drawn as on the board. */
export interface HudIcon {
  readonly terrain?: string;
  readonly piece?: string;
}

/**
 * A HUD item: a counter (moves, steps left, hearts, recalls left) or something the player holds
 * (keys, a bomb, the feather), each with an optional icon. The host shows counters in order, then
 * the held items as an inventory.
 */
export interface HudItem {
  /** Its id (a `GameFacet.counters` name, or an item's); its label is the kind's message `hud.<id>`. */
  readonly id: string;
  readonly value: number;
  /** Where the counter has a limit (a step limit): shown as value / max. */
  readonly max?: number;
  readonly icon?: HudIcon;
  /** `counter` (default): a number with its name; `held`: an item in the inventory (its icon, × value when more than one). */
  readonly role?: 'counter' | 'held';
  /** Running out (the last heart, few steps left): the host shows it as a warning. */
  readonly low?: boolean;
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

/**
 * A way of playing a kind offers besides the ordinary play-test (seed 001's "no-light night":
 * one life, no undo, no memory, the whole campaign in a row). The host applies each rule
 * generically; its name is the kind's message `mode.<id>` (and `mode.<id>.help`).
 */
export interface PlayMode {
  readonly id: string;
  /** English name, where the kind gives no message. */
  readonly label: string;
  /** Undo and redo are refused. */
  readonly noUndo?: boolean;
  /** What the player saw is forgotten on every retry (and on the next level). */
  readonly noMemory?: boolean;
  /** The campaign's levels in a row: a won level leads to the next, a lost one (or a restart) back to the first. */
  readonly campaignRun?: boolean;
}

export interface DisplayFacet<S, C> {
  view(state: S): BoardView;
  /** How each terrain name and piece kind of `view` is drawn. */
  readonly appearance: Appearances;
  /** What to show in play: counters in order, then held items (the inventory). */
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
  /** Play modes the kind offers in the play-test besides the ordinary one. */
  readonly playModes?: readonly PlayMode[];
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
