/**
 * The static import graph of source trees, and the cycles in it (tests/unit/import-cycles.test.ts).
 * Edges are `import … from`, `export … from` and bare `import '…'` of relative .ts/.vue files;
 * a dynamic `import()` is not an edge (it is how a view or a table is loaded lazily, and runs only
 * after both modules have loaded). Type-only imports (`import type`, or every name marked `type`)
 * are edges too unless asked otherwise: a cycle of types still ties the meaning of each file to
 * the others, and the cycle (define.ts -> services.ts -> generate-shard.ts) ran partly
 * through type imports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** File (relative to the root given) -> the files it imports, in source order. */
export type ImportGraph = Map<string, string[]>;

const STATIC_IMPORT = /^[ \t]*(import|export)\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*['"]([^'"]+)['"]|^[ \t]*import\s*['"]([^'"]+)['"]/gm;

/** The relative modules `source` imports, with whether each import names only types. */
export function staticImports(source: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  for (const m of source.matchAll(STATIC_IMPORT)) {
    const specifier = m[4] ?? m[5];
    if (!specifier.startsWith('.')) continue;
    const names = m[3] ?? '';
    const braced = /^\{([\s\S]*)\}$/.exec(names.trim());
    const everyNameTyped = braced !== null && braced[1].split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '));
    found.push({ specifier: specifier.split('?')[0], typeOnly: m[2] !== undefined || (everyNameTyped && braced[1].trim() !== '') });
  }
  return found;
}

/** A .vue file's code is in its script blocks. */
function codeOf(path: string): string {
  const text = readFileSync(path, 'utf8');
  if (!path.endsWith('.vue')) return text;
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|vue)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((p) => /\.(ts|vue)$/.test(p) && existsSync(p) && statSync(p).isFile());
}

/** The import graph of every .ts/.vue file under `trees` (paths relative to `root`). */
export function importGraph(root: string, trees: readonly string[], options: { typeImports?: boolean } = {}): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const tree of trees) {
    for (const file of sourceFiles(join(root, tree))) {
      const targets = staticImports(codeOf(file))
        .filter((i) => options.typeImports !== false || !i.typeOnly)
        .flatMap((i) => resolveImport(file, i.specifier) ?? [])
        .map((target) => relative(root, target).split('\\').join('/'));
      graph.set(relative(root, file).split('\\').join('/'), [...new Set(targets)]);
    }
  }
  return graph;
}

/**
 * Every cycle's strongly connected component, each named by one cycle through it
 * (`a -> b -> c -> a`, starting at its first file in sorted order), sorted.
 */
export function importCycles(graph: ImportGraph): string[] {
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0]) ?? []).includes(component[0]))
    .map((component) => {
      const members = new Set(component);
      const start = [...component].sort()[0];
      const path = shortestLoop(graph, start, members);
      const more = component.length > path.length - 1 ? ` (and ${component.length - (path.length - 1)} more files in the same knot)` : '';
      return path.join(' -> ') + more;
    })
    .sort();
}

/** Tarjan's algorithm, iterative (a deep import chain must not overflow the stack). */
function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** The shortest path from `start` back to itself inside `members` (breadth first). */
function shortestLoop(graph: ImportGraph, start: string, members: ReadonlySet<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        for (let at = node; at !== start; ) path.unshift((at = cameFrom.get(at)!));
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
