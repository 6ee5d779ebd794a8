/**
 * The maze generator (seed 001): each of the six sieves rejects the crafted level it exists to
 * catch, in order and counted; candidates are deterministic and a kept level regenerates exactly
 * from the seed, chapter spec and generator version in its notes; motifs are placed backwards.
 */
import { describe, expect, it } from 'vitest';
import { mazeKind, type MazeRules } from '../../src-shared/rulesets/maze/kind.ts';
import { chapterSpecSchema, ECHO_HALLS, type ChapterSpec } from '../../src-shared/rulesets/maze/generator/chapters.ts';
import { candidateRows, chapterConfigInput, regenerateRows, searchChapter } from '../../src-shared/rulesets/maze/generator/index.ts';
import { sieveLevel, SieveTally } from '../../src-shared/rulesets/maze/generator/sieves.ts';
import { generatorWithParams } from '../../src-shared/rulesets/generators.ts';

const rulesFor = (config: unknown): MazeRules => mazeKind.create(config).rules as MazeRules;

/** A chapter that lets anything through but what a test switches on. */
function spec(changes: Record<string, unknown> = {}): ChapterSpec {
  return chapterSpecSchema.parse({ mechanics: ['door'], tightness: 0.8, shortest: [1, 500], blindPassRate: [0, 1], simpleBots: 'allow', ...changes });
}

function sieve(rows: string[], chapter: ChapterSpec) {
  const tally = new SieveTally();
  const outcome = sieveLevel(rulesFor(chapterConfigInput(chapter)), chapter, { rows }, tally);
  return { outcome, counts: Object.fromEntries(tally.counts().map((s) => [s.id, s.rejected])) };
}

const CORRIDOR = ['#########', '#@.....X#', '#########'];
const DEAD_END = ['#######', '#@..#X#', '#.###.#', '#.....#', '#######'];
/** The exit in a room off a loop: greedy overshoots, both hands circle; a looking explorer finds it. */
const ISLAND = ['#########', '#.......#', '#.#####.#', '#.#X..#.#', '#.###.#.#', '#@......#', '#########'];

describe('maze sieves, cheapest first', () => {
  it('1. A* shortest: an unsolvable maze is out', () => {
    const { outcome, counts } = sieve(['#######', '#@.#.X#', '#######'], spec());
    expect(outcome).toEqual({ rejectedBy: 'astar' });
    expect(counts.astar).toBe(1);
  });

  it('2. step window: a maze too short (or too long) for the chapter is out', () => {
    expect(sieve(CORRIDOR, spec({ shortest: [10, 20] })).outcome).toEqual({ rejectedBy: 'step-window' });
    expect(sieve(CORRIDOR, spec({ shortest: [1, 5] })).outcome).toEqual({ rejectedBy: 'step-window' });
    expect(sieve(CORRIDOR, spec({ shortest: [6, 6] })).outcome).toMatchObject({ passed: { par: 6 } });
  });

  it('3. greedy bot: a maze walked straight to the exit is out', () => {
    expect(sieve(CORRIDOR, spec({ simpleBots: 'reject' })).outcome).toEqual({ rejectedBy: 'greedy' });
  });

  it('4. wall followers: a perfect maze the left hand solves is out', () => {
    expect(sieve(DEAD_END, spec({ simpleBots: 'reject', tightness: 0.5 })).outcome).toEqual({ rejectedBy: 'wall-followers' });
  });

  it('5. blind explorer x15: a maze a first blind try finishes too often is out', () => {
    const loose = spec({ simpleBots: 'reject', tightness: 0.5, lightRadius: 5, blindPassRate: [0, 0] });
    const result = sieve(ISLAND, loose);
    expect(result.outcome).toEqual({ rejectedBy: 'blind' });
    expect(result.counts).toMatchObject({ astar: 0, greedy: 0, 'wall-followers': 0, blind: 1 });
    // The same maze passes a chapter whose window holds its rate (2 of 15 blind runs finish).
    expect(sieve(ISLAND, { ...loose, blindPassRate: [0.1, 0.2] }).outcome).toMatchObject({ passed: { blindPassRate: 2 / 15 } });
  });

  it('6. item necessity / mechanism depth: a key the shortest way never picks up is decoration', () => {
    const rows = ['#########', '#@.....X#', '####.####', '####k####', '#########'];
    expect(sieve(rows, spec()).outcome).toEqual({ rejectedBy: 'necessity' });
    // A door that needs the key: the key is used, one mechanism deep.
    const needed = ['#########', '#@...D.X#', '####.####', '####k####', '#########'];
    expect(sieve(needed, spec({ minDepth: 1 })).outcome).toMatchObject({ passed: { depth: 1 } });
    expect(sieve(needed, spec({ minDepth: 2 })).outcome).toEqual({ rejectedBy: 'necessity' });
  });
});

