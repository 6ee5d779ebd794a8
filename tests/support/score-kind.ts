/**
 * A tiny kind whose objective is a score to maximise, outside the build like the walk kind
 * (walk-kind.ts), to prove that objectives work both ways: "Harvest" on one row. The player steps
 * left or right, picks up the points of each coin cell it enters (a digit 1-9, taken once), and has
 * a level's number of moves; a pit ends the game, and so does the last move. There is no won state:
 * a game simply ends (lost) or stops, and its value is the points gathered, as in a score game.
 *
 * Config `bound` (default true) offers the admissible `upperBound` (every coin still within reach
 * of the moves left), so the generic search proves a best score early; without it the search must
 * exhaust the game to prove one.
 */
import { z } from 'zod';
import { bindConfig } from '../../src-shared/engine/text/documents.ts';
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import { rulesFingerprint } from '../../src-shared/engine/fingerprint.ts';
import type { CollectionReadResult, LevelFormat, Objective, Rules, RulesetKind, StepResult } from '../../src-shared/engine/ruleset.ts';

export type HarvestCommand = 'l' | 'r';

const harvestLevelSchema = z.object({
  /** `S` start, `.` floor, `1`-`9` a coin of that many points, `x` pit. */
  row: z.string().regex(/^[S.x1-9]{2,64}$/),
  /** Moves the player has. */
  moves: z.int().min(1).max(200),
  title: z.string().max(200).optional(),
});
export type HarvestLevel = z.infer<typeof harvestLevelSchema>;

const harvestConfigSchema = z.object({
  /** Offer the search an admissible bound on the points still to gain. */
  bound: z.boolean().default(true),
});
type HarvestConfig = z.infer<typeof harvestConfigSchema>;

export interface HarvestState {
  /** Coins still on the row (taken ones are '.'); the start is stored as '.'. */
  readonly row: string;
  readonly at: number;
  readonly moves: number;
  readonly left: number;
  readonly points: number;
}

const COMMANDS: readonly HarvestCommand[] = ['l', 'r'];

function harvestStatus(state: HarvestState): 'playing' | 'won' | 'lost' {
  return state.row[state.at] === 'x' || state.left === 0 ? 'lost' : 'playing';
}

function stepHarvest(state: HarvestState, command: HarvestCommand): StepResult<HarvestState> {
  if (harvestStatus(state) !== 'playing' || !(COMMANDS as readonly string[]).includes(command)) return { state, events: [], changed: false };
  const to = state.at + (command === 'l' ? -1 : 1);
  if (to < 0 || to >= state.row.length) return { state, events: [{ type: 'bump', entity: 'player' }], changed: false };
  const cell = state.row[to];
  const coin = cell >= '1' && cell <= '9' ? Number(cell) : 0;
  const row = coin > 0 ? `${state.row.slice(0, to)}.${state.row.slice(to + 1)}` : state.row;
  const next = { row, at: to, moves: state.moves + 1, left: state.left - 1, points: state.points + coin };
  return { state: next, events: [{ type: 'move', entity: 'player', from: { x: state.at, y: 0 }, to: { x: to, y: 0 } }], changed: true };
}

/** Every coin within reach of the moves left, without crossing a pit: never less than what can still be scored. */
export function harvestUpperBound(state: HarvestState): number {
  if (harvestStatus(state) !== 'playing') return 0;
  let sum = 0;
  for (const dir of [-1, 1]) {
    for (let i = state.at + dir, d = 1; i >= 0 && i < state.row.length && d <= state.left; i += dir, d++) {
      const cell = state.row[i];
      if (cell === 'x') break;
      if (cell >= '1' && cell <= '9') sum += Number(cell);
    }
  }
  return sum;
}

function lintHarvest(level: HarvestLevel): Diagnostic[] {
  const starts = [...level.row].filter((c) => c === 'S').length;
  return starts === 1 ? [] : [{ severity: 'error', code: 'harvest.start', message: `A harvest needs exactly one start (S); this one has ${starts}.` }];
}

/** One level per line: `3.S..5x9 4` (the row, then the moves). */
const harvestText: LevelFormat<HarvestLevel> = {
  id: 'harvest-text',
  label: 'Harvest text',
  extensions: ['harvest'],
  read(text): CollectionReadResult<HarvestLevel> {
    const levels: HarvestLevel[] = [];
    const diagnostics: Diagnostic[] = [];
    const levelNumbers: number[] = [];
    const found: { line: number }[] = [];
    text.split(/\r?\n/).forEach((raw, i) => {
      const line = raw.trim();
      if (line === '') return;
      found.push({ line: i + 1 });
      const [row, moves] = line.split(/\s+/);
      const parsed = harvestLevelSchema.safeParse({ row, moves: Number(moves) });
      if (parsed.success) {
        levels.push(parsed.data);
        levelNumbers.push(found.length);
      } else {
        diagnostics.push({ severity: 'error', code: 'harvest.line', message: `Line ${i + 1} is not a harvest: a row of S, '.', 'x' and 1-9, then the moves.`, line: i + 1, level: found.length });
      }
    });
    return { collection: { levels }, diagnostics, rejected: found.length - levels.length, levelNumbers, found };
  },
  write: (collection) => collection.levels.map((l) => `${l.row} ${l.moves}`).join('\n') + '\n',
  sniff: (text) => (/^\s*[S.x1-9]+\s+\d+\s*$/m.test(text) ? 1 : 0),
};

