/**
 * `cli rules show|set`: a game project's CI prints the rules config it ships, or saves a new one
 * as a version; a bad config file is refused with its line and field (exit 2) and writes nothing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/host/cli.ts';
import { numberedHistory } from '../../src-main/library/rulesets.ts';
import { openForCli } from '../../src-main/host/cli/library-commands.ts';
import { captureIo } from '../support/cli-io.ts';
import { tempDir } from '../support/temp-library.ts';

const dir = tempDir('cli-rules');
const db = join(dir, 'library.sqlite');
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

function versionCount(): number {
  const library = openForCli(db);
  try {
    const rulesetId = (library.db.prepare('SELECT ruleset_id FROM campaigns WHERE name = ?').get('Microban I') as { ruleset_id: number }).ruleset_id;
    return numberedHistory(library.db, rulesetId).length;
  } finally {
    library.db.close();
  }
}

describe('cli rules', () => {
  it('show prints the current config with its defaults, as JSON a file can keep', async () => {
    const { out, io } = captureIo();
    expect(await runCli(['rules', 'show', '--db', db, '--campaign', 'Microban I'], io)).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ pushStrength: 1, heavyWeight: 2, doors: { opensWhen: 'all' } });
  });

  it('set saves the file as a new version with its note, and names the campaigns it reaches', async () => {
    const { out, io } = captureIo();
    const config = file('strong.json', '{ "pushStrength": 2 }\n');
    expect(await runCli(['rules', 'set', '--db', db, '--campaign', 'Microban I', '--config', config, '--note', 'two in a row'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^Saved version 2 of the push rules "Push default" \(two in a row\), fingerprint push@\d+:[0-9a-f]+\. The rules of "Microban I", "Warehouse 100" changed/);
    const shown = captureIo();
    await runCli(['rules', 'show', '--db', db, '--campaign', 'Microban I'], shown.io);
    expect(JSON.parse(shown.out.join('\n')).pushStrength).toBe(2);
    const again = captureIo();
    expect(await runCli(['rules', 'set', '--db', db, '--campaign', 'Microban I', '--config', config], again.io)).toBe(0);
    expect(again.out.join('\n')).toContain('equals version 2');
    expect(versionCount()).toBe(2);
  });

  it('a bad config exits 2 with the schema error, naming the line and field; nothing is written', async () => {
    const cases: [string, RegExp][] = [
      ['{\n  "pushStrength": 3,\n  "heavyWeight": 0\n}', /Line 3 \(heavyWeight\): Not a valid push rules config: heavyWeight:/],
      ['{\n  "ice": {\n    "slide": true\n  }\n}', /Line 3 \(ice\.slide\): The push rules have no setting 'ice\.slide'/],
      ['{ "pushStrength": 3', /Line 1: The file is not valid JSON/],
    ];
    for (const [text, reason] of cases) {
      const { err, io } = captureIo();
      expect(await runCli(['rules', 'set', '--db', db, '--campaign', 'Microban I', '--config', file('bad.json', text)], io)).toBe(2);
      expect(err.join('\n')).toMatch(reason);
    }
    expect(versionCount()).toBe(2);
  });

  it('usage errors exit 2', async () => {
    for (const argv of [
      ['rules', '--db', db, '--campaign', 'Microban I'],
      ['rules', 'set', '--db', db, '--campaign', 'Microban I'],
      ['rules', 'show', '--db', db, '--campaign', 'Microban I', '--note', 'x'],
      ['rules', 'show', '--db', db, '--campaign', 'Nope'],
      ['rules', 'set', '--db', db, '--campaign', 'Microban I', '--config', join(dir, 'missing.json')],
    ]) {
      const { err, io } = captureIo();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(err.join('\n')).not.toMatch(/Internal error/);
    }
  });
});
