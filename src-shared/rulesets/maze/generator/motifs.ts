/**
 * Motifs placed backwards (seed 001): first where a thing must be, then where its cause goes.
 * A door, cracked wall, gate or pit goes on a cut cell of the way to the exit (no way round it),
 * and its key, bomb, plate or feather on the near side (reachable from the start without passing
 * it), in a side passage where one exists. A boulder is placed by walking back k cells from its
 * plate (a dead end) along a straight passage, with a cell behind it to push from. A hooked pit
 * lies on a straight run whose both ends turn, with an anchor at both ends so the hook works both
 * ways. Spikes, crumbling floor and ice need no cause and go where they bite: on the way, and
 * (crumbling floor) at the mouths of side passages, where a blind walker pays for a look.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { MotifCounts } from './chapters.ts';
import { bfs, deadEnds, neighbourOf, pathTo, type Board } from './skeleton.ts';

const isOpen = (board: Board) => (cell: number): boolean => board.cells[cell] !== '#' && board.cells[cell] !== '+';

interface Placement {
  readonly board: Board;
  readonly rng: Rng;
  readonly start: number;
  readonly exit: number;
  readonly path: readonly number[];
  /** Cells a motif already holds (start and exit too). */
  readonly used: Set<number>;
}

/** Whether every way from the start to the exit passes `cell`. */
function isCut(p: Placement, cell: number): boolean {
  const open = isOpen(p.board);
  return bfs(p.board, p.start, (c) => c !== cell && open(c)).dist[p.exit] < 0;
}

/** Blockers already placed: a near side is reached without passing any of them. */
const BLOCKERS = new Set(['D', '%', 'G', 'x', 'o', '_']);

/** Cells reachable from the start without passing `cell` or any blocker placed before. */
function nearSide(p: Placement, cell: number): number[] {
  const open = isOpen(p.board);
  const { dist } = bfs(p.board, p.start, (c) => c !== cell && open(c) && !BLOCKERS.has(p.board.cells[c]));
  const out: number[] = [];
  for (let c = 0; c < dist.length; c++) if (dist[c] >= 0) out.push(c);
  return out;
}

/** Path cells between 25% and 85% of the way, free, plain floor, matching `test`, shuffled. */
function wayCells(p: Placement, test: (i: number) => boolean = () => true): number[] {
  const out: number[] = [];
  const from = Math.max(1, Math.floor(p.path.length * 0.25));
  const to = Math.min(p.path.length - 2, Math.ceil(p.path.length * 0.85));
  for (let i = from; i <= to; i++) if (!p.used.has(p.path[i]) && p.board.cells[p.path[i]] === '.' && test(i)) out.push(i);
  return p.rng.shuffled(out);
}

/** Whether path cells i-1, i, i+1 lie on one line. */
function straightAt(p: Placement, i: number): boolean {
  const w = p.board.width;
  const a = p.path[i - 1];
  const c = p.path[i + 1];
  return a !== undefined && c !== undefined && (Math.abs(c - a) === 2 || Math.abs(c - a) === 2 * w);
}

/** A free floor cell on the near side of `cut` for an item: a side passage's dead end first. */
function itemCell(p: Placement, cut: number): number | undefined {
  const onPath = new Set(p.path);
  const near = nearSide(p, cut).filter((c) => !p.used.has(c) && p.board.cells[c] === '.' && !onPath.has(c));
  if (near.length === 0) return undefined;
  const nearSet = new Set(near);
  const ends = deadEnds(p.board, isOpen(p.board)).filter((c) => nearSet.has(c));
  return p.rng.pick(ends.length > 0 ? ends : near);
}

/** A blocker on a cut cell of the way, its cause on the near side. */
function placeLock(p: Placement, blocker: string, item: string, straight: boolean): boolean {
  for (const i of wayCells(p, (j) => !straight || straightAt(p, j))) {
    const cell = p.path[i];
    if (!isCut(p, cell)) continue;
    const at = itemCell(p, cell);
    if (at === undefined) continue;
    p.board.cells[cell] = blocker;
    p.board.cells[at] = item;
    p.used.add(cell).add(at);
    if (straight) p.used.add(p.path[i - 1]).add(p.path[i + 1]);
    return true;
  }
  return false;
}

/** A gate on the way; its plate in a near-side dead end; the boulder k cells back with room behind. */
function placeGate(p: Placement): boolean {
  const open = isOpen(p.board);
  for (const i of wayCells(p)) {
    const gate = p.path[i];
    if (!isCut(p, gate)) continue;
    const near = new Set(nearSide(p, gate));
    const plates = p.rng.shuffled(deadEnds(p.board, open).filter((c) => near.has(c) && !p.used.has(c) && p.board.cells[c] === '.'));
    for (const plate of plates) {
      const d = [0, 1, 2, 3].find((dir) => open(neighbourOf(p.board, plate, dir)));
      if (d === undefined) continue;
      for (const k of p.rng.shuffled([1, 2, 3])) {
        const line = Array.from({ length: k + 1 }, (_, j) => neighbourOf(p.board, plate, d, j + 1));
        if (line.some((c) => c < 0 || !open(c) || p.used.has(c) || p.board.cells[c] !== '.')) continue;
        const boulder = line[k - 1];
        const stand = line[k];
        // The player must reach the cell behind the boulder without passing it.
        if (bfs(p.board, p.start, (c) => c !== boulder && c !== gate && open(c)).dist[stand] < 0) continue;
        p.board.cells[gate] = 'G';
        p.board.cells[plate] = '_';
        p.board.cells[boulder] = 'o';
        p.used.add(gate).add(plate).add(boulder).add(stand);
        return true;
      }
    }
  }
  return false;
}

