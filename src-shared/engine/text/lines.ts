/**
 * Lines of a text read as they are needed, so a reader told to stop early (`ReadOptions.maxLevels`)
 * never splits, or even looks at, the rest of a huge file.
 */

const BREAK = /\r\n|\r|\n/g;

/** Each line of the text without its line break, with its 1-based number, first to last. */
export function* eachLine(text: string): Generator<{ readonly text: string; readonly number: number }> {
  const breaks = new RegExp(BREAK.source, 'g');
  let from = 0;
  let number = 1;
  for (let match = breaks.exec(text); match !== null; match = breaks.exec(text)) {
    yield { text: text.slice(from, match.index), number: number++ };
    from = match.index + match[0].length;
  }
  yield { text: text.slice(from), number };
}

/** Runs of non-blank lines (each line as `shape` makes it), split at blank lines, read lazily. */
export function* lineBlocks(text: string, shape: (raw: string) => string): Generator<{ readonly start: number; readonly lines: { readonly text: string; readonly number: number }[] }> {
  let current: { start: number; lines: { text: string; number: number }[] } | undefined;
  for (const raw of eachLine(text)) {
    const line = shape(raw.text);
    if (line.trim() === '') {
      if (current) yield current;
      current = undefined;
      continue;
    }
    if (!current) current = { start: raw.number, lines: [] };
    current.lines.push({ text: line, number: raw.number });
  }
  if (current) yield current;
}

/**
 * The text's lines as an array filled on demand: `has(i)` reads on until line `i` (0-based) is
 * there or the text ends, so random access behind the reading point costs nothing more.
 */
export class LazyLines {
  readonly lines: string[] = [];
  private readonly source: Generator<{ readonly text: string }>;
  private done = false;

  constructor(text: string) {
    this.source = eachLine(text);
  }

  has(index: number): boolean {
    while (!this.done && this.lines.length <= index) {
      const next = this.source.next();
      if (next.done) this.done = true;
      else this.lines.push(next.value.text);
    }
    return index < this.lines.length;
  }
}
