/**
 * The block-tray kind on the ruleset contract (seed 004, Block Peak): pieces from a tray of three
 * placed anywhere they fit on an 8x8 board, full rows and columns cleared, a score to maximise,
 * and a dealer that never deals a tray that cannot be placed. Hosts never import the internals:
 * everything goes through here.
 */
import type { Diagnostic } from '../../engine/diagnostics.ts';
import { rulesFingerprint } from '../../engine/fingerprint.ts';
import type { HudItem, Objective, Rules, RulesetKind } from '../../engine/ruleset.ts';
import { bindConfig } from '../../engine/text/documents.ts';
import { filledCells } from './board.ts';
import { BLOCKS_BOTS, legalPlacements } from './bots.ts';
import { blocksEditing } from './editing.ts';
import { blocksFormats } from './formats/index.ts';
import { BLOCKS_MESSAGES } from './messages.ts';
import { blocksConfigSchema, blocksLevelSchema, type BlocksCommand, type BlocksConfig, type BlocksLevel } from './schema.ts';
import type { Shape } from './shapes.ts';
import { solveBlocks } from './solver.ts';
import { configShapes, lintBlocks, loadBlocks, serializeBlocks, type BlocksState } from './state.ts';
import { stepBlocks } from './step.ts';
import { BLOCKS_APPEARANCE, traySelectables, viewBlocks } from './view.ts';

/** Bump when `step` can answer differently for the same input: every verification goes stale. */
export const BLOCKS_RULES_VERSION = 2;

export type BlocksRules = Rules<BlocksLevel, BlocksState, BlocksCommand>;

const BLOCKS_OBJECTIVES: readonly Objective[] = [{ id: 'score', sense: 'maximise', unit: 'point', label: 'Score' }];

const COMMAND = /^\s*(\d)\s*@\s*(\d{1,2})\s*,\s*(\d{1,2})\s*$/;

export function encodeBlocksCommand(command: BlocksCommand): string {
  return `${command.piece}@${command.x},${command.y}`;
}

export function decodeBlocksCommand(text: string): BlocksCommand | undefined {
  const m = typeof text === 'string' ? COMMAND.exec(text) : null;
  return m ? { piece: Number(m[1]), x: Number(m[2]), y: Number(m[3]) } : undefined;
}

function canonical(state: BlocksState): string {
  const { setup } = state;
  const tray = state.tray.map((s: Shape | null) => s?.key ?? '-').join(',');
  return `blocks|${setup.width}x${setup.height}|${state.rows.join(',')}|${tray}|${state.rng.join(',')}|${state.dealt}|${state.moves}|${state.score}|${state.combo},${state.sinceClear}|${state.lines}`;
}

function createBlocksRules(config: BlocksConfig): BlocksRules {
  const fingerprint = rulesFingerprint('blocks', BLOCKS_RULES_VERSION, config);
  const shapes = configShapes(config);
  const rules: BlocksRules = {
    kind: 'blocks',
    fingerprint,
    objectives: BLOCKS_OBJECTIVES,
    load: (input) => loadBlocks(input, config, shapes),
    lint: (level) => lintBlocks(level, config),
    serialize: serializeBlocks,
    step: (state, command) => stepBlocks(state, command),
    status: (state) => state.outcome,
    commands: legalPlacements,
    counters: (state) => ({ score: state.score, moves: state.moves, combo: state.combo, lines: state.lines }),
    key: canonical,
    canonical,
    encodeCommand: encodeBlocksCommand,
    decodeCommand: decodeBlocksCommand,
    encodeSolution: (_start, commands) => commands.map(encodeBlocksCommand).join(' '),
    decodeSolution(text) {
      const commands: BlocksCommand[] = [];
      const diagnostics: Diagnostic[] = [];
      for (const word of text.split(/\s+/).filter((w) => w !== '')) {
        const command = decodeBlocksCommand(word);
        if (command) commands.push(command);
        else diagnostics.push({ severity: 'error', code: 'blocks.solution.command', message: `'${word.slice(0, 20)}' is not a placement: write PIECE@X,Y (0@3,4 places the first tray piece with its top-left corner at column 3, row 4).` });
        if (diagnostics.length >= 20) break;
      }
      return diagnostics.length > 0 ? { diagnostics } : { commands, diagnostics };
    },
    view: viewBlocks,
    appearance: BLOCKS_APPEARANCE,
    hud(state) {
      const { setup } = state;
      const items: HudItem[] = [
        { id: 'score', value: state.score, icon: { piece: 'star' }, ...(setup.goal === 'score' && setup.target !== undefined ? { max: setup.target } : {}) },
        { id: 'combo', value: state.combo, icon: { piece: 'spark' } },
        { id: 'moves', value: state.moves, icon: { piece: 'block' }, ...(setup.moves !== undefined ? { max: setup.moves, low: setup.moves - state.moves <= 3 } : {}) },
        { id: 'lines', value: state.lines },
      ];
      if (setup.goal === 'clear') items.push({ id: 'filled', value: filledCells(state.rows, setup.height) });
      return items;
    },
    keyBindings: [],
    commandGlyph: (command) => `${command.piece + 1}→${command.x},${command.y}`,
    commandAt(state, cell, selection) {
      const piece = selection !== undefined ? Number(selection) : state.tray.findIndex((s) => s !== null);
      if (!Number.isInteger(piece) || piece < 0 || !state.tray[piece]) return undefined;
      return { piece, x: cell.x, y: cell.y };
    },
    selectables: traySelectables,
    bots: BLOCKS_BOTS,
    solve: (state, options) => solveBlocks(state, canonical, options),
    editing: blocksEditing(config),
    metrics: (state) => ({
      width: state.setup.width,
      height: state.setup.height,
      filled: filledCells(state.rows, state.setup.height),
      trays: state.setup.script?.length ?? 0,
    }),
  };
  return rules;
}

export const blocksKind: RulesetKind<BlocksConfig, BlocksLevel, BlocksState, BlocksCommand> = {
  kind: 'blocks',
  rulesVersion: BLOCKS_RULES_VERSION,
  configSchema: blocksConfigSchema,
  levelSchema: blocksLevelSchema,
  objectives: BLOCKS_OBJECTIVES,
  messages: BLOCKS_MESSAGES,
  formats: blocksFormats,
  generators: [],
  create: (input: unknown = {}) => bindConfig('blocks', blocksConfigSchema, input, createBlocksRules),
};

/** Block-tray rules with the default config. */
export function defaultBlocksRules(): BlocksRules {
  return createBlocksRules(blocksConfigSchema.parse({}));
}
