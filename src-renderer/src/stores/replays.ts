/**
 * The replay scrubber's recording (issue 24): its whole journal replayed under the campaign's
 * current rules into the one timeline (services/play/timeline.ts: checkpoints, never a board per
 * step), its distance-to-goal curve from the `replay-curve` jobs (asked once, refetched while
 * they run, filled in chunk by chunk), the summary and markers read from both, and the position
 * (`position`: `replay=ID&step=K`) the route memory keeps in the address, so it can be shared and
 * reopened. Nothing here knows a kind.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { ReplayCurve, ReplayDetail, ReplaySolution, StepDistance } from '../../../src-shared/api/replays.ts';
import { decodeRecordedJournal } from '../../../src-shared/engine/play/recorded-journal.ts';
import type { AnyRules } from '../../../src-shared/engine/ruleset.ts';
import { rulesFor } from '../../../src-shared/rulesets/rules-cache.ts';
import { curveReading, deadStretches, summarizeReplay } from '../../../src-shared/verify/replay-curve.ts';
import { createTimeline } from '../services/play/timeline.ts';
import { useApiCall } from './api.ts';

/** How often the curve is asked again while its jobs run. */
export const CURVE_POLL_MS = 400;
const TARGET = /^(?:(\d+)|level-(\d+)-(verification|intended)|candidate-(\d+))$/;

/** What the scrubber opens: a stored recording, a level's solution (its verification's or its intended one), or a candidate's. */
export type ReplayTarget = number | { levelId: number; solution: ReplaySolution } | { candidateId: number };

/** A target as the address names it: `ID`, `level-ID-verification`, `candidate-ID`. */
export function replayTargetText(target: ReplayTarget): string {
  if (typeof target === 'number') return String(target);
  return 'candidateId' in target ? `candidate-${target.candidateId}` : `level-${target.levelId}-${target.solution}`;
}

/**
 * The target and step the params name (`replay=ID&step=K`), if any: what the route memory hands
 * the scrubber at start (`reopen`).
 */
export function replayPosition(params: URLSearchParams): { target: ReplayTarget; step: number } | null {
  const match = TARGET.exec(params.get('replay') ?? '');
  if (!match) return null;
  const target: ReplayTarget = match[1] ? Number(match[1]) : match[4] ? { candidateId: Number(match[4]) } : { levelId: Number(match[2]), solution: match[3] as ReplaySolution };
  const step = Number(params.get('step') ?? 0);
  return { target, step: Number.isSafeInteger(step) && step >= 0 ? step : 0 };
}

