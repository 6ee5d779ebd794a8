/**
 * A second lower bound for levels whose exit lies behind closed gates: the gates open only when
 * every plate holds a boulder, so the player must first walk to a boulder, then push boulders
 * onto every empty plate, then walk from beside the last plate to the exit. Those three parts are
 * disjoint in time, so their lower bounds add up:
 *   walk to the nearest boulder   (Manhattan distance - 1; 0 where ice or a hook can cover ground for less)
 * + pushes                        (per empty plate, the Manhattan distance of its nearest live boulder:
 *                                  each push moves one boulder one cell, one push per command)
 * + walk out                      (the walls-only exit distance from the nearest empty plate, - 1).
 * A boulder in a corner of fixed walls never moves again; with fewer live boulders than empty
 * plates the gates can never open (no finite bound). Seed 001's boulder levels: the walls-only
 * distance alone sees straight through the gate and leaves A* to try every boulder order.
 */
import type { MazeBoard, MazeState } from '../level.ts';

interface GateLayout {
  /** 1 where the exit is out of reach while the gates are closed (walls, anchors and gates block). */
  readonly behindGates: Uint8Array;
  /** Whether the player's own distance may be less than Manhattan (ice slides, hook pulls). */
  readonly shortcuts: boolean;
}

const layouts = new WeakMap<MazeBoard, GateLayout | null>();

const isFixedWall = (ch: string | undefined): boolean => ch === undefined || ch === '#' || ch === '+';

/** Per board: where the gates stand between the player and the exit (null: no gates or no plates). */
function gateLayout(board: MazeBoard, cells: string): GateLayout | null {
  const known = layouts.get(board);
  if (known !== undefined) return known;
  let layout: GateLayout | null = null;
  if (cells.includes('G') && (cells.includes('_') || cells.includes('*'))) {
    const { width, height } = board;
    const reach = new Uint8Array(width * height);
    const queue = [...board.exits];
    for (const exit of queue) reach[exit] = 1;
    // Jumps and hook lines cross only low cells and slides stop at a gate, so plain adjacency
    // through everything but walls, anchors and gates is every way to the exit.
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head];
      const x = v % width;
      for (const u of [x > 0 ? v - 1 : -1, x < width - 1 ? v + 1 : -1, v >= width ? v - width : -1, v + width < width * height ? v + width : -1]) {
        if (u < 0 || reach[u] || isFixedWall(cells[u]) || cells[u] === 'G') continue;
        reach[u] = 1;
        queue.push(u);
      }
    }
    layout = { behindGates: reach.map((r) => 1 - r), shortcuts: cells.includes('-') || board.hasHook };
  }
  layouts.set(board, layout);
  return layout;
}

/** A boulder with fixed walls on two sides at a right angle can never be pushed again. */
function stuck(cells: string, width: number, at: number): boolean {
  const up = isFixedWall(cells[at - width]);
  const down = isFixedWall(cells[at + width]);
  const x = at % width;
  const left = x === 0 || isFixedWall(cells[at - 1]);
  const right = x === width - 1 || isFixedWall(cells[at + 1]);
  return (up || down) && (left || right);
}

/**
 * The plates bound of a state (0 where it does not apply: gates open, or the exit reachable
 * without them); `exitDistance` is the walls-only distance table.
 */
export function platesBound(state: MazeState, exitDistance: Int32Array): number {
  const { board, cells } = state;
  const layout = gateLayout(board, cells);
  if (!layout || !layout.behindGates[state.player] || !cells.includes('G')) return 0;
  const { width } = board;
  const boulders: number[] = [];
  for (let at = cells.indexOf('o'); at >= 0; at = cells.indexOf('o', at + 1)) if (!stuck(cells, width, at)) boulders.push(at);
  let plates = 0;
  let pushes = 0;
  let walkOut = Infinity;
  for (let p = cells.indexOf('_'); p >= 0; p = cells.indexOf('_', p + 1)) {
    plates++;
    const px = p % width;
    const py = (p - px) / width;
    let nearest = Infinity;
    for (const b of boulders) {
      const bx = b % width;
      nearest = Math.min(nearest, Math.abs(bx - px) + Math.abs((b - bx) / width - py));
    }
    pushes += nearest;
    if (exitDistance[p] >= 0) walkOut = Math.min(walkOut, exitDistance[p] - 1);
  }
  // A gate with no empty plate left is already open; no live boulder for a plate: never opens.
  if (plates === 0) return 0;
  if (boulders.length < plates || !Number.isFinite(pushes) || !Number.isFinite(walkOut)) return Infinity;
  let walkIn = 0;
  if (!layout.shortcuts) {
    const x = state.player % width;
    const y = (state.player - x) / width;
    walkIn = Infinity;
    for (const b of boulders) {
      const bx = b % width;
      walkIn = Math.min(walkIn, Math.abs(bx - x) + Math.abs((b - bx) / width - y) - 1);
    }
  }
  return walkIn + pushes + Math.max(0, walkOut);
}
