/**
 * Importing a collection file into a new campaign. Every file may be hostile (DESIGN.md): the
 * kind's reader never throws, levels it cannot read are reported, and levels that read but fail
 * lint with errors (no player, two players, an open board, ...) are reported too instead of
 * entering the library as levels nobody can play. The good levels are kept. Rows are written in
 * short transactions (import-write.ts) so other writers never wait long, and the campaign appears
 * with all its levels at once: an import is whole or absent.
 *
 * The campaign is named from the file's own title (the collection's, never a level's), else from
 * the file name without its ending. A file of more than MAX_IMPORT_LEVELS levels is refused before
 * its levels are checked (its text read no further than the level past the limit). Levels the
 * library holds already (same kind and content hash) are reported as duplicates and imported,
 * skipped or (asked about) nothing written, as told.
 */
import { holdsControlOrBidi } from '../../src-shared/api/fields.ts';
import { MAX_IMPORT_LEVELS, MAX_LISTED_DUPLICATES, type DuplicatePolicy, type ImportDuplicates } from '../../src-shared/api/studio-api.ts';
import { hasErrors, placeDiagnostics, type Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import { levelContentHash } from '../../src-shared/engine/fingerprint.ts';
import type { AnyRules, AnyRulesetKind, CollectionReadResult, LevelFormat, ReadOptions } from '../../src-shared/engine/ruleset.ts';
import { unlistedProblems } from '../../src-shared/engine/text/wording.ts';
import { allKinds, formatFor } from '../../src-shared/rulesets/registry.ts';
import { createCampaign } from './campaigns.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError } from './errors.ts';
import { writeImportInChunks, type LevelToWrite } from './import-write.ts';
import type { LevelDoc, LevelSource } from './levels.ts';
import { currentRules, defaultRulesetFor, findDefaultRuleset, getRuleset } from './rulesets.ts';
import { prepared } from './statements.ts';

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
  /**
   * Levels whose content the library holds already: `ask` writes nothing and says which, `skip`
   * leaves them out, `import` imports them again. Absent: imported with no check (the samples of a
   * new library); the Studio API and the CLI ask by default (DEFAULT_DUPLICATE_POLICY).
   */
  readonly duplicates?: DuplicatePolicy;
}

/** Where an import is: reading the file, checking its levels, writing the kept ones. */
export type ImportPhase = 'read' | 'check' | 'write';
/** Called as an import goes (every level in `check`, every committed chunk in `write`); the caller throttles. */
export type ImportProgress = (phase: ImportPhase, done: number, total: number) => void;

