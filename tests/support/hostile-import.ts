/**
 * The import check of the hostile-file properties, shared by the test and the fuzz bench: one
 * import into a real library, judged by what it answers and what it wrote.
 */
import { API } from '../../src-shared/api/studio-api.ts';
import { importCollection, type ImportResult, type LibraryDatabase } from '../../src-main/library/library.ts';
import { checkDiagnostic } from './hostile-files.ts';

const count = (db: LibraryDatabase, table: string): number => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const changes = (db: LibraryDatabase): number => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

function fail(what: string, detail?: unknown): never {
  throw new Error(detail === undefined ? what : `${what}: ${JSON.stringify(detail).slice(0, 400)}`);
}

export function checkImport(db: LibraryDatabase, fileName: string, text: string): ImportResult {
  const before = { changes: changes(db), levels: count(db, 'levels'), campaigns: count(db, 'campaigns') };
  const result = importCollection(db, { fileName, text });
  API['library.import'].response.parse(result);
  const total = result.imported + result.rejected;
  for (const d of result.diagnostics) checkDiagnostic(d, text, total);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (result.campaignId === null) {
    if (result.imported !== 0) fail('levels reported imported without a campaign', result);
    if (!errors.some((d) => d.level === undefined && d.message.length > 10)) fail('a refused file without a reason', result.diagnostics);
    if (changes(db) !== before.changes) fail('a refused file wrote to the library');
  } else {
    if (count(db, 'campaigns') !== before.campaigns + 1) fail('an import made other than one campaign');
    if (count(db, 'levels') !== before.levels + result.imported) fail(`${result.imported} levels reported imported, ${count(db, 'levels') - before.levels} written`);
  }
  if (result.diagnostics.some((d) => d.code.endsWith('.diagnostics.truncated'))) return result;
  const refusedLevels = new Set(errors.filter((d) => d.level !== undefined).map((d) => d.level));
  if (refusedLevels.size !== result.rejected) fail(`${result.rejected} levels rejected, ${refusedLevels.size} named by an error`, result.diagnostics);
  const unplaced = errors.find((d) => d.level !== undefined && d.line === undefined);
  if (unplaced) fail('a rejected level without a line', unplaced);
  return result;
}
