/**
 * The layering table of STYLE.md, enforced: a wrong import fails the suite instead of a review.
 * src-shared must also stay deterministic: no clock and no Math.random.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/data.ts';

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|vue|mts)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)) {
    found.push(m[1] ?? m[2] ?? m[3]);
  }
  return found;
}

const NODE_BUILTINS = /^(node:|fs$|path$|os$|child_process$|crypto$|url$|worker_threads$|http$|net$)/;

const RULES: { folder: string; except?: string; forbidden: RegExp; why: string }[] = [
  { folder: 'src-shared', forbidden: new RegExp(`${NODE_BUILTINS.source}|^electron|^vue|^pinia|^better-sqlite3|^monaco-editor|src-main|src-renderer`), why: 'src-shared is pure: no Node, DOM, Electron, Vue or SQLite' },
  { folder: 'src-main', except: 'src-main/electron', forbidden: /^electron$|^electron\/|^vue|^pinia|src-renderer/, why: 'only src-main/electron may import electron' },
  { folder: 'src-main/electron', forbidden: /^vue|^pinia|src-renderer/, why: 'the Electron glue never imports the renderer' },
  { folder: 'src-renderer', forbidden: new RegExp(`${NODE_BUILTINS.source}|^electron|^better-sqlite3|src-main`), why: 'the renderer talks to the main side only through the Studio API' },
];

describe('layering (STYLE.md)', () => {
  for (const rule of RULES) {
    it(`${rule.folder}: ${rule.why}`, () => {
      const files = sourceFiles(join(REPO_ROOT, rule.folder)).filter((f) => !rule.except || !relative(REPO_ROOT, f).startsWith(rule.except));
      const offending = files.flatMap((file) =>
        importsOf(file)
          .filter((spec) => rule.forbidden.test(spec))
          .map((spec) => `${relative(REPO_ROOT, file)} imports ${spec}`),
      );
      expect(offending).toEqual([]);
    });
  }

  it('src-shared reads no clock and no global randomness', () => {
    const offending = sourceFiles(join(REPO_ROOT, 'src-shared')).flatMap((file) => {
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return /Math\.random|Date\.now|new Date\(|performance\.now|process\.|globalThis\./.test(text) ? [relative(REPO_ROOT, file)] : [];
    });
    expect(offending).toEqual([]);
  });

  it('main-side code uses TypeScript private members, not #private fields', () => {
    // The Electron security scan (electronegativity) cannot walk #private class members and then
    // silently skips the whole bundle that holds the navigation and permission handlers.
    const offending = ['src-shared', 'src-main'].flatMap((folder) =>
      sourceFiles(join(REPO_ROOT, folder)).filter((file) => /this\.#|^\s*(?:static\s+|readonly\s+|async\s+)*#[A-Za-z_]/m.test(readFileSync(file, 'utf8'))).map((f) => relative(REPO_ROOT, f)),
    );
    expect(offending).toEqual([]);
  });

  it('the checker finds a forbidden import when there is one', () => {
    expect(importsOf(join(REPO_ROOT, 'src-main/host/cli.ts')).some((s) => NODE_BUILTINS.test(s))).toBe(true);
  });
});
