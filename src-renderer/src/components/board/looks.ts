/**
 * How the board renderer looks a name up: a terrain name or piece kind goes through the kind's
 * `appearance` (a shape and a tone); a name the kind does not describe still draws, neutral.
 * Paths for whole layers (thumbnails, overlays, fog) are built here, one path per look.
 */
import type { Appearance, Appearances, Shape, Tone, Visibility } from '../../../../src-shared/engine/ruleset.ts';

export interface Look {
  readonly shape: Shape;
  readonly tone: Tone;
  readonly overlay?: { readonly shape: Shape; readonly tone: Tone };
  /** False for a name the kind's appearance does not describe. */
  readonly known: boolean;
  readonly description?: string;
}

const NEUTRAL_TERRAIN: Look = { shape: 'fill', tone: 'muted', known: false };
const NEUTRAL_PIECE: Look = { shape: 'token', tone: 'muted', known: false };

function lookOf(entry: Appearance | undefined, neutral: Look): Look {
  return entry ? { shape: entry.shape, tone: entry.tone, ...(entry.overlay ? { overlay: entry.overlay } : {}), ...(entry.description ? { description: entry.description } : {}), known: true } : neutral;
}

export function terrainLook(appearance: Appearances | undefined, name: string): Look {
  return lookOf(appearance && Object.hasOwn(appearance.terrain, name) ? appearance.terrain[name] : undefined, NEUTRAL_TERRAIN);
}

export function pieceLook(appearance: Appearances | undefined, kind: string): Look {
  return lookOf(appearance && Object.hasOwn(appearance.pieces, kind) ? appearance.pieces[kind] : undefined, NEUTRAL_PIECE);
}

/** A kind's name as a CSS class part (names are the kind's own: keep letters, digits and dashes). */
export function cssName(name: string): string {
  return name.replace(/[^A-Za-z0-9-]/g, '_');
}

/** The classes of a terrain name: `terrain-<name>`, and `terrain-other` when the kind does not describe it. */
export function terrainClass(look: Look, name: string): string {
  return look.known ? `terrain-${cssName(name)}` : `terrain-${cssName(name)} terrain-other`;
}

export function pieceClass(look: Look, kind: string): string {
  return look.known ? `piece-${cssName(kind)}` : `piece-${cssName(kind)} piece-other`;
}

export interface CellAt {
  readonly x: number;
  readonly y: number;
}

/** Unit squares for cells, as one path. */
export function squaresPath(cells: readonly CellAt[]): string {
  return cells.map((c) => `M${c.x} ${c.y}h1v1h-1z`).join('');
}

/** Overlay shapes drawn as one path for many cells; other shapes are drawn one per cell. */
const OVERLAY_PATHS: Partial<Record<Shape, (c: CellAt) => string>> = {
  // A goal's diamond.
  mark: (c) => `M${c.x + 0.5} ${c.y + 0.3}l0.2 0.2l-0.2 0.2l-0.2 -0.2z`,
  // Ice's two strokes.
  hatch: (c) => `M${c.x + 0.2} ${c.y + 0.62}l0.3 -0.3M${c.x + 0.45} ${c.y + 0.78}l0.35 -0.35`,
};

export function overlayPath(shape: Shape, cells: readonly CellAt[]): string | undefined {
  const draw = OVERLAY_PATHS[shape];
  return draw ? cells.map(draw).join('') : undefined;
}

/** Cells of the board by visibility, as paths: hidden ones are covered, remembered ones dimmed. */
export function fogPaths(width: number, visibility: readonly Visibility[] | undefined): { readonly hidden: string; readonly remembered: string } {
  if (!visibility) return { hidden: '', remembered: '' };
  const by = (wanted: Visibility) => squaresPath(visibility.flatMap((v, i) => (v === wanted ? [{ x: i % width, y: Math.floor(i / width) }] : [])));
  return { hidden: by('hidden'), remembered: by('remembered') };
}
