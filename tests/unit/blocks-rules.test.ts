/**
 * The block-tray rules (seed 004): placement anywhere a piece fits, full rows and columns cleared
 * at once, scoring and combo, scripted trays and goals, the RNG in the state (a game replays
 * exactly), and the formats.
 */
import { describe, expect, it } from 'vitest';
import { blocksKind, type BlocksRules } from '../../src-shared/rulesets/blocks/kind.ts';
import { blocksTextFormat, blocksJsonFormat } from '../../src-shared/rulesets/blocks/formats/index.ts';
import { placementPoints } from '../../src-shared/rulesets/blocks/step.ts';
import { blocksConfigSchema, type BlocksLevel } from '../../src-shared/rulesets/blocks/schema.ts';
import type { BlocksState } from '../../src-shared/rulesets/blocks/state.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';

const rules = blocksKind.create({}).rules as BlocksRules;
const EMPTY = Array.from({ length: 8 }, () => '........');

function load(level: Partial<BlocksLevel> & { rows: string[] }): BlocksState {
  const loaded = rules.load(level);
  if (!loaded.state) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
  return loaded.state;
}

const play = (state: BlocksState, ...commands: string[]): BlocksState =>
  commands.reduce((s, c) => {
    const result = rules.step(s, rules.decodeCommand(c)!);
    if (!result.changed) throw new Error(`refused: ${c}`);
    return result.state;
  }, state);

describe('placing pieces', () => {
  it('places a tray piece anywhere it fits and refuses overlaps, the border and a placed piece', () => {
    const start = load({ rows: ['#.......', ...EMPTY.slice(1)], trays: [['##', '#/#']], goal: 'score', target: 1000 });
    expect(rules.step(start, { piece: 0, x: 0, y: 0 }).changed).toBe(false); // on a filled cell
    expect(rules.step(start, { piece: 0, x: 7, y: 0 }).changed).toBe(false); // past the right edge
    expect(rules.step(start, { piece: 1, x: 0, y: 7 }).changed).toBe(false); // past the bottom
    const placed = play(start, '0@1,0');
    expect(rules.view(placed).pieces.map((p) => `${p.x},${p.y}`)).toEqual(['0,0', '1,0', '2,0']);
    expect(rules.step(placed, { piece: 0, x: 4, y: 4 }).changed).toBe(false); // already placed
    expect(rules.selectables!(placed).map((s) => s.id)).toEqual(['1']);
  });

  it('clears a full row and a full column at once, the crossing cell with them', () => {
    const rows = ['...#....', '...#....', '...#....', '###.####', '...#....', '...#....', '...#....', '...#....'];
    const start = load({ rows, trays: [['#'], ['#']], goal: 'clear' });
    const result = rules.step(start, { piece: 0, x: 3, y: 3 });
    expect(result.events.filter((e) => e.type === 'clear').map((e) => e.entity)).toEqual(['row:3', 'col:3']);
    expect(rules.status(result.state)).toBe('won');
    expect(rules.counters(result.state)).toMatchObject({ lines: 2, moves: 1 });
  });

  it('scores cells, lines with a growing bonus, the combo and an emptied board', () => {
    const scoring = blocksConfigSchema.parse({}).scoring;
    expect(placementPoints(scoring, 3, 0, 0, false)).toBe(3);
    expect(placementPoints(scoring, 1, 2, 1, false)).toBe(1 + 20 + 10);
    expect(placementPoints(scoring, 1, 2, 3, true)).toBe(1 + 20 + 10 + 20 + 300);
    // The combo's bonus stops growing at comboCap (5: 4 x 10), however long the combo runs.
    expect(placementPoints(scoring, 1, 1, 5, false)).toBe(1 + 10 + 40);
    expect(placementPoints(scoring, 1, 1, 60, false)).toBe(1 + 10 + 40);
    expect(placementPoints({ ...scoring, comboCap: 100 }, 1, 1, 60, false)).toBe(1 + 10 + 590);
  });

  it('keeps a combo through comboKeep quiet placements and breaks it after', () => {
    const rows = ['.#######', ...EMPTY.slice(1)];
    const start = load({ rows, trays: [['#', '#', '#'], ['#']], goal: 'score', target: 100_000 });
    const cleared = play(start, '0@0,0');
    expect(cleared.combo).toBe(1);
    expect(play(cleared, '1@0,5', '2@0,7').combo).toBe(1);
    expect(play(cleared, '1@0,5', '2@0,7', '0@2,7').combo).toBe(0);
  });

  it('loses when no piece left in the tray fits, and a won or lost game refuses moves', () => {
    const rows = ['#.#.#.#.', '.#.#.#.#', '#.#.#.#.', '.#.#.#.#', '#.#.#.#.', '.#.#.#.#', '#.#.#.#.', '.#.#.#.#'];
    const stuck = load({ rows, trays: [['##']], goal: 'score', target: 10 });
    expect(rules.status(stuck)).toBe('lost');
    expect(rules.step(stuck, { piece: 0, x: 1, y: 0 }).changed).toBe(false);
  });

  it('a scripted puzzle that runs out of trays before its goal is lost', () => {
    const start = load({ rows: ['##......', ...EMPTY.slice(1)], trays: [['#']], goal: 'clear' });
    expect(rules.status(play(start, '0@5,5'))).toBe('lost');
  });

  it('a placement limit ends an endless game won', () => {
    const start = load({ rows: EMPTY, seed: 'limit', moves: 2 });
    const first = rules.commands(start)[0];
    const once = rules.step(start, first).state;
    const twice = rules.step(once, rules.commands(once)[0]).state;
    expect(rules.status(once)).toBe('playing');
    expect(rules.status(twice)).toBe('won');
  });
});

