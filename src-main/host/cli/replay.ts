/**
 * `replay --db PATH --recording ID [--json]`: a recording step by step, as the scrubber shows it.
 * One line per step (0 is the start): the journal entry, whether it was refused, the state's short
 * hash, the distance to goal (null when unknown; `lowerBound` when only a bound is known) and
 * whether the position is dead; then the summary line. The curve is the distance job's own
 * computation (src-shared/verify/replay-curve.ts), under the campaign's current rules, with the
 * level's own state budget per search where it has one. Exit 2 for an unknown recording id.
 */
import { stateHash } from '../../../src-shared/engine/fingerprint.ts';
import { countOf } from '../../../src-shared/engine/text/wording.ts';
import { STEP_HASH_DIGITS } from '../../../src-shared/engine/play/replay.ts';
import { openRecordedTimeline } from '../../../src-shared/engine/play/open-recording.ts';
import { entryText } from '../../../src-shared/engine/play/recorded-journal.ts';
import { DEFAULT_STATE_BUDGET } from '../../../src-shared/search/budget.ts';
import type { StateDistance } from '../../../src-shared/verify/distance.ts';
import { curveReading, summarizeReplay, wholeCurve, type ReplaySummary } from '../../../src-shared/verify/replay-curve.ts';
import { levelDetail } from '../../library/campaign-views.ts';
import { getCampaign } from '../../library/campaigns.ts';
import { getLevel } from '../../library/levels.ts';
import { getRecording } from '../../library/recordings.ts';
import { currentRules } from '../../library/rulesets.ts';
import { tablesDirFor } from '../../studio/paths.ts';
import { fileSolverTables } from '../../worker/tables.ts';
import { UsageError, positiveInt } from './args.ts';
import type { CliCommand } from './command.ts';
import { dbPath, openForCli } from './library-commands.ts';

export const replayCommand: CliCommand = {
  name: 'replay',
  usage: 'replay --db PATH --recording ID [--json]',
  flags: { db: 'string', recording: 'string', json: 'boolean' },
  run(args, io) {
    if (args.flags.recording === undefined) throw new UsageError('--recording ID is required (see: recordings list).');
    const recordingId = positiveInt(args.flags, 'recording', 1);
    const path = dbPath(args.flags, io);
    const { db } = openForCli(path);
    try {
      const recording = getRecording(db, recordingId);
      const level = recording && levelDetail(db, recording.levelId);
      if (!recording || !level) throw new UsageError(`No recording ${recordingId} in this library (see: recordings list --db ${String(args.flags.db)} --campaign NAME).`);
      const campaign = getCampaign(db, level.campaignId)!;
      const { rules, diagnostics } = currentRules(db, campaign.rulesetId);
      if (!rules) throw new UsageError(`The rules of "${campaign.name}" cannot be played: ${diagnostics.map((d) => d.message).join('; ')}`);
      const content = recording.content ?? (recording.contentHash === level.contentHash ? level.content : null);
      const opened = openRecordedTimeline(rules, { content, journal: recording.journal, commands: recording.commands, times: recording.times });
      if ('error' in opened) throw new UsageError(`Recording ${recordingId}: ${opened.error}`);
      const { timeline } = opened;
      const budget = getLevel(db, recording.levelId)?.budget ?? DEFAULT_STATE_BUDGET;
      const curve = wholeCurve(timeline, rules, {
        budget,
        // The solver tables kept beside the library (as the workers keep them): built once, shared by every step.
        tables: fileSolverTables(tablesDirFor(path)),
        onStep(step, answer) {
          const entry = timeline.entryAt(step);
          const line = {
            step,
            command: entry ? entryText(entry, (c) => rules.encodeCommand(c)) : null,
            refused: timeline.refused(step),
            hash: stateHash(rules.canonical(timeline.stateAt(step))).slice(0, STEP_HASH_DIGITS),
            distance: answer.distance,
            ...(answer.lowerBound !== undefined ? { lowerBound: answer.lowerBound } : {}),
            dead: answer.dead,
          };
          io.out(args.flags.json ? JSON.stringify(line) : stepText(line, answer));
        },
      });
      const summary = summarizeReplay(timeline, curve, curveReading(timeline, rules));
      io.out(args.flags.json ? JSON.stringify({ summary }) : summaryText(summary, rules.objectives[0]?.unit ?? 'move'));
      return 0;
    } finally {
      db.close();
    }
  },
};

function stepText(line: { step: number; command: string | null; refused: boolean; hash: string }, answer: StateDistance): string {
  // A maximised objective's distance is the most still to gain, read the same way ("12 left": 12 points still reachable).
  const left = answer.dead ? 'dead' : answer.distance !== null ? `${answer.distance} left` : `at least ${answer.lowerBound ?? 0} left`;
  return `${String(line.step).padStart(6)}  ${(line.command ?? 'start').padEnd(9)} ${line.hash}  ${left}${line.refused ? '  (refused)' : ''}`;
}

function summaryText(s: ReplaySummary, unit: string): string {
  const parts = [
    s.sense === 'maximise'
      ? `${countOf(s.steps, 'step')}, ${countOf(s.value, unit)} on the final line${s.par !== null ? ` (best reachable ${s.par})` : ''}, ${countOf(s.movesMade, 'move')} made`
      : `${countOf(s.steps, 'step')}, ${countOf(s.moves, unit)} on the final line${s.par !== null ? ` (par ${s.par})` : ''}, ${s.movesMade} made`,
    s.wasted !== null ? (s.sense === 'maximise' ? `${countOf(s.wasted, unit)} given up` : `${s.wasted} wasted`) : null,
    `${countOf(s.undos, 'undo')}, ${countOf(s.restarts, 'restart')}, ${countOf(s.hints, 'hint')}, ${s.refused} refused`,
    `${(s.timeMs / 1000).toFixed(1)} s`,
    s.longestStall ? `longest stall ${(s.longestStall.ms / 1000).toFixed(1)} s before step ${s.longestStall.step}` : null,
    s.longestDead ? `dead from step ${s.longestDead.from} to ${s.longestDead.to}` : null,
    s.divergence !== null ? `leaves the ${s.sense === 'maximise' ? 'best' : 'optimal'} lines at step ${s.divergence}` : `stays on ${s.sense === 'maximise' ? 'a best' : 'an optimal'} line`,
    s.final,
  ];
  return `summary: ${parts.filter((p) => p !== null).join('; ')}`;
}
