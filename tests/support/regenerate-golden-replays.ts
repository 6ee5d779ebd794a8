/**
 * Fills in the golden replays' per-step hashes from the engine as it is now:
 *
 *   node tests/support/regenerate-golden-replays.ts
 *
 * Run it only when a change to a kind's `step` is meant to change play (see
 * tests/fixtures/golden-replays/README.md). Each line is checked first: every input accepted, the
 * level won on the last one and not before.
 */
import { writeFileSync } from 'node:fs';
import { stepHashes } from '../../src-shared/engine/play/replay.ts';
import { GOLDEN_REPLAYS_PATH, goldenFinal, goldenRules, readGoldenReplays, type GoldenReplay } from './golden-replays.ts';

const file = readGoldenReplays();
const lines = file.lines.map((line): GoldenReplay => {
  const { rules, start, commands } = goldenRules(line);
  let state = start;
  commands.forEach((command, i) => {
    const result = rules.step(state, command);
    if (!result.changed) throw new Error(`${line.name}: input ${i + 1} (${String(command)}) is refused`);
    state = result.state;
    const won = rules.status(state) === 'won';
    if (won !== (i === commands.length - 1)) throw new Error(`${line.name}: ${won ? 'won early, on' : 'not won after'} input ${i + 1} of ${commands.length}`);
  });
  return { ...line, hashes: stepHashes(rules, start, commands), ...(line.final !== undefined ? { final: goldenFinal(rules, state) } : {}) };
});
// Lists of numbers and of hashes each on one line: a diff of the fixture then shows the lines
// whose play changed, and a board's rows still read as the board.
const oneLine = (list: string): string => list.replace(/\s+/g, ' ').replace('[ ', '[').replace(' ]', ']');
const text = JSON.stringify({ ...file, lines }, null, 2)
  .replace(/\[[\s\d,-]*\]/g, oneLine)
  .replace(/"hashes": \[[^\]]*\]/g, oneLine)
  .replace(/"counters": \{[^}]*\}/g, (counters) => counters.replace(/\s+/g, ' ').replace('{ ', '{').replace(' }', '}'));
writeFileSync(GOLDEN_REPLAYS_PATH, `${text}\n`);
console.log(`${lines.length} golden replays written to ${GOLDEN_REPLAYS_PATH}`);