export interface ImportResult {
  readonly campaignId: number | null;
  readonly campaignName: string | null;
  readonly imported: number;
  readonly rejected: number;
  readonly diagnostics: Diagnostic[];
  /** Present when the import checked for duplicates and found some. */
  readonly duplicates?: ImportDuplicates;
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
export function readCollectionText(fileName: string, text: string, options: ReadOptions = {}): CollectionText {
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
  return { kind: found.kind, format, read: format.read(text, options) };
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

export function importCollection(db: LibraryDatabase, request: ImportRequest, onProgress?: ImportProgress): ImportResult {
  const fileName = baseName(request.fileName);
  onProgress?.('read', 0, request.text.length);
  // Read no further than one level past the limit: a file of 980,000 levels is refused in the time
  // its first 20,000 take, not after all of them were read (27 s and 1.1 GB, measured).
  const chosen = readCollectionText(fileName, request.text, { maxLevels: MAX_IMPORT_LEVELS });
  if (chosen.refusal) return { campaignId: null, campaignName: null, imported: 0, rejected: 0, diagnostics: [chosen.refusal, nothingImported(fileName)] };
  const { kind, read } = chosen;
  if (read.stoppedEarly) return { campaignId: null, campaignName: null, imported: 0, rejected: 0, diagnostics: [tooManyLevels(fileName), nothingImported(fileName)] };
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

  let kept: KeptLevel[] = [];
  let rejected = read.rejected;
  const levelCount = read.collection.levels.length;
  read.collection.levels.forEach((level, i) => {
    onProgress?.('check', i, levelCount);
    const position = read.levelNumbers[i] ?? i + 1;
    const line = lineOfLevel.get(position);
    const found = rules.lint(level as LevelDoc);
    // Where the reader says where the level is, a problem on a cell gets the line of its row.
    const source = read.found?.[position - 1] ?? (line !== undefined ? { line } : undefined);
    for (const d of placeDiagnostics(found, source)) diagnostics.push({ ...d, level: position });
    if (hasErrors(found)) rejected++;
    else kept.push({ doc: level as LevelDoc, position, hash: levelContentHash(kind.kind, level as LevelDoc) });
  });

  const held = request.duplicates === undefined ? undefined : findDuplicates(db, kind.kind, kept, request.duplicates);
  const duplicates = held?.report;
  const answer = (imported: number) => ({ imported, rejected, diagnostics: capped(diagnostics, unlisted), ...(duplicates ? { duplicates } : {}) });
  // Asked first: nothing is written until the designer chooses.
  if (duplicates?.action === 'ask') return { campaignId: null, campaignName: null, ...answer(0) };
  if (held && duplicates?.action === 'skip') {
    const fresh = kept.filter((level) => !held.positions.has(level.position));
    if (fresh.length === 0 && kept.length > 0) diagnostics.push(allDuplicates(fileName, kept.length));
    kept = fresh;
  } else if (kept.length === 0) diagnostics.push(nothingImported(fileName));
  if (kept.length === 0) return { campaignId: null, campaignName: null, ...answer(0) };

  const source = request.source ?? 'imported';
  const { collection } = read;
  const wanted = request.campaignName?.trim() || collection.title?.trim() || withoutExtension(fileName);
  onProgress?.('write', 0, kept.length);
  const campaign = writeImportInChunks(db, {
    kind: kind.kind,
    source,
    fileName,
    levels: kept,
    onChunk: (done, total) => onProgress?.('write', done, total),
    createCampaign: () =>
      createCampaign(db, {
        name: wanted,
        kind: kind.kind,
        rulesetId: request.rulesetId ?? defaultRulesetFor(db, kind.kind).id,
        title: collection.title ?? null,
        author: collection.author ?? null,
        comments: collection.comments ?? [],
        notes: collection.notes ?? {},
        credit: request.credit ?? null,
      }),
  });
  // A title with control or bidi characters (which could make the name pass for another) is cleaned: say so.
  if (holdsControlOrBidi(wanted)) {
    diagnostics.push({ severity: 'warning', code: 'library.import.name-cleaned', message: `The campaign's name from the file held control or bidirectional characters, which were taken out: it is named "${campaign.name}".`, params: { name: campaign.name } });
  }
  return { campaignId: campaign.id, campaignName: campaign.name, ...answer(kept.length) };
}

type KeptLevel = LevelToWrite;

/** Content hashes looked up per query (one JSON array parameter). */
const HASHES_PER_QUERY = 500;

/** Places a level's content has in the library, at most this many listed per level. */
const MAX_PLACES = 5;

/**
 * The kept levels whose content (kind and content hash) some campaign of the library holds: the
 * answer's report, and the file positions of every one of them (the report lists the first ones);
 * undefined when there is none.
 */
function findDuplicates(db: LibraryDatabase, kind: string, kept: readonly KeptLevel[], action: DuplicatePolicy): { report: ImportDuplicates; positions: Set<number> } | undefined {
  // One query per few hundred levels (a query per level took most of a 20,000-level import).
  const placesOf = prepared(
    db,
    `SELECT l.content_hash AS hash, cl.campaign_id AS campaignId, c.name AS campaignName, cl.position FROM levels l
     JOIN campaign_levels cl ON cl.level_id = l.id JOIN campaigns c ON c.id = cl.campaign_id
     WHERE l.content_hash IN (SELECT value FROM json_each(?)) AND l.kind = ? ORDER BY cl.campaign_id, cl.position`,
  );
  const placesByHash = new Map<string, { campaignId: number; campaignName: string; position: number }[]>();
  const hashes = [...new Set(kept.map((level) => level.hash))];
  for (let i = 0; i < hashes.length; i += HASHES_PER_QUERY) {
    for (const { hash, ...place } of placesOf.all(JSON.stringify(hashes.slice(i, i + HASHES_PER_QUERY)), kind) as { hash: string; campaignId: number; campaignName: string; position: number }[]) {
      const list = placesByHash.get(hash) ?? [];
      list.push(place);
      placesByHash.set(hash, list);
    }
  }
  const campaigns = new Map<number, { id: number; name: string; levels: number }>();
  const levels: ImportDuplicates['levels'] = [];
  const positions = new Set<number>();
  for (const level of kept) {
    const places = placesByHash.get(level.hash) ?? [];
    if (places.length === 0) continue;
    positions.add(level.position);
    for (const id of new Set(places.map((p) => p.campaignId))) {
      const entry = campaigns.get(id) ?? { id, name: places.find((p) => p.campaignId === id)!.campaignName, levels: 0 };
      entry.levels++;
      campaigns.set(id, entry);
    }
    if (levels.length < MAX_LISTED_DUPLICATES) {
      levels.push({ level: level.position, title: typeof level.doc.title === 'string' ? level.doc.title : null, places: places.slice(0, MAX_PLACES) });
    }
  }
  if (positions.size === 0) return undefined;
  return { report: { action, count: positions.size, of: kept.length, campaigns: [...campaigns.values()], levels }, positions };
}

const tooManyLevels = (fileName: string): Diagnostic => ({
  severity: 'error',
  code: 'library.import.too-many-levels',
  message: `${fileName} holds more than ${MAX_IMPORT_LEVELS} levels, and one import takes at most ${MAX_IMPORT_LEVELS}: split the file and import the parts.`,
  params: { max: MAX_IMPORT_LEVELS },
});

const allDuplicates = (fileName: string, count: number): Diagnostic => ({
  severity: 'info',
  code: 'library.import.all-duplicates',
  message: `${count === 1 ? 'The level' : `All ${count} levels`} of ${fileName} ${count === 1 ? 'is' : 'are'} already in the library, so no campaign was made.`,
  params: { count },
});

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
