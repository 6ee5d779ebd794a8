/**
 * A tiny puzzle kind that lives outside the build, to prove the contract: a new kind needs no
 * edit outside its own folder and the registry (`registerKind`). "Walk to the exit" on one row:
 * step left or right (1 step each), or jump two cells right (2 steps), over a pit; stepping into a
 * pit loses, and so does running out of steps (the config's `stepLimit`). The player sees two
 * cells around them and remembers what they saw (fog). It has what the coming kinds need: a lose
 * state, a step that costs 2, counters with a limit, perception, keys with a modifier.
 */
import { z } from 'zod';
import { bindConfig } from '../../src-shared/engine/text/documents.ts';
import type { Diagnostic } from '../../src-shared/engine/diagnostics.ts';
import { rulesFingerprint } from '../../src-shared/engine/fingerprint.ts';
import type { CollectionReadResult, LevelFormat, Rules, RulesetKind, StepResult, Visibility } from '../../src-shared/engine/ruleset.ts';

export type WalkCommand = 'l' | 'r' | 'J';

const walkLevelSchema = z.object({
  /** `S` start, `E` exit, `.` floor, `x` pit. */
  row: z.string().regex(/^[SE.x]{2,64}$/),
  title: z.string().max(200).optional(),
});
export type WalkLevel = z.infer<typeof walkLevelSchema>;

const walkConfigSchema = z.object({
  /** Steps a walk may take before it is lost (0: no limit). */
  stepLimit: z.int().min(0).max(1000).default(0),
  /** Cells seen on each side of the player. */
  sight: z.int().min(1).max(64).default(2),
});
type WalkConfig = z.infer<typeof walkConfigSchema>;

export interface WalkState {
  readonly row: string;
  readonly at: number;
  readonly steps: number;
  readonly limit: number;
}

const COMMANDS: readonly WalkCommand[] = ['l', 'r', 'J'];
const MOVES: Readonly<Record<WalkCommand, { readonly by: number; readonly cost: number }>> = { l: { by: -1, cost: 1 }, r: { by: 1, cost: 1 }, J: { by: 2, cost: 2 } };

function walkStatus(state: WalkState): 'playing' | 'won' | 'lost' {
  const cell = state.row[state.at];
  if (cell === 'x') return 'lost';
  if (cell === 'E') return 'won';
  return state.limit > 0 && state.steps >= state.limit ? 'lost' : 'playing';
}

function stepWalk(state: WalkState, command: WalkCommand): StepResult<WalkState> {
  const move = Object.hasOwn(MOVES, command) ? MOVES[command] : undefined;
  if (!move || walkStatus(state) !== 'playing') return { state, events: [], changed: false };
  const to = state.at + move.by;
  if (to < 0 || to >= state.row.length) return { state, events: [{ type: 'bump', entity: 'player', from: { x: state.at, y: 0 } }], changed: false };
  const next: WalkState = { ...state, at: to, steps: state.steps + move.cost };
  const events = [{ type: command === 'J' ? 'jump' : 'move', entity: 'player', from: { x: state.at, y: 0 }, to: { x: to, y: 0 } }];
  const status = walkStatus(next);
  return { state: next, events: status === 'playing' ? events : [...events, { type: status === 'won' ? 'win' : 'lose' }], changed: true, cost: move.cost };
}

function lintWalk(level: WalkLevel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const count = (ch: string) => [...level.row].filter((c) => c === ch).length;
  if (count('S') !== 1) out.push({ severity: 'error', code: 'walk.start', message: `A walk needs exactly one start (S); this one has ${count('S')}.` });
  if (count('E') !== 1) out.push({ severity: 'error', code: 'walk.exit', message: `A walk needs exactly one exit (E); this one has ${count('E')}.` });
  return out;
}

