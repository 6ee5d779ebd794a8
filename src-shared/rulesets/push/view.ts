/**
 * A push state as the generic board picture the shared renderer and thumbnails draw.
 *
 * Terrain is what never moves (wall, floor, goal, ice, outside); buttons, doors and teleporter
 * pads are pieces because their look changes with the state. A mechanic the config disables is
 * inert in the rules, so it is not drawn either: the picture shows the rules in force.
 * Piece ids are stable across states (`player`, `box:<id>`, `door:<cell>`, `button:<cell>`,
 * `teleporter:<cell>`) so a renderer can follow a piece from one state to the next.
 */
import type { BoardPiece, BoardView } from '../../engine/ruleset.ts';
import type { PushState } from './board.ts';
import { buttonIsPressed, doorIsOpen } from './step.ts';

export function viewPush(state: PushState): BoardView {
  const { board } = state;
  const { width, height, config } = board;
  const size = width * height;
  const iceOn = config.ice.enabled && (config.ice.boxesSlide || config.ice.playerSlides);
  const doorsOn = config.doors.enabled;
  const padsOn = config.teleporters.enabled;

  const terrain: string[] = [];
  for (let c = 0; c < size; c++) {
    if (board.wall[c]) terrain.push('wall');
    else if (board.outside[c]) terrain.push('outside');
    // A goal on ice shows as a goal: where boxes must end is the one thing a player cannot guess.
    else if (board.goal[c]) terrain.push('goal');
    else if (iceOn && board.ice[c]) terrain.push('ice');
    else terrain.push('floor');
  }

  const at = (c: number): { x: number; y: number } => ({ x: c % width, y: Math.floor(c / width) });
  const pieces: BoardPiece[] = [];
  // Mechanisms first: a renderer drawing in order puts boxes and the player on top of them.
  if (doorsOn) {
    for (let c = 0; c < size; c++) {
      const link = board.button[c];
      if (link < 0) continue;
      const down = buttonIsPressed(state, c);
      pieces.push({ id: `button:${c}`, kind: 'button', ...at(c), label: board.links[link], ...(down ? { variant: 'pressed' } : {}) });
    }
    for (let c = 0; c < size; c++) {
      const link = board.door[c];
      if (link < 0) continue;
      pieces.push({ id: `door:${c}`, kind: 'door', ...at(c), label: board.links[link], variant: doorIsOpen(state, c) ? 'open' : 'closed' });
    }
  }
  if (padsOn) {
    // Pairs are numbered by their first pad in reading order, so labels match across states.
    let pair = 0;
    const labels = new Map<number, string>();
    for (let c = 0; c < size; c++) {
      const other = board.teleport[c];
      if (other < 0) continue;
      if (!labels.has(c)) {
        pair += 1;
        labels.set(c, String(pair));
        labels.set(other, String(pair));
      }
      pieces.push({ id: `teleporter:${c}`, kind: 'teleporter', ...at(c), label: labels.get(c) });
    }
  }
  state.boxes.forEach((c, id) => {
    const heavy = board.boxWeight[id] > 1;
    const onGoal = board.goal[c] === 1;
    const variant = heavy ? (onGoal ? 'heavy-on-goal' : 'heavy') : onGoal ? 'on-goal' : undefined;
    pieces.push({ id: `box:${id}`, kind: 'box', ...at(c), ...(variant ? { variant } : {}) });
  });
  pieces.push({ id: 'player', kind: 'player', ...at(state.player) });
  return { width, height, terrain, pieces };
}
