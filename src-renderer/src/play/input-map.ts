/**
 * Keys to commands, read from the rules (`rules.keyBindings`, `rules.commandGlyph`): the play view
 * knows no puzzle kind. A kind whose rules bind no keys is shown but played by clicks only.
 */
import type { AnyRules } from '../../../src-shared/engine/ruleset.ts';

export interface InputBinding {
  /** Encoded command for `rules.decodeCommand`. */
  readonly command: string;
  /** `KeyboardEvent.key` values that send it. */
  readonly keys: readonly string[];
  /** Message key naming the command (palette, hint); `glyph` is its parameter. */
  readonly label: string;
  /** A language-neutral picture of the command ("↑", "7↓"). */
  readonly glyph: string;
}

export interface InputMap {
  readonly bindings: readonly InputBinding[];
}

export function inputMapFromRules(rules: AnyRules): InputMap {
  const keysByCommand = new Map<string, string[]>();
  for (const [key, command] of Object.entries(rules.keyBindings)) {
    const keys = keysByCommand.get(command) ?? [];
    keys.push(key);
    keysByCommand.set(command, keys);
  }
  const bindings: InputBinding[] = [];
  for (const [command, keys] of keysByCommand) {
    bindings.push({ command, keys, label: 'play.commandLabel', glyph: glyphOf(rules, command) });
  }
  return { bindings };
}

/** The glyph of an encoded command, or the text itself when the rules do not know it. */
export function glyphOf(rules: AnyRules | undefined, command: string): string {
  const decoded = rules?.decodeCommand(command);
  return rules && decoded !== undefined ? rules.commandGlyph(decoded) : command;
}

/** The binding a key press means, if any (a single letter also matches its other case). */
export function bindingForKey(map: InputMap, key: string): InputBinding | undefined {
  return map.bindings.find((b) => b.keys.includes(key)) ?? (key.length === 1 ? map.bindings.find((b) => b.keys.includes(key.toLowerCase()) || b.keys.includes(key.toUpperCase())) : undefined);
}

export function bindingForCommand(map: InputMap | undefined, command: string): InputBinding | undefined {
  return map?.bindings.find((b) => b.command === command);
}
