/**
 * The sliding-tile kind on the ruleset contract (seed 003, taken much further): boards from 2x2
 * to 5x5, rectangles included, the goal with the blank last or first. A command is the direction
 * the BLANK moves; the arrow keys and clicks move tiles, and the bindings translate. Hosts never
 * import the sliding internals: everything they need goes through here.
 */
import type { Diagnostic } from '../../engine/diagnostics.ts';
import { bindConfig } from '../../engine/text/documents.ts';
import { rulesFingerprint } from '../../engine/fingerprint.ts';
import type { Appearances, KindMessages, Objective, Rules, RulesetKind, SolveOptions } from '../../engine/ruleset.ts';
import { DIRECTION_ARROWS, arrowKeyBindings, decodeDirection } from '../../engine/grid.ts';
import { neighbourCell, MOVE_NAMES, type SlidingState } from './board.ts';
import { slidingFormats } from './formats/index.ts';
import { slidingGenerators } from './generators.ts';
import { slidingEditing } from './editing.ts';
import { lintSlidingLevel, loadSlidingLevel, serializeSlidingState } from './level.ts';
import { slidingLowerBound, slidingMetrics } from './metrics.ts';
import { parityReport } from './parity.ts';
import { DIRECTIONS, directionSchema, slidingConfigSchema, slidingLevelSchema, type SlideDirection, type SlidingConfig, type SlidingLevel } from './schema.ts';
import { lineConflicts, type LineConflicts } from './solver/bounds.ts';
import { SlidingSolverCache, solveSliding } from './solver/index.ts';
import { slidingStatus, stepSliding } from './step.ts';
import { viewSliding } from './view.ts';

/** Bump when `step` can answer differently for the same input: every verification goes stale. */
export const SLIDING_RULES_VERSION = 1;

export type SlidingRules = Rules<SlidingLevel, SlidingState, SlideDirection>;

/** The blank's move that slides a tile the other way (the blank going up brings the tile above down). */
const OPPOSITE: Readonly<Record<SlideDirection, SlideDirection>> = { u: 'd', d: 'u', l: 'r', r: 'l' };

/** The way the TILE slides for a blank move. */
const TILE_GLYPHS: Readonly<Record<SlideDirection, string>> = { u: DIRECTION_ARROWS.d, d: DIRECTION_ARROWS.u, l: DIRECTION_ARROWS.r, r: DIRECTION_ARROWS.l };

/** Arrows and WASD move a tile the arrow's way: ArrowUp lifts the tile below the blank (blank down). */
const SLIDING_KEYS = Object.freeze(arrowKeyBindings((tileDirection) => OPPOSITE[tileDirection]));

const SLIDING_OBJECTIVES: readonly Objective[] = [{ id: 'moves', sense: 'minimise', unit: 'move', label: 'Moves' }];

const SLIDING_APPEARANCE: Appearances = {
  terrain: { floor: { shape: 'fill', tone: 'floor' } },
  // A tile in its home cell takes the success tone.
  pieces: { tile: { shape: 'tile', tone: 'tile', variants: { home: { tone: 'success' } } } },
};

const SLIDING_MESSAGES: KindMessages = {
  en: {
    'kind.label': 'Sliding tiles',
    'generator.sliding-shuffle': 'Boards at an exact distance', 'generator.sliding-campaign': 'Campaign with rising par',
    'objective.moves': 'Moves',
    'unit.moves': '{n} moves | {n} move | {n} moves',
    'hud.moves': 'move | moves',
    'terrain.floor': 'Board',
    'piece.tile': 'Tile',
    'fix.swap': 'Swap the first two tiles',
    // Figures of a verification (slidingMetrics): a label and a tooltip each.
    'metric.width': 'Width', 'metric.width.help': 'Columns of the board.',
    'metric.height': 'Height', 'metric.height.help': 'Rows of the board.',
    'metric.cells': 'Cells', 'metric.cells.help': 'Cells of the board, the blank included.',
    'metric.inversions': 'Inversions', 'metric.inversions.help': 'Pairs of tiles in the wrong order, read row by row: with the blank row, they decide whether the board can be solved.',
    'metric.tilesOutOfPlace': 'Tiles out of place', 'metric.tilesOutOfPlace.help': 'Tiles not on their goal cell.',
    'metric.manhattan': 'Manhattan distance', 'metric.manhattan.help': 'Sum of every tile’s row and column distance to its goal cell: a lower bound on the moves.',
    'metric.linearConflictBound': 'Linear-conflict bound', 'metric.linearConflictBound.help': 'Manhattan distance plus two moves for each pair of tiles that must pass each other in their goal row or column: a sharper lower bound.',
    'metric.par': 'Par', 'metric.par.help': 'Moves of the solution found.',
  },
  'zh-CN': {
    'kind.label': '数字华容道',
    'generator.sliding-shuffle': '与目标距离恰好为指定步数的棋盘', 'generator.sliding-campaign': '标准步数逐级上升的战役',
    'objective.moves': '步数',
    'unit.moves': '{n} 步',
    'hud.moves': '步',
    'terrain.floor': '棋盘',
    'piece.tile': '方块',
    'fix.swap': '交换前两个方块',
    'metric.width': '宽度', 'metric.width.help': '棋盘的列数。',
    'metric.height': '高度', 'metric.height.help': '棋盘的行数。',
    'metric.cells': '格数', 'metric.cells.help': '棋盘的格子数（含空格）。',
    'metric.inversions': '逆序数', 'metric.inversions.help': '按行读出时顺序颠倒的方块对数：与空格所在行一起决定能否还原。',
    'metric.tilesOutOfPlace': '错位方块', 'metric.tilesOutOfPlace.help': '不在目标位置上的方块数。',
    'metric.manhattan': '曼哈顿距离', 'metric.manhattan.help': '每个方块到目标位置的行距与列距之和：步数的下界。',
    'metric.linearConflictBound': '线性冲突下界', 'metric.linearConflictBound.help': '曼哈顿距离加上同行或同列中必须互相让位的每对方块各两步：更紧的下界。',
    'metric.par': '最优步数', 'metric.par.help': '所找到的解的步数。',
  },
};

