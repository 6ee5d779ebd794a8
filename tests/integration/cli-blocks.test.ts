/** `cli blocks tray-solvable|simulate` (issue 26): the formats exactly as the issue gives them. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { captureIo } from '../support/cli-io.ts';

const BOARD = '#######./#######./......../......../......../......../......../........';

describe('cli blocks tray-solvable', () => {
  it('answers JSON with the certificate in placement order', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['blocks', 'tray-solvable', '--board', BOARD, '--pieces', '###,#./##,##/##', '--json'], io)).toBe(0);
    const answer = JSON.parse(out[0]);
    expect(answer.solvable).toBe(true);
    expect(answer.certificate).toHaveLength(3);
    for (const step of answer.certificate) expect(Object.keys(step).sort()).toEqual(['cleared', 'piece', 'x', 'y']);
    expect(answer.certificate.map((s: { piece: number }) => s.piece).sort()).toEqual([0, 1, 2]);
  });

  it('reports the lines each placement clears', async () => {
    const { io, out } = captureIo();
    await runCli(['blocks', 'tray-solvable', '--board', '#######./#######./......../......../......../......../......../........', '--pieces', '#/#', '--json'], io);
    expect(JSON.parse(out[0])).toEqual({ solvable: true, certificate: [{ piece: 0, x: 7, y: 0, cleared: { rows: [0, 1], cols: [] } }] });
  });

  it('answers {"solvable": false} when no order fits', async () => {
    const { io, out } = captureIo();
    const checker = '#.#.#.#./.#.#.#.#/#.#.#.#./.#.#.#.#/#.#.#.#./.#.#.#.#/#.#.#.#./.#.#.#.#';
    expect(await runCli(['blocks', 'tray-solvable', '--board', checker, '--pieces', '##', '--json'], io)).toBe(0);
    expect(JSON.parse(out[0])).toEqual({ solvable: false });
  });

  it('exits 2 with a message for a malformed board or piece', async () => {
    for (const [board, pieces] of [['##x/....', '#'], ['###/##', '#'], [BOARD, '#,##/#'], [BOARD, '#,'], [BOARD, '..']]) {
      const { io, err } = captureIo();
      expect(await runCli(['blocks', 'tray-solvable', '--board', board, '--pieces', pieces], io)).toBe(2);
      expect(err.join('\n')).toMatch(/Malformed (board|piece)/);
    }
  });
});

describe('cli blocks simulate', () => {
  it('prints the statistics and unplaceableTrays 0', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['blocks', 'simulate', '--games', '4', '--bot', 'random', '--seed', '7'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^unplaceableTrays: 0$/m);
    expect(out.join('\n')).toMatch(/^length \(placements\): mean/m);
  });

  it('answers the same JSON for the same seed', async () => {
    const first = captureIo();
    const second = captureIo();
    await runCli(['blocks', 'simulate', '--games', '3', '--bot', 'greedy', '--seed', 's', '--json'], first.io);
    await runCli(['blocks', 'simulate', '--games', '3', '--bot', 'greedy', '--seed', 's', '--json'], second.io);
    expect(first.out).toEqual(second.out);
    expect(JSON.parse(first.out[0])).toMatchObject({ games: 3, bot: 'greedy', unplaceableTrays: 0 });
  });

  it('refuses an unknown bot', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['blocks', 'simulate', '--games', '3', '--bot', 'smart', '--seed', 's'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/--bot must be random, greedy, lookahead/);
  });
});
