/**
 * The `.blocks` text format: one level per block of lines. The board is its rows (`#` filled,
 * `.` empty); `Key: value` lines give the title, author, goal (`endless`, `clear`, or `score N`),
 * a placement limit (`Moves: N`), the deal seed, and scripted trays, one `Tray:` line each with
 * its pieces separated by spaces (a piece's rows joined by `/`); `;` lines are comments. A dealt
 * game saved in progress has a `Resume:` line: `rng=… tray=###,-,#./## moves=N dealt=N combo=N
 * since=N recent=…` (the dealer where it stood; pieces joined by ',', '-' a placed slot).
 *
 *   Title: Corner cleanup
 *   Goal: clear
 *   Tray: ### #./## ##/##
 *   ........
 *   #######.
 */
import type { Diagnostic } from '../../../engine/diagnostics.ts';
import type { CollectionReadResult, FoundLevel, LevelCollection, LevelFormat, LevelMeta, ReadOptions } from '../../../engine/ruleset.ts';
import { validateDocument } from '../../../engine/text/documents.ts';
import { lineBlocks } from '../../../engine/text/lines.ts';
import { blocksLevelSchema, type BlocksLevel } from '../schema.ts';
import { KEY_VALUE_LINE, metaLines } from '../../../engine/text/meta-lines.ts';

const ROW = /^[#.]+$/;
const RESERVED_KEY = /^(title|author|goal|moves|seed|tray|resume|comment)$/i;

/** A `Resume:` line's value as the level's `resume` (checked by the schema after). */
function readResume(value: string): Record<string, unknown> | undefined {
  const pairs = new Map<string, string>();
  for (const word of value.split(/\s+/).filter((w) => w !== '')) {
    const eq = word.indexOf('=');
    if (eq <= 0) return undefined;
    pairs.set(word.slice(0, eq).toLowerCase(), word.slice(eq + 1));
  }
  const list = (key: string): string[] => (pairs.get(key) ?? '').split(',').filter((p) => p !== '');
  const whole = (key: string): number | undefined => (/^\d{1,7}$/.test(pairs.get(key) ?? '') ? Number(pairs.get(key)) : undefined);
  return { rng: pairs.get('rng'), tray: list('tray'), moves: whole('moves'), dealt: whole('dealt'), combo: whole('combo'), sinceClear: whole('since'), recent: list('recent') };
}

function resumeLine(resume: NonNullable<BlocksLevel['resume']>): string {
  return `Resume: rng=${resume.rng} tray=${resume.tray.join(',')} moves=${resume.moves} dealt=${resume.dealt} combo=${resume.combo} since=${resume.sinceClear} recent=${resume.recent.join(',')}`;
}

export function validateBlocksLevel(input: unknown): { level?: BlocksLevel; diagnostics: readonly Diagnostic[] } {
  const { value, diagnostics } = validateDocument(blocksLevelSchema, input, 'blocks.schema', 'block-tray level');
  return value ? { level: value, diagnostics } : { diagnostics };
}

interface Line {
  readonly text: string;
  readonly number: number;
}

/** One block's lines as a level document, or the problems that keep it from being one. */
function blockDocument(lines: readonly Line[]): { document?: Record<string, unknown>; problems: Diagnostic[]; rows: Line[]; title?: string } {
  const problems: Diagnostic[] = [];
  const rows: Line[] = [];
  const trays: string[][] = [];
  const comments: string[] = [];
  const notes: Record<string, string> = {};
  const document: Record<string, unknown> = {};
  for (const line of lines) {
    if (line.text.startsWith(';')) comments.push(line.text.slice(1).trim());
    else if (ROW.test(line.text)) rows.push(line);
    else {
      const kv = KEY_VALUE_LINE.exec(line.text);
      if (!kv) {
        problems.push({ severity: 'error', code: 'blocks.text.line', message: `Line ${line.number} is neither a board row ('#' and '.'), a "Key: value" line nor a ";" comment.`, line: line.number });
        continue;
      }
      const key = kv[1].trim().toLowerCase();
      const value = kv[2].trim();
      if (key === 'title' || key === 'author' || key === 'seed') document[key] = value;
      else if (key === 'comment') comments.push(value);
      else if (key === 'tray') trays.push(value.split(/\s+/).filter((p) => p !== ''));
      else if (key === 'resume') {
        const resume = readResume(value);
        if (resume) document.resume = resume;
        else problems.push({ severity: 'error', code: 'blocks.text.resume', message: `Line ${line.number}: Resume takes key=value words (rng, tray, moves, dealt, combo, since, recent).`, line: line.number });
      }
      else if (key === 'moves' || key === 'goal') {
        const goal = /^(endless|clear|score)(?:\s+(\d{1,9}))?$/i.exec(value);
        if (key === 'moves' && /^\d{1,6}$/.test(value)) document.moves = Number(value);
        else if (key === 'goal' && goal) {
          document.goal = goal[1].toLowerCase();
          if (goal[2] !== undefined) document.target = Number(goal[2]);
        } else problems.push({ severity: 'error', code: `blocks.text.${key}`, message: key === 'moves' ? `Line ${line.number}: Moves takes a whole number of placements.` : `Line ${line.number}: the goal is "endless", "clear" or "score N".`, line: line.number });
      } else notes[kv[1].trim()] = value;
    }
  }
  if (rows.length === 0) return { problems, rows, title: document.title as string | undefined };
  if (trays.length > 0) document.trays = trays;
  if (comments.length > 0) document.comments = comments;
  if (Object.keys(notes).length > 0) document.notes = notes;
  document.rows = rows.map((r) => r.text);
  return { document, problems, rows, title: document.title as string | undefined };
}

/** The levels of a `.blocks` text; with `maxLevels`, nothing past that many boards is read (the blocks of lines come lazily). */
export function readBlocksText(input: string, options: ReadOptions = {}): CollectionReadResult<BlocksLevel> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const diagnostics: Diagnostic[] = [];
  const levels: BlocksLevel[] = [];
  const levelNumbers: number[] = [];
  const found: FoundLevel[] = [];
  let header: LevelMeta = {};
  let rejected = 0;
  const maxLevels = options.maxLevels ?? Number.POSITIVE_INFINITY;
  let stoppedEarly = false;
  for (const { lines } of lineBlocks(text, (raw) => raw.trim())) {
    if (found.length >= maxLevels) {
      stoppedEarly = true;
      break;
    }
    const block = blockDocument(lines);
    if (block.rows.length === 0) {
      if (found.length === 0 && block.problems.length === 0) header = { ...(block.title !== undefined ? { title: block.title } : {}) };
      else diagnostics.push({ severity: 'warning', code: 'blocks.text.no-board', message: `The lines from line ${lines[0].number} hold no board and were ignored.`, line: lines[0].number });
      continue;
    }
    found.push({ line: lines[0].number, rowLines: block.rows.map((r) => r.number), ...(block.title !== undefined ? { title: block.title.slice(0, 1000) } : {}) });
    const checked = block.problems.length === 0 && block.document ? validateBlocksLevel(block.document) : { diagnostics: block.problems };
    if (checked.level) {
      levels.push(checked.level);
      levelNumbers.push(found.length);
    } else {
      rejected++;
      for (const d of checked.diagnostics.slice(0, 50)) diagnostics.push({ ...d, level: found.length, line: d.line ?? lines[0].number });
    }
  }
  return { collection: { ...header, levels }, diagnostics, rejected, levelNumbers, found, ...(stoppedEarly ? { stoppedEarly } : {}) };
}

