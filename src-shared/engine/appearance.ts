/**
 * The board's drawing vocabulary, open to every kind: the base shapes (`SHAPES`) as path data in a
 * unit cell, and the lookups a board uses to draw a name, where a kind's own shapes and tones
 * (`Appearances.shapes`, `.tones`) stand beside the base ones. Pure data: the renderer paints it,
 * and tests check that a kind's appearance names nothing undrawable.
 */
import { SHAPES, TONES, type Appearance, type Appearances, type ShapeDrawing, type ToneDefinition } from './contract/display.ts';

/** A circle as path data (two arcs). */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
}

/** A rectangle with rounded corners as path data. */
export function roundedRectPath(x: number, y: number, w: number, h: number, r: number): string {
  if (r <= 0) return `M${x} ${y}h${w}v${h}h${-w}z`;
  return `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}z`;
}

/** The base shapes. `mark` and `hatch` are also drawn as one path for many cells (`batchedOverlayPath`). */
export const BASE_SHAPES: Readonly<Record<(typeof SHAPES)[number], ShapeDrawing>> = {
  fill: { body: 'M0 0h1v1h-1z', paint: 'ground' },
  mark: { body: 'M0.5 0.3l0.2 0.2l-0.2 0.2l-0.2 -0.2z', paint: 'colour' },
  hatch: { body: 'M0.2 0.62l0.3 -0.3M0.45 0.78l0.35 -0.35', paint: 'line', weight: 0.06 },
  player: { body: circlePath(0.5, 0.5, 0.32), detail: circlePath(0.5, 0.5, 0.13), detailPaint: 'solid', detailOpacity: 0.55 },
  box: { body: roundedRectPath(0.12, 0.12, 0.76, 0.76, 0.1), detail: 'M0.27 0.27L0.73 0.73M0.73 0.27L0.27 0.73', detailWeight: 0.06, detailOpacity: 0.6 },
  tile: { body: roundedRectPath(0.05, 0.05, 0.9, 0.9, 0.08), weight: 0.04, label: 'ink' },
  disc: { body: circlePath(0.5, 0.5, 0.3), detail: circlePath(0.5, 0.5, 0.17), detailPaint: 'solid' },
  ring: { body: circlePath(0.5, 0.5, 0.32), paint: 'line', weight: 0.08 },
  pad: { body: circlePath(0.5, 0.5, 0.36), paint: 'edge-line', weight: 0.08, detail: circlePath(0.5, 0.5, 0.22), detailPaint: 'solid', detailOpacity: 0.35 },
  door: { body: roundedRectPath(0.08, 0.08, 0.84, 0.84, 0.05), detail: 'M0.32 0.12V0.88M0.5 0.12V0.88M0.68 0.12V0.88', detailWeight: 0.07 },
  token: { body: roundedRectPath(0.16, 0.16, 0.68, 0.68, 0.2) },
  spike: { body: 'M0.14 0.82L0.27 0.32L0.4 0.82M0.37 0.82L0.5 0.2L0.63 0.82M0.6 0.82L0.73 0.32L0.86 0.82z', weight: 0.03 },
};

const BASE_TONES: ReadonlySet<string> = new Set(TONES);

/** How a shape name is drawn: the kind's own shape, else a base shape; undefined for neither. */
export function shapeDrawing(appearance: Appearances | undefined, name: string): ShapeDrawing | undefined {
  if (appearance?.shapes && Object.hasOwn(appearance.shapes, name)) return appearance.shapes[name];
  return Object.hasOwn(BASE_SHAPES, name) ? BASE_SHAPES[name as keyof typeof BASE_SHAPES] : undefined;
}

/** A tone the kind declares itself (its colours per theme); undefined for a base tone or an unknown one. */
export function kindTone(appearance: Appearances | undefined, name: string): ToneDefinition | undefined {
  return appearance?.tones && Object.hasOwn(appearance.tones, name) ? appearance.tones[name] : undefined;
}

/** Whether a board can colour a tone name: a base tone or one the kind declares. */
export function knowsTone(appearance: Appearances | undefined, name: string): boolean {
  return BASE_TONES.has(name) || kindTone(appearance, name) !== undefined;
}

/** An appearance entry with a piece's variant words applied (later words win). */
export function withVariant(entry: Appearance, variant: string | undefined): Pick<Appearance, 'shape' | 'tone'> {
  let { shape, tone } = entry;
  if (variant && entry.variants) {
    for (const word of variant.split(/\s+/)) {
      const change = Object.hasOwn(entry.variants, word) ? entry.variants[word] : undefined;
      shape = change?.shape ?? shape;
      tone = change?.tone ?? tone;
    }
  }
  return { shape, tone };
}

/**
 * What an appearance names that a board cannot draw: a shape or tone no base and no declaration
 * gives (each as `terrain.exit.overlay: shape 'x'`). Empty for a sound appearance.
 */
export function appearanceProblems(appearance: Appearances): string[] {
  const problems: string[] = [];
  const check = (where: string, shape: string | undefined, tone: string | undefined): void => {
    if (shape !== undefined && !shapeDrawing(appearance, shape)) problems.push(`${where}: shape '${shape}'`);
    if (tone !== undefined && !knowsTone(appearance, tone)) problems.push(`${where}: tone '${tone}'`);
  };
  for (const [layer, entries] of [['terrain', appearance.terrain], ['pieces', appearance.pieces]] as const) {
    for (const [name, entry] of Object.entries(entries)) {
      check(`${layer}.${name}`, entry.shape, entry.tone);
      if (entry.overlay) check(`${layer}.${name}.overlay`, entry.overlay.shape, entry.overlay.tone);
      for (const [word, change] of Object.entries(entry.variants ?? {})) check(`${layer}.${name}.variants.${word}`, change.shape, change.tone);
    }
  }
  return problems;
}
