/**
 * Golden replays (STYLE: pinned per-step hashes): a recorded line per push mechanic, per
 * sliding size and per maze mechanism, and block-tray games (dealt from a seed and scripted), replayed input by input through the kind's real `step`. Any change to `step`
 * that alters an outcome changes a hash here and fails, naming the line and the input. The
 * fixture and how to regenerate it on purpose: tests/fixtures/golden-replays/README.md.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src-shared/engine/fingerprint.ts';
import { STEP_HASH_DIGITS, firstDivergence } from '../../src-shared/engine/play/replay.ts';
import { goldenFinal, goldenRules, readGoldenReplays, type GoldenFinal, type GoldenReplay } from '../support/golden-replays.ts';

const file = readGoldenReplays();

/** The hash after each input and the input (1-based) on which the level was first won. */
function replayLine(line: GoldenReplay): { hashes: string[]; wonAt: number; refused: number[]; final: GoldenFinal } {
  const { rules, start, commands } = goldenRules(line);
  const hashes: string[] = [];
  const refused: number[] = [];
  let wonAt = 0;
  let state = start;
  commands.forEach((command, i) => {
    const result = rules.step(state, command);
    if (!result.changed) refused.push(i + 1);
    state = result.state;
    hashes.push(stateHash(rules.canonical(state)).slice(0, STEP_HASH_DIGITS));
    if (wonAt === 0 && rules.status(state) === 'won') wonAt = i + 1;
  });
  return { hashes, wonAt, refused, final: goldenFinal(rules, state) };
}

describe('golden replays', () => {
  it.each(file.lines.map((line) => [line.name, line] as const))('%s: every step gives its pinned hash, and the last input wins', (_name, line) => {
    const { hashes, wonAt, refused, final } = replayLine(line);
    expect(refused, 'inputs the rules refused').toEqual([]);
    const first = firstDivergence(line.hashes, hashes);
    expect(first, `the pinned and replayed hashes part at input ${first + 1} of ${hashes.length}`).toBe(-1);
    expect(hashes).toEqual(line.hashes);
    expect(wonAt, 'the input on which the level is first won').toBe(hashes.length);
    if (line.final !== undefined) expect(final, 'the final counters and full state hash').toEqual(line.final);
  });

  it('covers every push mechanic and every sliding size it names', () => {
    const push = file.lines.filter((l) => l.kind === 'push');
    const level = (l: GoldenReplay) => l.level as Record<string, unknown>;
    expect(push.some((l) => Object.keys(l.config).length === 0 && Object.keys(level(l)).join() === 'board')).toBe(true);
    for (const mechanic of ['ice', 'buttons', 'doors', 'teleporters', 'heavy']) expect(push.some((l) => level(l)[mechanic] !== undefined), mechanic).toBe(true);
    expect(push.some((l) => l.config.pushStrength === 2 && level(l).heavy === undefined)).toBe(true);
    const sizes = file.lines.filter((l) => l.kind === 'sliding').map((l) => `${level(l).width}x${level(l).height}`);
    expect(sizes).toEqual(expect.arrayContaining(['2x2', '3x3', '4x4']));
  });

  it('covers every maze tile and item, a jump, a hook, a wait and a recall', () => {
    const maze = file.lines.filter((l) => l.kind === 'maze');
    const chars = new Set(maze.flatMap((l) => [...(l.level as { rows: string[] }).rows.join('')]));
    for (const ch of '#.@XDk%b_oG^~xfg+-th') expect(chars.has(ch), `maze tile or item '${ch}'`).toBe(true);
    const inputs = maze.map((l) => l.line).join('');
    for (const command of ['R', '>', 'w', 'm']) expect(inputs.includes(command), `maze input '${command}'`).toBe(true);
  });

  it('covers a dealt block-tray game (default and a larger board with rotation) and scripted clear and score puzzles, each with its end pinned', () => {
    const blocks = file.lines.filter((l) => l.kind === 'blocks');
    const level = (l: GoldenReplay) => l.level as { seed?: string; trays?: unknown; goal: string; rows: string[] };
    expect(blocks.every((l) => l.final !== undefined && 'hash' in l.final)).toBe(true);
    expect(blocks.some((l) => level(l).seed !== undefined && Object.keys(l.config).length === 0)).toBe(true);
    expect(blocks.some((l) => level(l).seed !== undefined && l.config.rotation === true && level(l).rows.length === 10)).toBe(true);
    expect(blocks.filter((l) => level(l).trays !== undefined).map((l) => level(l).goal)).toEqual(expect.arrayContaining(['clear', 'score']));
    // A dealt line is long enough to cross several deals (a tray of three per deal).
    expect(blocks.filter((l) => level(l).seed !== undefined).every((l) => l.hashes.length >= 9)).toBe(true);
  });
});
