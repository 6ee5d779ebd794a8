/**
 * A play-test of one level through the ruleset contract and the shared `History` (undo, redo,
 * restart and the journal with hint counts live in the model, not in the view). Nothing here
 * knows a puzzle kind: commands are text for `rules.decodeCommand`, pictures come from
 * `rules.view`, the counters shown from `rules.hud`.
 */
import { History, play } from '../../../src-shared/engine/history.ts';
import type { AnyRules, BoardView, HudItem, PlayStatus, VisualEvent } from '../../../src-shared/engine/ruleset.ts';
import type { Diagnostic } from '../../../src-shared/engine/diagnostics.ts';

export interface PlaySnapshot {
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
}

export type StepOutcome = 'moved' | 'refused' | 'unknown-command' | 'finished';

export class PlaySession {
  readonly rules: AnyRules;
  private readonly history: History<unknown, unknown>;
  private lastEvents: readonly VisualEvent[] = [];
  private position = 0;

  private constructor(rules: AnyRules, start: unknown) {
    this.rules = rules;
    this.history = new History(start);
  }

  static start(rules: AnyRules, content: unknown): { readonly session?: PlaySession; readonly diagnostics: readonly Diagnostic[] } {
    const loaded = rules.load(content);
    if (loaded.state === undefined) return { diagnostics: loaded.diagnostics };
    return { session: new PlaySession(rules, loaded.state), diagnostics: loaded.diagnostics };
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
    this.lastEvents = result.events;
    if (!result.changed) return 'refused';
    this.position++;
    return 'moved';
  }

  undo(): boolean {
    return this.moved(this.history.undo() !== undefined);
  }

  redo(): boolean {
    return this.moved(this.history.redo() !== undefined);
  }

  restart(): void {
    this.history.restart();
    this.moved(true);
  }

  /** Journal a hint that was shown (a hint counts even if undone later: seed 000). */
  recordHint(text: string): void {
    const command = this.rules.decodeCommand(text);
    if (command !== undefined) this.history.recordHint(command);
  }

  /** What a command would do from here, without playing it (the hint's highlight). */
  preview(text: string): readonly VisualEvent[] {
    const command = this.rules.decodeCommand(text);
    return command === undefined ? [] : this.rules.step(this.history.state, command).events;
  }

  snapshot(): PlaySnapshot {
    const state = this.history.state;
    return {
      view: this.rules.view(state),
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
    };
  }

  private moved(changed: boolean): boolean {
    if (changed) {
      this.lastEvents = [];
      this.position++;
    }
    return changed;
  }
}