/** One level per line: `S..x.E`; a line `; Title` names the next level. */
const walkText: LevelFormat<WalkLevel> = {
  id: 'walk-text',
  label: 'Walk text',
  extensions: ['walk'],
  read(text): CollectionReadResult<WalkLevel> {
    const levels: WalkLevel[] = [];
    const diagnostics: Diagnostic[] = [];
    const levelNumbers: number[] = [];
    const found: { line: number; title?: string }[] = [];
    let title: string | undefined;
    text.split(/\r?\n/).forEach((raw, i) => {
      const line = raw.trim();
      if (line === '') return;
      if (line.startsWith(';')) {
        title = line.slice(1).trim() || undefined;
        return;
      }
      found.push({ line: i + 1, ...(title ? { title } : {}) });
      const parsed = walkLevelSchema.safeParse({ row: line, ...(title ? { title } : {}) });
      if (parsed.success) {
        levels.push(parsed.data);
        levelNumbers.push(found.length);
      } else {
        diagnostics.push({ severity: 'error', code: 'walk.row', message: `Line ${i + 1} is not a walk: use S, E, '.' and 'x' (2 to 64 cells).`, line: i + 1, level: found.length });
      }
      title = undefined;
    });
    return { collection: { levels }, diagnostics, rejected: found.length - levels.length, levelNumbers, found };
  },
  write: (collection) => collection.levels.map((l) => `${l.title ? `; ${l.title}\n` : ''}${l.row}`).join('\n') + '\n',
  sniff: (text) => (/^(\s*(;.*)?\n)*\s*[SE.x]+\s*$/m.test(text) && /S/.test(text) ? 1 : 0),
};

