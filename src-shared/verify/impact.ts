/**
 * What a rule change (or an edit) did to a level: the impact report's categories, from the level's
 * previous verification, its new one, and the replay of every stored recording under the new
 * rules against the state hashes stored when it was made (seed 000: "check that a content update
 * has not silently broken old solutions"; seed 002: CI does not trust a stored par). Pure: the
 * host runs it in a worker and stores the result.
 */
import { z } from 'zod';
import { costAlong, firstDivergence, shortHashes } from '../engine/play/replay.ts';
import { isBetter, type LevelMeta, type ObjectiveSense, type Rules } from '../engine/ruleset.ts';
import type { Verification } from './record.ts';

export const IMPACT_CATEGORIES = [
  'unchanged',
  'first-verification',
  'par-changed',
  'newly-unsolvable',
  'budget',
  'invalid',
  'better-than-intended',
  'recording-diverges',
  'recording-no-longer-wins',
  'recording-wins-early',
] as const;
export const impactCategorySchema = z.enum(IMPACT_CATEGORIES);
export type ImpactCategory = z.infer<typeof impactCategorySchema>;

/** Categories that are not regressions: `cli verify --json` exits 0 when a level has only these. */
export const BENIGN_CATEGORIES: ReadonlySet<ImpactCategory> = new Set(['unchanged', 'first-verification']);

/** A stored recording as the check needs it. */
export interface RecordingToCheck {
  readonly id: number;
  /** The kind's encoded commands, every one the player gave (refused ones too). */
  readonly commands: readonly string[];
  /** Hashes stored when it was made (null when they were not kept). */
  readonly stepHashes: readonly string[] | null;
  /** Its play status when made: a recording that won then must win now. */
  readonly status: string;
  /** Marked as the level's intended solution. */
  readonly intended: boolean;
}

export const recordingCheckSchema = z.object({
  id: z.int(),
  /** It ends in a won state under the new rules. */
  wins: z.boolean(),
  /** 1-based step after which the game was already won (before its last command), else null. */
  winsAt: z.int().nullable(),
  /** 1-based step whose state first differs from the one stored when it was made, else null. */
  divergesAt: z.int().nullable(),
  /** A command the new rules cannot decode (1-based), else null. */
  undecodableAt: z.int().nullable(),
  /**
   * The commands' value in the primary objective under the new rules, as par counts it: what they
   * cost when it is minimised, the points they score when it is maximised. (`cost` in reports made
   * before migration 13, which renamed it in the stored rows.)
   */
  value: z.int(),
  intended: z.boolean(),
  /**
   * Present when the recording was not replayed, and why: longer than a re-verification replays
   * (a library written before the cap held it). Its other fields then say nothing.
   */
  notReplayed: z.object({ reason: z.literal('too-long'), steps: z.int(), max: z.int() }).optional(),
});
export type RecordingCheck = z.infer<typeof recordingCheckSchema>;

/** The row entry of a recording a re-verification did not replay (too long): no category follows from it. */
export function notReplayedCheck(recording: { readonly id: number; readonly steps: number; readonly intended: boolean }, max: number): RecordingCheck {
  return { id: recording.id, wins: false, winsAt: null, divergesAt: null, undecodableAt: null, value: 0, intended: recording.intended, notReplayed: { reason: 'too-long', steps: recording.steps, max } };
}

/** Replays a recording under `rules` from the level's start, step by step. */
export function checkRecording<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, recording: RecordingToCheck): RecordingCheck {
  const commands: C[] = [];
  let undecodableAt: number | null = null;
  for (let i = 0; i < recording.commands.length; i++) {
    const command = rules.decodeCommand(recording.commands[i]);
    if (command === undefined) {
      undecodableAt = i + 1;
      break;
    }
    commands.push(command);
  }
  const { states, cost } = costAlong(rules, start, commands);
  const primary = rules.objectives[0];
  const counter = (s: S) => rules.counters(s)[primary.id] ?? 0;
  const value = primary.sense === 'maximise' ? counter(states[states.length - 1]) - counter(start) : cost;
  const firstEnd = states.findIndex((s) => rules.status(s) === 'won');
  const wins = undecodableAt === null && rules.status(states[states.length - 1]) === 'won';
  // Won after step k < n: the last commands were played on an ended game (a solution must win exactly on its last input).
  const winsAt = firstEnd >= 0 && firstEnd < commands.length ? firstEnd : null;
  // One pass of the rules: the states along the line give the cost, the win and the hashes.
  const at = recording.stepHashes ? firstDivergence(recording.stepHashes, shortHashes(rules, states.slice(1))) : -1;
  return { id: recording.id, wins, winsAt, divergesAt: at >= 0 ? at + 1 : null, undecodableAt, value, intended: recording.intended };
}


export interface ImpactInput {
  /** The primary objective's sense: which way a par and a recording's value are better. */
  readonly sense: ObjectiveSense;
  /** The level's verification before this run (null: never verified). */
  readonly previous: Pick<Verification, 'status' | 'par' | 'optimal'> | null;
  readonly current: Pick<Verification, 'status' | 'par' | 'optimal'>;
  readonly recordings: readonly (RecordingCheck & { readonly wonWhenMade: boolean })[];
}

/** The categories of one level, in the vocabulary's order; `unchanged` when nothing else applies. */
export function impactOf({ sense, previous, current, recordings }: ImpactInput): ImpactCategory[] {
  const found = new Set<ImpactCategory>();
  if (!previous) found.add('first-verification');
  if (current.status === 'invalid') found.add('invalid');
  if (current.status === 'budget') found.add('budget');
  if (current.status === 'unsolvable' && previous?.status === 'solved') found.add('newly-unsolvable');
  if (current.status === 'solved' && previous?.status === 'solved' && previous.par !== current.par) found.add('par-changed');
  for (const r of recordings) {
    if (r.notReplayed) continue;
    if (r.divergesAt !== null || r.undecodableAt !== null) found.add('recording-diverges');
    if (r.wonWhenMade && !r.wins) found.add('recording-no-longer-wins');
    if (r.winsAt !== null) found.add('recording-wins-early');
    // A solution better than the intended one exists now and did not before (fewer moves, more
    // points): a shortcut, or a higher score, the designer did not plan.
    const beats = (par: number | null | undefined) => par !== null && par !== undefined && isBetter(sense, par, r.value);
    if (r.intended && current.status === 'solved' && beats(current.par) && !(previous?.status === 'solved' && beats(previous.par))) found.add('better-than-intended');
  }
  if (found.size === 0) found.add('unchanged');
  return IMPACT_CATEGORIES.filter((c) => found.has(c));
}