export const HARVEST_OBJECTIVES: readonly Objective[] = [{ id: 'points', sense: 'maximise', unit: 'point', label: 'Points' }];

function createHarvestRules(config: HarvestConfig): Rules<HarvestLevel, HarvestState, HarvestCommand> {
  return {
    kind: 'harvest',
    fingerprint: rulesFingerprint('harvest', 1, config),
    objectives: HARVEST_OBJECTIVES,
    load(input) {
      const parsed = harvestLevelSchema.safeParse(input);
      if (!parsed.success) return { diagnostics: [{ severity: 'error' as const, code: 'harvest.schema', message: 'Not a harvest level.' }] };
      const diagnostics = lintHarvest(parsed.data);
      if (diagnostics.length > 0) return { level: parsed.data, diagnostics };
      const { row, moves } = parsed.data;
      return { level: parsed.data, state: { row: row.replace('S', '.'), at: row.indexOf('S'), moves: 0, left: moves, points: 0 }, diagnostics };
    },
    lint: lintHarvest,
    serialize: (state) => ({ row: [...state.row].map((c, i) => (i === state.at ? 'S' : c)).join(''), moves: Math.max(1, state.left) }),
    step: stepHarvest,
    status: harvestStatus,
    commands: () => COMMANDS,
    counters: (state) => ({ points: state.points, moves: state.moves }),
    // The coins taken are in the row, so equal keys have equal points and equal futures.
    key: (state) => `${state.row}|${state.at}|${state.left}`,
    canonical: (state) => `harvest|${state.row}|${state.at}|${state.left}|${state.points}`,
    ...(config.bound ? { upperBound: harvestUpperBound } : {}),
    encodeCommand: (command) => command,
    decodeCommand: (text) => ((COMMANDS as readonly string[]).includes(text) ? (text as HarvestCommand) : undefined),
    encodeSolution: (_start, commands) => commands.join(''),
    decodeSolution(text) {
      const commands = [...text.trim()];
      if (commands.some((c) => !(COMMANDS as readonly string[]).includes(c))) return { diagnostics: [{ severity: 'error', code: 'harvest.solution', message: 'Only l and r.' }] };
      return { commands: commands as HarvestCommand[], diagnostics: [] };
    },
    view: (state) => ({
      width: state.row.length,
      height: 1,
      terrain: [...state.row].map((c) => (c === 'x' ? 'pit' : 'floor')),
      pieces: [
        ...[...state.row].flatMap((c, x) => (c >= '1' && c <= '9' ? [{ id: `coin:${x}`, kind: 'coin', x, y: 0, label: c }] : [])),
        { id: 'player', kind: 'player', x: state.at, y: 0 },
      ],
    }),
    appearance: {
      terrain: { floor: { shape: 'fill', tone: 'floor' }, pit: { shape: 'fill', tone: 'danger' } },
      pieces: { player: { shape: 'player', tone: 'player' }, coin: { shape: 'token', tone: 'accent' } },
    },
    hud: (state) => [{ id: 'points', value: state.points }, { id: 'moves', value: state.moves, max: state.moves + state.left }],
    keyBindings: [
      { key: 'ArrowLeft', command: 'l' },
      { key: 'ArrowRight', command: 'r' },
    ],
    commandGlyph: (command) => (command === 'l' ? '←' : '→'),
    commandAt: (state, cell) => (cell.x === state.at - 1 ? 'l' : cell.x === state.at + 1 ? 'r' : undefined),
    metrics: (state) => ({ length: state.row.length, coins: [...state.row].filter((c) => c >= '1' && c <= '9').length }),
  };
}

export const harvestKind: RulesetKind<HarvestConfig, HarvestLevel, HarvestState, HarvestCommand> = {
  kind: 'harvest',
  rulesVersion: 1,
  configSchema: harvestConfigSchema,
  levelSchema: harvestLevelSchema,
  objectives: HARVEST_OBJECTIVES,
  formats: [harvestText],
  generators: [],
  messages: {
    en: { 'kind.label': 'Harvest', 'objective.points': 'Points', 'unit.points': '{n} points | {n} point | {n} points', 'hud.points': 'point | points', 'hud.moves': 'move | moves', 'terrain.pit': 'Pit', 'piece.coin': 'Coin' },
    'zh-CN': { 'kind.label': '收获', 'objective.points': '得分', 'unit.points': '{n} 分', 'hud.points': '分', 'hud.moves': '步', 'terrain.pit': '陷坑', 'piece.coin': '金币' },
  },
  create: (input: unknown = {}) => bindConfig('harvest', harvestConfigSchema, input, createHarvestRules),
};

/** The best score by trying every line of commands (for tests: small rows only). */
export function bruteBestScore(rules: Rules<HarvestLevel, HarvestState, HarvestCommand>, state: HarvestState): number {
  if (rules.status(state) !== 'playing') return state.points;
  let best = state.points;
  for (const command of COMMANDS) {
    const next = rules.step(state, command);
    if (next.changed) best = Math.max(best, bruteBestScore(rules, next.state));
  }
  return best;
}
