/**
 * A block-tray game: the level loaded into a shared setup (board size, piece set, scoring, dealer,
 * goal, scripted trays) and a changing state (the board's rows, the tray, the RNG the dealer draws
 * from, score and combo). The RNG lives in the state, so a game replays exactly from its commands.
 */
import type { Diagnostic } from '../../engine/diagnostics.ts';
import type { LevelMeta, LoadResult, PlayStatus } from '../../engine/ruleset.ts';
import { resumeState, seedRng, type RngState } from '../../engine/rng.ts';
import { validateDocument } from '../../engine/text/documents.ts';
import { boardText, filledCells, fitsAnywhere, fullLines, parseBoardRows } from './board.ts';
import { dealTray, pieceSet, type PieceSet } from './dealer.ts';
import { blocksLevelSchema, type BlocksConfig, type BlocksGoal, type BlocksLevel, type BlocksResume } from './schema.ts';
import { parseShape, rotationsOf, type Shape } from './shapes.ts';

export interface BlocksSetup {
  readonly config: BlocksConfig;
  readonly width: number;
  readonly height: number;
  readonly set: PieceSet;
  readonly goal: BlocksGoal;
  readonly target?: number;
  /** A placement limit: the game ends when it is reached. */
  readonly moves?: number;
  /** Scripted trays, in order (absent: the dealer deals from the seed). */
  readonly script?: readonly (readonly Shape[])[];
  readonly level: BlocksLevel;
}

export interface BlocksState {
  readonly setup: BlocksSetup;
  readonly rows: readonly number[];
  /** The tray's pieces; a placed piece leaves `null` until the next deal. */
  readonly tray: readonly (Shape | null)[];
  readonly rng: RngState;
  /** Trays dealt so far (a scripted level's next tray is `script[dealt]`). */
  readonly dealt: number;
  readonly recent: readonly string[];
  readonly moves: number;
  readonly score: number;
  readonly combo: number;
  /** Placements since the last clear (the combo breaks past `comboKeep`). */
  readonly sinceClear: number;
  readonly lines: number;
  readonly outcome: PlayStatus;
  /** The difficulty the last deal was made at (0 for scripted trays). */
  readonly difficulty: number;
  /** The last tray came from the dealer's constructive fallback. */
  readonly fallback: boolean;
}

/** The config's piece set: each listed piece, and its quarter turns when rotation is on. */
export function configShapes(config: BlocksConfig): Shape[] {
  const shapes: Shape[] = [];
  for (const text of config.pieces) {
    const parsed = parseShape(text);
    if (!('shape' in parsed)) continue;
    for (const s of config.rotation ? rotationsOf(parsed.shape) : [parsed.shape]) if (!shapes.some((t) => t.key === s.key)) shapes.push(s);
  }
  return shapes;
}

export function makeSetup(config: BlocksConfig, level: BlocksLevel, shapes: readonly Shape[] = configShapes(config)): BlocksSetup {
  const script = level.trays?.map((tray) => tray.map((t) => (parseShape(t) as { shape: Shape }).shape));
  return { config, width: level.rows[0].length, height: level.rows.length, set: pieceSet(shapes), goal: level.goal, target: level.target, moves: level.moves, script, level };
}

export function lintBlocks(level: BlocksLevel, config?: BlocksConfig): Diagnostic[] {
  const out: Diagnostic[] = [];
  const board = parseBoardRows(level.rows);
  if ('error' in board) return [{ severity: 'error', code: 'blocks.board', message: `The board: ${board.error}.` }];
  if (config && (board.width !== config.width || board.height !== config.height)) {
    out.push({ severity: 'error', code: 'blocks.board.size', message: `The board is ${board.width}x${board.height} but the rules say ${config.width}x${config.height}.` });
  }
  const { rowBits, colBits } = fullLines(board.rows, board.width, board.height);
  if (rowBits !== 0 || colBits !== 0) out.push({ severity: 'error', code: 'blocks.board.full-line', message: 'The start board has a full row or column: it would clear before the first move.' });
  if (level.goal === 'score' && level.target === undefined) out.push({ severity: 'error', code: 'blocks.goal.target', message: 'A "reach score" level needs a target score.' });
  if (level.goal === 'clear' && filledCells(board.rows, board.height) === 0) out.push({ severity: 'error', code: 'blocks.goal.empty', message: 'A "clear the board" level needs filled cells at the start.' });
  if (level.resume && level.trays) out.push({ severity: 'error', code: 'blocks.resume.scripted', message: 'A scripted puzzle has no dealer to resume: drop the saved deal or the scripted trays.' });
  if (level.resume && level.resume.tray.every((t) => t === '-')) out.push({ severity: 'error', code: 'blocks.resume.tray', message: 'A saved deal needs a piece left in its tray.' });
  if (!level.trays && level.seed === undefined) out.push({ severity: 'error', code: 'blocks.deal', message: 'A level needs a deal seed or scripted trays.' });
  if (level.trays && config && level.trays.some((t) => t.length > config.traySize)) out.push({ severity: 'error', code: 'blocks.trays.size', message: `A scripted tray holds more than the rules' ${config.traySize} pieces.` });
  if (level.trays) {
    level.trays.forEach((tray, i) => {
      const shapes = tray.map((t) => (parseShape(t) as { shape: Shape }).shape);
      if (shapes.some((s) => s.width > board.width || s.height > board.height)) out.push({ severity: 'error', code: 'blocks.trays.too-big', message: `Tray ${i + 1} holds a piece larger than the board.` });
    });
  }
  return out;
}