describe('maze generator', () => {
  it('a candidate is made from (seed, index) alone, and a kept level regenerates from its notes', () => {
    const chapter = ECHO_HALLS[0];
    expect(candidateRows(chapter, 's', 7)).toEqual(candidateRows(chapter, 's', 7));
    expect(candidateRows(chapter, 's', 7)).not.toEqual(candidateRows(chapter, 's', 8));
    const run = searchChapter(rulesFor, { chapter: 1, count: 1, maxCandidates: 400 }, 'regen', { from: 1, to: 400 }, 1);
    expect(run.found).toHaveLength(1);
    const level = run.found[0].level;
    expect(level.chapter).toBe(1);
    expect(regenerateRows(level.notes!)).toEqual(level.rows);
    // The statistics count every candidate in one sieve or as kept.
    const rejected = run.statistics.sieves.reduce((n, s) => n + s.rejected, 0);
    expect(rejected + run.found.length).toBe(run.statistics.candidates);
  });

  it('motifs are placed backwards: the key lies on the start side of its door', () => {
    const run = searchChapter(rulesFor, { chapter: 1, count: 2, maxCandidates: 400 }, 'motifs', { from: 1, to: 400 }, 2);
    for (const found of run.found) {
      const rows = found.level.rows;
      const all = rows.join('');
      const width = rows[0].length;
      const door = all.indexOf('D');
      expect(door).toBeGreaterThanOrEqual(0);
      // Flood from the start with the door shut: the key is reached, the exit is not.
      const seen = new Set([all.indexOf('@')]);
      const queue = [...seen];
      while (queue.length) {
        const c = queue.pop()!;
        for (const n of [c - 1, c + 1, c - width, c + width]) {
          if (seen.has(n) || all[n] === '#' || all[n] === 'D') continue;
          seen.add(n);
          queue.push(n);
        }
      }
      expect(seen.has(all.indexOf('k'))).toBe(true);
      expect(seen.has(all.indexOf('X'))).toBe(false);
    }
  });

  it('splits into ranges of candidates as the candidates bench runs it: the shards merged give one run', () => {
    const generator = mazeKind.generators[0];
    const params = generator.paramsSchema.parse({ chapter: 4, count: 2, maxCandidates: 40 });
    const whole = generator.candidates!.search(params, 'shards', { from: 1, to: 40 });
    const first = generator.candidates!.search(params, 'shards', { from: 1, to: 20 });
    const second = generator.candidates!.search(params, 'shards', { from: 21, to: 40 });
    expect(whole.found.length).toBeGreaterThan(0);
    expect([...first.found, ...second.found].slice(0, 2).map((f) => f.index)).toEqual(whole.found.map((f) => f.index));
    expect(whole.statistics.sieves.map((s) => s.id)).toEqual(['astar', 'step-window', 'greedy', 'wall-followers', 'blind', 'necessity']);
  });

  it('is registered with the kind, so every host finds it with its params', () => {
    const found = generatorWithParams('maze', undefined, { chapter: 4, count: 2 });
    expect(found).toMatchObject({ ok: true, params: { chapter: 4, count: 2 } });
    expect(found.ok && found.generator.candidates?.plan(found.params)).toMatchObject({ wanted: 2, count: 2 });
    expect(generatorWithParams('maze', undefined, { chapter: 9 }).ok).toBe(false);
  });
});
