// @vitest-environment happy-dom
/**
 * No kind's play keys collide with the studio's own: not with the keys the contract reserves for
 * play (`RESERVED_PLAY_KEYS`: undo, redo, restart, hint, leave, palette, selection), not with a
 * Ctrl/Cmd combination, and not with any shortcut a view or the shell contributes. Every
 * registered kind is checked, the tests' walk kind (Shift+ArrowRight) too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { RESERVED_PLAY_KEYS, type KeyBinding } from '../../src-shared/engine/ruleset.ts';
import { allKinds, registerKind, unregisterKind } from '../../src-shared/rulesets/registry.ts';
import type { Command } from '../../src-renderer/src/commands/registry.ts';
import { matchesShortcut, type KeyPress } from '../../src-renderer/src/commands/shortcuts.ts';
import '../../src-renderer/src/contributions/index.ts';
import { createWorkbench } from '../../src-renderer/src/shell/workbench.ts';
import { walkKind } from '../support/walk-kind.ts';
import { mountStudio } from './support/mount.ts';

beforeAll(() => registerKind(walkKind));
afterAll(() => unregisterKind(walkKind.kind));

/** The studio's commands as the shell builds them (moves excepted: they are the kinds' own keys). */
async function studioCommands(): Promise<readonly Command[]> {
  let commands: readonly Command[] = [];
  const Probe = defineComponent({
    setup() {
      commands = createWorkbench().all.value;
      return () => h('div');
    },
  });
  const { wrapper } = await mountStudio(undefined, Probe);
  wrapper.unmount();
  // The aim keys (arrows, Enter) apply only while the open kind binds no key of its own (a tray
  // kind: contributions/level.ts `aimsByKeys`), so they never meet a kind's binding.
  return commands.filter((c) => !c.id.startsWith('play.move.') && !c.id.startsWith('play.aim') && c.id !== 'play.placeAtAim');
}

/** The presses a binding answers to: a bare letter answers to both cases. */
function pressesOf(binding: KeyBinding): KeyPress[] {
  const base = { key: binding.key, ctrlKey: false, metaKey: false, shiftKey: binding.shift ?? false, altKey: binding.alt ?? false };
  const caseFree = binding.shift === undefined && binding.key.length === 1 && binding.key.toLowerCase() !== binding.key.toUpperCase();
  return caseFree ? [base, { ...base, key: binding.key.toUpperCase(), shiftKey: true }] : [base];
}

/** What is wrong with a binding, as sentences (empty when nothing). */
function collisions(binding: KeyBinding, commands: readonly Command[]): string[] {
  const out: string[] = [];
  const extra = Object.keys(binding).filter((k) => !['key', 'shift', 'alt', 'command'].includes(k));
  if (extra.length > 0) out.push(`${binding.key} carries ${extra.join(', ')}: Ctrl/Cmd combinations are the studio's`);
  const same = (a: string, b: string) => a === b || (a.length === 1 && b.length === 1 && a.toLowerCase() === b.toLowerCase());
  if (RESERVED_PLAY_KEYS.some((r) => same(r, binding.key))) out.push(`${binding.key} is reserved for the studio in play`);
  for (const press of pressesOf(binding)) {
    for (const command of commands) {
      if (command.shortcuts.some((s) => matchesShortcut(press, s))) out.push(`${press.shiftKey ? 'Shift+' : ''}${press.key} is ${command.id}'s`);
    }
  }
  return out;
}

describe('kind key bindings', () => {
  it('every registered kind, the walk kind too, is checked', () => {
    expect(allKinds().map((k) => k.kind)).toEqual(expect.arrayContaining(['push', 'sliding', 'walk']));
  });

  it('no kind binds a key the studio uses in play', async () => {
    const commands = await studioCommands();
    expect(commands.length).toBeGreaterThan(15);
    const found: string[] = [];
    for (const kind of allKinds()) {
      const rules = kind.create({}).rules;
      expect(rules, kind.kind).toBeDefined();
      for (const binding of rules!.keyBindings) found.push(...collisions(binding, commands).map((m) => `${kind.kind}: ${m}`));
    }
    expect(found).toEqual([]);
  });

  it('the check catches a reserved key, a studio shortcut and a Ctrl combination', async () => {
    const commands = await studioCommands();
    expect(collisions({ key: 'H', command: 'x' }, commands).join()).toMatch(/reserved/);
    expect(collisions({ key: 'PageDown', command: 'x' }, commands).join()).toMatch(/level\.next/);
    expect(collisions({ key: 'Tab', shift: true, command: 'x' }, commands).join()).toMatch(/play\.selectPrevious/);
    expect(collisions({ key: 'o', ctrl: true, command: 'x' } as KeyBinding, commands).join()).toMatch(/Ctrl/);
    expect(collisions({ key: 'ArrowRight', shift: true, command: 'J' }, commands)).toEqual([]);
  });
});
