/**
 * `maze bake --db PATH [--chapters 1-8] [--json] [--out FILE]`: regenerate the built-in maze
 * campaign (Echo Halls, seed 001) from its seeds: each chapter scans candidates through the six
 * sieves until it has its six levels; the levels are stored as a new campaign with a chapter per
 * section under a ruleset holding every chapter's rules. Prints seed 001's table (per chapter:
 * shortest range, step-limit range, tightness, blind one-try pass rate), the rejections per sieve
 * and the time. With --json: a line per chapter, a line per sieve, then `{"bakeSeconds": …}`.
 * `--out FILE` also writes the baked campaign as a sample file (resources/samples). Exit 1 when a
 * chapter fell short of its levels.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { SieveCount } from '../../../src-shared/engine/ruleset.ts';
import { mazeKind, type MazeRules } from '../../../src-shared/rulesets/maze/kind.ts';
import { bakeChapter, bakedCampaign, chapterRow, parseChapters, totalSieves, type ChapterBake, type ChapterRow } from '../../../src-shared/rulesets/maze/generator/bake.ts';
import { ECHO_HALLS_LEVELS_PER_CHAPTER } from '../../../src-shared/rulesets/maze/generator/chapters.ts';
import { BAKED_SAMPLE_FORMAT } from '../../library/baked-sample.ts';
import { storeChapteredCampaign } from '../../library/generated.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { dbPath, openForCli } from './library-commands.ts';

export const mazeCommand: CliCommand = {
  name: 'maze',
  usage: 'maze bake --db PATH [--chapters 1-8] [--json] [--out FILE]',
  flags: { db: 'string', chapters: 'string', json: 'boolean', out: 'string' },
  run: runMaze,
};

const rulesFor = (config: unknown): MazeRules => {
  const bound = mazeKind.create(config);
  if (!bound.rules) throw new Error(`maze bake: a chapter's rules do not bind: ${bound.diagnostics.map((d) => d.message).join(' ')}`);
  return bound.rules as MazeRules;
};

function runMaze(args: ParsedArgs, io: CliIo): number {
  if (args.positional.length !== 1 || args.positional[0] !== 'bake') throw new UsageError(`Usage: ${mazeCommand.usage}`);
  const chapters = parseChapters(typeof args.flags.chapters === 'string' ? args.flags.chapters : '1-8');
  if (!chapters) throw new UsageError(`--chapters must be chapter numbers 1 to 8 such as 1-8, 3 or 1,4-5 (got ${String(args.flags.chapters).slice(0, 40)}).`);
  const path = dbPath(args.flags, io);
  const started = performance.now();
  const bakes: ChapterBake[] = [];
  for (const chapter of chapters) {
    bakes.push(bakeChapter(rulesFor, chapter, { clock: () => performance.now() }));
    if (!args.flags.json) io.err(`chapter ${chapter}: ${bakes[bakes.length - 1].levels.length} levels from ${bakes[bakes.length - 1].candidates} candidates`);
  }
  const bakeSeconds = (performance.now() - started) / 1000;
  const baked = bakedCampaign(bakes);
  const { db, close } = openForCli(path, 'write');
  let campaignName: string;
  try {
    const id = storeChapteredCampaign(db, { ...baked, kind: 'maze' });
    campaignName = (db.prepare('SELECT name FROM campaigns WHERE id = ?').get(id) as { name: string }).name;
  } finally {
    close();
  }
  if (typeof args.flags.out === 'string') writeFileSync(io.resolvePath(args.flags.out), `${JSON.stringify({ format: BAKED_SAMPLE_FORMAT, kind: 'maze', ...baked }, null, 1)}\n`);
  const rows = bakes.map(chapterRow);
  const sieves = totalSieves(bakes);
  if (args.flags.json) {
    for (const row of rows) io.out(JSON.stringify(row));
    for (const s of sieves) io.out(JSON.stringify({ sieve: s.id, label: s.label, rejected: s.rejected, seconds: round(s.ms / 1000) }));
    io.out(JSON.stringify({ bakeSeconds: round(bakeSeconds) }));
  } else {
    printTable(rows, sieves, io);
    io.out(`Baked ${rows.reduce((n, r) => n + r.levels, 0)} levels in ${bakeSeconds.toFixed(1)} s into the campaign "${campaignName}".`);
  }
  return bakes.every((b) => b.levels.length === ECHO_HALLS_LEVELS_PER_CHAPTER) ? 0 : 1;
}

const round = (x: number): number => Math.round(x * 100) / 100;
const span = ([a, b]: readonly [number, number]): string => (a === b ? String(a) : `${a}-${b}`);

function printTable(rows: readonly ChapterRow[], sieves: readonly SieveCount[], io: CliIo): void {
  const head = ['Chapter', 'Name', 'Levels', 'Shortest', 'Step limit', 'Tightness', 'Blind pass rate'];
  const body = rows.map((r) => [String(r.chapter), r.name, String(r.levels), span(r.shortest), span(r.stepLimit), r.tightness.toFixed(2), `${Math.round(r.blindPassRate * 100)}%`]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  for (const line of [head, ...body]) io.out(line.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
  io.out(`Sieve rejections: ${sieves.map((s) => `${s.label} ${s.rejected} (${(s.ms / 1000).toFixed(1)} s)`).join('; ')}.`);
}
