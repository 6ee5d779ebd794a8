/**
 * A process that opens a library for the first time and kills itself (SIGKILL) just before its
 * Nth SQL statement: every better-sqlite3 statement run and `exec` is counted. With N = 0 it
 * opens the library whole and prints how many statements that took. Used by
 * tests/integration/library-open-killed.test.ts.
 *
 *   node tests/support/first-open-child.ts LIBRARY RESOURCES_DIR N
 */
import { flushCompileCache } from 'node:module';
import Database from 'better-sqlite3';

const [path, resourcesDir, killAtText] = process.argv.slice(2);
const killAt = Number(killAtText);
let statements = 0;
const count = (): void => {
  if (++statements === killAt) process.kill(process.pid, 'SIGKILL');
};

const probe = new Database(':memory:');
const statementMethods = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
probe.close();
for (const name of ['run', 'get', 'all', 'iterate']) {
  const original = statementMethods[name];
  statementMethods[name] = function counted(this: unknown, ...args: unknown[]) {
    count();
    return original.apply(this, args);
  };
}
const exec = Database.prototype.exec;
Database.prototype.exec = function counted(this: Database.Database, sql: string) {
  count();
  return exec.call(this, sql);
};

const { openLibrary } = await import('../../src-main/library/library.ts');
// With NODE_COMPILE_CACHE set, the next child starts from the compiled modules even if this one is killed.
flushCompileCache();
openLibrary(path, { resourcesDir }).db.close();
process.stdout.write(`${JSON.stringify({ statements })}\n`);
