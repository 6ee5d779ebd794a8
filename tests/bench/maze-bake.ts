/**
 * Baking Echo Halls (printed, never asserted; seed 001 took about 5 minutes): the chapters baked
 * one after another in this process, the time per chapter and in all, candidates per second
 * through each sieve (the candidates that reached it, over the time spent in it), then A* nodes
 * on the boulder chapter's baked levels (chapter 4).
 *
 *   npm run bench -- maze-bake [CHAPTERS]     (CHAPTERS: 1-8 by default, as `cli maze bake --chapters`)
 */
import { performance } from 'node:perf_hooks';
import { mazeKind, type MazeRules } from '../../src-shared/rulesets/maze/kind.ts';
import { bakeChapter, chapterRow, parseChapters, totalSieves, type ChapterBake } from '../../src-shared/rulesets/maze/generator/bake.ts';
import { chapterConfigInput } from '../../src-shared/rulesets/maze/generator/index.ts';
import { ECHO_HALLS } from '../../src-shared/rulesets/maze/generator/chapters.ts';

const rulesFor = (config: unknown): MazeRules => mazeKind.create(config).rules as MazeRules;

export function runMazeBakeBench(args: string[]): void {
  const chapters = parseChapters(args[0] ?? '1-8') ?? [1, 2, 3, 4, 5, 6, 7, 8];
  const started = performance.now();
  const bakes: ChapterBake[] = [];
  for (const chapter of chapters) {
    const t = performance.now();
    const bake = bakeChapter(rulesFor, chapter, { clock: () => performance.now() });
    bakes.push(bake);
    const row = chapterRow(bake);
    console.log(`chapter ${chapter} ${row.name}: ${row.levels} levels from ${bake.candidates} candidates in ${((performance.now() - t) / 1000).toFixed(1)} s; shortest ${row.shortest.join('-')}, limit ${row.stepLimit.join('-')}, tightness ${row.tightness}, blind ${Math.round(row.blindPassRate * 100)}%`);
  }
  console.log(`bake: ${((performance.now() - started) / 1000).toFixed(1)} s for ${bakes.reduce((n, b) => n + b.levels.length, 0)} levels`);
  // Candidates reaching each sieve: all of them, less those the sieves before it took out.
  let reaching = bakes.reduce((n, b) => n + b.candidates, 0);
  for (const sieve of totalSieves(bakes)) {
    const rate = sieve.ms > 0 ? `${Math.round(reaching / (sieve.ms / 1000))} candidates/s` : 'no time measured';
    console.log(`  sieve ${sieve.id}: ${reaching} in, ${sieve.rejected} out, ${(sieve.ms / 1000).toFixed(2)} s, ${rate}`);
    reaching -= sieve.rejected;
  }
  const boulders = bakes.find((b) => b.chapter === 4);
  if (!boulders) return;
  const rules = rulesFor(chapterConfigInput(ECHO_HALLS[3]));
  for (const found of boulders.levels) {
    const t = performance.now();
    const result = rules.solve!(rules.load({ rows: found.level.rows }).state!, {});
    console.log(`  boulder level ${found.level.title}: A* ${result.nodes} nodes, ${result.stored} stored, ${(performance.now() - t).toFixed(1)} ms, ${result.solution?.length ?? '-'} commands`);
  }
}
