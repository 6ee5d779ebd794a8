/**
 * Importing a collection file into a new campaign. Every file may be hostile (DESIGN.md): the
 * kind's reader never throws, levels it cannot read are reported, and levels that read but fail
 * lint with errors (no player, two players, an open board, ...) are reported too instead of
 * entering the library as levels nobody can play. The good levels are kept. All rows are written
 * in one transaction: an import is whole or absent.
 */
import { hasErrors, placeDiagnostics, type Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import type { AnyRules, AnyRulesetKind, CollectionReadResult, LevelFormat } from '../../src-shared/engine/ruleset.ts';
import { unlistedProblems } from '../../src-shared/engine/wording.ts';
import { allKinds, formatFor } from '../../src-shared/rulesets/registry.ts';
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

/** A file's levels as its format reads them, or why no format reads the file. */
export type CollectionText =
  | { readonly kind: AnyRulesetKind; readonly format: AnyFormat; readonly read: CollectionReadResult<object>; readonly refusal?: undefined }
  | { readonly refusal: Diagnostic };

/**
 * Read a level file's text with the format that reads it: by its ending, else by its first
 * character (`{` or `[` is the kind's JSON format, anything else its text format). A file no
 * format reads (binary, UTF-16 read as UTF-8, a format tag no kind knows) is refused with the
 * reason, and never throws: the CLI's `solve` and `import` and the API's import all read here.
 */
export function readCollectionText(fileName: string, text: string): CollectionText {
  const name = baseName(fileName);
  const wide = wideEncoding(text);
  if (wide) {
    return {
      refusal: {
        severity: 'error',
        code: 'library.import.encoding',
        message: `${name} looks like ${wide} text (${wide === 'UTF-16' ? 'every other character' : 'three characters in four'} NUL), which was not decoded as such: save it as UTF-8.`,
        params: { encoding: wide },
      },
    };
  }
  const found = formatFor(name, text);
  if (!found) return { refusal: { severity: 'error', code: 'library.import.format', message: whyNoFormat(name, text) } };
  const format = found.format as AnyFormat;
  return { kind: found.kind, format, read: format.read(text) };
}

/**
 * UTF-16 or UTF-32 text taken for UTF-8 (no byte-order mark, or a host that decoded it as UTF-8):
 * its ASCII characters come with one or three NULs each. Judged on the head of the text, so a
 * stray NUL in a text file is left to the readers, which report it where it is.
 */
function wideEncoding(text: string): 'UTF-16' | 'UTF-32' | undefined {
  const head = text.slice(0, 4096);
  let nuls = 0;
  for (let i = 0; i < head.length; i++) if (head.charCodeAt(i) === 0) nuls++;
  if (head.length < 4 || nuls < head.length * 0.3) return undefined;
  return nuls < head.length * 0.6 ? 'UTF-16' : 'UTF-32';
}

/** Why no format's sniff accepted a file, as specific as its ending and first characters allow. */
function whyNoFormat(name: string, text: string): string {
  const head = text.slice(0, 65536).replace(/^\uFEFF/, '');
  const start = head.trimStart();
  const ending = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const textEnding = ending !== 'json' && allKinds().some((k) => k.formats.some((f) => f.extensions.includes(ending)));
  if (textEnding && (start.startsWith('{') || start.startsWith('['))) return `${name} looks like JSON, but its ending .${ending} is for text levels: rename it to .json.`;
  const tag = /"format"\s*:\s*"((?:[^"\\\r\n]|\\.){0,80})/.exec(head)?.[1];
  if (tag !== undefined) return `${name} is in the format "${tag}", which no puzzle kind of this Gridwright reads (its kinds: ${allKinds().map((k) => k.kind).join(', ')}).`;
  if (ending === 'json') return `${name} is not JSON (a JSON level file starts with { or [): check that it is the file you meant.`;
  if (ending === 'tiles') return `${name} holds no row of numbers, which a .tiles board is drawn with.`;
  return `No level format reads ${name}: use XSB/SOK/TXT, .tiles or Gridwright JSON.`;
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
  const chosen = readCollectionText(fileName, request.text);
  if (chosen.refusal) return { campaignId: null, campaignName: null, imported: 0, rejected: 0, diagnostics: [chosen.refusal, nothingImported(fileName)] };
  const { kind, read } = chosen;
  const rules = lintRules(db, kind, request.rulesetId);

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

  if (kept.length === 0) diagnostics.push(nothingImported(fileName));
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

const nothingImported = (fileName: string): Diagnostic => ({
  severity: 'error',
  code: 'library.import.empty',
  message: `No level of ${fileName} could be imported, so no campaign was made: fix the problems listed and import the file again.`,
});

/** File-wide problems first, then by level; at most MAX_IMPORT_DIAGNOSTICS and a count of the rest. */
function capped(diagnostics: Diagnostic[], unlisted: number): Diagnostic[] {
  const ordered = diagnostics.map((d, i) => ({ d, i })).sort((a, b) => (a.d.level ?? 0) - (b.d.level ?? 0) || a.i - b.i).map((x) => x.d);
  const more = unlisted + Math.max(0, ordered.length - MAX_IMPORT_DIAGNOSTICS);
  const out = ordered.slice(0, MAX_IMPORT_DIAGNOSTICS);
  if (more > 0) out.push({ severity: 'info', code: 'library.import.diagnostics.truncated', message: unlistedProblems(more), params: { count: more } });
  return out;
}
