/**
 * A recording opened as a replay timeline under some rules: its level loaded, its journal (or its
 * line, for imported solutions) decoded. Used alike by the scrubber, the distance job and
 * `cli replay`, so they all step through the same positions.
 */
import type { LevelMeta, Rules } from '../ruleset.ts';
import { decodeRecordedJournal, recordedJournal, type RecordedPlay } from './recorded-journal.ts';
import { ReplayTimeline, type TimelineOptions } from './replay-timeline.ts';

export function openRecordedTimeline<L extends LevelMeta, S, C>(
  rules: Rules<L, S, C>,
  play: RecordedPlay,
  options: TimelineOptions = {},
): { readonly timeline: ReplayTimeline<L, S, C> } | { readonly error: string } {
  const loaded = rules.load(play.content);
  if (!loaded.state) return { error: `The level played does not load: ${loaded.diagnostics.find((d) => d.severity === 'error')?.message ?? 'it is not a level of this kind'}` };
  const decoded = decodeRecordedJournal((text) => rules.decodeCommand(text), recordedJournal(play.journal, play.commands, play.times));
  if ('error' in decoded) return decoded;
  return { timeline: new ReplayTimeline(rules, loaded.state, decoded.entries, options) };
}
