/**
 * The push kind on the ruleset contract: Sokoban and its seed-000 extensions. Everything a host
 * needs goes through here; hosts never import the push internals.
 */
import { roundedRectPath } from '../../engine/appearance.ts';
import { bindConfig } from '../../engine/text/documents.ts';
import { rulesFingerprint } from '../../engine/fingerprint.ts';
import type { Appearances, KindMessages, Objective, Rules, RulesetKind, SolveOptions, SolveResult } from '../../engine/ruleset.ts';
import { DIRECTION_ARROWS, arrowKeyBindings, decodeDirection } from '../../engine/grid.ts';
import { UNREACHABLE, goalDistanceTables, nearestGoalPushes } from './analysis.ts';
import { buildPushLevel, validatePushLevel, type PushBoard, type PushState } from './board.ts';
import { pushFormats } from './formats/index.ts';
import { lurdToDirections, writeLurd } from './formats/lurd.ts';
import { lintPushLevel } from './lint.ts';
import { pushEditing } from './editing.ts';
import { pushMetrics } from './metrics.ts';
import { pushOverlays } from './overlays.ts';
import { DIRECTIONS, pushConfigSchema, pushLevelSchema, type Direction, type PushConfig, type PushLevel } from './schema.ts';
import { serializePushState } from './serialize.ts';
import { plainSolveParts, solvePlainPush } from './solver/index.ts';
import { SolvedLines } from './solver/lines.ts';
import { PUSH_MECHANICS_NAME, solveMechanics } from './solver/mechanics/solve.ts';
import { pushDeadEnd } from './dead-end.ts';
import { pushStatus, stepPush } from './step.ts';
import { viewPush } from './view.ts';
import { reverseGenerator } from './generator/index.ts';
import { DEFAULT_STATE_BUDGET, stateBudget } from '../../search/budget.ts';

/** The solver named in a result answered from a kept line (solver/lines.ts). */
export const PUSH_LINES_NAME = 'push-lines/1';

/** Bump when `step` can answer differently for the same input: every verification goes stale. */
export const PUSH_RULES_VERSION = 1;

export type PushRules = Rules<PushLevel, PushState, Direction>;

/** Arrows and WASD move the player. */
const PUSH_KEYS = Object.freeze(arrowKeyBindings());

const PUSH_OBJECTIVES: readonly Objective[] = [
  { id: 'moves', sense: 'minimise', unit: 'move', label: 'Moves' },
  { id: 'pushes', sense: 'minimise', unit: 'push', label: 'Pushes' },
];

const PUSH_APPEARANCE: Appearances = {
  terrain: {
    wall: { shape: 'fill', tone: 'wall' },
    floor: { shape: 'fill', tone: 'floor' },
    goal: { shape: 'fill', tone: 'goal', overlay: { shape: 'mark', tone: 'goal' } },
    ice: { shape: 'fill', tone: 'ice', overlay: { shape: 'hatch', tone: 'ice' } },
    outside: { shape: 'fill', tone: 'outside' },
  },
  pieces: {
    player: { shape: 'player', tone: 'player' },
    // A box where it belongs takes the success tone; a heavy one a heavier outline.
    box: { shape: 'box', tone: 'box', variants: { 'on-goal': { tone: 'success' }, heavy: { shape: 'heavy-box' }, 'heavy-on-goal': { shape: 'heavy-box', tone: 'success' } } },
    button: { shape: 'disc', tone: 'mechanism', variants: { pressed: { tone: 'warning' } } },
    door: { shape: 'door', tone: 'mechanism', variants: { open: { shape: 'open-door' } } },
    teleporter: { shape: 'pad', tone: 'mechanism' },
  },
  shapes: {
    'heavy-box': { body: roundedRectPath(0.14, 0.14, 0.72, 0.72, 0.1), weight: 0.13, detail: 'M0.3 0.3L0.7 0.7M0.7 0.3L0.3 0.7', detailWeight: 0.08 },
    // An open door: only its corners, so the floor shows through.
    'open-door': { body: 'M0.08 0.3V0.08H0.3M0.7 0.08H0.92V0.3M0.92 0.7V0.92H0.7M0.3 0.92H0.08V0.7', paint: 'line', weight: 0.07 },
  },
};

