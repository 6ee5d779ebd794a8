/**
 * Importing hostile files into a real SQLite library (fast-check, fixed seed): no exception
 * escapes, the answer has the API's shape, a refused file says why and writes nothing, every
 * refused level is named with its line, and exactly the levels reported imported are written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API } from '../../src-shared/api/studio-api.ts';
import { campaignDetail, importCollection } from '../../src-main/library/library.ts';
import { checkDiagnostic, hostileFile } from '../support/hostile-files.ts';
import { checkImport } from '../support/hostile-import.ts';
import { tempLibrary } from '../support/temp-library.ts';

// One library for the whole file: each case adds to it, as a long-lived studio's would.
const { db } = tempLibrary('import-fuzz');

describe('import of hostile files into a real library', () => {
  it('refuses with reasons, keeps only what it reports, and writes nothing for a refused file', () => {
    let refused = 0;
    let kept = 0;
    fc.assert(
      fc.property(hostileFile, ({ name, text }) => {
        const result = checkImport(db, name, text);
        if (result.campaignId === null) refused++;
        else kept++;
      }),
      { seed: 14_3_2026, numRuns: 800 },
    );
    // The generators reach both outcomes (else the property says little).
    expect(refused).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(50);
  });

  it('a deeply nested format tag (the 12 KB probe file) is refused by name, in the API answer too', () => {
    const text = `{"format":${'['.repeat(6000)}${']'.repeat(6000)}}`;
    const result = importCollection(db, { fileName: 'deep.json', text });
    API['library.import'].response.parse(result);
    expect(result).toMatchObject({ campaignId: null, imported: 0, rejected: 0 });
    expect(result.diagnostics[0]).toMatchObject({ code: 'json.too-deep', line: 1, column: 74 });
    for (const d of result.diagnostics) checkDiagnostic(d, text, 0);
  });

  it('the levels a kept campaign holds are the ones reported imported', () => {
    const text = '#####\n#@$.#\n#####\n\n######\n#@$.@#\n######\n';
    const result = checkImport(db, 'two.sok', text);
    expect(result).toMatchObject({ imported: 1, rejected: 1 });
    expect(campaignDetail(db, result.campaignId!)!.levels).toHaveLength(1);
  });
});
