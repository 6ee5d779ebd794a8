/**
 * Play history: full state snapshots (seed 000: snapshots are simple and reliable; states are
 * small), the commands that produced them, a redo line, and a journal of every action so a
 * playthrough with its undos can be replayed exactly and scored (undo and hint counts live in the
 * model, not the UI).
 */
import type { Rules, StepResult, LevelMeta } from '../ruleset.ts';

export type JournalEntry<C> =
  | { readonly type: 'command'; readonly command: C }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  | { readonly type: 'restart' }
  | { readonly type: 'hint'; readonly command: C };

export class History<S, C> {
  private readonly states: S[];
  private readonly cmds: C[] = [];
  /** Index into `states` of the current state. */
  private cursor = 0;
  private readonly log: JournalEntry<C>[] = [];
  private undos = 0;
  private hints = 0;
  /** The positions a hint was shown from, with the hinted command: asking again there shows nothing new. */
  private readonly hinted = new Map<S, C[]>();

  constructor(initial: S) {
    this.states = [initial];
  }

  get state(): S {
    return this.states[this.cursor];
  }

  get initial(): S {
    return this.states[0];
  }

  /** Commands from the start to the current state. */
  get commands(): readonly C[] {
    return this.cmds.slice(0, this.cursor);
  }

  /** Number of commands from the start to the current state. */
  get length(): number {
    return this.cursor;
  }

  get canUndo(): boolean {
    return this.cursor > 0;
  }

  get canRedo(): boolean {
    return this.cursor < this.cmds.length;
  }

  /** Every action so far, in order (a copy: the history's own journal cannot be changed from outside). */
  get journal(): readonly JournalEntry<C>[] {
    return this.log.slice();
  }

  /** Kept as counts, not by scanning the journal, so a long play costs nothing per snapshot. */
  get undoCount(): number {
    return this.undos;
  }

  get hintCount(): number {
    return this.hints;
  }

  /** Record a command's result. A refused command (`changed` false) is journaled but not stored. */
  record(command: C, result: StepResult<S>): void {
    this.log.push({ type: 'command', command });
    if (!result.changed) return;
    this.states.length = this.cursor + 1;
    this.cmds.length = this.cursor;
    this.states.push(result.state);
    this.cmds.push(command);
    this.cursor++;
  }

  /**
   * Note that a hint was shown; undo does not take a hint back (seed 000). A hint asked again
   * from the same position (the same state: staying put, or back there by undo, redo or restart)
   * is the same hint and counts once. Returns whether it was new.
   */
  recordHint(command: C): boolean {
    const seen = this.hinted.get(this.state);
    if (seen?.includes(command)) return false;
    if (seen) seen.push(command);
    else this.hinted.set(this.state, [command]);
    this.log.push({ type: 'hint', command });
    this.hints++;
    return true;
  }

  undo(): S | undefined {
    if (!this.canUndo) return undefined;
    this.cursor--;
    this.log.push({ type: 'undo' });
    this.undos++;
    return this.state;
  }

  redo(): S | undefined {
    if (!this.canRedo) return undefined;
    this.cursor++;
    this.log.push({ type: 'redo' });
    return this.state;
  }

  /**
   * Back to the start. The moves made stay on the redo line (redo walks them again) until a new
   * command replaces that line, as after undo; the journal keeps every action either way.
   */
  restart(): S {
    this.cursor = 0;
    this.log.push({ type: 'restart' });
    return this.state;
  }
}

/** Apply a command through the rules and record it. */
export function play<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, history: History<S, C>, command: C): StepResult<S> {
  const result = rules.step(history.state, command);
  history.record(command, result);
  return result;
}
