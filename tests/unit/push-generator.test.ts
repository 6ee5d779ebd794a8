/**
 * The push reverse generator through the contract: determinism, provenance, every level proven
 * and replayed, duplicates caught under every symmetry, bad input refused before any work, stop
 * and progress, and the diagnostic of a run that falls short.
 */
import { describe, expect, it } from 'vitest';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';
import { pushKind, defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { generateReverse, regenerateCandidate, startKey } from '../../src-shared/rulesets/push/generator/index.ts';
import { stateOf } from '../support/microban.ts';

const rules = defaultPushRules();
const generator = pushKind.generators.find((g) => g.id === 'push-reverse')!;
const SMALL = { count: 4, mode: 'normal', par: { min: 8, max: 30 } };

/** The 7 other images of board rows (turns and mirrors), drawn by hand (independent of canonical.ts). */
function images(rows: readonly string[]): string[][] {
  const h = rows.length;
  const w = Math.max(...rows.map((r) => r.length));
  const at = (x: number, y: number): string => rows[y][x] ?? ' ';
  const grid = (iw: number, ih: number, f: (x: number, y: number) => string): string[] =>
    Array.from({ length: ih }, (_, y) => Array.from({ length: iw }, (_, x) => f(x, y)).join('').replace(/ +$/, ''));
  return [
    grid(w, h, (x, y) => at(w - 1 - x, y)),
    grid(w, h, (x, y) => at(x, h - 1 - y)),
    grid(w, h, (x, y) => at(w - 1 - x, h - 1 - y)),
    grid(h, w, (x, y) => at(y, x)),
    grid(h, w, (x, y) => at(y, h - 1 - x)),
    grid(h, w, (x, y) => at(w - 1 - y, x)),
    grid(h, w, (x, y) => at(w - 1 - y, h - 1 - x)),
  ];
}

const LEVEL = ['#######', '#  .  #', '# $#  #', '#@ #$ #', '#   . #', '#######'];

describe('keys under the 8 symmetries', () => {
  it('every turn and mirror image of a level has the same key', () => {
    const keys = [LEVEL, ...images(LEVEL)].map((rows) => startKey(stateOf(rows)));
    expect(keys).toHaveLength(8);
    expect(new Set(keys).size).toBe(1);
  });

  it('a rectangle turned a quarter is the same level; a different one is not', () => {
    const other = ['#######', '#  .  #', '# $# $#', '#@ #  #', '#   . #', '#######'];
    expect(startKey(stateOf(other))).not.toBe(startKey(stateOf(LEVEL)));
    expect(images(other).every((rows) => startKey(stateOf(rows)) === startKey(stateOf(other)))).toBe(true);
  });

  it('the player anywhere in the region it walks to is the same level, behind a box another', () => {
    const moved = ['#######', '#  .  #', '# $#  #', '#  #$ #', '#@  . #', '#######'];
    expect(startKey(stateOf(moved))).toBe(startKey(stateOf(LEVEL)));
    const walledOff = ['#####', '#@$.#', '#####'];
    const beyond = ['#####', '# $+#', '#####'];
    expect(startKey(stateOf(walledOff))).not.toBe(startKey(stateOf(beyond)));
  });

  it('a level with mechanics has no key (no plain level repeats it)', () => {
    expect(startKey(stateOf(LEVEL, { ice: [[1, 1]] }))).toBeUndefined();
  });
});

describe('push reverse generator', () => {
  it('is registered on the push kind with params that have defaults', () => {
    expect(generator).toBeDefined();
    expect(generator.version).toBe(1);
    expect(generator.paramsSchema.parse({})).toMatchObject({ count: 10, mode: 'normal', budget: 400_000, maxCandidates: 20_000, pool: 1 });
  });

  it('is deterministic: the same seed and params give the same levels, another seed others', () => {
    const a = generator.generate(SMALL, 'same');
    const b = generator.generate(SMALL, 'same');
    const c = generator.generate(SMALL, 'other');
    expect(a.levels).toHaveLength(4);
    expect(b.levels).toEqual(a.levels);
    expect(c.levels.map((l) => l.board)).not.toEqual(a.levels.map((l) => l.board));
  });

  it('every level is proven: its stored solution wins under the rules and its par is the solver optimum', () => {
    const { levels, diagnostics, statistics } = generator.generate({ ...SMALL, count: 5, mode: 'hard', par: { min: 15, max: 40 } }, 'proven');
    expect(diagnostics).toEqual([]);
    expect(levels).toHaveLength(5);
    expect(statistics!.kept).toBe(5);
    let previous = 0;
    for (const level of levels) {
      const notes = level.notes!;
      const loaded = rules.load(level);
      const decoded = rules.decodeSolution(notes.solution);
      const played = replay(rules, loaded.state!, decoded.commands!);
      expect(played.status).toBe('won');
      expect(played.firstRefused).toBeUndefined();
      expect(played.final.moves).toBe(Number(notes.par));
      expect(played.final.pushes).toBe(Number(notes.pushes));
      const record = verifyLevel(rules, level);
      expect(record.status).toBe('solved');
      expect(record.optimal).toBe(true);
      expect(record.par).toBe(Number(notes.par));
      expect(record.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      // Sorted by par, inside the window.
      expect(record.par!).toBeGreaterThanOrEqual(Math.max(previous, 15));
      expect(record.par!).toBeLessThanOrEqual(40);
      previous = record.par!;
    }
  });

  it('each level carries its provenance, and the seed, params and candidate index make it again', () => {
    const { levels } = generator.generate(SMALL, 'provenance');
    levels.forEach((level, i) => {
      expect(level.title).toBe(`l00${i + 1}`);
      const notes = level.notes!;
      expect(notes.generator).toBe('push-reverse@1');
      expect(notes.seed).toBe('provenance');
      expect(JSON.parse(notes.params)).toEqual(generator.paramsSchema.parse(SMALL));
      expect(Number(notes.candidate)).toBeGreaterThan(0);
      expect(Number(notes.quality)).toBeGreaterThanOrEqual(0);
      expect(regenerateCandidate(JSON.parse(notes.params), notes.seed, Number(notes.candidate)).board).toEqual(level.board);
    });
  });

  it('counts candidates and every sieve, with times from the host clock', () => {
    let now = 0;
    const { statistics } = generator.generate(SMALL, 'stats', { clock: () => (now += 1) });
    const s = statistics!;
    expect(s.sieves.map((x) => x.id)).toEqual(['floor-disconnected', 'open-area', 'room-small', 'solved', 'dead-square', 'shallow', 'deep', 'duplicate', 'proof', 'par-window']);
    const rejected = s.sieves.reduce((n, x) => n + x.rejected, 0);
    expect(s.candidates).toBe(rejected + s.accepted);
    expect(s.sieves.find((x) => x.id === 'proof')!.ms).toBeGreaterThan(0);
    expect(s.ms).toBeGreaterThan(0);
  });

  it('gives the same levels with the proof before the cheap sieves (what the benchmark compares)', () => {
    const cheapFirst = generateReverse(SMALL, 'order');
    const proofFirst = generateReverse(SMALL, 'order', { proofFirst: true });
    expect(proofFirst.levels).toEqual(cheapFirst.levels);
    expect(proofFirst.statistics!.candidates).toBe(cheapFirst.statistics!.candidates);
    const rejected = (r: typeof cheapFirst, ids: string[]) => r.statistics!.sieves.filter((s) => ids.includes(s.id)).reduce((n, s) => n + s.rejected, 0);
    // Proof first, every shallow candidate is proved and then refused by the window instead.
    const shallow = rejected(cheapFirst, ['shallow']);
    expect(shallow).toBeGreaterThan(0);
    expect(rejected(proofFirst, ['proof', 'par-window'])).toBeGreaterThanOrEqual(rejected(cheapFirst, ['proof', 'par-window']) + shallow);
  });

  it('catches duplicates of library levels under every turn and mirror image', () => {
    const first = generator.generate({ ...SMALL, count: 3 }, 'library');
    for (const level of first.levels) {
      const key = startKey(stateOf([...level.board]));
      for (const image of images(level.board)) expect(startKey(stateOf(image))).toBe(key);
    }
    // The library holds the levels only as turned and mirrored images: none comes back.
    const avoid = first.levels.flatMap((l) => images(l.board).map((board) => ({ board })));
    const again = generator.generate({ ...SMALL, count: 3 }, 'library', { avoid });
    const keys = new Set(first.levels.map((l) => startKey(stateOf([...l.board]))));
    expect(again.levels).toHaveLength(3);
    for (const level of again.levels) expect(keys.has(startKey(stateOf([...level.board]))!)).toBe(false);
    expect(again.statistics!.sieves.find((s) => s.id === 'duplicate')!.rejected).toBeGreaterThanOrEqual(3);
  });

  it('makes levels in a room the designer drew, its goals the goal set', () => {
    const room = { board: ['########', '#      #', '# ## . #', '#  .   #', '#   #  #', '########'] };
    const { levels, diagnostics } = generator.generate({ count: 2, room, par: { min: 6, max: 40 }, pulls: { min: 5, max: 30 } }, 'drawn');
    expect(diagnostics).toEqual([]);
    expect(levels).toHaveLength(2);
    for (const level of levels) {
      const state = rules.load(level).state!;
      expect(state.boxes).toHaveLength(2);
      // Same walls and goals as drawn.
      expect(level.board.map((r) => r.replace(/[$@]/g, ' ').replace(/\*/g, '.').replace(/\+/g, '.').padEnd(8))).toEqual(room.board);
    }
  });

  it('places goals at random in a drawn room without goals', () => {
    const room = { board: ['#######', '#     #', '# # # #', '#     #', '#######'] };
    const { levels } = generator.generate({ count: 2, room, boxes: 2, par: { min: 4, max: 40 }, pulls: { min: 4, max: 20 } }, 'drawn-goals');
    expect(levels).toHaveLength(2);
    for (const level of levels) expect(rules.load(level).state!.board.goals).toHaveLength(2);
  });

  it('refuses bad input with a clear diagnostic before any work', () => {
    const refused = (params: unknown, seed: unknown = 's') => {
      const result = generateReverse(params, seed);
      expect(result.levels).toEqual([]);
      expect(result.statistics).toBeUndefined();
      return result.diagnostics.map((d) => d.code);
    };
    expect(refused({ room: { board: ['#####', '#####'] } })).toEqual(['push.generate.no-floor']);
    expect(refused({ room: { board: ['   ', '   '] } })).toEqual(['push.generate.no-floor']);
    expect(refused({ room: { board: ['#####', '#   #', '#####'] }, boxes: 3 })).toEqual(['push.generate.too-many-boxes']);
    expect(refused({ room: { board: ['#####', '# # #', '#####'] } })).toEqual(['push.generate.room-disconnected']);
    expect(refused({ room: { board: ['#####', '#.. #', '#####'] }, boxes: 1 })).toEqual(['push.generate.boxes']);
    expect(refused({ room: { board: ['#####', '#?  #', '#####'] } })).toEqual(['push.generate.room']);
    expect(refused({ blocks: { width: 1, height: 1 }, boxes: 4 })).toEqual(['push.generate.too-many-boxes']);
    expect(refused({ par: { min: 30, max: 20 } })).toEqual(['push.generate.par-window']);
    expect(refused({ pulls: { min: 10, max: 5 } })).toEqual(['push.generate.pulls']);
    expect(refused({ pulls: { min: 1, max: 2 }, par: { min: 500, max: 600 } })).toEqual(['push.generate.par-unreachable']);
    expect(refused({ count: 0 })).toEqual(['push.generate.params']);
    expect(refused({}, 42)).toEqual(['push.generate.seed']);
    expect(refused({}, null)).toEqual(['push.generate.seed']);
  });

  it('honours shouldStop between candidates and inside the proof, and reports progress', () => {
    let polls = 0;
    const stopped = generator.generate({ ...SMALL, count: 50 }, 'stop', { shouldStop: () => ++polls > 40 });
    expect(stopped.levels.length).toBeLessThan(50);
    expect(stopped.diagnostics.map((d) => d.code)).toEqual(['push.generate.stopped']);
    const progress: [number, number][] = [];
    generator.generate(SMALL, 'progress', { progress: (done, total) => progress.push([done, total]) });
    expect(progress).toEqual([[1, 4], [2, 4], [3, 4], [4, 4]]);
  });

  it('says how many levels it found and why when it finds fewer than asked', () => {
    const result = generator.generate({ count: 3, mode: 'normal', par: { min: 90, max: 95 }, maxCandidates: 60 }, 'short');
    expect(result.levels).toEqual([]);
    const short = result.diagnostics.find((d) => d.code === 'push.generate.short')!;
    expect(short.severity).toBe('error');
    expect(short.message).toMatch(/^Found 0 of 3 levels in 60 candidates/);
    expect(short.message).toMatch(/path back below the par floor \d+/);
    expect(result.statistics!.candidates).toBe(60);
  });

  it('ranks a pool of proven levels by quality score and keeps the best', () => {
    const single = generateReverse({ ...SMALL, count: 2, pool: 1 }, 'pool');
    const pooled = generateReverse({ ...SMALL, count: 2, pool: 3 }, 'pool');
    expect(pooled.statistics!.accepted).toBe(6);
    expect(pooled.statistics!.kept).toBe(2);
    // The pooled run saw the single run's two levels and four more: its two best are no worse.
    const scores = (r: typeof single) => r.levels.map((l: PushLevel) => Number(l.notes!.quality));
    expect(Math.min(...scores(pooled))).toBeGreaterThanOrEqual(Math.min(...scores(single)));
  });
});
