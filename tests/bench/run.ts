/**
 * `npm run bench [-- NAME [options]]`: benchmarks print figures (never asserted in the tests).
 * Names: push (Microban I solver and verification), pool (worker pool overhead and speedup). With no
 * name, every bench runs.
 */
import { runPoolBench } from './pool.ts';
import { runPushBench } from './push-microban.ts';

const BENCHES: Record<string, (args: string[]) => void> = { push: runPushBench, pool: runPoolBench };
const [name, ...rest] = process.argv.slice(2);
if (name && !BENCHES[name]) {
  console.error(`Unknown bench '${name}'. Known: ${Object.keys(BENCHES).join(', ')}.`);
  process.exit(2);
}
for (const [bench, run] of Object.entries(BENCHES)) if (!name || name === bench) run(name ? rest : []);
