/**
 * The Studio API's shapes for re-verification and its impact reports, and for solutions imported
 * as recordings (issue 16), and the channels that start a re-verification and read its reports.
 */
import { z } from 'zod';
import { MAX_VERIFY_BUDGET } from '../search/budget.ts';
import { channel, id } from './fields.ts';
import { impactCategorySchema, recordingCheckSchema, type RecordingCheck } from '../verify/impact.ts';

/** One recording's replay under the new rules, as a report row keeps it (impact.ts's check). */
export const recordingReplaySchema = recordingCheckSchema;
export type RecordingReplay = RecordingCheck;

/** One level of a report. */
export const impactRowSchema = z.object({
  levelId: id.nullable(),
  campaignName: z.string(),
  /** 1-based position in its campaign. */
  position: z.int(),
  title: z.string().nullable(),
  /** The new verification's status: solved, unsolvable, budget or invalid. */
  status: z.string(),
  par: z.int().nullable(),
  /** The par of the verification before (null: none, or it was not solved). */
  oldPar: z.int().nullable(),
  /** The par's sense, when it is maximised (a score: higher is better); absent, minimised. */
  sense: z.literal('maximise').optional(),
  impact: z.array(impactCategorySchema).min(1),
  recordings: z.array(recordingReplaySchema),
  /** A recording (or the intended solution) wins the level under the new rules, exactly on its last command. */
  proven: z.boolean(),
});
export type ImpactRow = z.infer<typeof impactRowSchema>;

export const reportScopeSchema = z.enum(['campaign', 'selection', 'library']);
export type ReportScope = z.infer<typeof reportScopeSchema>;

/** A rules fingerprint as the designer knows it: the ruleset's version number and note (null: no version of this library has it). */
export const rulesVersionRefSchema = z.object({ fingerprint: z.string(), ruleset: z.string().nullable(), number: z.int().nullable(), note: z.string().nullable() });
export type RulesVersionRef = z.infer<typeof rulesVersionRefSchema>;

export const impactReportSummarySchema = z.object({
  id,
  batchId: id.nullable(),
  scope: reportScopeSchema,
  label: z.string(),
  campaignId: id.nullable(),
  /** Fingerprints of the verifications compared (before) and of the rules they were compared under (after). */
  oldFingerprints: z.array(z.string()),
  newFingerprints: z.array(z.string()),
  /** The same fingerprints as version numbers and notes (optional for older hosts). */
  oldRules: z.array(rulesVersionRefSchema).optional(),
  newRules: z.array(rulesVersionRefSchema).optional(),
  /** Levels in the run, and how many have their row yet. */
  levels: z.int(),
  done: z.int(),
  /** The batch's state: running, done or cancelled (done once its batch is gone). */
  state: z.enum(['running', 'done', 'cancelled']),
  counts: z.partialRecord(impactCategorySchema, z.int()),
  /** Levels no recording or intended solution proves (coverage). */
  unproven: z.int(),
  createdAt: z.string(),
});
export type ImpactReportSummary = z.infer<typeof impactReportSummarySchema>;

export const impactReportSchema = impactReportSummarySchema.extend({ rows: z.array(impactRowSchema) });
export type ImpactReport = z.infer<typeof impactReportSchema>;

/** What to re-verify: a campaign, some levels of one, or every campaign of the library. */
export const reverifyRequestSchema = z.union([
  z.object({ campaignId: id, levelIds: z.array(id).min(1).max(100_000).optional(), budget: z.int().min(1).max(MAX_VERIFY_BUDGET).optional() }).strict(),
  z.object({ library: z.literal(true), budget: z.int().min(1).max(MAX_VERIFY_BUDGET).optional() }).strict(),
]);

/** A recording stored from a solutions file. */
export const importedSolutionSchema = z.object({
  /** 1-based position of its level in the campaign. */
  level: z.int(),
  levelId: id,
  recording: id,
  steps: z.int(),
  /** Commands the rules refused (bumps), kept on its line. */
  refused: z.int(),
  outcome: z.enum(['won', 'lost', 'unfinished']),
  intended: z.boolean(),
});
export type ImportedSolution = z.infer<typeof importedSolutionSchema>;

export const REPORT_CHANNELS = {
  /**
   * Re-verify a campaign, some of its levels, or the whole library in the worker pool: each level
   * solved again and its recordings replayed; the impact report fills in as the jobs finish.
   */
  'jobs.reverify': channel(reverifyRequestSchema, z.object({ batchId: id, reportId: id, jobs: z.int() })),
  'reports.list': channel(z.object({}).strict(), z.object({ reports: z.array(impactReportSummarySchema) })),
  'reports.get': channel(z.object({ reportId: id }).strict(), impactReportSchema),
} as const;
