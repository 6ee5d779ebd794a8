/**
 * Commands, contributed rather than listed (VS Code's command contributions): the shell and each
 * view register theirs with `registerCommands`, each with a `when` clause over a small context
 * (the view shown, and keys the contributions provide: `hasCampaign`, `hasLevel`, `playing`, …).
 * The palette lists the commands whose `when` holds, greying out those not `enabled`; the global
 * key handler runs the first match that is both (and whose `keysWhen` holds). So an action reachable from a button is
 * reachable from the keyboard too (DESIGN.md "Look and feel").
 */
import type { Shortcut } from './shortcuts.ts';

export type ContextValue = boolean | number | string;

/** What `when` and `enabled` clauses see: the view shown and every contributed context key. */
export interface CommandContext {
  readonly view: string;
  readonly [key: string]: ContextValue | undefined;
}

export interface Command {
  readonly id: string;
  /** Message key of the command's name. */
  readonly label: string;
  /** Values for the message (already text). */
  readonly labelParams?: Readonly<Record<string, string>>;
  /** Message key of its area (palette grouping). */
  readonly group: string;
  readonly shortcuts: readonly Shortcut[];
  /** Where the command applies: listed in the palette and its keys bound only then. */
  readonly when: (context: CommandContext) => boolean;
  /** Whether it can run now (greyed out in the palette otherwise); absent: whenever `when` holds. */
  readonly enabled?: (context: CommandContext) => boolean;
  /** Where its keys apply, beyond `when` and `enabled` (Tab only while the board has the focus); absent: wherever it can run. */
  readonly keysWhen?: (context: CommandContext) => boolean;
  readonly run: () => void;
  /** Held keys repeat it (moves). */
  readonly repeats?: boolean;
}

export interface CommandContribution {
  /** Context keys this contribution provides, read afresh for every clause. */
  readonly context?: Readonly<Record<string, () => ContextValue>>;
  /** The contribution's commands; a getter, so commands may follow state (the open level's moves). */
  readonly commands: () => readonly Command[];
}

/** Called once in the shell's setup, where stores and the bridge can be used. */
export type CommandSetup = () => CommandContribution;

const sources: { readonly name: string; readonly order: number; readonly setup: CommandSetup }[] = [];

/**
 * Adds a source of commands. `order` places its commands among the others (the shell 0, views by
 * their rail order): the key handler runs the first runnable match in that order.
 */
export function registerCommands(name: string, order: number, setup: CommandSetup): void {
  if (sources.some((s) => s.name === name)) throw new Error(`Commands '${name}' are registered already.`);
  sources.push({ name, order, setup });
  sources.sort((a, b) => a.order - b.order);
}

export function commandSources(): readonly { readonly name: string; readonly order: number; readonly setup: CommandSetup }[] {
  return sources;
}

export const always = (): boolean => true;

export function isRunnable(command: Command, context: CommandContext): boolean {
  return command.when(context) && (command.enabled?.(context) ?? true);
}

/** Whether a key press may run the command now. */
export function isKeyRunnable(command: Command, context: CommandContext): boolean {
  return isRunnable(command, context) && (command.keysWhen?.(context) ?? true);
}
