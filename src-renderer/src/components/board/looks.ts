/**
 * How the board renderer looks a name up: a terrain name or piece kind goes through the kind's
 * `appearance` (a shape and a tone); a name the kind does not describe still draws, neutral.
 * Paths for whole layers (thumbnails, overlays, fog) are built here, one path per look.
 */
import type { Appearance, Appearances, Shape, Tone, Visibility } from '../../../../src-shared/engine/ruleset.ts';
import { kindTone, withVariant } from '../../../../src-shared/engine/appearance.ts';

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

function lookOf(entry: Appearance | undefined, neutral: Look, variant?: string): Look {
  return entry ? { ...withVariant(entry, variant), ...(entry.overlay ? { overlay: entry.overlay } : {}), ...(entry.description ? { description: entry.description } : {}), known: true } : neutral;
}

export function terrainLook(appearance: Appearances | undefined, name: string): Look {
  return lookOf(appearance && Object.hasOwn(appearance.terrain, name) ? appearance.terrain[name] : undefined, NEUTRAL_TERRAIN);
}

/** A piece kind's look, with its variant words applied (a box on a goal in the success tone). */
export function pieceLook(appearance: Appearances | undefined, kind: string, variant?: string): Look {
  return lookOf(appearance && Object.hasOwn(appearance.pieces, kind) ? appearance.pieces[kind] : undefined, NEUTRAL_PIECE, variant);
}

/**
 * The colours of a tone the kind declares, as the CSS variables its shapes paint with (the base
 * tones get theirs from board.css by class). `light-dark()` picks by the theme's colour scheme.
 */
export function toneStyle(appearance: Appearances | undefined, tone: Tone): Record<string, string> | undefined {
  const def = kindTone(appearance, tone);
  if (!def) return undefined;
  const pick = (part: 'colour' | 'edge' | 'ground') => `light-dark(${def.light[part]}, ${def.dark[part]})`;
  return { '--c': pick('colour'), '--e': pick('edge'), '--g': pick('ground') };
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

/** One path for an overlay on many cells, where the shape is a base one that allows it (else undefined: draw per cell). */
export function overlayPath(appearance: Appearances | undefined, shape: Shape, cells: readonly CellAt[]): string | undefined {
  if (appearance?.shapes && Object.hasOwn(appearance.shapes, shape)) return undefined;
  const draw = Object.hasOwn(OVERLAY_PATHS, shape) ? OVERLAY_PATHS[shape] : undefined;
  return draw ? cells.map(draw).join('') : undefined;
}

/** Cells of the board by visibility, as paths: hidden ones are covered, remembered ones dimmed. */
export function fogPaths(width: number, visibility: readonly Visibility[] | undefined): { readonly hidden: string; readonly remembered: string } {
  if (!visibility) return { hidden: '', remembered: '' };
  const by = (wanted: Visibility) => squaresPath(visibility.flatMap((v, i) => (v === wanted ? [{ x: i % width, y: Math.floor(i / width) }] : [])));
  return { hidden: by('hidden'), remembered: by('remembered') };
}
