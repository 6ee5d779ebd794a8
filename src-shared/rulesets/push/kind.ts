/**
 * The push kind on the ruleset contract: Sokoban and its seed-000 extensions. Everything a host
 * needs goes through here; hosts never import the push internals.
 */
import { bindConfig } from '../../engine/config.ts';
import { rulesFingerprint } from '../../engine/fingerprint.ts';
import type { Rules, RulesetKind, SolveOptions, SolveResult } from '../../engine/ruleset.ts';
import { GENERIC_ASTAR_NAME, astar } from '../../search/generic.ts';
import { UNREACHABLE, goalDistanceTables } from './analysis.ts';
import { buildPushLevel, validatePushLevel, type PushBoard, type PushState } from './board.ts';
import { pushFormats } from './formats/index.ts';
import { lurdToDirections, writeLurd } from './formats/lurd.ts';
import { lintPushLevel } from './lint.ts';
import { pushMetrics } from './metrics.ts';
import { DIRECTIONS, directionSchema, pushConfigSchema, pushLevelSchema, type Direction, type PushConfig, type PushLevel } from './schema.ts';
import { serializePushState } from './serialize.ts';
import { solvePlainPush } from './solver/index.ts';
import { pushStatus, stepPush } from './step.ts';
import { viewPush } from './view.ts';
import { DEFAULT_STATE_BUDGET, stateBudget } from '../../search/budget.ts';

/** Bump when `step` can answer differently for the same input: every verification goes stale. */
export const PUSH_RULES_VERSION = 1;

export type PushRules = Rules<PushLevel, PushState, Direction>;

const DIRECTION_WORDS: Readonly<Record<string, Direction>> = { up: 'u', down: 'd', left: 'l', right: 'r' };

const DIRECTION_GLYPHS: Readonly<Record<Direction, string>> = { u: '↑', d: '↓', l: '←', r: '→' };

/** Arrows and WASD move the player. */
const PUSH_KEYS: Readonly<Record<string, Direction>> = Object.freeze({
  ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r',
  w: 'u', s: 'd', a: 'l', d: 'r',
});

function createPushRules(config: PushConfig): PushRules {
  const fingerprint = rulesFingerprint('push', PUSH_RULES_VERSION, config);
  // Per-board caches live in this rules instance (not in a module global).
  const boundTables = new WeakMap<PushBoard, { nearest: Uint16Array; tables: Uint16Array[]; chain: number }>();
  const boundFor = (board: PushBoard) => {
    let entry = boundTables.get(board);
    if (!entry) {
      const tables = goalDistanceTables(board);
      const nearest = new Uint16Array(board.width * board.height).fill(UNREACHABLE);
      for (const t of tables) for (let c = 0; c < nearest.length; c++) if (t[c] < nearest[c]) nearest[c] = t[c];
      const lightest = board.boxWeight.length > 0 ? Math.min(...board.boxWeight) : 1;
      // One move can push a chain of up to this many boxes one step each.
      const chain = Math.max(1, Math.floor(config.pushStrength / lightest));
      entry = { nearest, tables, chain };
      boundTables.set(board, entry);
    }
    return entry;
  };

  const rules: PushRules = {
    kind: 'push',
    fingerprint,
    load(input: unknown) {
      const validated = validatePushLevel(input);
      if (!validated.level) return { diagnostics: validated.diagnostics };
      return buildPushLevel(validated.level, config);
    },
    serialize: (state, meta) => serializePushState(state, meta),
    lint: (level) => lintPushLevel(level, config),
    step: stepPush,
    status: pushStatus,
    commands: () => DIRECTIONS,
    key(state) {
      const { heavyBox } = state.board;
      const light: number[] = [];
      const heavy: number[] = [];
      state.boxes.forEach((b, id) => (heavyBox[id] ? heavy : light).push(b));
      light.sort((a, b) => a - b);
      heavy.sort((a, b) => a - b);
      return heavy.length > 0 ? `${state.player}|${light.join(',')}|${heavy.join(',')}` : `${state.player}|${light.join(',')}`;
    },
    canonical: (state) => `push|${state.player}|${state.boxes.join(',')}|${state.moves}|${state.pushes}`,
    lowerBound(state) {
      const { board, boxes } = state;
      const { nearest, tables, chain } = boundFor(board);
      let sum = 0;
      if (boxes.length < board.goals.length) return Infinity;
      if (boxes.length === board.goals.length) {
        for (const b of boxes) {
          if (nearest[b] === UNREACHABLE) return Infinity;
          sum += nearest[b];
        }
      } else {
        for (const t of tables) {
          let best = UNREACHABLE;
          for (const b of boxes) if (t[b] < best) best = t[b];
          if (best === UNREACHABLE) return Infinity;
          sum += best;
        }
      }
      return Math.ceil(sum / chain);
    },
    encodeCommand: (command) => command,
    decodeCommand(text) {
      const t = text.trim().toLowerCase();
      const parsed = directionSchema.safeParse(t);
      // Own keys only: 'constructor' or '__proto__' must not decode to Object's members.
      return parsed.success ? parsed.data : Object.hasOwn(DIRECTION_WORDS, t) ? DIRECTION_WORDS[t] : undefined;
    },
    encodeSolution(start, commands) {
      const moves: { dir: Direction; push: boolean }[] = [];
      let state = start;
      for (const dir of commands) {
        const next = stepPush(state, dir).state;
        moves.push({ dir, push: next.pushes > state.pushes });
        state = next;
      }
      return writeLurd(moves);
    },
    decodeSolution(text) {
      const parsed = lurdToDirections(text);
      return parsed.directions ? { commands: parsed.directions, diagnostics: parsed.diagnostics } : { diagnostics: parsed.diagnostics };
    },
    view: viewPush,
    keyBindings: PUSH_KEYS,
    commandGlyph: (command) => DIRECTION_GLYPHS[command],
    solve(state, options: SolveOptions = {}): SolveResult<Direction> {
      const objective = options.objective === 'pushes' ? 'pushes' : 'moves';
      const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
      const { shouldStop, progress } = options;
      if (state.board.plain) return solvePlainPush(state, { objective, budget, shouldStop, progress });
      // No goal: never won (pushStatus), so no search is needed to say so.
      if (state.board.goals.length === 0) return { solver: GENERIC_ASTAR_NAME, status: 'unsolvable', optimal: true, nodes: 0, stored: 0 };
      // Mechanics: the generic A* over the real `step`, optimal in moves only.
      const result = astar(rules, state, { budget, shouldStop, progress });
      return objective === 'moves' ? result : { ...result, optimal: false };
    },
    metrics: (state, solution) => pushMetrics(state, solution),
  };
  return rules;
}

export const pushKind: RulesetKind<PushConfig, PushLevel, PushState, Direction> = {
  kind: 'push',
  rulesVersion: PUSH_RULES_VERSION,
  configSchema: pushConfigSchema,
  levelSchema: pushLevelSchema,
  objectives: ['moves', 'pushes'],
  formats: pushFormats,
  // The reverse (pull) generator of seed 002 comes with the generators issue.
  generators: [],
  create: (input: unknown = {}) => bindConfig('push', pushConfigSchema, input, createPushRules),
};

/** Push rules with the default config (plain Sokoban plus the mechanics a level declares). */
export function defaultPushRules(): PushRules {
  return createPushRules(pushConfigSchema.parse({}));
}

