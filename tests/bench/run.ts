/**
 * `npm run bench [-- NAME [options]]`: benchmarks print figures (never asserted in the tests).
 * Names: push (Microban I solver and verification), push-limits (time limits and budgets on big
 * boards), pool (worker pool overhead and speedup), jobs (cancel latency, hints during Verify
 * all), host (browser host cold start to the library's first paint), sliding, fuzz (hostile files
 * through every reader and import), push-generate (the reverse generator's sieves and rates),
 * warehouse (regenerate Warehouse 100 and re-solve it), import (a large library.import: how long
 * another client waits, peak memory, campaign pages), editor (painting frame times, the live
 * proof's latency), reverify (re-verification with a recording per level, 1 and 2 workers, what the
 * replays add), replay (seeking long recordings, the distance curve in the pool), replay-curve (the
 * curve's oracle in one process, states per second with and without shared tables), campaign (a
 * 20,000-level report, 1,000-level charts, a move), campaign-browser (Chromium: charts drawn after
 * the data, drag frame times), maze (A* nodes on boulder levels with and without the exit bound), maze-bake (Echo Halls baked:
 * time per chapter, candidates per second per sieve, A* nodes on the boulder chapter), maze-bake-pool
 * (the bake through the Studio API with 1 and 2 workers),
 * blocks (traySolvable median / p99 / worst, deals per second, simulated games per second).
 * With no name, every bench runs.
 */
import { runCampaignBench } from './campaign.ts';
import { runCampaignBrowserBench } from './campaign-browser.ts';
import { runEditorBench } from './editor.ts';
import { runFuzzBench } from './fuzz.ts';
import { runImportBench } from './import.ts';
import { runPoolBench } from './pool.ts';
import { runHostBench } from './host-start.ts';
import { runJobsBench } from './jobs.ts';
import { runPushBench } from './push-microban.ts';
import { runPushLimitsBench } from './push-limits.ts';
import { runPushGenerateBench } from './push-generate.ts';
import { runWarehouseBench } from './warehouse.ts';
import { runReverifyBench } from './reverify.ts';
import { runReplayBench } from './replay.ts';
import { runReplayCurveBench } from './replay-curve.ts';
import { runSlidingBench } from './sliding.ts';
import { runMazeBench } from './maze.ts';
import { runBlocksBench } from './blocks.ts';
import { runMazeBakeBench } from './maze-bake.ts';
import { runMazeBakePoolBench } from './maze-bake-pool.ts';

const BENCHES: Record<string, (args: string[]) => void | Promise<void>> = {
  push: runPushBench,
  'push-limits': runPushLimitsBench,
  pool: runPoolBench,
  jobs: runJobsBench,
  host: runHostBench,
  sliding: runSlidingBench,
  fuzz: runFuzzBench,
  'push-generate': runPushGenerateBench,
  warehouse: runWarehouseBench,
  import: runImportBench,
  editor: runEditorBench,
  reverify: runReverifyBench,
  replay: runReplayBench,
  'replay-curve': runReplayCurveBench,
  campaign: runCampaignBench,
  'campaign-browser': runCampaignBrowserBench,
  maze: runMazeBench,
  blocks: runBlocksBench,
  'maze-bake': runMazeBakeBench,
  'maze-bake-pool': runMazeBakePoolBench,
};
const [name, ...rest] = process.argv.slice(2);
if (name && !BENCHES[name]) {
  console.error(`Unknown bench '${name}'. Known: ${Object.keys(BENCHES).join(', ')}.`);
  process.exit(2);
}
for (const [bench, run] of Object.entries(BENCHES)) if (!name || name === bench) await run(name ? rest : []);
