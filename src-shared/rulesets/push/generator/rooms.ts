/**
 * Empty rooms for the reverse generator, in the manner of Taylor and Parberry (2011, "Procedural
 * Generation of Sokoban Levels"): the room is a grid of 3x3 blocks; each block is filled from a
 * template, turned or mirrored at random, whose 5x5 pattern is the block itself and a ring of
 * cells that say what the neighbouring blocks must hold there (wall, floor or don't care). A
 * template fits only where its ring agrees with what earlier blocks fixed, so corridors meet
 * floor and walls line up. The room is then pruned: dead ends (floor with walls on three sides,
 * where a box can only ever be lost) are filled in until none is left. What is still wrong with
 * it (floor in pieces, a large open area, too little floor) the sieves reject (sieves.ts).
 *
 * The templates are this project's own; the method is the paper's.
 */
import type { Rng } from '../../../engine/rng.ts';
import { neighbourCell } from '../../../engine/grid.ts';

/** A room: walls and floor on a grid, row-major (`y * width + x`). */
export interface Room {
  readonly width: number;
  readonly height: number;
  /** 1 on walls, 0 on floor. */
  readonly wall: Uint8Array;
}

/**
 * Templates as 5x5 patterns: the middle 3x3 is the block, the ring constrains the neighbours.
 * `#` wall, `-` floor, `?` don't care. Each is used in all eight of its turns and mirror images.
 */
const TEMPLATES: readonly (readonly string[])[] = [
  // open floor
  ['?????', '?---?', '?---?', '?---?', '?????'],
  // a corner stone
  ['?????', '?#--?', '?---?', '?---?', '?????'],
  // a pillar with room all round it
  ['?---?', '?---?', '?-#-?', '?---?', '?---?'],
  // a wall along one side
  ['?????', '?###?', '?---?', '?---?', '?????'],
  // two stones in a corner
  ['?????', '?##-?', '?#--?', '?---?', '?????'],
  // stones on opposite corners
  ['?????', '?#--?', '?---?', '?--#?', '?????'],
  // a corridor through
  ['?????', '?###?', '-----', '?###?', '?????'],
  // a corridor that turns
  ['??-??', '?#-#?', '?#---', '?###?', '?????'],
  // a junction
  ['?????', '?###?', '-----', '?#-#?', '??-??'],
  // a wall stub into the room
  ['??-??', '?-#-?', '?-#-?', '?---?', '?????'],
  // a solid block
  ['?????', '?###?', '?###?', '?###?', '?????'],
  // an alcove: a wall on three sides of a two-cell bay
  ['?????', '?###?', '?#--?', '?#--?', '?????'],
  // a wall with a door in it
  ['??-??', '?---?', '##-##', '?---?', '??-??'],
  // half wall, half floor
  ['?????', '?##-?', '?##-?', '?---?', '?????'],
];

/** The eight turns and mirror images of a 5x5 pattern. */
function images(pattern: readonly string[]): string[][] {
  const at = (x: number, y: number): string => pattern[y][x];
  const maps: ((x: number, y: number) => string)[] = [
    (x, y) => at(x, y),
    (x, y) => at(4 - x, y),
    (x, y) => at(x, 4 - y),
    (x, y) => at(4 - x, 4 - y),
    (x, y) => at(y, x),
    (x, y) => at(4 - y, x),
    (x, y) => at(y, 4 - x),
    (x, y) => at(4 - y, 4 - x),
  ];
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const map of maps) {
    const rows = [0, 1, 2, 3, 4].map((y) => [0, 1, 2, 3, 4].map((x) => map(x, y)).join(''));
    const key = rows.join('/');
    if (!seen.has(key)) {
      seen.add(key);
      out.push(rows);
    }
  }
  return out;
}

/** Every distinct image of every template, in a fixed order (the RNG picks among them). */
const TEMPLATE_IMAGES: readonly (readonly string[])[] = TEMPLATES.flatMap(images);

const UNSET = 2;

/**
 * A room of `blocksWide` x `blocksHigh` blocks inside a wall border (so `3 * blocks + 2` cells a
 * side), dead ends filled in. May come out in pieces or too open: the sieves judge it.
 */
export function templateRoom(blocksWide: number, blocksHigh: number, rng: Rng): Room {
  const width = 3 * blocksWide + 2;
  const height = 3 * blocksHigh + 2;
  // 0 floor, 1 wall, UNSET not decided yet; the border is wall.
  const cells = new Uint8Array(width * height).fill(UNSET);
  for (let x = 0; x < width; x++) {
    cells[x] = 1;
    cells[(height - 1) * width + x] = 1;
  }
  for (let y = 0; y < height; y++) {
    cells[y * width] = 1;
    cells[y * width + width - 1] = 1;
  }
  for (let by = 0; by < blocksHigh; by++) {
    for (let bx = 0; bx < blocksWide; bx++) {
      // The pattern's top-left sits one cell up and left of the block.
      const ox = 3 * bx;
      const oy = 3 * by;
      const order = rng.shuffled(TEMPLATE_IMAGES);
      const fitting = order.find((pattern) => fits(cells, width, pattern, ox, oy));
      if (fitting) stamp(cells, width, fitting, ox, oy);
      // No template agrees with the ring fixed so far: keep what is fixed, floor the rest.
      for (let y = 1; y <= 3; y++) for (let x = 1; x <= 3; x++) if (cells[(oy + y) * width + ox + x] === UNSET) cells[(oy + y) * width + ox + x] = 0;
    }
  }
  const wall = new Uint8Array(width * height);
  for (let c = 0; c < wall.length; c++) wall[c] = cells[c] === 0 ? 0 : 1;
  fillDeadEnds({ width, height, wall });
  return { width, height, wall };
}

function fits(cells: Uint8Array, width: number, pattern: readonly string[], ox: number, oy: number): boolean {
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 5; x++) {
      const want = pattern[y][x];
      if (want === '?') continue;
      const have = cells[(oy + y) * width + ox + x];
      if (have !== UNSET && have !== (want === '#' ? 1 : 0)) return false;
    }
  }
  return true;
}

function stamp(cells: Uint8Array, width: number, pattern: readonly string[], ox: number, oy: number): void {
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 5; x++) {
      const want = pattern[y][x];
      if (want !== '?') cells[(oy + y) * width + ox + x] = want === '#' ? 1 : 0;
    }
  }
}

/** Floor neighbours of a cell (4-connected). */
function floorNeighbours(room: Room, c: number): number {
  const { width, height, wall } = room;
  let n = 0;
  for (let d = 0; d < 4; d++) {
    const next = neighbourCell(width, height, c, d);
    if (next >= 0 && !wall[next]) n++;
  }
  return n;
}

/**
 * Fill dead ends in place: floor with at most one floor neighbour is a pocket a box pushed into
 * never leaves and a player gains nothing from, so it becomes wall, until none is left (a blind
 * corridor goes cell by cell). Returns how many cells were filled.
 */
export function fillDeadEnds(room: Room): number {
  const { wall } = room;
  let filled = 0;
  let changed = true;
  while (changed) {
    changed = false;
    for (let c = 0; c < wall.length; c++) {
      if (!wall[c] && floorNeighbours(room, c) <= 1) {
        wall[c] = 1;
        filled++;
        changed = true;
      }
    }
  }
  return filled;
}

export function floorCells(room: Room): number[] {
  const out: number[] = [];
  for (let c = 0; c < room.wall.length; c++) if (!room.wall[c]) out.push(c);
  return out;
}
