/**
 * A recording's journal as a timeline reads it. Plays keep their whole journal (undo, redo,
 * restart, hints, time offsets); imported solutions and recordings made before journals were kept
 * have only the line of commands (with times, where kept), which is then the journal.
 */
import type { TimedJournalEntry } from './recording.ts';

export type JournalEntryType = TimedJournalEntry<unknown>['type'];
const ENTRY_TYPES: readonly JournalEntryType[] = ['command', 'undo', 'redo', 'restart', 'hint'];

/** A journal entry with the command in the kind's text form (as stored and sent over the API). */
export interface EncodedJournalEntry {
  readonly type: JournalEntryType;
  readonly command?: string;
  readonly t?: number;
}

function isEncodedEntry(value: unknown): value is EncodedJournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  if (!ENTRY_TYPES.includes(entry.type as JournalEntryType)) return false;
  if ((entry.type === 'command' || entry.type === 'hint') && typeof entry.command !== 'string') return false;
  return entry.t === undefined || (typeof entry.t === 'number' && Number.isFinite(entry.t));
}

/** The stored journal when it is one, else the line's commands as command entries. */
export function recordedJournal(stored: unknown, commands: readonly string[], times: readonly number[] | null): EncodedJournalEntry[] {
  if (Array.isArray(stored) && stored.length > 0 && stored.every(isEncodedEntry)) return stored;
  return commands.map((command, i) => ({ type: 'command', command, ...(times?.[i] !== undefined ? { t: times[i] } : {}) }));
}

/** Decoded with the kind's `decodeCommand`; the first command it cannot read is an error naming the entry. */
export function decodeRecordedJournal<C>(decode: (text: string) => C | undefined, entries: readonly EncodedJournalEntry[]): { entries: TimedJournalEntry<C>[] } | { error: string } {
  const out: TimedJournalEntry<C>[] = [];
  for (const [i, entry] of entries.entries()) {
    const t = entry.t === undefined ? {} : { t: entry.t };
    if (entry.type === 'command' || entry.type === 'hint') {
      const command = decode(entry.command!);
      if (command === undefined) return { error: `Journal entry ${i + 1} (${JSON.stringify(entry.command)}) is not a command of this kind.` };
      out.push({ type: entry.type, command, ...t });
    } else {
      out.push({ type: entry.type, ...t });
    }
  }
  return { entries: out };
}

/** An entry in text: the command, or the action's name (`undo`, `restart`, `hint r`). */
export function entryText<C>(entry: TimedJournalEntry<C>, encode: (command: C) => string): string {
  if (entry.type === 'command') return encode(entry.command);
  if (entry.type === 'hint') return `hint ${encode(entry.command)}`;
  return entry.type;
}

/** What a recording carries that a timeline is built from (the library's row, the API's answer). */
export interface RecordedPlay {
  /** The level document played. */
  readonly content: unknown;
  readonly journal: unknown;
  readonly commands: readonly string[];
  readonly times: readonly number[] | null;
}