function createWalkRules(config: WalkConfig): Rules<WalkLevel, WalkState, WalkCommand> {
  const load = (input: unknown) => {
    const parsed = walkLevelSchema.safeParse(input);
    if (!parsed.success) return { diagnostics: [{ severity: 'error' as const, code: 'walk.schema', message: 'Not a walk level: it needs a row of S, E, . and x.' }] };
    const diagnostics = lintWalk(parsed.data);
    if (diagnostics.length > 0) return { level: parsed.data, diagnostics };
    return { level: parsed.data, state: { row: parsed.data.row, at: parsed.data.row.indexOf('S'), steps: 0, limit: config.stepLimit }, diagnostics };
  };
  return {
    kind: 'walk',
    fingerprint: rulesFingerprint('walk', 1, config),
    objectives: WALK_OBJECTIVES,
    load,
    lint: lintWalk,
    serialize: (state, meta) => ({ row: [...state.row.replace('S', '.')].map((c, i) => (i === state.at ? 'S' : c)).join(''), ...(meta?.title ? { title: meta.title } : {}) }),
    step: stepWalk,
    status: walkStatus,
    commands: () => COMMANDS,
    counters: (state) => ({ steps: state.steps, stepsLeft: state.limit > 0 ? state.limit - state.steps : 0 }),
    key: (state) => `${state.at}|${state.limit > 0 ? state.steps : 0}`,
    canonical: (state) => `walk|${state.row}|${state.at}|${state.steps}`,
    lowerBound: (state) => Math.abs(state.row.indexOf('E') - state.at),
    encodeCommand: (command) => command,
    decodeCommand: (text) => (COMMANDS as readonly string[]).includes(text) ? (text as WalkCommand) : undefined,
    encodeSolution: (_start, commands) => commands.join(''),
    decodeSolution(text) {
      const commands = [...text.trim()];
      const bad = commands.findIndex((c) => !(COMMANDS as readonly string[]).includes(c));
      if (bad >= 0) return { diagnostics: [{ severity: 'error', code: 'walk.solution', message: `'${commands[bad]}' is not l, r or J.`, column: bad + 1 }] };
      return { commands: commands as WalkCommand[], diagnostics: [] };
    },
    view: (state) => ({
      width: state.row.length,
      height: 1,
      terrain: [...state.row].map((c) => (c === 'x' ? 'pit' : c === 'E' ? 'exit' : 'floor')),
      pieces: [{ id: 'player', kind: 'player', x: state.at, y: 0 }],
    }),
    // The pit's chasm, the boots and the moss tone are the kind's own: the board draws them from here.
    appearance: {
      terrain: { floor: { shape: 'fill', tone: 'floor' }, pit: { shape: 'fill', tone: 'danger', overlay: { shape: 'chasm', tone: 'moss' } }, exit: { shape: 'fill', tone: 'goal', overlay: { shape: 'mark', tone: 'goal' } } },
      pieces: { player: { shape: 'player', tone: 'player' }, boots: { shape: 'boot', tone: 'moss' } },
      shapes: {
        chasm: { body: 'M0.1 0.5L0.3 0.3L0.5 0.5L0.7 0.3L0.9 0.5', paint: 'line', weight: 0.07 },
        boot: { body: 'M0.3 0.15H0.55V0.6L0.85 0.7V0.85H0.3z' },
      },
      tones: {
        moss: { dark: { colour: '#7fb069', edge: '#33502a', ground: '#243320' }, light: { colour: '#4f7a3a', edge: '#a9cf96', ground: '#e3f0dc' } },
      },
    },
    // The boots (the jump) are always held: the HUD's inventory shows them.
    hud: (state) => [
      { id: 'steps', value: state.steps, icon: { piece: 'player' } },
      ...(state.limit > 0 ? [{ id: 'stepsLeft', value: state.limit - state.steps, max: state.limit, low: state.limit - state.steps <= 1 }] : []),
      { id: 'boots', value: 1, icon: { piece: 'boots' }, role: 'held' as const },
    ],
    keyBindings: [
      { key: 'ArrowLeft', command: 'l' },
      { key: 'ArrowRight', command: 'r' },
      { key: 'ArrowRight', shift: true, command: 'J' },
      { key: 'j', command: 'J' },
    ],
    commandGlyph: (command) => ({ l: '←', r: '→', J: '⤼' })[command],
    commandAt: (state, cell) => (cell.x === state.at - 1 ? 'l' : cell.x === state.at + 1 ? 'r' : cell.x === state.at + 2 ? 'J' : undefined),
    perceive(state, memory) {
      const seen = new Set<number>(Array.isArray(memory) ? memory.filter((c): c is number => Number.isInteger(c)) : []);
      const visibility: Visibility[] = [...state.row].map((_, i) => {
        if (Math.abs(i - state.at) <= config.sight) {
          seen.add(i);
          return 'visible';
        }
        return seen.has(i) ? 'remembered' : 'hidden';
      });
      return { visibility, memory: [...seen].sort((a, b) => a - b) };
    },
    // A one-life run, as a kind offers it: the host applies each rule, naming no kind.
    playModes: [{ id: 'one-life', label: 'One life', noUndo: true, noMemory: true, campaignRun: true }],
    metrics: (state) => ({ length: state.row.length, pits: [...state.row].filter((c) => c === 'x').length }),
  };
}

const WALK_OBJECTIVES = [{ id: 'steps', sense: 'minimise', unit: 'step', label: 'Steps' }] as const;

export const walkKind: RulesetKind<WalkConfig, WalkLevel, WalkState, WalkCommand> = {
  kind: 'walk',
  rulesVersion: 1,
  configSchema: walkConfigSchema,
  levelSchema: walkLevelSchema,
  objectives: WALK_OBJECTIVES,
  formats: [walkText],
  generators: [],
  messages: {
    en: { 'kind.label': 'Walk', 'objective.steps': 'Steps', 'unit.steps': '{n} steps | {n} step | {n} steps', 'hud.steps': 'step | steps', 'hud.stepsLeft': 'left', 'terrain.pit': 'Pit', 'terrain.exit': 'Exit' },
  },
  create: (input: unknown = {}) => bindConfig('walk', walkConfigSchema, input, createWalkRules),
};
