/**
 * The maze kind on the ruleset contract (seed 001, EchoHalls): walls and an exit, locked doors and
 * keys, cracked walls and bombs, plates, boulders and gates, timed spikes, crumbling floor, pits
 * with the feather and the hook, ice, light, recalls and hearts, under a step limit of par /
 * tightness and in fog. Hosts never import the maze internals: everything goes through here.
 */
import { bindConfig } from '../../engine/text/documents.ts';
import { rulesFingerprint } from '../../engine/fingerprint.ts';
import type { Diagnostic, KeyBinding, PlayMode, Objective, Rules, RulesetKind } from '../../engine/ruleset.ts';
import { arrowKeyBindings, DIRECTION_ARROWS } from '../../engine/grid.ts';
import { MAZE_BOTS } from './bots/index.ts';
import { mazeEditing } from './editing.ts';
import { mazeFormats } from './formats/index.ts';
import { mazeGenerator } from './generator/index.ts';
import { lintMaze, loadMaze, serializeMaze, type MazeState } from './level.ts';
import { MAZE_MESSAGES } from './messages.ts';
import { HOOK_COMMANDS, LEGEND_BY_CHAR, type LegendEntry, JUMP_COMMANDS, MAZE_COMMANDS, mazeConfigSchema, mazeLevelSchema, MOVE_COMMANDS, type MazeCommand, type MazeConfig, type MazeLevel } from './schema.ts';
import { exitDistances } from './solver/bound.ts';
import { solveMaze } from './solver/index.ts';
import { mazeSearchKey } from './solver/key.ts';
import { platesBound } from './solver/plates.ts';
import { mazeStatus, stepMaze } from './step.ts';
import { MAZE_APPEARANCE, mazeHud, perceiveMaze, viewMaze } from './view.ts';

/** Bump when `step` can answer differently for the same input: every verification goes stale. */
export const MAZE_RULES_VERSION = 1;

export type MazeRules = Rules<MazeLevel, MazeState, MazeCommand>;

const MAZE_OBJECTIVES: readonly Objective[] = [{ id: 'steps', sense: 'minimise', unit: 'step', label: 'Steps' }];

const GLYPHS: Readonly<Record<MazeCommand, string>> = {
  u: DIRECTION_ARROWS.u, d: DIRECTION_ARROWS.d, l: DIRECTION_ARROWS.l, r: DIRECTION_ARROWS.r,
  U: '⇈', D: '⇊', L: '⇇', R: '⇉',
  '^': '⤒', v: '⤓', '<': '⇤', '>': '⇥',
  w: '·', m: '◎',
};

/** Arrows and WASD walk; with Shift they jump (feather), with Alt they throw the hook; space or '.' waits, 'm' recalls. */
const MAZE_KEYS: readonly KeyBinding[] = Object.freeze([
  ...arrowKeyBindings(),
  ...(['u', 'd', 'l', 'r'] as const).flatMap((d, i) => {
    const key = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'][i];
    return [{ key, shift: true, command: JUMP_COMMANDS[i] }, { key, alt: true, command: HOOK_COMMANDS[MOVE_COMMANDS.indexOf(d)] }];
  }),
  { key: ' ', command: 'w' },
  { key: '.', command: 'w' },
  { key: 'm', command: 'm' },
]);

/** Seed 001's one-life mode: no undo, no memory, every level of the campaign in a row, back to the first on a failure. */
const MAZE_PLAY_MODES: readonly PlayMode[] = [{ id: 'no-light-night', label: 'No-light night', noUndo: true, noMemory: true, campaignRun: true }];

const isCommand = (text: string): text is MazeCommand => (MAZE_COMMANDS as readonly string[]).includes(text);

/** Size and structure figures of a maze for its verification record. */
function mazeMetrics(state: MazeState, exitDistance: number): Record<string, number> {
  const count = (test: (entry: LegendEntry | undefined) => boolean): number => [...state.cells].filter((c) => test(LEGEND_BY_CHAR.get(c))).length;
  return {
    width: state.board.width,
    height: state.board.height,
    open: count((e) => e?.name !== 'wall'),
    mechanisms: count((e) => e?.what === 'tile' && e.mechanic !== undefined),
    items: count((e) => e?.what === 'item'),
    exitDistance: Number.isFinite(exitDistance) ? exitDistance : -1,
    stepLimit: state.board.limit,
  };
}

