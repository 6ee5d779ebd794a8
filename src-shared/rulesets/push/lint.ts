/**
 * Structural checks on a push level beyond its schema (seed 000: "at least validate the basics:
 * one player, a sensible number of goals, every entity inside the map and out of the walls,
 * every referenced mechanism exists"). Cheap and search-free: solvability and dead squares are
 * other passes. Every diagnostic has a stable code, a message saying what to do, and a cell.
 */
import type { Diagnostic, GridCell } from '../../engine/diagnostics.ts';
import { deadSquares, playerFlood } from './analysis.ts';
import { buildPushLevel, type PushBoard, type PushState } from './board.ts';
import type { PushConfig, PushLevel } from './schema.ts';
import { countOf } from '../../engine/text/wording.ts';

export function lintPushLevel(level: PushLevel, config: PushConfig): Diagnostic[] {
  const built = buildPushLevel(level, config);
  const diagnostics: Diagnostic[] = [...built.diagnostics];
  if (!built.state) return diagnostics;
  const state = built.state;
  diagnostics.push(...lintGoals(state), ...lintLinks(state.board));
  const region = playerRegion(state);
  diagnostics.push(...lintOpenBoard(state.board, region), ...lintUnreachable(state, region), ...lintDeadBoxes(state, region));
  return diagnostics;
}

/**
 * A box that starts on a dead square (no goal reachable from it, even with the other boxes gone)
 * makes the level unsolvable when every box must reach a goal.
 */
function lintDeadBoxes(state: PushState, region: Uint8Array): Diagnostic[] {
  const { board, boxes } = state;
  if (boxes.length !== board.goals.length) return [];
  const dead = deadSquares(board);
  return boxes
    .filter((b) => dead[b] && region[b]) // an unreachable box is reported as such
    .map((b) =>
      diagnostic('error', 'push.box.dead',
        `The box at ${show(cellXY(board, b))} can never reach a goal from where it starts (a corner or a wall with no goal along it): move the box or add a goal it can reach.`,
        cellXY(board, b), { ...cellXY(board, b) }),
    );
}

const cellXY = (board: PushBoard, c: number): GridCell => ({ x: c % board.width, y: Math.floor(c / board.width) });
const show = ({ x, y }: GridCell): string => `(${x},${y})`;

function diagnostic(severity: Diagnostic['severity'], code: string, message: string, cell: GridCell, params?: Record<string, string | number>): Diagnostic {
  return { severity, code, message, cell, ...(params ? { params } : {}) };
}

/** Boxes against goals: the level is won when every goal holds a box. */
function lintGoals(state: PushState): Diagnostic[] {
  const { board, boxes } = state;
  const goals = board.goals.length;
  if (goals === 0) {
    return [diagnostic('error', 'push.goals.none', 'The board has no goals, so the level can never be won: place at least one goal (. or *).', cellXY(board, state.player))];
  }
  if (boxes.length < goals) {
    const empty = board.goals.find((g) => !boxes.includes(g)) ?? board.goals[0];
    return [
      diagnostic('error', 'push.goals.too-many',
        `The board has ${countOf(goals, 'goal')} but only ${countOf(boxes.length, 'box', 'boxes')}, so some goal stays empty and the level can never be won: remove ${countOf(goals - boxes.length, 'goal')} or add boxes.`,
        cellXY(board, empty), { goals, boxes: boxes.length, extra: goals - boxes.length }),
    ];
  }
  if (board.goals.every((g) => boxes.includes(g))) {
    return [
      diagnostic('warning', 'push.level.solved',
        'Every goal already holds a box, so the level is won before the first move: move a box off its goal or add a goal.',
        cellXY(board, board.goals[0])),
    ];
  }
  if (boxes.length > goals) {
    // The mark goes on the box that looks spare: off a goal and farthest from every goal (the
    // first such in reading order was usually the one meant to be pushed, not the one added).
    const distance = (b: number): number => Math.min(...board.goals.map((g) => Math.abs((g % board.width) - (b % board.width)) + Math.abs(Math.floor(g / board.width) - Math.floor(b / board.width))));
    const off = boxes.filter((b) => board.goal[b] === 0);
    const spare = off.reduce((best, b) => (distance(b) > distance(best) ? b : best), off[0] ?? boxes[0]);
    return [
      diagnostic('warning', 'push.boxes.too-many',
        `The board has ${countOf(boxes.length, 'box', 'boxes')} but only ${countOf(goals, 'goal')}; the spare boxes are obstacles. Add goals or remove boxes unless that is intended.`,
        cellXY(board, spare), { goals, boxes: boxes.length, extra: boxes.length - goals }),
    ];
  }
  return [];
}

