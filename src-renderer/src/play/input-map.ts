/**
 * Keys to command text, per puzzle kind. The play view stays generic: it asks this map which
 * command text a key means and hands the text to `rules.decodeCommand`; a kind without a map is
 * shown but cannot be played from the keyboard yet.
 */
export interface InputBinding {
  /** Command text for `rules.decodeCommand`. */
  readonly command: string;
  /** `KeyboardEvent.key` values (letters lower case) that send it. */
  readonly keys: readonly string[];
  /** Message key naming the command (palette, hint). */
  readonly label: string;
  /** A glyph for the hint ("↑"), not a word. */
  readonly glyph: string;
}

export interface InputMap {
  readonly bindings: readonly InputBinding[];
}

/** Four directions on arrows and WASD: push today, maze and sliding later. */
const DIRECTIONAL: InputMap = {
  bindings: [
    { command: 'u', keys: ['ArrowUp', 'w'], label: 'play.direction.up', glyph: '↑' },
    { command: 'd', keys: ['ArrowDown', 's'], label: 'play.direction.down', glyph: '↓' },
    { command: 'l', keys: ['ArrowLeft', 'a'], label: 'play.direction.left', glyph: '←' },
    { command: 'r', keys: ['ArrowRight', 'd'], label: 'play.direction.right', glyph: '→' },
  ],
};

const INPUT_MAPS: Readonly<Record<string, InputMap>> = { push: DIRECTIONAL };

export function inputMapFor(kind: string): InputMap | undefined {
  return Object.hasOwn(INPUT_MAPS, kind) ? INPUT_MAPS[kind] : undefined;
}

/** The binding a key press means, if any (letters compare case-insensitively). */
export function bindingForKey(map: InputMap, key: string): InputBinding | undefined {
  const k = key.length === 1 ? key.toLowerCase() : key;
  return map.bindings.find((b) => b.keys.includes(k));
}

export function bindingForCommand(map: InputMap | undefined, command: string): InputBinding | undefined {
  return map?.bindings.find((b) => b.command === command);
}
