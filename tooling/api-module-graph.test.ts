// The API's modules form a graph without cycles (docs/decisions/046): no two modules import each
// other, directly or round a longer loop. Read from the source (relative imports, tests excluded),
// the way tooling/boundaries.test.ts lints: a module that starts importing one above it fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(import.meta.dirname, '../apps/api/src/modules');
const IMPORT = /(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** module → the modules its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = path.relative(MODULES, file).split(path.sep)[0]!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const rel = path.relative(MODULES, path.resolve(path.dirname(file), (m[1] ?? m[2])!));
      if (rel.startsWith('..')) continue;
      const to = rel.split(path.sep)[0]!;
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle's modules, found by a depth-first walk (each reported once, from its first module). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const loop = trail.slice(at);
      const key = [...loop].sort().join(',');
      if (!seen.has(key)) {
        seen.add(key);
        found.push(loop);
      }
      return;
    }
    if (trail.length > graph.size) return;
    for (const next of graph.get(node) ?? []) walk(next, [...trail, node]);
  };
  for (const node of graph.keys()) walk(node, []);
  return found;
}

describe('API module graph', () => {
  it('has the modules it should (the reader sees the files)', () => {
    const graph = moduleGraph();
    expect(graph.get('orders')).toEqual(expect.any(Set));
    // The lifecycle reaches down into the catalogue's stock and the programmes' hook.
    expect([...graph.get('orders')!]).toEqual(expect.arrayContaining(['catalog', 'cart', 'programmes']));
  });

  it('has no two modules importing each other, and no longer loop', () => {
    expect(cycles(moduleGraph())).toEqual([]);
  });

  it('finds a loop when there is one (the check itself can fail)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
