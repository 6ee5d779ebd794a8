/**
 * Rulesets: a puzzle kind plus a config, with every saved config kept as a version (the newest is
 * current). The *current* fingerprint is computed from the stored config by this build's engine,
 * not read from the version row: when a kind bumps its rules version every verification made
 * under the old engine must go stale (DESIGN.md), and the stored column cannot know that.
 */
import { checkConfigText, saveRefusal } from '../../src-shared/engine/text/config-text.ts';
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import { canonicalJson } from '../../src-shared/engine/fingerprint.ts';
import type { AnyRules, AnyRulesetKind } from '../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';
import { rulesFor } from '../../src-shared/rulesets/rules-cache.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError, LibraryNotFoundError } from './errors.ts';
import { parseJsonColumn, prepared, timestamp } from './statements.ts';

export interface Ruleset {
  readonly id: number;
  readonly kind: string;
  readonly name: string;
  readonly createdAt: string;
}

export interface RulesetVersion {
  readonly id: number;
  readonly rulesetId: number;
  /** The validated config with the kind's defaults filled in. */
  readonly config: unknown;
  /** The fingerprint when this version was saved. */
  readonly fingerprint: string;
  readonly note: string | null;
  readonly createdAt: string;
}

export interface CurrentRules extends Ruleset {
  readonly versionId: number;
  readonly config: unknown;
  /** Under this build's engine; what verifications are compared with. */
  readonly fingerprint: string;
  /** Absent when this build cannot bind the config (unknown kind, config no longer valid). */
  readonly rules?: AnyRules;
  readonly diagnostics: readonly Diagnostic[];
}

interface VersionRow {
  id: number;
  ruleset_id: number;
  config_json: string;
  fingerprint: string;
  note: string | null;
  created_at: string;
}

interface RulesetRow {
  id: number;
  kind: string;
  name: string;
  created_at: string;
}

/** The registered kind, or an input error naming the kinds this build knows. */
export function requireKind(kind: string): AnyRulesetKind {
  const found = rulesetKind(kind);
  if (!found) throw new LibraryInputError(`Unknown puzzle kind '${kind.slice(0, 40)}'.`, [{ severity: 'error', code: 'library.kind.unknown', message: `Unknown puzzle kind '${kind.slice(0, 40)}'.`, params: { kind: kind.slice(0, 40) } }]);
  return found;
}

/**
 * Validate an untrusted config: the defaults-filled config and its fingerprint, and the warnings
 * on it (settings the kind does not know, which the stored config leaves out): the caller passes
 * them on, as nothing later can tell they were there.
 */
function bindConfig(kind: string, config: unknown): { config: unknown; fingerprint: string; warnings: readonly Diagnostic[] } {
  const ruleset = requireKind(kind);
  const created = ruleset.create(config ?? {});
  if (!created.rules) {
    const first = created.diagnostics[0]?.message ?? 'invalid config';
    throw new LibraryInputError(`The ${kind} rules config was refused: ${first}`, created.diagnostics);
  }
  return { config: ruleset.configSchema.parse(config ?? {}), fingerprint: created.rules.fingerprint, warnings: created.diagnostics };
}

const toRuleset = (row: RulesetRow): Ruleset => ({ id: row.id, kind: row.kind, name: row.name, createdAt: row.created_at });

const toVersion = (row: VersionRow): RulesetVersion => ({
  id: row.id,
  rulesetId: row.ruleset_id,
  config: parseJsonColumn<unknown>(row.config_json, {}, `ruleset version ${row.id}'s config_json`),
  fingerprint: row.fingerprint,
  note: row.note,
  createdAt: row.created_at,
});

