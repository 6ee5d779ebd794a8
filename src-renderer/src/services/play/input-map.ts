/**
 * Keys to commands, read from the rules (`rules.keyBindings`, `rules.commandGlyph`): the play view
 * knows no puzzle kind. A kind whose rules bind no keys is shown but played by clicks only.
 */
import type { AnyRules } from '../../../../src-shared/engine/ruleset.ts';

export interface BoundKey {
  readonly key: string;
  readonly shift?: boolean;
  readonly alt?: boolean;
}

export interface InputBinding {
  /** Encoded command for `rules.decodeCommand`. */
  readonly command: string;
  /** The keys that send it (`KeyboardEvent.key` with the modifiers it needs). */
  readonly keys: readonly BoundKey[];
  /** Message key naming the command (palette, hint); `glyph` is its parameter. */
  readonly label: string;
  /** A language-neutral picture of the command ("↑", "7↓"). */
  readonly glyph: string;
}

export interface InputMap {
  readonly bindings: readonly InputBinding[];
}

export function inputMapFromRules(rules: AnyRules): InputMap {
  const keysByCommand = new Map<string, BoundKey[]>();
  for (const { command, ...key } of rules.keyBindings) {
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

/**
 * Whether a key press sends a bound key: the same key and Alt state; Shift must match where the
 * binding names it, and a single letter matches both cases where it does not.
 */
function matches(bound: BoundKey, press: { key: string; shiftKey?: boolean; altKey?: boolean }): boolean {
  if ((bound.alt ?? false) !== (press.altKey ?? false)) return false;
  if (bound.shift !== undefined) return bound.shift === (press.shiftKey ?? false) && bound.key.toLowerCase() === press.key.toLowerCase();
  return bound.key === press.key || (press.key.length === 1 && bound.key.length === 1 && bound.key.toLowerCase() === press.key.toLowerCase());
}

/** The binding a key press means, if any. */
export function bindingForKey(map: InputMap, press: string | { key: string; shiftKey?: boolean; altKey?: boolean }): InputBinding | undefined {
  const event = typeof press === 'string' ? { key: press } : press;
  return map.bindings.find((b) => b.keys.some((k) => matches(k, event)));
}

export function bindingForCommand(map: InputMap | undefined, command: string): InputBinding | undefined {
  return map?.bindings.find((b) => b.command === command);
}

const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/**
 * The keys that play, as one short line: each command's keys joined by "/" ("↑/W"), and where
 * the four arrows with the same modifiers send four commands (a maze's jumps, its hook) one group
 * "Shift+↑↓←→" followed by the commands' glyphs, so the line does not list twelve shortcuts.
 * `format` writes one key the way the shell writes shortcuts.
 */
export function describeKeys(map: InputMap, format: (key: BoundKey) => string): string {
  const signature = (k: BoundKey) => `${k.shift ? 'S' : ''}${k.alt ? 'A' : ''}`;
  const arrowsBySignature = new Map<string, InputBinding[]>();
  for (const b of map.bindings) {
    const [only] = b.keys;
    if (b.keys.length !== 1 || !ARROWS.includes(only.key) || signature(only) === '') continue;
    const group = arrowsBySignature.get(signature(only)) ?? [];
    group.push(b);
    arrowsBySignature.set(signature(only), group);
  }
  const grouped = new Set<InputBinding>();
  for (const group of arrowsBySignature.values()) if (new Set(group.map((b) => b.keys[0].key)).size === ARROWS.length) group.forEach((b) => grouped.add(b));
  const parts: string[] = [];
  const shown = new Set<string>();
  for (const b of map.bindings) {
    if (!grouped.has(b)) {
      parts.push(b.keys.map(format).join('/'));
      continue;
    }
    const sig = signature(b.keys[0]);
    if (shown.has(sig)) continue;
    shown.add(sig);
    const group = arrowsBySignature.get(sig)!.slice().sort((a, c) => ARROWS.indexOf(a.keys[0].key) - ARROWS.indexOf(c.keys[0].key));
    const modifiers = format({ ...b.keys[0], key: 'ArrowUp' }).slice(0, -1);
    parts.push(`${modifiers}${ARROWS.map((key) => format({ key }).slice(-1)).join('')} ${group.map((g) => g.glyph).join('')}`);
  }
  return parts.join(' ');
}
