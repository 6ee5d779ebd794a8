/**
 * Exporting a campaign: as the kind's text format (SOK for push) for other Sokoban tools, or as the
 * JSON bundle a game runtime (Phaser, Godot) loads. The bundle carries par and solution only from a
 * verification made under the campaign's current rules and of the level's current content: a game
 * must never ship a par the solver did not prove for exactly what ships (seed 002).
 */
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import { levelContentHash } from '../../src-shared/engine/fingerprint.ts';
import { senseOf, type LevelCollection } from '../../src-shared/engine/ruleset.ts';
import { requireCampaign, type Campaign } from './campaigns.ts';
import type { LibraryDatabase } from './db.ts';
import { LibraryInputError } from './errors.ts';
import type { LevelDoc } from './levels.ts';
import { currentRules, requireKind } from './rulesets.ts';
import { parseJsonColumn, prepared } from './statements.ts';
import { isCurrent, type VerificationColumns } from './verifications.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';

export type ExportFormat = 'sok' | 'json';

/** The `format` tag of the JSON bundle; bump it when a game runtime would read it differently. */
export const CAMPAIGN_BUNDLE_FORMAT = 'gridwright.campaign/1';

export interface ExportResult {
  readonly fileName: string;
  readonly mimeType: string;
  readonly text: string;
  /** What the format could not keep (mechanics SOK cannot draw, ...). */
  readonly diagnostics: Diagnostic[];
}

interface ExportColumns {
  position: number;
  content_json: string;
  level_hash: string;
  v_id: number | null;
  status: VerificationColumns['status'] | null;
  optimal: number | null;
  par: number | null;
  metrics_json: string | null;
  solution: string | null;
  objective: string | null;
  proven_bound: number | null;
  rules_fingerprint: string | null;
  content_hash: string | null;
}

