/**
 * `generate KIND --seed S --count N [--mode normal|hard|expert] [--par MIN-MAX] [--boxes K] --db PATH
 * [--campaign NAME] [--json]`: run the kind's generator (push: the reverse generator), store the
 * levels it keeps as a new campaign with their provenance, and verify each one there under the
 * campaign's rules (the generator proved its par; the library records its own verification, as
 * `verify` would, and a par that differs is an error). With --json, one line per level and a last
 * line with the run's per-sieve counts. Exit 0 when every level asked for was made, 1 when fewer
 * were (or a stored par differs), 2 for usage errors and parameters the generator refuses.
 */
import { performance } from 'node:perf_hooks';
import { formatDiagnostic, hasErrors } from '../../../src-shared/engine/diagnostics.ts';
import type { GenerationStatistics } from '../../../src-shared/engine/ruleset.ts';
import { countOf } from '../../../src-shared/engine/text/wording.ts';
import { generatorWithParams } from '../../../src-shared/rulesets/generators.ts';
import { verifyLevel } from '../../../src-shared/verify/verify.ts';
import { campaignLevelIds, getCampaign } from '../../library/campaigns.ts';
import { listCampaignSummaries } from '../../library/campaign-views.ts';
import type { LibraryDatabase } from '../../library/db.ts';
import { storeGeneratedCampaign } from '../../library/generated.ts';
import { getLevel } from '../../library/levels.ts';
import { currentRules } from '../../library/rulesets.ts';
import { storeVerification } from '../../library/verifications.ts';
import { allKinds } from '../../../src-shared/rulesets/registry.ts';
import { name as nameSchema, seed as seedSchema } from '../../../src-shared/api/fields.ts';
import { UsageError, positiveInt, schemaFlag, type ParsedArgs } from './args.ts';
import type { CliCommand, CliIo } from './command.ts';
import { dbPath, openForCli } from './library-commands.ts';

export const generateCommand: CliCommand = {
  name: 'generate',
  usage: 'generate KIND --seed S --count N [--mode normal|hard|expert] [--par MIN-MAX] [--boxes K] --db PATH [--campaign NAME] [--json]',
  flags: { seed: 'string', count: 'string', mode: 'string', par: 'string', boxes: 'string', db: 'string', campaign: 'string', json: 'boolean' },
  run: runGenerate,
};

/** Flags that become the generator's params (each must be one its schema knows). */
function paramsFromFlags(flags: ParsedArgs['flags']): Record<string, unknown> {
  const params: Record<string, unknown> = { count: positiveInt(flags, 'count', 0) };
  if (params.count === 0) throw new UsageError('--count N is required: how many levels to make.');
  if (flags.mode !== undefined) params.mode = flags.mode;
  if (flags.boxes !== undefined) params.boxes = positiveInt(flags, 'boxes', 1);
  if (flags.par !== undefined) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(String(flags.par));
    if (!match) throw new UsageError(`--par must be MIN-MAX or N, whole numbers (got ${String(flags.par)}).`);
    params.par = { min: Number(match[1]), max: Number(match[2] ?? match[1]) };
  }
  return params;
}

async function runGenerate(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length !== 1) throw new UsageError(`Usage: ${generateCommand.usage}`);
  if (typeof args.flags.seed !== 'string') throw new UsageError('--seed S is required: the same seed and options make the same levels.');
  const seed = schemaFlag(args.flags, 'seed', seedSchema)!;
  const campaignName = schemaFlag(args.flags, 'campaign', nameSchema);
  const params = paramsFromFlags(args.flags);
  // The kind's first generator (push has one).
  const found = generatorWithParams(args.positional[0], undefined, params);
  if (!found.ok && found.refused !== 'invalid-params') throw new UsageError(`No generator for '${args.positional[0]}': generate works for ${allKinds().filter((k) => k.generators.length > 0).map((k) => k.kind).join(', ')}.`);
  const { kind, generator } = found;
  const known = (generator.paramsSchema as { shape?: Record<string, unknown> }).shape;
  for (const name of Object.keys(params)) if (known && !(name in known)) throw new UsageError(`--${name} is not an option of the ${generator.id} generator.`);
  const path = dbPath(args.flags, io);
  const json = args.flags.json === true;
  // Refused params are a usage error, before the library is opened.
  if (!found.ok) throw new UsageError(found.message);

  const { db, close } = openForCli(path, 'write');
  try {
    const started = performance.now();
    const result = generator.generate(found.params, seed, { clock: () => performance.now(), avoid: levelsOfKind(db, kind.kind) });
    for (const d of result.diagnostics) io.err(formatDiagnostic(d));
    if (result.levels.length === 0) {
      if (!result.statistics && hasErrors(result.diagnostics)) return 2; // refused before any work
      printStatistics(io, json, result.statistics, undefined);
      io.err('No level was made: nothing was stored.');
      return 1;
    }
    const name = campaignName ?? `Generated ${generator.id} ${seed}`;
    const campaignId = storeGeneratedCampaign(db, { name, kind: kind.kind, generator: generator.id, version: generator.version, seed, params: found.params, levels: result.levels });
    const verified = verifyCampaign(db, campaignId, io, json);
    const campaign = getCampaign(db, campaignId)!;
    printStatistics(io, json, result.statistics, { campaign: campaign.name, levels: result.levels.length, asked: Number(params.count), seconds: (performance.now() - started) / 1000 });
    return verified && result.levels.length === params.count ? 0 : 1;
  } finally {
    close();
  }
}