function insertVersion(db: LibraryDatabase, rulesetId: number, bound: { config: unknown; fingerprint: string }, note: string | null): number {
  const info = prepared(db, 'INSERT INTO ruleset_versions (ruleset_id, config_json, fingerprint, note, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(rulesetId, JSON.stringify(bound.config), bound.fingerprint, note, timestamp());
  return Number(info.lastInsertRowid);
}

export function createRuleset(db: LibraryDatabase, input: { kind: string; name: string; config?: unknown; note?: string }): { ruleset: Ruleset; version: RulesetVersion; warnings: readonly Diagnostic[] } {
  const name = input.name.trim();
  if (name === '') throw new LibraryInputError('A ruleset needs a name.');
  const bound = bindConfig(input.kind, input.config);
  return db.transaction(() => {
    const taken = prepared(db, 'SELECT id FROM rulesets WHERE kind = ? AND name = ?').get(input.kind, name);
    if (taken) throw new LibraryInputError(`A ${input.kind} ruleset named '${name}' already exists.`);
    const info = prepared(db, 'INSERT INTO rulesets (kind, name, created_at) VALUES (?, ?, ?)').run(input.kind, name, timestamp());
    const id = Number(info.lastInsertRowid);
    const versionId = insertVersion(db, id, bound, input.note ?? null);
    return { ruleset: getRuleset(db, id)!, version: versionOf(db, versionId), warnings: bound.warnings };
  })();
}

/**
 * Save a new config as the current version; earlier versions stay in the history. Saving a config
 * equal to the current one adds nothing and returns the current version.
 */
export function saveRulesetConfig(db: LibraryDatabase, rulesetId: number, config: unknown, note?: string): { version: RulesetVersion; changed: boolean; warnings: readonly Diagnostic[] } {
  return db.transaction(() => {
    const ruleset = getRuleset(db, rulesetId);
    if (!ruleset) throw new LibraryNotFoundError(`Ruleset ${rulesetId} does not exist.`);
    const bound = bindConfig(ruleset.kind, config);
    const latest = latestVersionRow(db, rulesetId);
    if (latest && canonicalJson(parseJsonColumn<unknown>(latest.config_json, null, `ruleset version ${latest.id}'s config_json`)) === canonicalJson(bound.config) && latest.fingerprint === bound.fingerprint) {
      return { version: toVersion(latest), changed: false, warnings: bound.warnings };
    }
    return { version: versionOf(db, insertVersion(db, rulesetId, bound, note ?? null)), changed: true, warnings: bound.warnings };
  })();
}

export function getRuleset(db: LibraryDatabase, rulesetId: number): Ruleset | undefined {
  const row = prepared(db, 'SELECT id, kind, name, created_at FROM rulesets WHERE id = ?').get(rulesetId) as RulesetRow | undefined;
  return row && toRuleset(row);
}

export function listRulesets(db: LibraryDatabase): Ruleset[] {
  return (prepared(db, 'SELECT id, kind, name, created_at FROM rulesets ORDER BY kind, name').all() as RulesetRow[]).map(toRuleset);
}

function versionOf(db: LibraryDatabase, versionId: number): RulesetVersion {
  return toVersion(prepared(db, 'SELECT * FROM ruleset_versions WHERE id = ?').get(versionId) as VersionRow);
}

function latestVersionRow(db: LibraryDatabase, rulesetId: number): VersionRow | undefined {
  return prepared(db, 'SELECT * FROM ruleset_versions WHERE ruleset_id = ? ORDER BY id DESC LIMIT 1').get(rulesetId) as VersionRow | undefined;
}

/** Every saved config of a ruleset, newest first. */
export function rulesetHistory(db: LibraryDatabase, rulesetId: number): RulesetVersion[] {
  return (prepared(db, 'SELECT * FROM ruleset_versions WHERE ruleset_id = ? ORDER BY id DESC').all(rulesetId) as VersionRow[]).map(toVersion);
}

/** The current config of a ruleset, bound by this build's engine. */
export function currentRules(db: LibraryDatabase, rulesetId: number): CurrentRules {
  const ruleset = getRuleset(db, rulesetId);
  const latest = ruleset && latestVersionRow(db, rulesetId);
  if (!ruleset || !latest) throw new LibraryNotFoundError(`Ruleset ${rulesetId} does not exist.`);
  const config = parseJsonColumn<unknown>(latest.config_json, {}, `ruleset version ${latest.id}'s config_json`);
  const bound = rulesFor(ruleset.kind, config);
  const base = { ...ruleset, versionId: latest.id, config };
  if (bound.rules) return { ...base, fingerprint: bound.rules.fingerprint, rules: bound.rules, diagnostics: bound.diagnostics };
  // This build cannot bind it: keep the stored fingerprint so nothing is marked stale by accident.
  const diagnostics: readonly Diagnostic[] = bound.unknownKind
    ? [{ severity: 'error', code: 'library.kind.unknown', message: `This build of Gridwright does not know the puzzle kind '${ruleset.kind}'.` }]
    : bound.diagnostics;
  return { ...base, fingerprint: latest.fingerprint, diagnostics };
}

export function defaultRulesetName(kind: string): string {
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} default`;
}

/** The existing `<Kind> default` ruleset, if there is one (no write). */
export function findDefaultRuleset(db: LibraryDatabase, kind: string): Ruleset | undefined {
  const row = prepared(db, 'SELECT id, kind, name, created_at FROM rulesets WHERE kind = ? AND name = ?').get(kind, defaultRulesetName(kind)) as RulesetRow | undefined;
  return row && toRuleset(row);
}

/** `<Kind> default` with the default config `{}`, created on first use. */
export function defaultRulesetFor(db: LibraryDatabase, kind: string): Ruleset {
  return db.transaction(() => findDefaultRuleset(db, kind) ?? createRuleset(db, { kind, name: defaultRulesetName(kind), config: {} }).ruleset)();
}

/** A campaign a ruleset's change reaches. */
export interface RulesReach {
  readonly id: number;
  readonly name: string;
  readonly levelCount: number;
}

/** Every campaign played under a ruleset (a change to it changes the rules of each), by name. */
export function campaignsOfRuleset(db: LibraryDatabase, rulesetId: number): RulesReach[] {
  const rows = prepared(
    db,
    'SELECT c.id, c.name, (SELECT COUNT(*) FROM campaign_levels cl WHERE cl.campaign_id = c.id) AS level_count FROM campaigns c WHERE c.ruleset_id = ? ORDER BY c.name',
  ).all(rulesetId) as { id: number; name: string; level_count: number }[];
  return rows.map((row) => ({ id: row.id, name: row.name, levelCount: row.level_count }));
}

export interface NumberedVersion extends RulesetVersion {
  /** 1 for the ruleset's first config, counting up. */
  readonly number: number;
  readonly current: boolean;
}

/** The history with each version's number, newest first (the first is current). */
export function numberedHistory(db: LibraryDatabase, rulesetId: number): NumberedVersion[] {
  const history = rulesetHistory(db, rulesetId);
  return history.map((version, i) => ({ ...version, number: history.length - i, current: i === 0 }));
}

const noteOf = (note: string | undefined): string | undefined => (note?.trim() ? note.trim() : undefined);

/**
 * Save a config the designer typed (the rule inspector, `cli rules set`) as the new current
 * version. Refused, with nothing written, when the text is not JSON, fails the kind's schema or
 * sets a setting the kind does not know (which the engine would ignore: a typo must not leave the
 * default in force), or when `baseVersionId` is given and another save came first.
 */
export function saveRulesetConfigText(db: LibraryDatabase, rulesetId: number, text: string, options: { note?: string; baseVersionId?: number } = {}): { version: NumberedVersion; changed: boolean } {
  return db.transaction(() => {
    const ruleset = getRuleset(db, rulesetId);
    if (!ruleset) throw new LibraryNotFoundError(`Ruleset ${rulesetId} does not exist.`);
    const latest = latestVersionRow(db, rulesetId);
    if (options.baseVersionId !== undefined && latest && latest.id !== options.baseVersionId) {
      throw new LibraryInputError(`The rules "${ruleset.name}" were saved elsewhere since you opened them: reload them, then make your change again.`);
    }
    const check = checkConfigText(requireKind(ruleset.kind), text);
    const refusal = saveRefusal(check);
    if (refusal) throw new LibraryInputError(`The ${ruleset.kind} rules were not saved. ${refusal}`, check.problems.map((p) => p.diagnostic));
    const { changed } = saveRulesetConfig(db, rulesetId, check.document, noteOf(options.note));
    return { version: numberedHistory(db, rulesetId)[0], changed };
  })();
}

/** Make an earlier version's config current again, as a new version (the history keeps every step). */
export function revertRuleset(db: LibraryDatabase, rulesetId: number, versionId: number, note?: string): { version: NumberedVersion; changed: boolean } {
  return db.transaction(() => {
    const target = numberedHistory(db, rulesetId).find((v) => v.id === versionId);
    if (!target) throw new LibraryNotFoundError(`Version ${versionId} is not a version of ruleset ${rulesetId}.`);
    const { changed } = saveRulesetConfig(db, rulesetId, target.config, noteOf(note) ?? `Reverted to version ${target.number}`);
    return { version: numberedHistory(db, rulesetId)[0], changed };
  })();
}
