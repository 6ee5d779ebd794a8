/**
 * Deterministic replay of a command list: every step runs the real `step` and yields a state hash,
 * so two hosts (or two rule versions) can be compared step by step and a recorded solution is a
 * regression test.
 */
import { stateHash } from './fingerprint.ts';
import type { LevelMeta, PlayStatus, Rules, VisualEvent } from './ruleset.ts';

export interface ReplayFrame<C> {
  /** 0 is the start state; frame i follows command i-1. */
  readonly index: number;
  readonly command?: C;
  readonly hash: string;
  readonly status: PlayStatus;
  readonly changed: boolean;
  readonly events: readonly VisualEvent[];
}

export interface ReplayResult<S, C> {
  readonly frames: readonly ReplayFrame<C>[];
  readonly final: S;
  readonly status: PlayStatus;
  /** 0-based index of the first command the rules refused, if any. */
  readonly firstRefused?: number;
}

export function replay<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, commands: readonly C[]): ReplayResult<S, C> {
  const frames: ReplayFrame<C>[] = [
    { index: 0, hash: stateHash(rules.canonical(start)), status: rules.status(start), changed: false, events: [] },
  ];
  let state = start;
  let firstRefused: number | undefined;
  commands.forEach((command, i) => {
    const result = rules.step(state, command);
    if (!result.changed && firstRefused === undefined) firstRefused = i;
    state = result.state;
    frames.push({
      index: i + 1,
      command,
      hash: stateHash(rules.canonical(state)),
      status: rules.status(state),
      changed: result.changed,
      events: result.events,
    });
  });
  return { frames, final: state, status: rules.status(state), firstRefused };
}

/** The states along a command list (start included), without hashing: for scrubbing and tests. */
export function statesAlong<L extends LevelMeta, S, C>(rules: Rules<L, S, C>, start: S, commands: readonly C[]): S[] {
  const out = [start];
  let state = start;
  for (const command of commands) {
    state = rules.step(state, command).state;
    out.push(state);
  }
  return out;
}