/** Every level document of the kind in the library (its campaigns hold them all), for the generator to avoid. */
function levelsOfKind(db: LibraryDatabase, kind: string): unknown[] {
  const docs: unknown[] = [];
  for (const summary of listCampaignSummaries(db)) {
    if (summary.kind !== kind) continue;
    for (const id of campaignLevelIds(db, summary.id)) {
      const level = getLevel(db, id);
      if (level) docs.push(level.doc);
    }
  }
  return docs;
}

/** Verify each stored level under the campaign's rules, store the verification, print the level. */
function verifyCampaign(db: LibraryDatabase, campaignId: number, io: CliIo, json: boolean): boolean {
  const campaign = getCampaign(db, campaignId)!;
  const { rules } = currentRules(db, campaign.rulesetId);
  if (!rules) throw new UsageError(`The rules of campaign "${campaign.name}" cannot be bound by this build.`);
  let allAgree = true;
  campaignLevelIds(db, campaignId).forEach((levelId, i) => {
    const level = getLevel(db, levelId)!;
    const notes = (level.doc.notes ?? {}) as Record<string, string>;
    const record = verifyLevel(rules, level.doc, { clock: () => performance.now() });
    storeVerification(db, levelId, record);
    const agrees = record.status === 'solved' && record.optimal && String(record.par) === notes.par;
    if (!agrees) {
      allAgree = false;
      io.err(`level ${i + 1}: the library's verification says ${record.status}${record.par === null ? '' : ` par ${record.par}`}${record.optimal ? '' : ' (not proven)'}, the generator said par ${notes.par}.`);
    }
    if (json) {
      io.out(
        JSON.stringify({
          level: i + 1,
          title: level.title,
          par: record.par,
          pushes: record.metrics.pushes ?? null,
          optimal: record.optimal,
          solution: record.solution,
          quality: notes.quality === undefined ? null : Number(notes.quality),
          candidate: notes.candidate === undefined ? null : Number(notes.candidate),
          board: level.doc.board,
        }),
      );
    } else {
      io.out(`${level.title ?? `level ${i + 1}`}: par ${countOf(record.par ?? 0, 'move')}, ${countOf(record.metrics.pushes ?? 0, 'push', 'pushes')}${notes.quality ? `, quality ${notes.quality}` : ''}${notes.candidate ? ` (candidate ${notes.candidate})` : ''}`);
    }
  });
  return allAgree;
}

function printStatistics(io: CliIo, json: boolean, statistics: GenerationStatistics | undefined, stored: { campaign: string; levels: number; asked: number; seconds: number } | undefined): void {
  if (json) {
    io.out(JSON.stringify({ ...(stored ? { campaign: stored.campaign, levels: stored.levels } : { levels: 0 }), statistics: statistics ?? null }));
    return;
  }
  if (statistics) {
    io.out(`${countOf(statistics.candidates, 'candidate')} tried, ${statistics.accepted} accepted, ${statistics.kept} kept; rejected per sieve (cheapest first):`);
    for (const s of statistics.sieves) io.out(`  ${s.label.padEnd(34)} ${String(s.rejected).padStart(7)}  ${Math.round(s.ms)} ms`);
  }
  if (stored) io.out(`Stored ${countOf(stored.levels, 'level')} of ${stored.asked} in "${stored.campaign}" (${stored.seconds.toFixed(1)} s).`);
}
