/**
 * A worker loads no library code: better-sqlite3 is a native addon the worker processes have no
 * use for (and must not load into a utility process). The job types are shared by main and the
 * worker, so this is checked on the import graph of the worker's two entries (value imports:
 * `import type` is erased), and on the built bundle when there is one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/data.ts';

/** Value imports and re-exports of a module (not `import type` / `export type`). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly && ts.isStringLiteral(statement.moduleSpecifier)) {
      const named = statement.importClause?.namedBindings;
      const onlyTypes = named && ts.isNamedImports(named) && !statement.importClause?.name && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) found.push(statement.moduleSpecifier.text);
    }
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** Every module the entry loads, by path (relative imports) or package name. */
function importGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.startsWith('/')) continue; // a package or node: built-in
    for (const specifier of valueImports(file)) stack.push(specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier);
  }
  return seen;
}

describe('the worker bundle', () => {
  const entries = ['src-main/worker/entry.ts', 'src-main/worker/job-thread.ts'].map((path) => join(REPO_ROOT, path));

  it('loads every job type but nothing of the library or better-sqlite3', () => {
    const graph = new Set(entries.flatMap((entry) => [...importGraph(entry)]));
    expect([...graph].some((path) => path.endsWith('src-main/jobs/types/verify.ts'))).toBe(true);
    expect([...graph].filter((path) => path === 'better-sqlite3' || path.includes('/src-main/library/db.ts') || path.includes('/src-main/studio/'))).toEqual([]);
  });

  it('the built worker and job thread import no native addon', () => {
    const outDir = join(REPO_ROOT, 'out', 'main');
    if (!existsSync(join(outDir, 'worker.js'))) return; // not built: the source graph above still holds
    const files = new Set<string>();
    const stack = [join(outDir, 'worker.js'), join(outDir, 'job-thread.js')];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (files.has(file)) continue;
      files.add(file);
      expect(existsSync(file), `${file} exists`).toBe(true);
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(/better-sqlite3/);
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) stack.push(resolve(dirname(file), m[1]));
    }
  });
});
