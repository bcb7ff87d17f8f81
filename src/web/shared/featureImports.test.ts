import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * No import circles between the portal's folders: a folder that another imports must not import it back,
 * directly or through others. Pieces two features share live in shared/ (or providers/, domain/).
 */

const WEB = join(__dirname, '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** Folder → the folders it imports (static, dynamic and re-exports; test fixtures count too, tests do not). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(WEB)) {
    const from = relative(WEB, file).split(sep);
    if (from.length < 2) continue; // App.tsx, routes.tsx… assemble the folders
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = relative(WEB, normalize(join(dirname(file), m[1]))).split(sep);
      if (to.length < 2 || to[0] === '..' || to[0] === from[0]) continue;
      if (!graph.has(from[0])) graph.set(from[0], new Set());
      graph.get(from[0])!.add(to[0]);
    }
  }
  return graph;
}

/** Each circle once, as the folders on it (depth-first search over the folder graph). */
function circles(graph: Map<string, Set<string>>): string[][] {
  const found = new Map<string, string[]>();
  const walk = (path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const circle = path.slice(at);
        found.set([...circle].sort().join(' '), circle);
      } else {
        walk([...path, next]);
      }
    }
  };
  for (const folder of graph.keys()) walk([folder]);
  return [...found.values()];
}

describe('portal folder imports', () => {
  const graph = folderGraph();

  it('reads the graph (the scan works)', () => {
    expect(graph.get('templates')).toContain('shared');
    expect(graph.get('chart-notes')).toContain('templates');
  });

  it('has no import circle between folders', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const withCircle = new Map(graph);
    withCircle.set('templates', new Set([...(graph.get('templates') ?? []), 'chart-notes']));
    expect(circles(withCircle)).toContainEqual(expect.arrayContaining(['chart-notes', 'templates']));
  });
});
