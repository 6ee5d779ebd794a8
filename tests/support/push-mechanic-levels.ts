/**
 * Random small push levels for each mechanic (push strength and heavy boxes, buttons and doors,
 * ice, teleporters, and all at once), with the rules to play them: the compiled mechanics path is
 * held to the engine's step and to the generic searches on these.
 */
import { Rng } from '../../src-shared/engine/rng.ts';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import type { PushRules } from '../../src-shared/rulesets/push/kind.ts';
import type { PushState } from '../../src-shared/rulesets/push/board.ts';
import type { PushLevel } from '../../src-shared/rulesets/push/schema.ts';

export const MECHANICS = ['strength', 'doors', 'ice', 'teleporters', 'all'] as const;
export type Mechanic = (typeof MECHANICS)[number];

type XY = [number, number];

export interface MechanicLevel {
  readonly rules: PushRules;
  readonly level: PushLevel;
  readonly state: PushState;
}

/** The config variants a mechanic is tried under (each one a different rule path). */
function configFor(mechanic: Mechanic, rng: Rng): unknown {
  const any = <T>(options: readonly T[]): T => options[rng.int(options.length)];
  const strength = { pushStrength: any([1, 2, 2, 3]), heavyWeight: any([1, 2, 3]) };
  const doors = { enabled: true, opensWhen: any(['all', 'any'] as const), pressedBy: any(['boxes', 'boxes-and-player'] as const) };
  const ice = { enabled: true, boxesSlide: any([true, true, false]), playerSlides: any([true, true, false]) };
  const teleporters = { enabled: true, carryBoxes: any([true, false]) };
  switch (mechanic) {
    case 'strength': return strength;
    case 'doors': return { doors };
    case 'ice': return { ice };
    case 'teleporters': return { teleporters };
    case 'all': return { ...strength, doors, ice, teleporters };
  }
}

/**
 * A random level with the mechanic's pieces on it, loaded under a random variant of its config;
 * undefined when the draw does not load. `boxes` boxes and `goals` goals (at most `boxes`).
 */
export function randomMechanicLevel(rng: Rng, mechanic: Mechanic, size: { width: number; height: number; boxes: number; goals?: number }): MechanicLevel | undefined {
  const { width, height, boxes } = size;
  const goals = size.goals ?? boxes;
  const grid = Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x): string => (x === 0 || y === 0 || x === width - 1 || y === height - 1 || rng.int(7) === 0 ? '#' : ' ')),
  );
  const free: XY[] = [];
  for (let y = 1; y < height - 1; y++) for (let x = 1; x < width - 1; x++) if (grid[y][x] === ' ') free.push([x, y]);
  if (free.length < boxes + 10) return undefined;
  for (let i = free.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [free[i], free[j]] = [free[j], free[i]];
  }
  let next = 0;
  const take = (): XY => free[next++];
  const [px, py] = take();
  grid[py][px] = '@';
  const boxCells = Array.from({ length: boxes }, take);
  for (const [x, y] of boxCells) grid[y][x] = '$';
  // Goals anywhere not holding the player: some may start under a box.
  const goalCells = free.slice(1);
  for (let placed = 0; placed < goals; ) {
    const [x, y] = goalCells[rng.int(goalCells.length)];
    if (grid[y][x] === '.' || grid[y][x] === '*') continue;
    grid[y][x] = grid[y][x] === '$' ? '*' : '.';
    placed++;
  }
  const level: { -readonly [K in keyof PushLevel]: PushLevel[K] } = { board: grid.map((row) => row.join('')) };
  const mechanicCells = (): XY => take();
  const uses = (m: Mechanic): boolean => mechanic === m || mechanic === 'all';
  if (uses('strength')) level.heavy = boxCells.filter(() => rng.int(2) === 0);
  if (uses('doors')) {
    level.doors = [{ at: mechanicCells(), link: 'a' }];
    level.buttons = [{ at: mechanicCells(), link: 'a' }, ...(rng.int(2) === 0 ? [{ at: mechanicCells(), link: 'a' }] : [])];
    if (rng.int(2) === 0) level.doors.push({ at: mechanicCells(), link: 'b' });
  }
  if (uses('ice')) {
    // Ice in runs, under whatever is there (ice is terrain).
    const ice: XY[] = [];
    for (let k = 0; k < 2; k++) {
      const [x, y] = free[rng.int(free.length)];
      const [dx, dy] = rng.int(2) === 0 ? [1, 0] : [0, 1];
      for (let s = 0; s < 3; s++) if (grid[y + s * dy]?.[x + s * dx] !== '#' && x + s * dx < width && y + s * dy < height) ice.push([x + s * dx, y + s * dy]);
    }
    level.ice = ice.filter(([x, y], i) => ice.findIndex(([a, b]) => a === x && b === y) === i);
  }
  if (uses('teleporters')) level.teleporters = [{ a: mechanicCells(), b: mechanicCells() }];
  const rules = pushKind.create(configFor(mechanic, rng)).rules!;
  const loaded = rules.load(level);
  if (!loaded.state) return undefined;
  return { rules, level, state: loaded.state };
}
