/**
 * The rule pipeline of one command: place tray piece i at (x, y) if it fits, clear every full row
 * and column at once, score (cells, lines, a growing bonus per extra line, the combo, an emptied
 * board), and deal the next tray when the last piece is placed. A won or lost game, a piece
 * already placed or one that does not fit there is refused.
 */
import type { PlayStatus, StepResult, VisualEvent } from '../../engine/ruleset.ts';
import { bitsToList, clearLines, filledCells, fits, fullLines, stamp } from './board.ts';
import type { BlocksCommand, BlocksScoring } from './schema.ts';
import { dealNext, outcomeOf, type BlocksState } from './state.ts';

/**
 * Points for one placement of `cells` cells that cleared `lines` lines with the combo now at
 * `combo`; the combo's bonus grows to `comboCap` and no further (the combo itself keeps counting).
 */
export function placementPoints(scoring: BlocksScoring, cells: number, lines: number, combo: number, emptied: boolean): number {
  let points = scoring.cellPoints * cells;
  if (lines > 0) {
    points += lines * scoring.linePoints + (scoring.multiLineBonus * lines * (lines - 1)) / 2;
    points += scoring.comboBonus * Math.max(0, Math.min(combo, scoring.comboCap) - 1);
    if (emptied) points += scoring.boardClearBonus;
  }
  return points;
}

/**
 * `deal: false` leaves an emptied tray empty and the game playing: what a bot weighing a
 * placement needs (the next deal is the dealer's to make, and costs a tournament).
 */
export function stepBlocks(state: BlocksState, command: BlocksCommand, options: { readonly deal?: boolean } = {}): StepResult<BlocksState> {
  const refused = { state, events: [], changed: false };
  if (state.outcome !== 'playing') return refused;
  const { setup } = state;
  const shape = state.tray[command.piece];
  if (!shape || !fits(state.rows, setup.width, setup.height, shape, command.x, command.y)) {
    return { state, events: [{ type: 'bump', entity: `piece:${command.piece}`, to: { x: command.x, y: command.y } }], changed: false };
  }
  const rows = state.rows.slice();
  stamp(rows, shape, command.x, command.y);
  const { rowBits, colBits } = fullLines(rows, setup.width, setup.height);
  const lines = clearLines(rows, setup.height, rowBits, colBits);
  const { scoring } = setup.config;
  const sinceClear = lines > 0 ? 0 : state.sinceClear + 1;
  const combo = lines > 0 ? state.combo + 1 : sinceClear > scoring.comboKeep ? 0 : state.combo;
  const emptied = lines > 0 && filledCells(rows, setup.height) === 0;
  const events: VisualEvent[] = [{ type: 'place', entity: `piece:${command.piece}`, to: { x: command.x, y: command.y }, path: shape.cells.map(([dx, dy]) => ({ x: command.x + dx, y: command.y + dy })) }];
  for (const y of bitsToList(rowBits)) events.push({ type: 'clear', entity: `row:${y}`, path: Array.from({ length: setup.width }, (_, x) => ({ x, y })) });
  for (const x of bitsToList(colBits)) events.push({ type: 'clear', entity: `col:${x}`, path: Array.from({ length: setup.height }, (_, y) => ({ x, y })) });
  const tray = state.tray.map((s, i) => (i === command.piece ? null : s));
  let next: Omit<BlocksState, 'outcome'> = {
    ...state,
    rows,
    tray,
    moves: state.moves + 1,
    score: state.score + placementPoints(scoring, shape.size, lines, combo, emptied),
    combo,
    sinceClear,
    lines: state.lines + lines,
  };
  const emptyTray = tray.every((s) => s === null);
  if (emptyTray && options.deal === false) return { state: { ...next, outcome: goalReached(next) ? 'won' : 'playing' }, events, changed: true };
  if (emptyTray && !goalReached(next)) {
    next = { ...next, ...dealNext(next) };
    events.push({ type: 'deal', entity: `tray:${next.dealt}` });
  }
  const outcome: PlayStatus = outcomeOf(next);
  if (outcome === 'won') events.push({ type: 'win' });
  if (outcome === 'lost') events.push({ type: 'lose' });
  return { state: { ...next, outcome }, events, changed: true };
}

/** A goal met ends the game before another tray is dealt. */
function goalReached(state: Omit<BlocksState, 'outcome'>): boolean {
  const { setup } = state;
  if (setup.moves !== undefined && state.moves >= setup.moves) return true;
  if (setup.goal === 'clear') return filledCells(state.rows, setup.height) === 0;
  return setup.goal === 'score' && setup.target !== undefined && state.score >= setup.target;
}