function dealNext(state: Omit<BlocksState, 'tray' | 'outcome'>): Pick<BlocksState, 'tray' | 'rng' | 'dealt' | 'recent' | 'difficulty' | 'fallback'> {
  const { setup } = state;
  if (setup.script) {
    const tray = setup.script[state.dealt];
    return { tray: tray ? [...tray] : [], rng: state.rng, dealt: state.dealt + (tray ? 1 : 0), recent: state.recent, difficulty: 0, fallback: false };
  }
  const { config } = setup;
  const deal = dealTray(setup.set, config.dealer, config.traySize, { rows: state.rows, width: setup.width, height: setup.height, moves: state.moves, combo: state.combo, recent: state.recent }, state.rng);
  const recent = config.dealer.recentWindow === 0 ? [] : [...state.recent, ...deal.tray.map((s) => s.key)].slice(-config.dealer.recentWindow);
  return { tray: deal.tray, rng: deal.rng, dealt: state.dealt + 1, recent, difficulty: deal.difficulty, fallback: deal.fallback };
}

/** Won, lost or playing, from the goal, the limit, the script and whether any piece still fits. */
export function outcomeOf(state: Omit<BlocksState, 'outcome'>): PlayStatus {
  const { setup } = state;
  if (setup.goal === 'clear' && state.moves > 0 && filledCells(state.rows, setup.height) === 0) return 'won';
  if (setup.goal === 'score' && setup.target !== undefined && state.score >= setup.target) return 'won';
  if (setup.moves !== undefined && state.moves >= setup.moves) return setup.goal === 'endless' ? 'won' : 'lost';
  const left = state.tray.filter((s): s is Shape => s !== null);
  if (left.length === 0) return 'lost'; // the script ran out, or no piece of the set fits the board
  return left.some((s) => fitsAnywhere(state.rows, setup.width, setup.height, s)) ? 'playing' : 'lost';
}

/** The RNG state written as text: four words in hex joined by '.'. */
export function rngText(rng: RngState): string {
  return rng.map((w) => (w >>> 0).toString(16)).join('.');
}

const shapeOf = (text: string): Shape => (parseShape(text) as { shape: Shape }).shape;

/** A dealt game saved in progress, going on with the dealer where it stood (score from 0). */
function resumedState(setup: BlocksSetup, rows: number[], resume: BlocksResume): BlocksState {
  const rng = resumeState(resume.rng.split('.').map((w) => parseInt(w, 16)) as unknown as RngState);
  const tray = resume.tray.map((t) => (t === '-' ? null : shapeOf(t)));
  const base = { setup, rows, rng, dealt: resume.dealt, recent: resume.recent.map((t) => shapeOf(t).key), moves: resume.moves, score: 0, combo: resume.combo, sinceClear: resume.sinceClear, lines: 0, difficulty: 0, fallback: false, tray };
  return { ...base, outcome: outcomeOf(base) };
}

export function startState(setup: BlocksSetup): BlocksState {
  const board = parseBoardRows(setup.level.rows) as { rows: number[] };
  if (setup.level.resume && !setup.script) return resumedState(setup, board.rows, setup.level.resume);
  const base = { setup, rows: board.rows, rng: seedRng(setup.level.seed ?? ''), dealt: 0, recent: [], moves: 0, score: 0, combo: 0, sinceClear: 0, lines: 0, difficulty: 0, fallback: false };
  const dealt = { ...base, ...dealNext(base) };
  return { ...dealt, outcome: outcomeOf(dealt) };
}

export { dealNext };

export function loadBlocks(input: unknown, config: BlocksConfig, shapes?: readonly Shape[]): LoadResult<BlocksLevel, BlocksState> {
  const { value: level, diagnostics } = validateDocument(blocksLevelSchema, input, 'blocks.schema', 'block-tray level');
  if (!level) return { diagnostics };
  const lint = lintBlocks(level, config);
  const all = [...diagnostics, ...lint];
  if (all.some((d) => d.severity === 'error')) return { level, diagnostics: all };
  return { level, state: startState(makeSetup(config, level, shapes)), diagnostics: all };
}

/**
 * A position as a level: the board now, and the rest of the script, or for a dealt game the
 * dealer as it stands (`resume`: its RNG, the tray, the move count, combo and recent shapes), so
 * the saved game goes on with the same deals; the seed is kept beside it. Its score starts at 0.
 */
export function serializeBlocks(state: BlocksState, meta: LevelMeta = {}): BlocksLevel {
  const { setup } = state;
  const rows = boardText(state.rows, setup.width, setup.height);
  const base = { ...(meta as Pick<BlocksLevel, 'title' | 'author' | 'comments' | 'notes'>), rows, goal: setup.goal, ...(setup.target !== undefined ? { target: setup.target } : {}) };
  if (setup.script) {
    const now = state.tray.filter((s): s is Shape => s !== null).map((s) => s.key);
    const rest = setup.script.slice(state.dealt).map((t) => t.map((s) => s.key));
    const trays = now.length > 0 ? [now, ...rest] : rest;
    return { ...base, trays: trays.length > 0 ? trays : [[setup.set.shapes[0].key]] };
  }
  const seed = setup.level.seed ?? 'blocks';
  // The start of a game not yet played is its seed alone (the seed deals the same first tray).
  if (state.moves === 0 && state.dealt <= 1 && !setup.level.resume) return { ...base, seed, ...(setup.moves !== undefined ? { moves: setup.moves } : {}) };
  const resume: BlocksResume = {
    rng: rngText(state.rng),
    tray: state.tray.map((s) => s?.key ?? '-'),
    moves: state.moves,
    dealt: state.dealt,
    combo: state.combo,
    sinceClear: state.sinceClear,
    recent: [...state.recent],
  };
  return { ...base, seed, ...(setup.moves !== undefined ? { moves: setup.moves } : {}), resume };
}
