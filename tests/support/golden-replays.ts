/**
 * The golden replays' file (tests/fixtures/golden-replays/replays.json): per line, a kind, its rules config, a level, a line of
 * inputs in the kind's solution text and the engine's short hash of the state after each input.
 * Read by the test (tests/unit/golden-replays.test.ts) and by regenerate-golden-replays.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stateHash } from '../../src-shared/engine/fingerprint.ts';
import type { AnyRules } from '../../src-shared/engine/ruleset.ts';
import { rulesetKind } from '../../src-shared/rulesets/registry.ts';

export interface GoldenReplay {
  readonly name: string;
  readonly kind: string;
  readonly config: Record<string, unknown>;
  readonly level: unknown;
  /** The inputs, as the kind writes a solution (LURD for push, blank moves for sliding). */
  readonly line: string;
  readonly hashes: readonly string[];
  /**
   * Where the line ends, pinned whole (present on the lines that ask for it with `"final": {}`,
   * the block-tray games): the kind's counters (score, moves, combo, lines) and the full hash.
   */
  readonly final?: GoldenFinal | Record<string, never>;
}

export interface GoldenFinal {
  readonly counters: Record<string, number>;
  readonly hash: string;
}

export interface GoldenReplayFile {
  readonly about: string;
  readonly lines: readonly GoldenReplay[];
}

export const GOLDEN_REPLAYS_PATH = fileURLToPath(new URL('../fixtures/golden-replays/replays.json', import.meta.url));

/** The line's end as `final` pins it: the counters the kind reports and the full state hash. */
export function goldenFinal(rules: AnyRules, state: unknown): GoldenFinal {
  return { counters: { ...(rules.counters(state)) }, hash: stateHash(rules.canonical(state)) };
}

export function readGoldenReplays(): GoldenReplayFile {
  return JSON.parse(readFileSync(GOLDEN_REPLAYS_PATH, 'utf8')) as GoldenReplayFile;
}

/** The line's rules (its kind bound to its config), its start state and its decoded inputs. */
export function goldenRules(line: GoldenReplay): { rules: AnyRules; start: unknown; commands: readonly unknown[] } {
  const kind = rulesetKind(line.kind);
  if (!kind) throw new Error(`${line.name}: no kind ${line.kind}`);
  const { rules, diagnostics } = kind.create(line.config);
  if (!rules) throw new Error(`${line.name}: the config is refused: ${diagnostics.map((d) => d.message).join('; ')}`);
  const loaded = rules.load(line.level);
  if (!loaded.state) throw new Error(`${line.name}: the level does not load: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  const decoded = rules.decodeSolution(line.line);
  if (!decoded.commands) throw new Error(`${line.name}: the line does not read: ${decoded.diagnostics.map((d) => d.message).join('; ')}`);
  return { rules, start: loaded.state, commands: decoded.commands };
}
