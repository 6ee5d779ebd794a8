/**
 * traySolvable (seed 004's iron rule): its answer agrees with a plain exhaustive search, and its
 * certificate replays: each step fits where it says, clears what it says, and every piece is
 * placed once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fits, parseBoardRows, placeAndClear } from '../../src-shared/rulesets/blocks/board.ts';
import { DEFAULT_PIECES, parseShape, type Shape } from '../../src-shared/rulesets/blocks/shapes.ts';
import { traySolvable, type CertificateStep } from '../../src-shared/rulesets/blocks/tray-solvable.ts';

const shape = (text: string): Shape => (parseShape(text) as { shape: Shape }).shape;
const SET = DEFAULT_PIECES.map(shape);
const board = (text: string): number[] => (parseBoardRows(text.split('/')) as { rows: number[] }).rows;

/** Every order, every position, no pruning: the slow truth. */
function bruteForce(rows: readonly number[], w: number, h: number, tray: readonly Shape[]): boolean {
  if (tray.length === 0) return true;
  for (let i = 0; i < tray.length; i++) {
    const rest = tray.filter((_, j) => j !== i);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (fits(rows, w, h, tray[i], x, y) && bruteForce(placeAndClear(rows, w, h, tray[i], x, y).rows, w, h, rest)) return true;
      }
    }
  }
  return false;
}

/** Replays a certificate; throws at the first step that does not hold. */
function replay(rows: readonly number[], w: number, h: number, tray: readonly Shape[], certificate: readonly CertificateStep[]): number[] {
  expect([...certificate.map((s) => s.piece)].sort()).toEqual(tray.map((_, i) => i));
  let now = [...rows];
  for (const step of certificate) {
    expect(fits(now, w, h, tray[step.piece], step.x, step.y)).toBe(true);
    const placed = placeAndClear(now, w, h, tray[step.piece], step.x, step.y);
    expect(placed.cleared).toEqual(step.cleared);
    now = placed.rows;
  }
  return now;
}

describe('traySolvable', () => {
  it('places the issue example and its certificate replays', () => {
    const rows = board('#######./#######./......../......../......../......../......../........');
    const tray = ['###', '#./##', '##/##'].map(shape);
    const answer = traySolvable(rows, 8, 8, tray);
    expect(answer.solvable).toBe(true);
    replay(rows, 8, 8, tray, answer.certificate!);
  });

  it('needs the right order: a clear makes room for the last piece', () => {
    // The bar fills row 0's gap; only after that clear does the 3x3 square fit anywhere.
    const rows = board('....####/###....#/###....#/#######./#######./#######./#######./#######.');
    expect(traySolvable(rows, 8, 8, [shape('###/###/###')]).solvable).toBe(false);
    const tray = ['###/###/###', '####'].map(shape);
    const answer = traySolvable(rows, 8, 8, tray);
    expect(answer.solvable).toBe(true);
    expect(answer.certificate![0]).toMatchObject({ piece: 1, x: 0, y: 0 });
    expect(answer.certificate![0].cleared.rows).toEqual([0]);
    replay(rows, 8, 8, tray, answer.certificate!);
  });

  it('says no when no order places every piece', () => {
    const rows = board('#.#.#.#./.#.#.#.#/#.#.#.#./.#.#.#.#/#.#.#.#./.#.#.#.#/#.#.#.#./.#.#.#.#');
    expect(traySolvable(rows, 8, 8, [shape('##')]).solvable).toBe(false);
    expect(traySolvable(rows, 8, 8, [shape('#'), shape('#'), shape('##')]).solvable).toBe(false);
  });

  it('names each of two identical pieces once in the certificate', () => {
    const rows = board('......../......../......../......../......../......../......../........');
    const answer = traySolvable(rows, 8, 8, [shape('##'), shape('#'), shape('##')]);
    expect(answer.certificate!.map((s) => s.piece).sort()).toEqual([0, 1, 2]);
  });

  it('clears a row and a column at once, and says both', () => {
    const rows = board('.......#/.......#/.......#/#######./.......#/.......#/.......#/.......#');
    const placed = placeAndClear(rows, 8, 8, shape('#'), 7, 3);
    expect(placed.cleared).toEqual({ rows: [3], cols: [7] });
    expect(placed.rows.every((r) => r === 0)).toBe(true);
    // The 5x5 block fits only once the cross is cleared, so the single must go where the lines meet.
    const answer = traySolvable(rows, 8, 8, [shape('#'), shape('#####/#####/#####/#####/#####')]);
    expect(answer.certificate![0]).toEqual({ piece: 0, x: 7, y: 3, cleared: { rows: [3], cols: [7] } });
    replay(rows, 8, 8, [shape('#'), shape('#####/#####/#####/#####/#####')], answer.certificate!);
  });

  it('agrees with exhaustive search on random 6x6 boards and trays', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 63 }), { minLength: 6, maxLength: 6 }), fc.array(fc.integer({ min: 0, max: SET.length - 1 }), { minLength: 1, maxLength: 3 }), (masks, picks) => {
        const rows = masks.map((m) => (m === 63 ? 62 : m));
        const tray = picks.map((i) => SET[i]).filter((s) => s.width <= 6 && s.height <= 6);
        const answer = traySolvable(rows, 6, 6, tray);
        expect(answer.solvable).toBe(bruteForce(rows, 6, 6, tray));
        if (answer.solvable) replay(rows, 6, 6, tray, answer.certificate!);
      }),
      { numRuns: 300, seed: 4004 },
    );
  });
});
