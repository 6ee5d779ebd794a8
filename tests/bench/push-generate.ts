/**
 * The push reverse generator (printed, never asserted): per mode, candidates per second and each
 * sieve's rejections and time; what the cheap sieves save by running before the forward proof,
 * measured two ways: the whole run again with the proof first (same levels, seed 001's lesson
 * in seconds), and per sieve, the proof time of the very candidates it rejects (each one proved
 * anyway, to time it), in CPU time; then the Warehouse 100 regeneration time.
 *
 *   npm run bench -- push-generate [--no-warehouse]
 */
import { buildPushLevel } from '../../src-shared/rulesets/push/board.ts';
import { positionKey } from '../../src-shared/rulesets/push/generator/canonical.ts';
import { PLAIN_CONFIG, candidateRng, candidateRoom, levelOf, startCells, walkCandidate } from '../../src-shared/rulesets/push/generator/candidate.ts';
import { generateReverse } from '../../src-shared/rulesets/push/generator/index.ts';
import { resolveSettings } from '../../src-shared/rulesets/push/generator/params.ts';
import { proveForward } from '../../src-shared/rulesets/push/generator/proof.ts';
import { floorCells } from '../../src-shared/rulesets/push/generator/rooms.ts';
import {
  hasBoxOnDeadSquare,
  hasLargeOpenArea,
  isAlreadySolved,
  isDuplicate,
  isFloorDisconnected,
  isRoomTooSmall,
  isShallow,
  isTooDeep,
} from '../../src-shared/rulesets/push/generator/sieves.ts';
import { spareFloor } from '../../src-shared/rulesets/push/generator/params.ts';
import { warehouseParams } from '../../src-shared/rulesets/push/generator/warehouse.ts';
import { regenerateWarehouse } from './warehouse.ts';

const RUNS: readonly { name: string; params: Record<string, unknown> }[] = [
  { name: 'normal', params: { mode: 'normal', count: 40 } },
  { name: 'hard', params: { mode: 'hard', count: 20 } },
  { name: 'expert', params: { mode: 'expert', count: 10 } },
  // A high par floor, where the path back rejects the most: Warehouse 100's last tier.
  { name: 'warehouse tier 7', params: { ...warehouseParams(7), count: 8, pool: 1 } },
];

/**
 * This process's CPU time in ms: on a shared 2-core machine wall time swings with the load of
 * other processes by more than the sieves save, CPU time far less.
 */
const clock = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const sec = (ms: number): string => `${(ms / 1000).toFixed(2)} s CPU`;

export function runPushGenerateBench(args: string[]): void {
  // Warm the JIT first, so the first configuration is not timed cold.
  generateReverse({ mode: 'hard', count: 5 }, 'warm-up');
  for (const run of RUNS) {
    // Each order twice, alternating, the faster of each kept: the first runs warm the heap and JIT.
    const faster = <T extends { statistics?: { ms: number } }>(a: T, b: T): T => (a.statistics!.ms <= b.statistics!.ms ? a : b);
    let cheapFirst = generateReverse(run.params, 'bench', { clock });
    let proofFirst = generateReverse(run.params, 'bench', { clock, proofFirst: true });
    cheapFirst = faster(cheapFirst, generateReverse(run.params, 'bench', { clock }));
    proofFirst = faster(proofFirst, generateReverse(run.params, 'bench', { clock, proofFirst: true }));
    const s = cheapFirst.statistics!;
    const p = proofFirst.statistics!;
    console.log(`${run.name} (count ${run.params.count}): ${s.candidates} candidates in ${sec(s.ms)} = ${Math.round(s.candidates / (s.ms / 1000))} candidates/s, ${s.kept} levels (pars ${cheapFirst.levels.map((l) => l.notes!.par).join(' ')})`);
    console.log(`  ${'sieve'.padEnd(34)} ${'rejected'.padStart(8)} ${'ms'.padStart(9)}   proof first: ${'rejected'.padStart(8)} ${'ms'.padStart(9)}`);
    s.sieves.forEach((x, i) => console.log(`  ${x.label.padEnd(34)} ${String(x.rejected).padStart(8)} ${x.ms.toFixed(1).padStart(9)}                ${String(p.sieves[i].rejected).padStart(8)} ${p.sieves[i].ms.toFixed(1).padStart(9)}`));
    const proofs = s.candidates - s.sieves.slice(0, 8).reduce((n, x) => n + x.rejected, 0);
    console.log(`  making candidates (rooms, goals, walks): ${s.makeMs.toFixed(1)} ms; ${proofs} proofs, ${(s.sieves[8].ms / proofs).toFixed(1)} ms each`);
    const same = JSON.stringify(cheapFirst.levels) === JSON.stringify(proofFirst.levels);
    console.log(`  cheap sieves first ${sec(s.ms)}, proof first ${sec(p.ms)}: the cheap sieves save ${sec(p.ms - s.ms)} (${(p.ms / s.ms).toFixed(2)}x); same levels: ${same}`);
    savingsPerSieve(run.params, s.candidates);
  }
  if (!args.includes('--no-warehouse')) {
    console.log('Warehouse 100 regeneration:');
    regenerateWarehouse((line) => console.log(line));
  }
}

/**
 * For the same candidates, which cheap sieve would reject each one first, and the time the
 * forward proof takes on it (proved here anyway): the proof time that sieve saves.
 */
function savingsPerSieve(params: Record<string, unknown>, candidates: number): void {
  const { settings } = resolveSettings(params);
  if (!settings) return;
  const saved = new Map<string, { count: number; proofMs: number; sieveMs: number }>();
  const seen = new Set<string>();
  for (let index = 1; index <= candidates; index++) {
    const rng = candidateRng('bench', index);
    const room = candidateRoom(settings, rng);
    if (isFloorDisconnected(room) || hasLargeOpenArea(room) || isRoomTooSmall(floorCells(room).length, settings.boxes, spareFloor(settings.boxes))) continue;
    const candidate = walkCandidate(settings, room, rng);
    const { board, walk, goals } = candidate;
    const start = startCells(candidate);
    const goal = new Uint8Array(room.wall.length);
    for (const g of goals) goal[g] = 1;
    let lower = 0;
    for (const b of walk.boxes) lower += board.nearest[b];
    const t = clock();
    const caught =
      (isAlreadySolved(board.goal, walk.boxes) && 'already solved') ||
      (hasBoxOnDeadSquare(board.dead, walk.boxes) && 'box on a dead square') ||
      (isShallow(walk.pathBack, settings.par.min) && 'path back below the par floor') ||
      (isTooDeep(lower, settings.par.max) && 'par bound above the par ceiling') ||
      (isDuplicate(positionKey({ width: room.width, height: room.height, blocked: room.wall, goal, boxes: start.boxes, player: start.player }), seen) && 'duplicate (8 symmetries)');
    const sieveMs = clock() - t;
    if (!caught) continue;
    const state = buildPushLevel(levelOf(room, goals, start.boxes, start.player), PLAIN_CONFIG).state!;
    const p = clock();
    proveForward(state, settings.budget);
    const entry = saved.get(caught) ?? { count: 0, proofMs: 0, sieveMs: 0 };
    entry.count++;
    entry.proofMs += clock() - p;
    entry.sieveMs += sieveMs;
    saved.set(caught, entry);
  }
  for (const [label, e] of saved) {
    console.log(`  ${label}: caught ${e.count} candidates in ${e.sieveMs.toFixed(2)} ms; proving them would take ${e.proofMs.toFixed(0)} ms (${(e.proofMs / e.count).toFixed(1)} ms each)`);
  }
}
