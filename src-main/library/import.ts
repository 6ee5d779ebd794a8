/**
 * Importing a collection file into a new campaign. Every file may be hostile (DESIGN.md): the
 * kind's reader never throws, levels it cannot read are reported, and levels that read but fail
 * lint with errors (no player, two players, an open board, ...) are reported too instead of
 * entering the library as levels nobody can play. The good levels are kept. All rows are written
 * in one transaction: an import is whole or absent.
 */
import { hasErrors, placeDiagnostics, type Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import type { AnyRules, AnyRulesetKind, LevelFormat } from '../../src-shared/engine/ruleset.ts';
import { formatFor } from '../../src-shared/rulesets/registry.ts';
import { addLevelsToCampaign, createCampaign } from './campaigns.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError } from './errors.ts';
import { insertValidatedLevel, type LevelDoc, type LevelSource } from './levels.ts';
import { currentRules, defaultRulesetFor, findDefaultRuleset, getRuleset } from './rulesets.ts';

/** Most diagnostics an import returns; the rest are counted in one closing info. */
export const MAX_IMPORT_DIAGNOSTICS = 500;

export interface ImportRequest {
  readonly fileName: string;
  readonly text: string;
  /** Else the collection's title, else the file name without its extension. */
  readonly campaignName?: string;
  readonly source?: LevelSource;
  /** Shown with the campaign and written into every export. */
  readonly credit?: string;
  /** Lint and play under this ruleset (of the file's kind); else the kind's default ruleset. */
  readonly rulesetId?: number;
}

export interface ImportResult {
  readonly campaignId: number | null;
  readonly campaignName: string | null;
  readonly imported: number;
  readonly rejected: number;
  readonly diagnostics: Diagnostic[];
}

type AnyFormat = LevelFormat<object>;

/**
 * The format that reads a file: by its ending, else by its first character (`{` or `[` is the
 * kind's JSON format, anything else its text format).
 */
export function formatForText(fileName: string, text: string): { kind: AnyRulesetKind; format: AnyFormat } {
  const found = formatFor(baseName(fileName), text);
  if (!found) throw new LibraryInputError(`No level format reads ${baseName(fileName)}: use XSB/SOK/TXT or Gridwright JSON.`);
  return found as { kind: AnyRulesetKind; format: AnyFormat };
}

export function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() ?? fileName;
}

function withoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The rules an import lints with: the target ruleset's current ones, without writing anything. */
function lintRules(db: LibraryDatabase, kind: AnyRulesetKind, rulesetId: number | undefined): AnyRules {
  if (rulesetId !== undefined) {
    const ruleset = getRuleset(db, rulesetId);
    if (!ruleset || ruleset.kind !== kind.kind) throw new LibraryInputError(`Ruleset ${rulesetId} is not a ${kind.kind} ruleset of this library.`);
  }
  const id = rulesetId ?? findDefaultRuleset(db, kind.kind)?.id;
  const rules = id !== undefined ? currentRules(db, id).rules : kind.create({}).rules;
  if (!rules) throw new LibraryInputError(`The ${kind.kind} rules of this library cannot be used by this build of Gridwright.`);
  return rules;
}

const isTruncationNote = (d: Diagnostic): boolean => d.severity === 'info' && d.code.endsWith('.diagnostics.truncated') && typeof d.params?.count === 'number';

export function importCollection(db: LibraryDatabase, request: ImportRequest): ImportResult {
  const fileName = baseName(request.fileName);
  const { kind, format } = formatForText(fileName, request.text);
  const rules = lintRules(db, kind, request.rulesetId);
  const read = format.read(request.text);

  const diagnostics: Diagnostic[] = [];
  let unlisted = 0;
  const lineOfLevel = new Map<number, number>();
  for (const d of read.diagnostics) {
    if (isTruncationNote(d)) {
      unlisted += d.params!.count as number;
      continue;
    }
    diagnostics.push(d);
    if (d.level !== undefined && d.line !== undefined && !lineOfLevel.has(d.level)) lineOfLevel.set(d.level, d.line);
  }

  const kept: { doc: LevelDoc; position: number }[] = [];
  let rejected = read.rejected;
  read.collection.levels.forEach((level, i) => {
    const position = read.levelNumbers[i] ?? i + 1;
    const line = lineOfLevel.get(position);
    const found = rules.lint(level as LevelDoc);
    // Where the reader says where the level is, a problem on a cell gets the line of its row.
    const source = read.found?.[position - 1] ?? (line !== undefined ? { line } : undefined);
    for (const d of placeDiagnostics(found, source)) diagnostics.push({ ...d, level: position });
    if (hasErrors(found)) rejected++;
    else kept.push({ doc: level as LevelDoc, position });
  });

  if (kept.length === 0) {
    diagnostics.push({ severity: 'error', code: 'library.import.empty', message: `No level of ${fileName} could be imported, so no campaign was made: fix the problems listed and import the file again.` });
  }
  const result = { imported: kept.length, rejected, diagnostics: capped(diagnostics, unlisted) };
  if (kept.length === 0) return { campaignId: null, campaignName: null, ...result };

  const source = request.source ?? 'imported';
  const { collection } = read;
  const wanted = request.campaignName?.trim() || collection.title?.trim() || withoutExtension(fileName);
  const campaign = db.transaction(() => {
    const rulesetId = request.rulesetId ?? defaultRulesetFor(db, kind.kind).id;
    const created = createCampaign(db, {
      name: wanted,
      kind: kind.kind,
      rulesetId,
      title: collection.title ?? null,
      author: collection.author ?? null,
      comments: collection.comments ?? [],
      notes: collection.notes ?? {},
      credit: request.credit ?? null,
    });
    const levelIds = kept.map(({ doc, position }) => insertValidatedLevel(db, kind.kind, doc, source, { file: fileName, position }));
    addLevelsToCampaign(db, created.id, levelIds);
    return created;
  })();
  return { campaignId: campaign.id, campaignName: campaign.name, ...result };
}

/** File-wide problems first, then by level; at most MAX_IMPORT_DIAGNOSTICS and a count of the rest. */
function capped(diagnostics: Diagnostic[], unlisted: number): Diagnostic[] {
  const ordered = diagnostics.map((d, i) => ({ d, i })).sort((a, b) => (a.d.level ?? 0) - (b.d.level ?? 0) || a.i - b.i).map((x) => x.d);
  const more = unlisted + Math.max(0, ordered.length - MAX_IMPORT_DIAGNOSTICS);
  const out = ordered.slice(0, MAX_IMPORT_DIAGNOSTICS);
  if (more > 0) out.push({ severity: 'info', code: 'library.import.diagnostics.truncated', message: `${more} more problems were not listed.`, params: { count: more } });
  return out;
}
