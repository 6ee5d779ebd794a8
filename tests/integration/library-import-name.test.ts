/**
 * A campaign named from an imported file's title is shown in every list: control characters and
 * bidirectional overrides in that title are taken out (a name could otherwise pass for another or
 * reorder what follows it), and the import says so. The same rule as the API's `name` schema.
 */
import { describe, expect, it } from 'vitest';
import { name as nameSchema } from '../../src-shared/api/fields.ts';
import { getCampaign, importCollection } from '../../src-main/library/library.ts';
import { freshDatabase } from '../support/temp-library.ts';

const BOARD = '#####\n#@$.#\n#####';

describe('a campaign named from an imported title', () => {
  it('loses the title\'s bidi overrides and control characters, and the import says so', () => {
    const { db } = freshDatabase('import-name');
    // U+202E turns "gpj.exe" around on screen; C1 and C0 controls hide in a list.
    const title = 'Levels \u202Egpj.exe\u202C by \u0085me\u0007 \u2066x\u2069';
    const result = importCollection(db, { fileName: 'evil.sok', text: `Title: ${title}\n\n${BOARD}\n` });
    expect(result.campaignName).toBe('Levels gpj.exe by me x');
    expect(nameSchema.safeParse(result.campaignName).success).toBe(true);
    expect(getCampaign(db, result.campaignId!)?.name).toBe('Levels gpj.exe by me x');
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ code: 'library.import.name-cleaned', severity: 'warning', params: { name: 'Levels gpj.exe by me x' } }));
  });

  it('a title of nothing but such characters gives a plain name, and a clean title no warning', () => {
    const { db } = freshDatabase('import-name-empty');
    const odd = importCollection(db, { fileName: 'odd.sok', text: `Title: \u202E\u202D\u0001\n\n${BOARD}\n` });
    expect(odd.campaignName).toBe('Untitled campaign');
    const plain = importCollection(db, { fileName: 'plain.sok', text: `Title: Plain  levels\n\n${BOARD}\n` });
    expect(plain.campaignName).toBe('Plain levels');
    expect(plain.diagnostics.some((d) => d.code === 'library.import.name-cleaned')).toBe(false);
  });
});
