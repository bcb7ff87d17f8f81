import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialJs {
  /** Files in load order: the module entry first, then its modulepreload chunks. */
  files: Array<{ file: string; rawBytes: number; gzipBytes: number; role: 'entry' | 'modulepreload' }>;
  totalRawBytes: number;
  totalGzipBytes: number;
  builtAt: Date;
}

/** Attributes of every `<tag ...>` in the html, as lower-cased name -> value maps. */
function tags(html: string, tag: string): Array<Record<string, string>> {
  const out: Array<Record<string, string>> = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attrs: Record<string, string> = {};
    for (const a of m[1].matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    }
    out.push(attrs);
  }
  return out;
}

/**
 * The JavaScript a browser fetches before the portal starts: the `<script type="module" src>` entry of
 * dist/index.html and the `<link rel="modulepreload" href>` chunks, each gzipped at level 9.
 * Returns a reason string when dist/index.html is missing or has no module entry.
 */
export function initialJs(distDir: string): InitialJs | string {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return `${indexHtml} is missing: run \`vite build\` first (npm run bench does).`;
  const html = readFileSync(indexHtml, 'utf8');
  const entries = tags(html, 'script').filter((a) => a.type === 'module' && a.src).map((a) => a.src);
  const preloads = tags(html, 'link').filter((a) => a.rel === 'modulepreload' && a.href).map((a) => a.href);
  if (entries.length === 0) return `no <script type="module" src=...> in ${indexHtml}`;
  const files: InitialJs['files'] = [];
  const seen = new Set<string>();
  for (const [role, refs] of [['entry', entries], ['modulepreload', preloads]] as const) {
    for (const ref of refs) {
      if (/^[a-z]+:\/\//i.test(ref) || seen.has(ref)) continue; // external or duplicate
      seen.add(ref);
      const file = path.join(distDir, decodeURI(ref.split(/[?#]/)[0]).replace(/^\//, ''));
      const raw = readFileSync(file);
      files.push({ file: path.relative(distDir, file), rawBytes: raw.length, gzipBytes: gzipSync(raw, { level: 9 }).length, role });
    }
  }
  return {
    files,
    totalRawBytes: files.reduce((s, f) => s + f.rawBytes, 0),
    totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    builtAt: statSync(indexHtml).mtime,
  };
}
