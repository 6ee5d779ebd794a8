/**
 * A process that imports a collection into a library and kills itself (SIGKILL) once the first
 * chunk of levels is committed, before the campaign is made: an import interrupted where only the
 * next open can clean up. Used by tests/integration/library-import-killed.test.ts.
 *
 *   node tests/support/import-killed-child.ts LIBRARY LEVELS
 */
import { openDatabase } from '../../src-main/library/db.ts';
import { importCollection } from '../../src-main/library/import.ts';

const [path, countText] = process.argv.slice(2);
const board = ['#####', '#@$.#', '#####'];
// Each level a little different, so none is a duplicate of another.
const text = Array.from({ length: Number(countText) }, (_, i) => `${board.join('\n')}\nTitle: L${i + 1}\nNote: ${i}\n`).join('\n');
const { db } = openDatabase(path);
importCollection(db, { fileName: 'killed.sok', text }, (phase, done) => {
  if (phase === 'write' && done > 0) process.kill(process.pid, 'SIGKILL');
});
process.stdout.write('finished\n');
