/**
 * Diagnostics: what every parser, importer and lint pass returns instead of throwing.
 * `code` is stable (the UI translates by it); `message` is the English text.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface GridCell {
  readonly x: number;
  readonly y: number;
}

export interface Diagnostic {
  readonly severity: Severity;
  /** Stable identifier, e.g. `push.player.missing`. */
  readonly code: string;
  /** A sentence a designer can act on. */
  readonly message: string;
  /** 1-based line in the source text, where the input was text. */
  readonly line?: number;
  /** 1-based column in that line. */
  readonly column?: number;
  /** 1-based index of the level inside a collection. */
  readonly level?: number;
  /** The board cell concerned (0-based column and row). */
  readonly cell?: GridCell;
  /** JSON path for JSON input, e.g. `doors[2].link`. */
  readonly path?: string;
  /** Values interpolated into the message, for translation. */
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * A level's diagnostics placed in its source text: those with no line get the line of their
 * board row (by `cell`) or else the line the level starts on.
 */
export function placeDiagnostics(diagnostics: readonly Diagnostic[], source: { readonly line: number; readonly rowLines?: readonly number[] } | undefined): Diagnostic[] {
  if (!source) return [...diagnostics];
  return diagnostics.map((d) => (d.line !== undefined ? d : { ...d, line: (d.cell ? source.rowLines?.[d.cell.y] : undefined) ?? source.line }));
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Formats a diagnostic as one line for a terminal or a log. */
export function formatDiagnostic(d: Diagnostic): string {
  const where: string[] = [];
  if (d.level !== undefined) where.push(`level ${d.level}`);
  if (d.line !== undefined) where.push(d.column !== undefined ? `line ${d.line}:${d.column}` : `line ${d.line}`);
  if (d.cell) where.push(`cell (${d.cell.x},${d.cell.y})`);
  if (d.path) where.push(d.path);
  const prefix = where.length > 0 ? `${where.join(', ')}: ` : '';
  return `${d.severity}: ${prefix}${d.message} [${d.code}]`;
}
