import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { portalMessages } from './i18nProvider';

/*
 * The catalogue against the code: every message key the portal's source uses (translate('…'), labels, notify, and
 * `${T}.…` keys built on a constant prefix of the same file) must be in the English catalogue, and a generic verb
 * (Save, Cancel, Close, …) is react-admin's ra.action.* key, not a copy of it under a feature's name.
 */

const WEB = join(__dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test-utils' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/Fixtures?\.tsx?$/.test(name) ? [path] : [];
  });

const lookup = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), portalMessages);
const NAMESPACES = Object.keys(portalMessages);
const KEY = `(?:${NAMESPACES.join('|')})(?:\\.[A-Za-z0-9_]+)+`;
/** Keys of react-admin's store and query cache that look like message keys but are not. */
const NOT_MESSAGES = /(?:storeKey|queryKey)\s*[=:]\s*\{?\s*\[?\s*$/;

interface Use {
  file: string;
  key: string;
  prefix: boolean;
}

/** The keys a file uses: whole literals, and the static part of template literals (a prefix ending before `${`). */
function keysOf(file: string, source: string): Use[] {
  const uses: Use[] = [];
  const rel = relative(WEB, file);
  for (const m of source.matchAll(new RegExp(`(['"\`])(${KEY})(\\1|\\.?\\$\\{)`, 'g'))) {
    if (NOT_MESSAGES.test(source.slice(Math.max(0, m.index - 40), m.index))) continue;
    uses.push({ file: rel, key: m[2], prefix: m[3] !== m[1] });
  }
  // const T = 'patients.search'; … translate(`${T}.title`)
  const prefixes = new Map([...source.matchAll(new RegExp(`const (\\w+) = '(${KEY})';`, 'g'))].map((m) => [m[1], m[2]]));
  for (const [name, prefix] of prefixes) {
    for (const m of source.matchAll(new RegExp(`\`\\$\\{${name}\\}((?:\\.[A-Za-z0-9_]+)+)(\`|\\.?\\$\\{)`, 'g'))) {
      uses.push({ file: rel, key: prefix + m[1], prefix: m[2] !== '`' });
    }
  }
  return uses;
}

const USES = sourceFiles(WEB).flatMap((file) => keysOf(file, readFileSync(file, 'utf8')));

describe('i18n catalogue against the source', () => {
  it('finds the keys the portal uses (the scan works)', () => {
    expect(USES.length).toBeGreaterThan(500);
    expect(USES).toContainEqual({ file: join('dashboard', 'Overview.tsx'), key: 'ui.overview', prefix: false });
    expect(USES.some((u) => u.key.startsWith('ra.'))).toBe(true);
  });

  it('has every key the source uses in the English catalogue', () => {
    const missing = USES.filter(({ key, prefix }) => {
      const value = lookup(key);
      // a whole key is a text; a key built further (`dashboard.columns.${c}`) or a prefix constant is a group of texts
      return prefix ? !value || typeof value !== 'object' : typeof value !== 'string' && !(value && typeof value === 'object');
    });
    expect(missing).toEqual([]);
  });

  it('uses ra.action.* for the generic verbs, not a feature copy of them', () => {
    const verbs = new Map(Object.entries((portalMessages.ra as { action: Record<string, string> }).action).map(([k, v]) => [v, `ra.action.${k}`]));
    const copies = USES.filter(({ key, prefix }) => {
      const value = lookup(key);
      return !prefix && !key.startsWith('ra.') && typeof value === 'string' && verbs.has(value);
    }).map((u) => `${u.file}: ${u.key} → ${verbs.get(lookup(u.key) as string)}`);
    expect(copies).toEqual([]);
  });
});