export function writeBlocksText(collection: LevelCollection<BlocksLevel>): string {
  const blocks: string[] = [];
  const head = metaLines(collection, RESERVED_KEY);
  if (head.length > 0) blocks.push(head.join('\n'));
  for (const level of collection.levels) {
    const lines = metaLines(level, RESERVED_KEY);
    lines.push(`Goal: ${level.goal}${level.target !== undefined ? ` ${level.target}` : ''}`);
    if (level.moves !== undefined) lines.push(`Moves: ${level.moves}`);
    if (level.seed !== undefined) lines.push(`Seed: ${level.seed.replace(/[\r\n]+/g, ' ')}`);
    if (level.resume !== undefined) lines.push(resumeLine(level.resume));
    for (const tray of level.trays ?? []) lines.push(`Tray: ${tray.join(' ')}`);
    lines.push(...level.rows);
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

export const blocksTextFormat: LevelFormat<BlocksLevel> = {
  id: 'blocks',
  label: 'Block-tray text',
  extensions: ['blocks'],
  read: readBlocksText,
  write: writeBlocksText,
  sniff(text) {
    const head = text.slice(0, 65536).replace(/^\uFEFF/, '').trimStart();
    if (head.startsWith('{') || head.startsWith('[')) return 0;
    const lines = head.split(/\r\n|\r|\n/).map((l) => l.trim());
    // Push boards share '#' and '.', but never a deal seed or a tray line.
    return lines.some((l) => ROW.test(l)) && lines.some((l) => /^(seed|tray):/i.test(l)) ? 2 : 0;
  },
};
