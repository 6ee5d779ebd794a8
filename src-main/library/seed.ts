/**
 * The built-in sample content a new library starts with, so a designer opens the studio to a
 * campaign they can verify, play and export at once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LibraryDatabase } from './db.ts';
import { importCollection } from './import.ts';

export interface SampleCampaign {
  /** Path under the resources folder. */
  readonly file: string;
  readonly campaignName: string;
  readonly credit: string;
}

export const SAMPLE_CAMPAIGNS: readonly SampleCampaign[] = [
  {
    file: 'samples/microban_I_155.txt',
    campaignName: 'Microban I',
    credit: 'Microban I by David W. Skinner (freely distributable with credit)',
  },
];

/**
 * Import every sample in one transaction (openLibrary runs it inside the schema's), each once; a
 * sample that does not import whole is an error.
 */
export function seedSamples(db: LibraryDatabase, resourcesDir: string): void {
  const texts = SAMPLE_CAMPAIGNS.map((sample) => ({ sample, text: readFileSync(join(resourcesDir, sample.file), 'utf8') }));
  db.transaction(() => {
    for (const { sample, text } of texts) {
      const result = importCollection(db, { fileName: sample.file, text, campaignName: sample.campaignName, credit: sample.credit, source: 'imported' });
      if (result.campaignId === null || result.rejected > 0) {
        throw new Error(`The sample ${sample.file} did not import cleanly (${result.imported} imported, ${result.rejected} rejected).`);
      }
    }
  })();
}
