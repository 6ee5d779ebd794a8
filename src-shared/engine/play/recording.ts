/**
 * A play as a recording (seed 000: scoring comes from the command history, the undo and hint
 * counts and the time taken, not from the moment of the win). The journal a play kept is replayed
 * through the real rules and `History`, which gives the line of commands from the start to where
 * the play ended. Refused commands (bumps) stay on that line where they were given, marked: a
 * later rule change can make them legal, and replaying the line then shows it. Time offsets come
 * from the host's clock (src-shared reads none).
 */
import { History, type JournalEntry } from './history.ts';
import type { LevelMeta, PlayStatus, Rules } from '../ruleset.ts';

/** A journal entry with the host's time offset (ms since the play began). */
export type TimedJournalEntry<C> = JournalEntry<C> & { readonly t?: number };

/** A command on the line from the start, with whether the rules refused it and when it was given. */
export interface LineStep<C> {
  readonly command: C;
  readonly refused: boolean;
  readonly t: number;
}

export interface ReplayedPlay<S, C> {
  /** The commands from the start to the end of the play, refused ones in place. */
  readonly line: readonly LineStep<C>[];
  readonly final: S;
  readonly status: PlayStatus;
  /** The primary objective's counter at the end (moves). */
  readonly moves: number;
  readonly undos: number;
  /** Hints used; an undo never takes one back. */
  readonly hints: number;
  /** Time offset of the last entry. */
  readonly duration: number;
}

/** Replays a play's journal from `start`; entries that do nothing (an undo at the start) are harmless. */
export function replayJournal<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, journal: readonly TimedJournalEntry<C>[]): ReplayedPlay<S, C> {
  const history = new History<S, C>(start);
  let line: LineStep<C>[] = [];
  let duration = 0;
  for (const entry of journal) {
    const t = Math.max(duration, entry.t ?? duration);
    duration = t;
    switch (entry.type) {
      case 'command': {
        const result = rules.step(history.state, entry.command);
        history.record(entry.command, result);
        line.push({ command: entry.command, refused: !result.changed, t });
        break;
      }
      case 'undo':
        if (history.undo() === undefined) break;
        // The move undone and the bumps given after it leave the line together.
        while (line.length > 0 && line[line.length - 1].refused) line.pop();
        line.pop();
        break;
      case 'redo':
        if (history.redo() === undefined) break;
        line.push({ command: history.commands[history.length - 1], refused: false, t });
        break;
      case 'restart':
        history.restart();
        line = [];
        break;
      case 'hint':
        history.recordHint(entry.command);
        break;
    }
  }
  const final = history.state;
  const primary = rules.objectives[0]?.id;
  return {
    line,
    final,
    status: rules.status(final),
    moves: primary === undefined ? history.length : (rules.counters(final)[primary] ?? history.length),
    undos: history.undoCount,
    hints: history.hintCount,
    duration,
  };
}