function createSlidingRules(config: SlidingConfig): SlidingRules {
  const fingerprint = rulesFingerprint('sliding', SLIDING_RULES_VERSION, config);
  // Caches of this rules instance: solver tables checked or built, line-conflict tables by size.
  const solverCache = new SlidingSolverCache();
  const lines = new Map<string, LineConflicts>();
  const linesFor = (width: number, height: number): LineConflicts => {
    const name = `${width}x${height}`;
    let found = lines.get(name);
    if (!found) {
      found = lineConflicts(width, height);
      lines.set(name, found);
    }
    return found;
  };

  return {
    kind: 'sliding',
    fingerprint,
    objectives: SLIDING_OBJECTIVES,
    load: loadSlidingLevel,
    serialize: serializeSlidingState,
    lint: lintSlidingLevel,
    step: stepSliding,
    status: slidingStatus,
    commands: () => DIRECTIONS,
    counters: (state) => ({ moves: state.moves }),
    key: (state) => String.fromCharCode(...state.tiles),
    canonical: (state) => `sliding|${state.board.width}x${state.board.height}|${state.board.goal}|${state.tiles.join(',')}|${state.moves}`,
    lowerBound: (state) => slidingLowerBound(state, linesFor(state.board.width, state.board.height)),
    // Every move keeps the parity invariant, so a board of the wrong parity is dead from the start.
    deadEnd: (state) => !parityReport(state.board.width, state.board.height, state.tiles, state.board.goal).solvable,
    encodeCommand: (command) => command,
    decodeCommand: decodeDirection,
    encodeSolution: (_start, commands) => commands.join(''),
    decodeSolution(text) {
      const commands: SlideDirection[] = [];
      const diagnostics: Diagnostic[] = [];
      for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (/\s/.test(ch)) continue;
        const parsed = directionSchema.safeParse(ch.toLowerCase());
        if (parsed.success) {
          commands.push(parsed.data);
          continue;
        }
        diagnostics.push({ severity: 'error', code: 'sliding.solution.symbol', message: `'${ch}' at position ${i + 1} is not a blank move: use u, d, l and r.`, column: i + 1 });
        if (diagnostics.length >= 20) break;
      }
      return diagnostics.length > 0 ? { diagnostics } : { commands, diagnostics };
    },
    view: viewSliding,
    appearance: SLIDING_APPEARANCE,
    hud: (state) => [{ id: 'moves', value: state.moves, icon: { piece: 'tile' } }],
    keyBindings: SLIDING_KEYS,
    commandGlyph: (command) => TILE_GLYPHS[command],
    commandAt(state, cell) {
      const { width, height } = state.board;
      for (let m = 0; m < 4; m++) {
        const target = neighbourCell(width, height, state.blank, m);
        if (target >= 0 && target % width === cell.x && Math.floor(target / width) === cell.y) return MOVE_NAMES[m];
      }
      return undefined;
    },
    solve: (state, options: SolveOptions = {}) => solveSliding(state, options, solverCache),
    metrics: (state, solution) => slidingMetrics(state, linesFor(state.board.width, state.board.height), solution),
    editing: slidingEditing,
  };
}

export const slidingKind: RulesetKind<SlidingConfig, SlidingLevel, SlidingState, SlideDirection> = {
  kind: 'sliding',
  rulesVersion: SLIDING_RULES_VERSION,
  configSchema: slidingConfigSchema,
  levelSchema: slidingLevelSchema,
  objectives: SLIDING_OBJECTIVES,
  messages: SLIDING_MESSAGES,
  formats: slidingFormats,
  generators: slidingGenerators,
  create: (input: unknown = {}) => bindConfig('sliding', slidingConfigSchema, input, createSlidingRules),
};

/** Sliding rules with the default config. */
export function defaultSlidingRules(): SlidingRules {
  return createSlidingRules(slidingConfigSchema.parse({}));
}
