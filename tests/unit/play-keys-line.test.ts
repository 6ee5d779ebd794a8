/**
 * The play view's key line: each command's keys, the space bar named, and a kind's four
 * modifier+arrow commands (the maze's jumps and hook) written as one group with their glyphs
 * rather than twelve shortcuts in a row.
 */
import { describe, expect, it } from 'vitest';
import { formatShortcut, normalKey } from '../../src-renderer/src/commands/shortcuts.ts';
import { describeKeys, inputMapFromRules } from '../../src-renderer/src/services/play/input-map.ts';
import { mazeKind } from '../../src-shared/rulesets/maze/kind.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';

const names: Record<string, string> = { 'keys.shift': 'Shift', 'keys.alt': 'Alt', 'keys.Space': 'Space' };
const format = (k: { key: string; shift?: boolean; alt?: boolean }) => formatShortcut({ key: normalKey(k.key), shift: k.shift, alt: k.alt }, (key) => names[key] ?? key, false);

describe('the play key line', () => {
  it('groups the maze\'s jumps and hook by modifier and names the space bar', () => {
    const line = describeKeys(inputMapFromRules(mazeKind.create({}).rules!), format);
    expect(line).toBe('↑/W ↓/S ←/A →/D Shift+↑↓←→ ⇈⇊⇇⇉ Alt+↑↓←→ ⤒⤓⇤⇥ Space/. M');
  });

  it('leaves a kind with plain arrows as it was', () => {
    expect(describeKeys(inputMapFromRules(pushKind.create({}).rules!), format)).toMatch(/^↑\/W ↓\/S ←\/A →\/D/);
  });
});