/** Pits along a straight run of the way whose both ends turn; anchors beyond both ends; the hook before it. */
function placeHook(p: Placement): boolean {
  const w = p.board.width;
  const runs: [number, number][] = [];
  for (let i = 1; i + 2 < p.path.length - 1; i++) {
    for (let len = 3; len <= 5 && i + len - 1 < p.path.length - 1; len++) {
      const cells = p.path.slice(i, i + len);
      const step = cells[1] - cells[0];
      if (Math.abs(step) !== 1 && Math.abs(step) !== w) break;
      if (cells.some((c, j) => j > 0 && c - cells[j - 1] !== step)) break;
      if (cells.some((c) => p.used.has(c) || p.board.cells[c] !== '.')) break;
      const before = cells[0] - step;
      const after = cells[len - 1] + step;
      if (p.board.cells[before] === '#' && p.board.cells[after] === '#') runs.push([i, len]);
    }
  }
  for (const [i, len] of p.rng.shuffled(runs)) {
    const cells = p.path.slice(i, i + len);
    const step = cells[1] - cells[0];
    const at = itemCell(p, cells[1]);
    if (at === undefined) continue;
    for (const pit of cells.slice(1, -1)) p.board.cells[pit] = 'x';
    p.board.cells[cells[0] - step] = '+';
    p.board.cells[cells[len - 1] + step] = '+';
    p.board.cells[at] = 'g';
    for (const c of cells) p.used.add(c);
    p.used.add(at);
    return true;
  }
  return false;
}

/** `n` free way cells become `ch`. */
function scatterOnWay(p: Placement, ch: string, n: number): void {
  for (const i of wayCells(p).slice(0, n)) {
    p.board.cells[p.path[i]] = ch;
    p.used.add(p.path[i]);
  }
}

/** Crumbling floor at the mouths of side passages off the way (half of them) and on the way. */
function placeCrumble(p: Placement, n: number): void {
  const onPath = new Set(p.path);
  const open = isOpen(p.board);
  const mouths: number[] = [];
  for (const cell of p.path) {
    for (let d = 0; d < 4; d++) {
      const m = neighbourOf(p.board, cell, d);
      if (m >= 0 && open(m) && !onPath.has(m) && !p.used.has(m) && p.board.cells[m] === '.') mouths.push(m);
    }
  }
  const side = Math.ceil(n / 2);
  for (const m of p.rng.shuffled(mouths).slice(0, side)) {
    p.board.cells[m] = '~';
    p.used.add(m);
  }
  scatterOnWay(p, '~', n - Math.min(side, mouths.length));
}

/** Ice patches: a cell of the way and its open floor neighbours. */
function placeIce(p: Placement, n: number): void {
  for (const i of wayCells(p).slice(0, n)) {
    const centre = p.path[i];
    for (const c of [centre, ...[0, 1, 2, 3].map((d) => neighbourOf(p.board, centre, d))]) {
      if (c < 0 || p.used.has(c) || p.board.cells[c] !== '.') continue;
      p.board.cells[c] = '-';
    }
    p.used.add(centre);
  }
}

/**
 * Start, exit and motifs on a carved skeleton (changed in place): undefined when the skeleton has
 * no exit at a fitting distance or a motif finds no place.
 */
export function placeMotifs(board: Board, rng: Rng, motifs: MotifCounts, distance: readonly [number, number]): { readonly start: number; readonly exit: number } | undefined {
  const open = isOpen(board);
  const ends = deadEnds(board, open);
  const start = rng.pick(ends.length > 0 ? ends : board.cells.flatMap((c, i) => (c === '.' ? [i] : [])));
  const { dist, parent } = bfs(board, start, open);
  const exits: number[] = [];
  for (let c = 0; c < dist.length; c++) if (dist[c] >= distance[0] && dist[c] <= distance[1]) exits.push(c);
  if (exits.length === 0) return undefined;
  const exit = rng.pick(exits);
  const p: Placement = { board, rng, start, exit, path: pathTo(parent, start, exit), used: new Set([start, exit]) };
  for (const n of p.path.slice(0, 2)) p.used.add(n);
  for (let k = 0; k < motifs.gates; k++) if (!placeGate(p)) return undefined;
  for (let k = 0; k < motifs.hooks; k++) if (!placeHook(p)) return undefined;
  for (let k = 0; k < motifs.pits; k++) if (!placeLock(p, 'x', 'f', true)) return undefined;
  for (let k = 0; k < motifs.doors; k++) if (!placeLock(p, 'D', 'k', false)) return undefined;
  for (let k = 0; k < motifs.bombs; k++) if (!placeLock(p, '%', 'b', false)) return undefined;
  scatterOnWay(p, '^', motifs.spikes);
  placeCrumble(p, motifs.crumble);
  placeIce(p, motifs.ice);
  board.cells[start] = '@';
  board.cells[exit] = 'X';
  return { start, exit };
}
