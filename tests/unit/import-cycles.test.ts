/**
 * No import cycle anywhere in src-main, src-shared or src-renderer (STYLE.md: arrows run one way
 * inside each host). Static imports of .ts and .vue files count, type-only ones too (a cycle of
 * types still ties each file's meaning to the others'); a dynamic `import()` does not (lazy
 * loading, after both modules have loaded). tests/support/import-graph.ts builds the graph.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, staticImports, type ImportGraph } from '../support/import-graph.ts';
import { REPO_ROOT } from '../support/data.ts';
import { freshTempDir } from '../support/temp-library.ts';

describe('the source trees', () => {
  it('have no import cycle, counting type-only imports', () => {
    const graph = importGraph(REPO_ROOT, ['src-main', 'src-shared', 'src-renderer']);
    // The graph is really read: a few hundred files, and the known arrows are in it.
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src-main/worker/job-thread.ts')).toContain('src-main/jobs/types/runtime.ts');
    expect(graph.get('src-renderer/src/play/PlayTest.vue')).toContain('src-renderer/src/stores/play.ts');
    expect(importCycles(graph)).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('names the shortest loop of each knot, and counts the rest of the knot', () => {
    const graph = graphOf({ a: ['b'], b: ['c', 'e'], c: ['a'], d: ['d'], e: ['b'], f: ['a'] });
    expect(importCycles(graph)).toEqual(['a -> b -> c -> a (and 1 more files in the same knot)', 'd -> d']);
    expect(importCycles(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reads import, export-from and bare imports, and tells type-only ones', () => {
    const found = staticImports(
      [
        "import { a } from './a.ts';",
        "import type { B } from './b.ts';",
        "import { type C, type D } from './c.ts';",
        "import { type E, f } from './e.ts';",
        "export { g } from './g.ts';",
        "export type { H } from './h.ts';",
        "import './side-effect.ts';",
        "import Worker from './w.ts?worker';",
        "const lazy = () => import('./lazy.ts');",
        "import { z } from 'zod';",
        'import {\n  m,\n  n,\n} from "./multi.ts";',
      ].join('\n'),
    );
    expect(found).toEqual([
      { specifier: './a.ts', typeOnly: false },
      { specifier: './b.ts', typeOnly: true },
      { specifier: './c.ts', typeOnly: true },
      { specifier: './e.ts', typeOnly: false },
      { specifier: './g.ts', typeOnly: false },
      { specifier: './h.ts', typeOnly: true },
      { specifier: './side-effect.ts', typeOnly: false },
      { specifier: './w.ts', typeOnly: false },
      { specifier: './multi.ts', typeOnly: false },
    ]);
  });

  describe('on files', () => {
    function plant(files: Record<string, string>): string {
      const dir = freshTempDir('cycles');
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return dir;
    }

    it('finds a planted cycle through a .vue file and a type-only import, and only with type imports counted', () => {
      const root = plant({
        'tree/stores/store.ts': "import type { Row } from '../views/Row.vue';\nexport const rows: Row[] = [];\n",
        'tree/views/Row.vue': "<template><p /></template>\n<script setup lang=\"ts\">\nimport { rows } from '../stores/store.ts';\n</script>\n",
        'tree/views/lazy.ts': "export const open = () => import('../stores/store.ts');\n",
      });
      expect(importCycles(importGraph(root, ['tree']))).toEqual(['tree/stores/store.ts -> tree/views/Row.vue -> tree/stores/store.ts']);
      expect(importCycles(importGraph(root, ['tree'], { typeImports: false }))).toEqual([]);
    });
  });
});