describe('dealing from the seed in the state', () => {
  it('deals the same trays for the same seed and replays a game exactly', () => {
    const a = load({ rows: EMPTY, seed: 'same' });
    const b = load({ rows: EMPTY, seed: 'same' });
    expect(rules.canonical(a)).toBe(rules.canonical(b));
    const line = [];
    let s = a;
    for (let i = 0; i < 12 && rules.status(s) === 'playing'; i++) {
      const c = rules.commands(s)[(i * 7) % rules.commands(s).length];
      line.push(c);
      s = rules.step(s, c).state;
    }
    const again = replay(rules, b, line);
    expect(rules.canonical(again.final)).toBe(rules.canonical(s));
    expect(load({ rows: EMPTY, seed: 'other' }).tray.map((t) => t?.key)).not.toEqual(a.tray.map((t) => t?.key));
  });

  it('deals the next tray only when the last piece of this one is placed', () => {
    const start = load({ rows: EMPTY, seed: 'next' });
    let s = start;
    for (let i = 0; i < 2; i++) s = rules.step(s, rules.commands(s)[0]).state;
    expect(s.dealt).toBe(1);
    s = rules.step(s, rules.commands(s)[0]).state;
    expect(s.dealt).toBe(2);
    expect(s.tray.every((p) => p !== null)).toBe(true);
  });
});

describe('levels and formats', () => {
  it('lint refuses a start board with a full line, a score goal without a target, no seed and no trays', () => {
    const codes = (level: object): string[] => rules.load(level).diagnostics.map((d) => d.code);
    expect(codes({ rows: ['########', ...EMPTY.slice(1)], seed: 's' })).toContain('blocks.board.full-line');
    expect(codes({ rows: EMPTY, seed: 's', goal: 'score' })).toContain('blocks.goal.target');
    expect(codes({ rows: EMPTY })).toContain('blocks.deal');
    expect(codes({ rows: EMPTY.slice(1), seed: 's' })).toContain('blocks.board.size');
  });

  it('reads back what it writes, in text and JSON', () => {
    const level: BlocksLevel = { title: 'Corner', rows: ['##......', ...EMPTY.slice(1)], trays: [['###', '#./##'], ['##/##']], goal: 'score', target: 50, moves: 9 };
    for (const format of [blocksTextFormat, blocksJsonFormat]) {
      const text = format.write({ levels: [level] });
      expect(format.sniff(text)).toBe(2);
      const read = format.read(text);
      expect(read.diagnostics).toEqual([]);
      expect(read.collection.levels[0]).toEqual(level);
    }
  });

  it('encodes commands and solutions as PIECE@X,Y', () => {
    expect(rules.encodeCommand({ piece: 2, x: 3, y: 4 })).toBe('2@3,4');
    expect(rules.decodeSolution('0@1,2  1@0,0').commands).toEqual([{ piece: 0, x: 1, y: 2 }, { piece: 1, x: 0, y: 0 }]);
    expect(rules.decodeSolution('0@1').diagnostics[0].code).toBe('blocks.solution.command');
  });
});

describe('solving and verifying (a score to maximise)', () => {
  it('proves the best line of a scripted puzzle, a win before any score', async () => {
    const { verifyLevel } = await import('../../src-shared/verify/verify.ts');
    const level = { rows: ['#######.', '#######.', ...EMPTY.slice(2, 6), '...#####', '........'], trays: [['#/#', '###']], goal: 'clear' as const };
    const record = verifyLevel(rules, level, { bots: false });
    expect(record.status).toBe('solved');
    expect(record.optimal).toBe(true);
    expect(record.par).toBe(355);
    const end = rules.decodeSolution(record.solution!).commands!.reduce((s, c) => rules.step(s, c).state, load(level));
    expect(rules.status(end)).toBe('won');
  });

  it('plays a dealt level with the lookahead bot: a score, not a proof', () => {
    const start = load({ rows: EMPTY, seed: 'solve', moves: 12 });
    const result = rules.solve!(start, {});
    expect(result).toMatchObject({ status: 'solved', optimal: false });
    const end = result.solution!.reduce((s, c) => rules.step(s, c).state, start);
    expect(rules.status(end)).toBe('won');
    expect(end.score).toBeGreaterThan(12);
  });
});