/**
 * Buttons and doors meet through a link name; a name used on one side only does not resolve (a
 * typo or a leftover). Seed 000 counts "every referenced mechanism id exists" among the basic
 * checks a level must pass before it ships, so both are errors.
 */
function lintLinks(board: PushBoard): Diagnostic[] {
  if (!board.config.doors.enabled) return []; // doors and buttons are inert under this config
  const out: Diagnostic[] = [];
  board.links.forEach((link, i) => {
    if (board.linkDoors[i].length === 0) {
      for (const c of board.linkButtons[i]) {
        const at = cellXY(board, c);
        out.push(diagnostic('error', 'push.link.no-door',
          `The button at ${show(at)} has link '${link}' but no door uses that link, so pressing it does nothing: add a door with link '${link}', fix the link name, or remove the button.`,
          at, { link, ...at }));
      }
    }
    if (board.linkButtons[i].length === 0) {
      for (const c of board.linkDoors[i]) {
        const at = cellXY(board, c);
        out.push(diagnostic('error', 'push.link.no-button',
          `The door at ${show(at)} has link '${link}' but no button uses that link, so it never opens and is simply a wall: add a button with link '${link}', fix the link name, or draw a wall.`,
          at, { link, ...at }));
      }
    }
  });
  return out;
}

/**
 * Cells the player could ever stand on, over-approximated: every non-wall cell connected to the
 * start, with boxes, doors and mechanisms passable, and teleporter pairs joined when enabled
 * (a pad carries the player to its pair, so the rooms on both sides count as reachable).
 */
function playerRegion(state: PushState): Uint8Array {
  return playerFlood(state.board, state.player, (c) => state.board.wall[c] === 0);
}

/** A reachable cell on the grid's edge means the walls leave a gap: the player could walk off. */
function lintOpenBoard(board: PushBoard, region: Uint8Array): Diagnostic[] {
  const { width, height } = board;
  for (let c = 0; c < region.length; c++) {
    if (!region[c]) continue;
    const { x, y } = cellXY(board, c);
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
      return [diagnostic('error', 'push.board.open',
        `The player can walk to ${show({ x, y })} on the edge of the board, so the walls do not close the level: add walls around the playing area.`,
        { x, y }, { x, y })];
    }
  }
  return [];
}

/** A box or goal the player can never reach must already be done: a box on a goal. */
function lintUnreachable(state: PushState, region: Uint8Array): Diagnostic[] {
  const { board, boxes } = state;
  const out: Diagnostic[] = [];
  for (const b of boxes) {
    if (region[b] || board.goal[b]) continue;
    const at = cellXY(board, b);
    out.push(diagnostic('error', 'push.box.unreachable',
      `The box at ${show(at)} is walled off from the player and not on a goal, so the level can never be won: open a way to it or move it.`, at, { ...at }));
  }
  for (const g of board.goals) {
    if (region[g] || boxes.includes(g)) continue;
    const at = cellXY(board, g);
    out.push(diagnostic('error', 'push.goal.unreachable',
      `The goal at ${show(at)} is walled off from the player and holds no box, so the level can never be won: open a way to it or move it.`, at, { ...at }));
  }
  return out;
}