/** The same read from an address's hash (`#view=replays&replay=ID&step=K`). */
export function replayRoute(hash: string): { target: ReplayTarget; step: number } | null {
  return replayPosition(new URLSearchParams(hash.replace(/^#/, '')));
}

export const useReplaysStore = defineStore('replays', () => {
  const call = useApiCall();
  const detail = shallowRef<ReplayDetail | null>(null);
  const rules = shallowRef<AnyRules | null>(null);
  /** Why the open recording cannot be replayed here (a message key), if it cannot. */
  const problem = ref<string | null>(null);
  const timeline = createTimeline();
  /** The intended (or optimal) solution, shown beside the play after as many moves. */
  const reference = createTimeline();
  const referenceSource = ref<'intended' | 'optimal' | null>(null);
  /** The play under the rules it was made with, when they changed since ("then and now"). */
  const then = createTimeline();
  /** The first step where then and now differ, when both are loaded. */
  const thenDiverges = ref<number | null>(null);
  /** Per step (0..length): the answer once known. */
  const curve = shallowRef<readonly (StepDistance | undefined)[]>([]);
  const curveState = ref<ReplayCurve['state']>('none');
  /** The x axis: one slot per step, or the time offsets (a long pause shows as a gap). */
  const axis = ref<'steps' | 'time'>('steps');
  /** What was opened (the address names it). */
  const target = shallowRef<ReplayTarget | null>(null);
  let pollTimer: ReturnType<typeof setTimeout> | undefined;

  async function open(what: ReplayTarget, step = 0): Promise<boolean> {
    close();
    const found = await call('replays.get', typeof what === 'number' ? { recordingId: what } : what, 'replays.errors.open');
    if (!found) return false;
    detail.value = found;
    target.value = what;
    const bound = rulesFor(found.kind, found.config).rules;
    const start = bound?.load(found.content).state;
    const decoded = bound ? decodeRecordedJournal((text) => bound.decodeCommand(text), found.journal) : undefined;
    if (!bound || start === undefined || !decoded || 'error' in decoded) {
      problem.value = 'replays.cannotReplay';
      return false;
    }
    rules.value = bound;
    timeline.loadJournal(bound, start, decoded.entries);
    timeline.seek(step);
    loadThen(found);
    const referenceCommands = found.reference?.commands.map((text) => bound.decodeCommand(text));
    if (found.reference && referenceCommands && referenceCommands.every((c) => c !== undefined)) {
      reference.load(bound, start, referenceCommands);
      referenceSource.value = found.reference.source;
    }
    void fetchCurve(true);
    return true;
  }

  function close(): void {
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    pollTimer = undefined;
    timeline.clear();
    reference.clear();
    referenceSource.value = null;
    then.clear();
    thenDiverges.value = null;
    detail.value = null;
    target.value = null;
    rules.value = null;
    problem.value = null;
    curve.value = [];
    curveState.value = 'none';
  }

  /** Replays the journal under the recorded rules too, and finds the first step where the two differ. */
  function loadThen(found: ReplayDetail): void {
    if (found.recordedConfig === undefined) return;
    const old = rulesFor(found.kind, found.recordedConfig).rules;
    const start = old?.load(found.content).state;
    const decoded = old ? decodeRecordedJournal((text) => old.decodeCommand(text), found.journal) : undefined;
    const now = timeline.replay.value;
    const nowRules = rules.value;
    if (!old || start === undefined || !decoded || 'error' in decoded || !now || !nowRules) return;
    then.loadJournal(old, start, decoded.entries);
    const past = then.replay.value!;
    for (let k = 0; k <= now.length; k++) {
      if (old.canonical(past.stateAt(k)) !== nowRules.canonical(now.stateAt(k))) {
        thenDiverges.value = k;
        break;
      }
    }
  }

  /** `compute`: queue the jobs once; `recompute`: queue again what the ended jobs left out. */
  async function fetchCurve(ask: boolean | 'recompute' = false): Promise<void> {
    const recordingId = detail.value?.id;
    // A verification's solution is not a stored recording: no curve is kept for it.
    if (recordingId === undefined || recordingId === null) return;
    const request = ask === 'recompute' ? { recompute: true } : ask ? { compute: true } : {};
    const answer = await call('replays.curve', { recordingId, ...request }, 'replays.errors.curve');
    if (!answer || detail.value?.id !== recordingId) return;
    const values: (StepDistance | undefined)[] = new Array(answer.steps + 1);
    for (const chunk of answer.chunks) chunk.steps.forEach((value, i) => (values[chunk.from + i] = value));
    curve.value = values;
    curveState.value = answer.state;
    if (answer.state === 'running') pollTimer = setTimeout(() => void fetchCurve(), CURVE_POLL_MS);
  }

  // The reference stands after as many moves as the play's line has at the step shown.
  watch([() => timeline.step.value, () => timeline.replay.value], () => {
    const replay = timeline.replay.value;
    if (replay && reference.loaded.value) reference.seek(replay.lineAt(timeline.step.value).length);
    if (then.loaded.value) then.seek(timeline.step.value);
  });

  /** The curve's jobs ended with steps still unknown (cancelled or failed): it can be recomputed. */
  const curveIncomplete = computed(() => curveState.value === 'done' && curve.value.length > 0 && Array.from(curve.value).some((v) => v === undefined));

  /** How the curve reads: a maximised objective (a score) draws the best score still reachable. */
  const reading = computed(() => (timeline.replay.value && rules.value ? curveReading(timeline.replay.value, rules.value) : undefined));
  const summary = computed(() => (timeline.replay.value ? summarizeReplay(timeline.replay.value, curve.value, reading.value) : null));
  const dead = computed(() => deadStretches(curve.value));
  const markers = computed(() => timeline.replay.value?.markers() ?? []);

  /** The position of a step on the axis, 0..1. */
  function axisAt(step: number): number {
    const replay = timeline.replay.value;
    if (!replay || replay.length === 0) return 0;
    if (axis.value === 'time' && replay.duration > 0) return replay.time(step) / replay.duration;
    return step / replay.length;
  }

  /** The step nearest a position on the axis (0..1). */
  function stepAtAxis(fraction: number): number {
    const replay = timeline.replay.value;
    if (!replay) return 0;
    const f = Math.max(0, Math.min(1, fraction));
    if (axis.value !== 'time' || replay.duration === 0) return Math.round(f * replay.length);
    const target = f * replay.duration;
    let lo = 0;
    let hi = replay.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (replay.time(mid) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The kind's command text (LURD for push) of the line from step `from` to step `to`: the moves
   * that lead from the one position to the other, or null when `to` is not reached from `from`
   * (an undo or restart between them left that line).
   */
  function exportRange(from: number, to: number): string | null {
    const replay = timeline.replay.value;
    const bound = rules.value;
    if (!replay || !bound) return null;
    const before = replay.lineAt(Math.min(from, to));
    const after = replay.lineAt(Math.max(from, to));
    if (before.some((command, i) => after[i] !== command)) return null;
    return bound.encodeSolution(replay.stateAt(Math.min(from, to)), after.slice(before.length));
  }

  /**
   * The recording and step as the address keeps them (`replay=ID&step=K`), so a position can be
   * shared and reopened: the Replays view and the panel tell the route memory this, which writes it.
   */
  const position = computed<Record<string, string> | null>(() =>
    target.value === null ? null : { replay: replayTargetText(target.value), step: String(timeline.step.value) },
  );

  /** Opens what the params name, unless it is open already (then only the step moves). */
  function reopen(params: URLSearchParams): void {
    const wanted = replayPosition(params);
    if (!wanted) return;
    if (target.value !== null && replayTargetText(target.value) === replayTargetText(wanted.target)) timeline.seek(wanted.step);
    else void open(wanted.target, wanted.step);
  }

  return { detail, target, position, reopen, rules, problem, timeline, reference, referenceSource, then, thenDiverges, curve, curveState, curveIncomplete, axis, reading, summary, dead, markers, open, close, fetchCurve, axisAt, stepAtAxis, exportRange };
});