const PUSH_MESSAGES: KindMessages = {
  en: {
    'kind.label': 'Push (Sokoban)',
    'objective.moves': 'Moves',
    'unit.moves': '{n} moves | {n} move | {n} moves',
    'objective.pushes': 'Pushes',
    'unit.pushes': '{n} pushes | {n} push | {n} pushes',
    'hud.moves': 'move | moves',
    'hud.pushes': 'push | pushes',
    'terrain.wall': 'Wall', 'terrain.floor': 'Floor', 'terrain.goal': 'Goal', 'terrain.ice': 'Ice', 'terrain.outside': 'Outside',
    'piece.player': 'Player', 'piece.box': 'Box', 'piece.button': 'Button', 'piece.door': 'Door', 'piece.teleporter': 'Teleporter',
    'palette.wall': 'Wall', 'palette.floor': 'Floor', 'palette.goal': 'Goal', 'palette.box': 'Box', 'palette.player': 'Player', 'palette.heavy': 'Heavy box',
    'palette.ice': 'Ice', 'palette.button': 'Button', 'palette.door': 'Door', 'palette.teleporter': 'Teleporter pad',
    'param.link': 'Link id', 'param.pair': 'Pair id',
    'overlay.dead': 'Dead squares', 'overlay.reach': 'Player can walk',
    'fix.remove': 'Remove it', 'fix.wall': 'Draw a wall here instead', 'fix.close-board': 'Close the board with walls',
    // Its generator and the bench's sieves (what rejected a candidate), by id.
    'generator.push-reverse': 'Reverse (pull) generation',
    'sieve.floor-disconnected': 'floor not connected', 'sieve.open-area': 'large open area', 'sieve.room-small': 'too little floor', 'sieve.solved': 'already solved',
    'sieve.dead-square': 'box on a dead square', 'sieve.shallow': 'path back below the par floor', 'sieve.deep': 'par bound above the par ceiling',
    'sieve.duplicate': 'duplicate (8 symmetries)', 'sieve.proof': 'no proven par within the budget', 'sieve.par-window': 'par outside the window',
    // Figures of a verification (pushMetrics): a label and a tooltip each.
    'metric.width': 'Width', 'metric.width.help': 'Columns of the board, walls included.',
    'metric.height': 'Height', 'metric.height.help': 'Rows of the board, walls included.',
    'metric.floorCells': 'Floor cells', 'metric.floorCells.help': 'Cells the player can reach from the start, ignoring boxes.',
    'metric.boxes': 'Boxes', 'metric.boxes.help': 'Boxes on the board at the start.',
    'metric.goals': 'Goals', 'metric.goals.help': 'Goal cells; the level is won when every goal holds a box.',
    'metric.deadSquares': 'Dead squares', 'metric.deadSquares.help': 'Reachable floor cells from which no box can ever be pushed to a goal.',
    'metric.pushes': 'Pushes', 'metric.pushes.help': 'Pushes in the solution found.',
    'metric.boxLines': 'Box lines', 'metric.boxLines.help': 'Runs of pushes of one box in one direction with no other move between: fewer lines read as a calmer solution.',
    'metric.boxChanges': 'Box changes', 'metric.boxChanges.help': 'Pushes of a different box than the push before: how often the solution switches boxes.',
    'metric.meanBranching': 'Mean branching', 'metric.meanBranching.help': 'Pushes available on average where the solution chooses one: higher means more ways to go wrong.',
  },
  'zh-CN': {
    'kind.label': '推箱子',
    'objective.moves': '步数',
    'unit.moves': '{n} 步',
    'objective.pushes': '推动次数',
    'unit.pushes': '推动 {n} 次',
    'hud.moves': '步',
    'hud.pushes': '推',
    'terrain.wall': '墙', 'terrain.floor': '地面', 'terrain.goal': '目标', 'terrain.ice': '冰面', 'terrain.outside': '外部',
    'piece.player': '玩家', 'piece.box': '箱子', 'piece.button': '按钮', 'piece.door': '门', 'piece.teleporter': '传送点',
    'palette.wall': '墙', 'palette.floor': '地面', 'palette.goal': '目标', 'palette.box': '箱子', 'palette.player': '玩家', 'palette.heavy': '重箱子',
    'palette.ice': '冰面', 'palette.button': '按钮', 'palette.door': '门', 'palette.teleporter': '传送点',
    'param.link': '联动编号', 'param.pair': '配对编号',
    'overlay.dead': '死格', 'overlay.reach': '玩家可达',
    'fix.remove': '删除它', 'fix.wall': '改为墙', 'fix.close-board': '用墙封闭棋盘',
    'generator.push-reverse': '逆向（拉箱）生成',
    'sieve.floor-disconnected': '地面不连通', 'sieve.open-area': '空地过大', 'sieve.room-small': '地面太少', 'sieve.solved': '开局即已完成',
    'sieve.dead-square': '箱子在死格上', 'sieve.shallow': '回程路径低于最小标准步数', 'sieve.deep': '标准步数下界高于上限',
    'sieve.duplicate': '重复（8 种对称）', 'sieve.proof': '预算内未能证明标准步数', 'sieve.par-window': '标准步数不在范围内',
    'metric.width': '宽度', 'metric.width.help': '棋盘的列数（含墙）。',
    'metric.height': '高度', 'metric.height.help': '棋盘的行数（含墙）。',
    'metric.floorCells': '地面格数', 'metric.floorCells.help': '不考虑箱子时，玩家从起点能走到的格子数。',
    'metric.boxes': '箱子数', 'metric.boxes.help': '开局时棋盘上的箱子数。',
    'metric.goals': '目标数', 'metric.goals.help': '目标格数；每个目标上都有箱子即过关。',
    'metric.deadSquares': '死格', 'metric.deadSquares.help': '可到达的地面中，箱子一旦推上去就再也推不到目标的格子数。',
    'metric.pushes': '推动次数', 'metric.pushes.help': '所找到的解中的推动次数。',
    'metric.boxLines': '推线数', 'metric.boxLines.help': '同一箱子沿同一方向连续推动（中间没有其他移动）的段数：越少，解法越顺。',
    'metric.boxChanges': '换箱次数', 'metric.boxChanges.help': '与上一次推动不是同一个箱子的推动次数：解法换箱的频繁程度。',
    'metric.meanBranching': '平均分支数', 'metric.meanBranching.help': '解法每次选择推动时平均可选的推动数：越高，走错的可能越多。',
  },
};

