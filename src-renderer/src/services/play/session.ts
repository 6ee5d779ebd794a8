/**
 * A play-test of one level through the ruleset contract and the shared `History` (undo, redo,
 * restart and the journal with hint counts live in the model, not in the view). Nothing here
 * knows a puzzle kind: commands are text for `rules.decodeCommand`, pictures come from
 * `rules.view` as the player perceives them (`rules.perceive`), the counters shown from `rules.hud`.
 *
 * What the player has seen is remembered across moves, undo, redo and restart (seed 001: memory
 * across retries): an undo takes back a move, not what the move showed.
 */
import { History, play } from '../../../../src-shared/engine/play/history.ts';
import { perceivedView, type AnyRules, type BoardView, type HudItem, type Perception, type PlayStatus, type Selectable, type VisualEvent } from '../../../../src-shared/engine/ruleset.ts';
import type { Diagnostic } from '../../../../src-shared/engine/diagnostics.ts';
import { stateHash } from '../../../../src-shared/engine/fingerprint.ts';

export interface PlaySnapshot {
  /** The board as the player perceives it: fogged cells marked, pieces there left out. */
  readonly view: BoardView;
  readonly status: PlayStatus;
  /** Commands from the start to here. */
  readonly moves: number;
  /** The kind's counters as shown in play (moves, pushes, steps left, score). */
  readonly hud: readonly HudItem[];
  /** Every counter of the rules (`counters`): objectives are measured by them. */
  readonly counters: Readonly<Record<string, number>>;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly hints: number;
  readonly undos: number;
  /** Visual events of the last step (display only: CSS transitions). */
  readonly events: readonly VisualEvent[];
  /** Bumped on every change of position, so an answer about an older position can be dropped. */
  readonly position: number;
  /** What a click may name besides a cell (a tray's pieces); empty for most kinds. */
  readonly selectables: readonly Selectable[];
  /** Entries in the play's journal (the debug overlay's history length). */
  readonly journalLength: number;
}

export interface PlayStartOptions {
  /** What the player remembers from an earlier play of this level (`PlaySession.memory`). */
  readonly memory?: unknown;
  /** Milliseconds (the renderer's clock): each journal entry gets its offset from the start. */
  readonly clock?: () => number;
}

/** A journal entry with the kind's command encoded and its time offset, as `recordings.save` takes it. */
export type EncodedJournalEntry =
  | { readonly type: 'command' | 'hint'; readonly command: string; readonly t: number }
  | { readonly type: 'undo' | 'redo' | 'restart'; readonly t: number };

export type StepOutcome = 'moved' | 'refused' | 'unknown-command' | 'finished';

export class PlaySession {
  readonly rules: AnyRules;
  private readonly history: History<unknown, unknown>;
  private lastEvents: readonly VisualEvent[] = [];
  private position = 0;
  private remembered: unknown;
  private perception: Perception | undefined;
  private readonly clock: () => number;
  private readonly started: number;
  /** The time offset of each journal entry, in order (the journal itself is History's). */
  private readonly times: number[] = [];
  private moved_ = false;

  private constructor(rules: AnyRules, start: unknown, memory: unknown, clock: () => number) {
    this.rules = rules;
    this.history = new History(start);
    this.remembered = memory;
    this.clock = clock;
    this.started = clock();
    this.perceive();
  }

  static start(rules: AnyRules, content: unknown, options: PlayStartOptions = {}): { readonly session?: PlaySession; readonly diagnostics: readonly Diagnostic[] } {
    const loaded = rules.load(content);
    if (loaded.state === undefined) return { diagnostics: loaded.diagnostics };
    return { session: new PlaySession(rules, loaded.state, options.memory, options.clock ?? (() => 0)), diagnostics: loaded.diagnostics };
  }

  /** What the player remembers so far (the kind's JSON; undefined for kinds without perception). */
  get memory(): unknown {
    return this.remembered;
  }

  get status(): PlayStatus {
    return this.rules.status(this.history.state);
  }

  /** The engine state now (for `rules.commandAt` on a click). */
  get currentState(): unknown {
    return this.history.state;
  }

  /** The encoded commands from the start to here (what `play.hint` replays). */
  get encodedCommands(): string[] {
    return this.history.commands.map((c) => this.rules.encodeCommand(c));
  }

  command(text: string): StepOutcome {
    const command = this.rules.decodeCommand(text);
    if (command === undefined) return 'unknown-command';
    if (this.status !== 'playing') return 'finished';
    const result = play(this.rules, this.history, command);
    this.stamp();
    this.lastEvents = result.events;
    if (!result.changed) return 'refused';
    this.moved_ = true;
    this.position++;
    this.perceive();
    return 'moved';
  }

  undo(): boolean {
    return this.moved(this.stampIf(this.history.undo() !== undefined));
  }

  redo(): boolean {
    return this.moved(this.stampIf(this.history.redo() !== undefined));
  }

  restart(): void {
    this.history.restart();
    this.stamp();
    this.moved(true);
  }

  /** Whether any command moved something in this play (a recording is kept only then). */
  get hasMoved(): boolean {
    return this.moved_;
  }

  /** Everything the player did, encoded, with time offsets: what a recording is made from. */
  journal(): EncodedJournalEntry[] {
    return this.history.journal.map((entry, i): EncodedJournalEntry => {
      const t = this.times[i] ?? 0;
      return entry.type === 'command' || entry.type === 'hint' ? { type: entry.type, command: this.rules.encodeCommand(entry.command), t } : { type: entry.type, t };
    });
  }

  /** The state's canonical hash (the debug overlay shows it). */
  stateHash(): string {
    return stateHash(this.rules.canonical(this.history.state));
  }

  /**
   * Journal a hint that was shown (a hint counts even if undone later: seed 000; the same hint
   * asked again from the same position counts once). True when it was a new hint.
   */
  recordHint(text: string): boolean {
    const command = this.rules.decodeCommand(text);
    return command !== undefined && this.stampIf(this.history.recordHint(command));
  }

  /** What a command would do from here, without playing it (the hint's highlight). */
  /** Whether a command would be played from here (not refused), without playing it. */
  accepts(text: string): boolean {
    const command = this.rules.decodeCommand(text);
    return command !== undefined && this.rules.step(this.history.state, command).changed;
  }

  preview(text: string): readonly VisualEvent[] {
    const command = this.rules.decodeCommand(text);
    return command === undefined ? [] : this.rules.step(this.history.state, command).events;
  }

  snapshot(): PlaySnapshot {
    const state = this.history.state;
    return {
      view: perceivedView(this.rules.view(state), this.perception),
      status: this.rules.status(state),
      moves: this.history.length,
      hud: this.rules.hud(state),
      counters: this.rules.counters(state),
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      hints: this.history.hintCount,
      undos: this.history.undoCount,
      events: this.lastEvents,
      position: this.position,
      selectables: this.rules.selectables?.(state) ?? [],
      journalLength: this.times.length,
    };
  }

  private stamp(): void {
    this.times.push(Math.max(0, Math.round(this.clock() - this.started)));
  }

  private stampIf(logged: boolean): boolean {
    if (logged) this.stamp();
    return logged;
  }

  private moved(changed: boolean): boolean {
    if (changed) {
      this.lastEvents = [];
      this.position++;
      this.perceive();
    }
    return changed;
  }

  /** The player looks around the position reached, adding what they see to what they remember. */
  private perceive(): void {
    if (!this.rules.perceive) return;
    this.perception = this.rules.perceive(this.history.state, this.remembered);
    this.remembered = this.perception.memory;
  }
}
