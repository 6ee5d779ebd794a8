/** What a host draws over a board besides the kind's layers: lint marks and a brush. */
import type { GridCell, Severity } from '../../../src-shared/engine/diagnostics.ts';

/** A highlighted cell (a hint): where a piece moves `to`, or the piece that moves (`from`). */
export interface BoardHighlight extends GridCell {
  readonly role?: 'from' | 'to';
}

/** A cell with a diagnostic (the editor's lint): outlined in the severity's colour, the message as its title. */
export interface BoardMark {
  readonly x: number;
  readonly y: number;
  readonly severity: Severity;
  /** Already translated or the diagnostic's own text. */
  readonly message: string;
}

/** What the editor's brush would put at a cell: drawn translucent, terrain and/or a piece. */
export interface BoardBrush {
  readonly x: number;
  readonly y: number;
  readonly terrain?: string;
  readonly piece?: { readonly kind: string; readonly label?: string; readonly variant?: string };
}
