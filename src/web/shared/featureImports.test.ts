import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A portal feature folder imports only shared/, providers/, layout/, the domain and its own files, never another
 * feature: a part two features show lives in shared/ (or providers/ for data), so each feature can be read, moved or
 * removed alone. shared/, providers/ and layout/ import no feature either. Tests follow the same rule and take their
 * fixtures from test-utils/. Only the composition at the root of src/web (App.tsx, routes.tsx, resources.ts,
 * navigation.ts…) assembles the features.
 */

const WEB = join(__dirname, '..');
/** Folders every feature may import; test-utils/ is for tests only. */
const COMMON = new Set(['shared', 'providers', 'layout', 'test-utils']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Every import between folders of src/web: static, dynamic, re-exports and vi.mock paths, as "from → to" file paths. */
function folderImports(): Array<{ from: string[]; to: string[]; test: boolean }> {
  const out: Array<{ from: string[]; to: string[]; test: boolean }> = [];
  for (const file of sourceFiles(WEB)) {
    const from = relative(WEB, file).split(sep);
    if (from.length < 2) continue; // the composition at the root assembles the features
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:from|import\(|mock\(|importActual\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const to = relative(WEB, normalize(join(dirname(file), m[1]))).split(sep);
      if (to.length < 2 || to[0] === '..' || to[0] === from[0]) continue;
      out.push({ from, to, test: isTest(file) });
    }
  }
  return out;
}

/** The imports that break the rule, as "folder/file → folder/file". */
function forbidden(imports: ReturnType<typeof folderImports>): string[] {
  return imports
    .filter(({ from, to, test }) => {
      if (from[0] === 'test-utils') return false; // test helpers render whole screens (App)
      if (to[0] === 'test-utils') return !test; // shipped code never imports test helpers
      return !COMMON.has(to[0]); // a feature, seen from a feature or from shared/, providers/, layout/
    })
    .map(({ from, to }) => `${from.join('/')} → ${to.join('/')}`)
    .sort();
}

/** Folder → the folders it imports (tests left out: they may render a parent's screen). */
function folderGraph(imports: ReturnType<typeof folderImports>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to, test } of imports) {
    if (test) continue;
    if (!graph.has(from[0])) graph.set(from[0], new Set());
    graph.get(from[0])!.add(to[0]);
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
  const imports = folderImports();

  it('reads the imports (the scan works)', () => {
    expect(imports.some(({ from, to }) => from[0] === 'patients' && to[0] === 'shared')).toBe(true);
    expect(imports.some(({ from, to, test }) => from[0] === 'patients' && to[0] === 'test-utils' && test)).toBe(true);
  });

  it('no feature imports another feature; shared/, providers/ and layout/ import no feature', () => {
    expect(forbidden(imports)).toEqual([]);
  });

  it('has no import circle between folders', () => {
    expect(circles(folderGraph(imports))).toEqual([]);
  });

  it('finds a feature importing another feature, a shared part importing a feature and shipped code importing a fixture', () => {
    const planted = [
      { from: ['calendar', 'Page.tsx'], to: ['bookings', 'BookingsTable'], test: false },
      { from: ['calendar', 'Page.test.tsx'], to: ['bookings', 'BookingsTable'], test: true },
      { from: ['shared', 'lab', 'Row.tsx'], to: ['lab-results', 'Dialog'], test: false },
      { from: ['kits', 'Page.tsx'], to: ['test-utils', 'labFixtures'], test: false },
      { from: ['kits', 'Page.test.tsx'], to: ['test-utils', 'labFixtures'], test: true },
      { from: ['kits', 'Page.tsx'], to: ['shared', 'lab', 'labRow'], test: false },
    ];
    expect(forbidden(planted)).toEqual([
      'calendar/Page.test.tsx → bookings/BookingsTable',
      'calendar/Page.tsx → bookings/BookingsTable',
      'kits/Page.tsx → test-utils/labFixtures',
      'shared/lab/Row.tsx → lab-results/Dialog',
    ]);
  });

  it('finds a circle when there is one', () => {
    const graph = folderGraph(imports);
    graph.set('shared', new Set([...(graph.get('shared') ?? []), 'layout']));
    graph.set('layout', new Set([...(graph.get('layout') ?? []), 'shared']));
    expect(circles(graph)).toContainEqual(expect.arrayContaining(['layout', 'shared']));
  });
});
