/**
 * Campaign bench (figures printed, never asserted; issue 23's targets in brackets):
 * - the report of a 20,000-level campaign computed on the host: signals, play-test figures and
 *   every check [< 1 s];
 * - the charts of a 1,000-level campaign drawn after the data arrives: the option built and
 *   rendered once by ECharts (its SVG renderer, server-side, so no browser is needed) [< 500 ms];
 * - a move of one level in the 20,000-level campaign, as one transaction.
 * Levels are corridors of rising, noisy length, each verified for real once per length; one in
 * ten has a few play-tests.
 *
 *   npm run bench -- campaign [--levels 20000] [--chart 1000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { init, use } from 'echarts/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { BrushComponent, DataZoomComponent, GridComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { pushKind } from '../../src-shared/rulesets/push/kind.ts';
import { verifyLevel } from '../../src-shared/verify/verify.ts';
import type { Verification } from '../../src-shared/verify/record.ts';
import { campaignReport } from '../../src-main/library/campaign-report.ts';
import { editCampaign, readLayout } from '../../src-main/library/campaign-layouts.ts';
import { createCampaign } from '../../src-main/library/campaigns.ts';
import { insertLevel, openLibrary, resolveResourcesDir, type LibraryDatabase } from '../../src-main/library/library.ts';
import { storeVerification } from '../../src-main/library/verifications.ts';
import { buildCurveOption, type ChartPalette } from '../../src-renderer/src/views/campaign/chart-options.ts';

use([LineChart, BarChart, ScatterChart, GridComponent, TooltipComponent, MarkLineComponent, MarkAreaComponent, DataZoomComponent, BrushComponent, SVGRenderer]);

const corridor = (n: number) => ['#'.repeat(n + 4), `#@ $${' '.repeat(n - 2)}.#`, '#'.repeat(n + 4)];
const PALETTE: ChartPalette = { fg: '#ddd', muted: '#999', grid: '#333', surface: '#1e2126', accent: '#4c9aff', secondary: '#b48cf2', ok: '#3fb97a', warn: '#e0a93b', danger: '#ef5b5b', band: '#272b31' };
const WORDS = { par: 'Par', secondary: 'Pushes', nodes: 'Nodes', completion: 'Completion', time: 'Time', checkName: (c: string) => c };

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** A campaign of `count` corridors of rising, noisy length, each proof verified for real once per length; one in ten with three play-tests. */
export function fillBenchCampaign(db: LibraryDatabase, name: string, count: number, proofs = new Map<number, Verification>()): number {
  const rules = pushKind.create({}).rules!;
  const lengthAt = (i: number) => 3 + Math.floor((i / count) * 30) + ((i * 7919) % 5);
  return db.transaction(() => {
    const campaign = createCampaign(db, { name, kind: 'push' });
    const add = db.prepare('INSERT INTO campaign_levels (campaign_id, position, level_id) VALUES (?, ?, ?)');
    const play = db.prepare(`INSERT INTO recordings (level_id, rules_fingerprint, content_hash, commands_json, journal_json, final_hash, status, created_at, source, moves, undos, hints, duration_ms)
      VALUES (?, ?, ?, '[]', '[]', '', ?, '', 'play', ?, ?, ?, ?)`);
    for (let i = 0; i < count; i++) {
      const n = lengthAt(i);
      let proof = proofs.get(n);
      if (!proof) proofs.set(n, (proof = verifyLevel(rules, { board: corridor(n) })));
      const id = insertLevel(db, { kind: 'push', doc: { title: `L${i + 1}`, board: corridor(n) }, source: 'hand' });
      add.run(campaign.id, i + 1, id);
      storeVerification(db, id, proof);
      if (i % 10 === 0) for (let k = 0; k < 3; k++) play.run(id, proof.rulesFingerprint, proof.contentHash, k === 2 ? 'playing' : 'won', proof.par! + k * 3, k, k % 2, 20_000 + k * 9_000);
    }
    return campaign.id;
  })();
}

export function runCampaignBench(args: string[]): void {
  const opt = (name: string, fallback: number): number => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
  };
  const levels = opt('levels', 20_000);
  const chartLevels = opt('chart', 1_000);
  const dir = mkdtempSync(join(tmpdir(), 'gridwright-campaign-bench-'));
  try {
    const { db } = openLibrary(join(dir, 'lib.gridwright'), { resourcesDir: resolveResourcesDir() });
    let t = performance.now();
    const proofs = new Map<number, Verification>();
    const campaignId = fillBenchCampaign(db, `Bench ${levels}`, levels, proofs);
    const chartId = fillBenchCampaign(db, `Bench ${chartLevels}`, chartLevels, proofs);
    console.log(`campaign bench: ${levels.toLocaleString('en')}-level and ${chartLevels.toLocaleString('en')}-level campaigns built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const reportMs: number[] = [];
    let rows = 0;
    let findings = 0;
    for (let run = 0; run < 5; run++) {
      t = performance.now();
      const report = campaignReport(db, campaignId);
      reportMs.push(performance.now() - t);
      rows = report.rows.length;
      findings = report.findings.length;
    }
    console.log(`  report of ${rows.toLocaleString('en')} levels (${findings} findings): median ${median(reportMs).toFixed(0)} ms of 5 runs, first ${reportMs[0].toFixed(0)} ms [target < 1000 ms]`);

    const moveMs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const layout = readLayout(db, campaignId);
      t = performance.now();
      editCampaign(db, campaignId, { type: 'move', levelIds: [layout.levels[run].levelId], to: levels - run });
      moveMs.push(performance.now() - t);
    }
    console.log(`  a move in ${levels.toLocaleString('en')} levels (one transaction, layout rewritten): median ${median(moveMs).toFixed(0)} ms`);

    const chartReport = campaignReport(db, chartId);
    const chartMs: number[] = [];
    for (let run = 0; run < 5; run++) {
      t = performance.now();
      const option = buildCurveOption({ rows: chartReport.rows, chapters: chartReport.chapters, palette: PALETTE, words: WORDS, animation: false });
      const chart = init(null, null, { renderer: 'svg', ssr: true, width: 1400, height: 420 });
      chart.setOption(option);
      const svg = chart.renderToSVGString();
      chart.dispose();
      chartMs.push(performance.now() - t);
      if (svg.length < 1000) throw new Error('The chart drew nothing.');
    }
    console.log(`  charts of ${chartLevels.toLocaleString('en')} levels (${chartReport.rows.some((r) => r.recordings > 0) ? 3 : 2} panels, option + ECharts render, SVG): median ${median(chartMs).toFixed(0)} ms of 5, first ${chartMs[0].toFixed(0)} ms [target < 500 ms]`);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