function createMazeRules(config: MazeConfig): MazeRules {
  const fingerprint = rulesFingerprint('maze', MAZE_RULES_VERSION, config);
  // The walls-only exit distance, and behind closed gates the plates bound (solver/plates.ts).
  const bound = (state: MazeState): number => {
    const table = exitDistances(state.board, state.cells);
    const d = table[state.player];
    return d < 0 ? Infinity : Math.max(d, platesBound(state, table));
  };
  const rules: MazeRules = {
    kind: 'maze',
    fingerprint,
    objectives: MAZE_OBJECTIVES,
    load: (input) => loadMaze(input, config),
    lint: lintMaze,
    serialize: serializeMaze,
    step: stepMaze,
    status: mazeStatus,
    // What a search tries: walks, then jumps and hooks when held, waiting only where spikes make
    // time matter. A recall buys information, which a solver that sees everything never needs.
    commands: (state) => [...MOVE_COMMANDS, ...(state.feather ? JUMP_COMMANDS : []), ...(state.hook ? HOOK_COMMANDS : []), ...(state.board.hasSpikes ? (['w'] as const) : [])],
    counters: (state) => ({ steps: state.steps, stepsLeft: state.board.limit > 0 ? state.board.limit - state.steps : 0, hearts: state.hearts, keys: state.keys, bombs: state.bombs, recallsLeft: state.recallsLeft }),
    key: mazeSearchKey,
    canonical: (state) => `maze|${state.board.width}x${state.board.height}|${state.cells}|${state.player}|${state.keys},${state.bombs},${state.feather ? 1 : 0},${state.hook ? 1 : 0},${state.lightBonus}|${state.hearts}|${state.steps}|${state.recallsLeft}|${state.flash ? 1 : 0}`,
    lowerBound: bound,
    encodeCommand: (command) => command,
    decodeCommand: (text) => (typeof text === 'string' && isCommand(text) ? text : undefined),
    encodeSolution: (_start, commands) => commands.join(''),
    decodeSolution(text) {
      const commands: MazeCommand[] = [];
      const diagnostics: Diagnostic[] = [];
      for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (/\s/.test(ch)) continue;
        if (isCommand(ch)) commands.push(ch);
        else diagnostics.push({ severity: 'error', code: 'maze.solution.symbol', message: `'${ch}' at position ${i + 1} is not a maze command: use u d l r, U D L R (jump), ^ v < > (hook), w (wait) and m (recall).`, column: i + 1 });
        if (diagnostics.length >= 20) break;
      }
      return diagnostics.length > 0 ? { diagnostics } : { commands, diagnostics };
    },
    view: viewMaze,
    appearance: MAZE_APPEARANCE,
    hud: mazeHud,
    keyBindings: MAZE_KEYS,
    commandGlyph: (command) => GLYPHS[command] ?? command,
    commandAt(state, cell) {
      const { width } = state.board;
      const dx = cell.x - (state.player % width);
      const dy = cell.y - Math.floor(state.player / width);
      if (Math.abs(dx) + Math.abs(dy) !== 1) return undefined;
      return dx === 1 ? 'r' : dx === -1 ? 'l' : dy === 1 ? 'd' : 'u';
    },
    perceive: perceiveMaze,
    playModes: MAZE_PLAY_MODES,
    solve: (state, options = {}) => solveMaze(rules, state, options),
    editing: mazeEditing(config),
    bots: MAZE_BOTS,
    metrics: (state) => mazeMetrics(state, bound(state)),
  };
  return rules;
}

export const mazeKind: RulesetKind<MazeConfig, MazeLevel, MazeState, MazeCommand> = {
  kind: 'maze',
  rulesVersion: MAZE_RULES_VERSION,
  configSchema: mazeConfigSchema,
  levelSchema: mazeLevelSchema,
  objectives: MAZE_OBJECTIVES,
  messages: MAZE_MESSAGES,
  formats: mazeFormats,
  generators: [mazeGenerator((config) => createMazeRules(mazeConfigSchema.parse(config)))],
  create: (input: unknown = {}) => bindConfig('maze', mazeConfigSchema, input, createMazeRules),
};

/** Maze rules with the default config. */
export function defaultMazeRules(): MazeRules {
  return createMazeRules(mazeConfigSchema.parse({}));
}