function campaignRows(db: LibraryDatabase, campaignId: number): ExportColumns[] {
  return prepared(
    db,
    `SELECT cl.position, l.content_json, l.content_hash AS level_hash, v.id AS v_id, v.status, v.optimal, v.par, v.metrics_json, v.solution,
       v.objective, v.proven_bound, v.rules_fingerprint, v.content_hash
     FROM campaign_levels cl JOIN levels l ON l.id = cl.level_id
     LEFT JOIN verifications v ON v.id = (SELECT max(id) FROM verifications WHERE level_id = cl.level_id)
     WHERE cl.campaign_id = ? ORDER BY cl.position`,
  ).all(campaignId) as ExportColumns[];
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** A file name with no path separators, control or reserved characters, and a sane length. */
export function safeFileName(name: string, extension: string): string {
  // eslint-disable-next-line no-control-regex
  let base = name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_').replace(/\s+/g, ' ').trim().replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 120).trim();
  if (base === '' || WINDOWS_RESERVED.test(base)) base = `campaign${base === '' ? '' : `_${base}`}`;
  return `${base}.${extension}`;
}

export function exportCampaign(db: LibraryDatabase, campaignId: number, format: ExportFormat): ExportResult {
  const campaign = requireCampaign(db, campaignId);
  const rows = campaignRows(db, campaignId);
  // A file with no level would be written, and then refused by every reader (and by import).
  if (rows.length === 0) throw new LibraryInputError(`The campaign "${campaign.name}" has no levels, so nothing was exported: import or generate levels into it first.`);
  if (format === 'sok') return exportText(campaign, rows);
  if (format === 'json') return exportBundle(db, campaign, rows);
  throw new LibraryInputError(`Unknown export format '${String(format)}': use sok or json.`);
}

/** The campaign's notes with its credit line, which must travel with the levels. */
function notesWithCredit(campaign: Campaign): Record<string, string> {
  const notes = { ...campaign.notes };
  const hasCredit = Object.keys(notes).some((k) => k.toLowerCase() === 'credit');
  if (campaign.credit && !hasCredit) notes.Credit = campaign.credit;
  return notes;
}

function exportText(campaign: Campaign, rows: readonly ExportColumns[]): ExportResult {
  const kind = requireKind(campaign.kind);
  const format = kind.formats.find((f) => !f.extensions.includes('json'));
  if (!format) throw new LibraryInputError(`The ${campaign.kind} kind has no text format; export JSON instead.`);
  const levels = rows.map((r) => parseJsonColumn<LevelDoc>(r.content_json, {}, `level #${r.position} of "${campaign.name}": its content_json`));
  const notes = notesWithCredit(campaign);
  const collection: LevelCollection<LevelDoc> = {
    title: campaign.title ?? campaign.name,
    ...(campaign.author !== null ? { author: campaign.author } : {}),
    ...(campaign.comments.length > 0 ? { comments: campaign.comments } : {}),
    ...(Object.keys(notes).length > 0 ? { notes } : {}),
    levels,
  };
  const text = format.write(collection);
  // The format's own ending: .sok for push, .tiles for sliding.
  return { fileName: safeFileName(campaign.name, format.extensions[0]), mimeType: 'text/plain; charset=utf-8', text, diagnostics: lossOf(campaign.kind, format.read(text).collection.levels, levels, rows) };
}

/** Read the written text back: every level whose content changed lost something in the format. */
function lossOf(kind: string, written: readonly object[], levels: readonly LevelDoc[], rows: readonly ExportColumns[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  levels.forEach((level, i) => {
    const back = written[i];
    if (back && levelContentHash(kind, back) === rows[i].level_hash) return;
    const title = typeof level.title === 'string' ? ` (${level.title.slice(0, 60)})` : '';
    out.push({
      severity: 'warning',
      code: 'library.export.lossy',
      message: `Level ${rows[i].position}${title} uses something the text format cannot write (ice, doors, teleporters, heavy boxes, ...): export JSON to keep it.`,
      level: rows[i].position,
    });
  });
  return out;
}

function exportBundle(db: LibraryDatabase, campaign: Campaign, rows: readonly ExportColumns[]): ExportResult {
  const rules = currentRules(db, campaign.rulesetId);
  const objectives = rulesetKind(campaign.kind)?.objectives ?? [];
  const secondary = objectives.slice(1).map((o) => o.id);
  const levels = rows.map((row) => {
    const { title, board, ...rest } = parseJsonColumn<LevelDoc>(row.content_json, {}, `level #${row.position} of "${campaign.name}": its content_json`);
    const stamp = row.v_id === null ? null : { status: row.status!, optimal: row.optimal === 1, rulesFingerprint: row.rules_fingerprint!, contentHash: row.content_hash! };
    const current = isCurrent(stamp, rules.fingerprint, row.level_hash);
    return {
      name: typeof title === 'string' ? title : `Level ${row.position}`,
      kind: campaign.kind,
      board,
      ...rest,
      par: current ? row.par : null,
      // The kind's secondary figures under their objective ids (push: `pushes`).
      ...Object.fromEntries(secondary.map((id) => [id, current ? numberOr(parseJsonColumn<Record<string, unknown>>(row.metrics_json ?? '{}', {}, `verification ${row.v_id} of level #${row.position}: its metrics_json`)[id]) : null])),
      solution: current ? row.solution : null,
      optimal: current ? row.optimal === 1 : null,
      // Not proven: what the solver did prove, in its objective's unit, named for its side: a
      // minimised objective's best is at least `lowerBound`, a maximised one's at most `upperBound`.
      ...(current && row.optimal !== 1 && row.proven_bound !== null
        ? { [senseOf(objectives, row.objective ?? undefined) === 'maximise' ? 'upperBound' : 'lowerBound']: row.proven_bound, objective: row.objective }
        : {}),
      status: current ? row.status : stamp ? 'stale' : 'unverified',
      rulesFingerprint: rules.fingerprint,
      contentHash: row.level_hash,
    };
  });
  const bundle = {
    format: CAMPAIGN_BUNDLE_FORMAT,
    campaign: campaign.name,
    kind: campaign.kind,
    rulesFingerprint: rules.fingerprint,
    rulesConfig: rules.config,
    credit: campaign.credit,
    exportedFrom: 'Gridwright',
    levels,
  };
  return { fileName: safeFileName(campaign.name, 'json'), mimeType: 'application/json', text: `${JSON.stringify(bundle, null, 2)}\n`, diagnostics: [] };
}

function numberOr(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}