function createPushRules(config: PushConfig): PushRules {
  const fingerprint = rulesFingerprint('push', PUSH_RULES_VERSION, config);
  // Per-board caches live in this rules instance (not in a module global).
  const boundTables = new WeakMap<PushBoard, { nearest: Uint16Array; tables: () => Uint16Array[]; chain: number }>();
  const boundFor = (board: PushBoard) => {
    let entry = boundTables.get(board);
    if (!entry) {
      // One pass for the nearest goal; a table per goal (goals x cells) only with spare boxes,
      // where it is needed: on a big room with 1,000 goals those take seconds.
      const nearest = nearestGoalPushes(board);
      let tables: Uint16Array[] | undefined;
      const lightest = board.boxWeight.length > 0 ? Math.min(...board.boxWeight) : 1;
      // One move can push a chain of up to this many boxes one step each.
      const chain = Math.max(1, Math.floor(config.pushStrength / lightest));
      entry = { nearest, tables: () => (tables ??= goalDistanceTables(board)), chain };
      boundTables.set(board, entry);
    }
    return entry;
  };

  /** The kind's searches, with no line kept: the plain solver, or the compiled mechanics path (both time-led when the host gives `timeSpent`). */
  const solveAfresh = (state: PushState, objective: 'moves' | 'pushes', options: SolveOptions): SolveResult<Direction> => {
    const budget = stateBudget(options.budget, DEFAULT_STATE_BUDGET);
    const { shouldStop, progress, found, memoryBytes, timeSpent, part } = options;
    if (state.board.plain) return solvePlainPush(state, { objective, budget, shouldStop, progress, found, memoryBytes, timeSpent, part });
    // No goal: never won (pushStatus), so no search is needed to say so.
    if (state.board.goals.length === 0) return { solver: PUSH_MECHANICS_NAME, status: 'unsolvable', optimal: true, nodes: 0, stored: 0 };
    // A solve in parts splits only a plain full-size race (solver/index.ts): with mechanics the
    // first part is the one solve and the others end at once rather than do the same work again.
    if (part && part.of > 1 && part.index > 0) return { solver: PUSH_MECHANICS_NAME, status: 'budget', optimal: false, nodes: 0, stored: 0, lowerBound: 0 };
    // Mechanics: the compiled path over box-moving steps, anytime (solver/mechanics/).
    return solveMechanics(state, objective, { budget, shouldStop, progress, found, memoryBytes, timeSpent });
  };

  const rules: PushRules = {
    kind: 'push',
    fingerprint,
    objectives: PUSH_OBJECTIVES,
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
    counters: (state) => ({ moves: state.moves, pushes: state.pushes }),
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
        for (const t of tables()) {
          let best = UNREACHABLE;
          for (const b of boxes) if (t[b] < best) best = t[b];
          if (best === UNREACHABLE) return Infinity;
          sum += best;
        }
      }
      return Math.ceil(sum / chain);
    },
    deadEnd: (state) => pushDeadEnd(state, (s) => rules.lowerBound!(s)),
    encodeCommand: (command) => command,
    decodeCommand: decodeDirection,
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
    appearance: PUSH_APPEARANCE,
    hud: (state) => [{ id: 'moves', value: state.moves, icon: { piece: 'player' } }, { id: 'pushes', value: state.pushes, icon: { piece: 'box' } }],
    keyBindings: PUSH_KEYS,
    commandGlyph: (command) => DIRECTION_ARROWS[command],
    overlays: pushOverlays,
    solve(state, options: SolveOptions = {}): SolveResult<Direction> {
      const objective = options.objective === 'pushes' ? 'pushes' : 'moves';
      // A position on a line proven optimal before (lines.ts): its rest, without a search.
      const lines = options.tables ? new SolvedLines(options.tables, fingerprint, state, objective) : undefined;
      const rest = lines?.restFrom(rules.key(state));
      if (rest) return { solver: PUSH_LINES_NAME, status: 'solved', optimal: true, solution: rest, nodes: 0, stored: 0 };
      const result = solveAfresh(state, objective, options);
      if (lines && result.status === 'solved' && result.optimal && result.solution) {
        const keys = [rules.key(state)];
        let at = state;
        for (const dir of result.solution) keys.push(rules.key((at = stepPush(at, dir).state)));
        lines.keep(keys, result.solution);
      }
      return result;
    },
    parts: plainSolveParts,
    metrics: (state, solution) => pushMetrics(state, solution),
    editing: pushEditing(config),
  };
  return rules;
}

export const pushKind: RulesetKind<PushConfig, PushLevel, PushState, Direction> = {
  kind: 'push',
  rulesVersion: PUSH_RULES_VERSION,
  configSchema: pushConfigSchema,
  levelSchema: pushLevelSchema,
  objectives: PUSH_OBJECTIVES,
  messages: PUSH_MESSAGES,
  formats: pushFormats,
  generators: [reverseGenerator],
  create: (input: unknown = {}) => bindConfig('push', pushConfigSchema, input, createPushRules),
};

/** Push rules with the default config (plain Sokoban plus the mechanics a level declares). */
export function defaultPushRules(): PushRules {
  return createPushRules(pushConfigSchema.parse({}));
}

