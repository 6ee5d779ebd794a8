/**
 * The Studio API's recording channels: play-tests' journals stored as recordings (replayed by
 * main with the real rules), solutions files imported as recordings, and the level's intended
 * solution.
 */
import { z } from 'zod';
import { MAX_RECORDING_STEPS } from '../engine/limits.ts';
import { channel, id, timestamp } from './fields.ts';
import { MAX_IMPORT_CHARS } from './library.ts';
import { importedSolutionSchema } from './reports.ts';
import { inCampaign } from './editor.ts';

const encodedCommand = z.string().max(64);
const offset = z.number().min(0).max(1e10);
/** A play's journal entry as the renderer kept it, with its time offset (ms since the play began). */
export const journalEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('command'), command: encodedCommand, t: offset }).strict(),
  z.object({ type: z.literal('undo'), t: offset }).strict(),
  z.object({ type: z.literal('redo'), t: offset }).strict(),
  z.object({ type: z.literal('restart'), t: offset }).strict(),
  z.object({ type: z.literal('hint'), command: encodedCommand, t: offset }).strict(),
]);
export type JournalEntryPayload = z.infer<typeof journalEntrySchema>;
/** Most journal entries a recording may hold. */
export const MAX_JOURNAL_ENTRIES = MAX_RECORDING_STEPS;

export const recordingOutcomeSchema = z.enum(['won', 'lost', 'unfinished']);
export type RecordingOutcome = z.infer<typeof recordingOutcomeSchema>;

export const recordingSummarySchema = z.object({
  id,
  levelId: id,
  name: z.string().nullable(),
  outcome: recordingOutcomeSchema,
  /** Made under the campaign's current rules on the level's current content. */
  current: z.boolean(),
  /** Commands on its line, refused ones included. */
  steps: z.int(),
  moves: z.int().nullable(),
  undos: z.int().nullable(),
  hints: z.int().nullable(),
  durationMs: z.int().nullable(),
  createdAt: timestamp,
  /** The level's intended solution: re-verification checks that nothing cheaper appears (a shortcut). */
  intended: z.boolean(),
  /** A play-test, an imported solutions file, or a verification's solution. */
  source: z.enum(['play', 'import', 'verification']),
});
export type RecordingSummary = z.infer<typeof recordingSummarySchema>;

export const recordingDetailSchema = recordingSummarySchema.extend({
  rulesFingerprint: z.string(),
  contentHash: z.string(),
  /** The document played; null for recordings made before it was kept. */
  content: z.unknown(),
  commands: z.array(z.string()),
  refused: z.array(z.boolean()).nullable(),
  times: z.array(z.number()).nullable(),
});
export type RecordingDetail = z.infer<typeof recordingDetailSchema>;

export const RECORDING_CHANNELS = {
  'recordings.list': channel(z.object({ levelId: id, campaignId: inCampaign }).strict(), z.object({ recordings: z.array(recordingSummarySchema) })),
  'recordings.get': channel(z.object({ recordingId: id, campaignId: inCampaign }).strict(), recordingDetailSchema),
  /** A play-test's journal on a document; main replays it with the real rules and stores the recording. */
  'recordings.save': channel(
    z.object({ levelId: id, campaignId: inCampaign, content: z.unknown(), journal: z.array(journalEntrySchema).min(1).max(MAX_JOURNAL_ENTRIES), name: z.string().max(200).optional() }).strict(),
    z.object({ recordingId: id, outcome: recordingOutcomeSchema, steps: z.int() }),
  ),
  'recordings.rename': channel(z.object({ recordingId: id, name: z.string().max(200) }).strict(), z.object({})),
  'recordings.delete': channel(z.object({ recordingId: id }).strict(), z.object({ deleted: z.boolean() })),
  /**
   * A solutions file (a JSON list of {level, lurd}, or XSB/SOK with Solution lines) stored as
   * recordings of a campaign's levels; bad input is refused naming its entry or line, and nothing is written.
   */
  'recordings.import': channel(
    z.object({ campaignId: id, fileName: z.string().min(1).max(260), text: z.string().max(MAX_IMPORT_CHARS), intended: z.boolean().optional() }).strict(),
    z.object({ stored: z.array(importedSolutionSchema), warnings: z.array(z.string()) }),
  ),
  /** Marks a recording, or the latest verification's solution (kept as a recording), as the level's intended solution; or clears the mark. */
  'recordings.intend': channel(
    z.union([
      z.object({ levelId: id, recordingId: id }).strict(),
      z.object({ levelId: id, fromVerification: z.literal(true) }).strict(),
      z.object({ levelId: id, clear: z.literal(true) }).strict(),
    ]),
    z.object({ recordingId: id.nullable() }),
  ),
} as const;
