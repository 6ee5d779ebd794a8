/**
 * The built-in campaign Warehouse 100 as stored (resources/samples/warehouse_100.json), held to
 * BoxCat's CI rule: the test re-solves a fixed sample of its levels spread along the campaign and
 * every stored par must equal the solver's optimum; par never falls over the whole file; no two
 * levels are the same under the 8 symmetries; boxes and rooms grow; and the stored provenance
 * makes the stored boards again. (`npm run bench -- warehouse` re-solves all 100 and regenerates
 * the whole file.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replay } from '../../src-shared/engine/play/replay.ts';
import { readPushJson } from '../../src-shared/rulesets/push/formats/json.ts';
import { defaultPushRules } from '../../src-shared/rulesets/push/kind.ts';
import { regenerateCandidate, reverseParamsSchema, startKey } from '../../src-shared/rulesets/push/generator/index.ts';
import { WAREHOUSE_TIERS, warehouseParams, warehouseSeed } from '../../src-shared/rulesets/push/generator/warehouse.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import { importCollection } from '../../src-main/library/import.ts';
import { REPO_ROOT } from '../support/data.ts';
import { freshDatabase } from '../support/temp-library.ts';

const FILE = `${REPO_ROOT}resources/samples/warehouse_100.json`;
const text = readFileSync(FILE, 'utf8');
const read = readPushJson(text);
const levels = read.collection.levels;
const rules = defaultPushRules();
const par = (i: number): number => Number(levels[i].notes!.par);
/** Ten levels spread along the campaign, first and last included. */
const SAMPLE = [1, 12, 23, 34, 45, 56, 67, 78, 89, 100];

describe('Warehouse 100', () => {
  it('is a push JSON collection of 100 levels named l001 to l100', () => {
    expect(read.diagnostics).toEqual([]);
    expect(read.rejected).toBe(0);
    expect(read.collection.title).toBe('Warehouse 100');
    expect(levels.map((l) => l.title)).toEqual(Array.from({ length: 100 }, (_, i) => `l${String(i + 1).padStart(3, '0')}`));
  });

  it('every sampled par equals the solver optimum, and its stored solution wins in par moves', () => {
    for (const n of SAMPLE) {
      const level = levels[n - 1];
      const record = verifyLevel(rules, level);
      expect(record.status, level.title).toBe('solved');
      expect(record.optimal, level.title).toBe(true);
      expect(record.par, level.title).toBe(par(n - 1));
      const played = replay(rules, rules.load(level).state!, rules.decodeSolution(level.notes!.solution).commands!);
      expect(played.status).toBe('won');
      expect(played.final.moves).toBe(par(n - 1));
      expect(played.final.pushes).toBe(Number(level.notes!.pushes));
    }
  });

  it('par never falls from l001 to l100 and reaches at least 40', () => {
    for (let i = 1; i < levels.length; i++) expect(par(i), levels[i].title).toBeGreaterThanOrEqual(par(i - 1));
    expect(par(99)).toBeGreaterThanOrEqual(40);
  });

  it('no two levels are the same under turns and mirror images', () => {
    const keys = levels.map((l) => startKey(rules.load(l).state!));
    expect(new Set(keys).size).toBe(100);
  });

  it('boxes and room size grow along the campaign', () => {
    let boxes = 0;
    let blocks = 0;
    for (const level of levels) {
      const params = JSON.parse(level.notes!.params);
      const state = rules.load(level).state!;
      expect(state.boxes.length).toBe(params.boxes);
      expect(state.boxes.length).toBeGreaterThanOrEqual(boxes);
      expect(params.blocks.width * params.blocks.height).toBeGreaterThanOrEqual(blocks);
      boxes = state.boxes.length;
      blocks = params.blocks.width * params.blocks.height;
    }
    expect(boxes).toBeGreaterThan(JSON.parse(levels[0].notes!.params).boxes);
  });

  it('keeps the plan in every level: its seed and params, and the candidate they make again', () => {
    let first = 0;
    WAREHOUSE_TIERS.forEach((tier, t) => {
      for (let i = first; i < first + tier.levels; i++) {
        expect(levels[i].notes!.seed).toBe(warehouseSeed(t + 1));
        expect(JSON.parse(levels[i].notes!.params)).toEqual(reverseParamsSchema.parse(warehouseParams(t + 1)));
      }
      // The first level of each tier, made again from its notes alone.
      const notes = levels[first].notes!;
      expect(regenerateCandidate(JSON.parse(notes.params), notes.seed, Number(notes.candidate)).board).toEqual(levels[first].board);
      first += tier.levels;
    });
    expect(first).toBe(100);
  });

  it('imports into a library whole, as the studio seeds it', () => {
    const { db } = freshDatabase('warehouse');
    const result = importCollection(db, { fileName: 'warehouse_100.json', text });
    expect(result.rejected).toBe(0);
    expect(result.imported).toBe(100);
    expect(result.campaignName).toBe('Warehouse 100');
  });
});
