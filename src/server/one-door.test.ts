import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The one door to patient data, checked on the source: SQL is written only in repository files (and in the
 * infrastructure below the features: the database, the audit trail, HTTP plumbing, jobs, the launcher, backups, the
 * identity load and the local vendor adapters, which keep their own tables); services and routes never take the
 * pool or a client (they get the request's data access).
 */
const ROOT = path.dirname(new URL(import.meta.url).pathname);
const INFRASTRUCTURE = /^(db|audit|http|jobs|launcher|backup|adapters)\/|^auth\/(actor|identity-cache)\.ts$/;
const REPOSITORY = /(^|\/)repository(-[a-z-]+)?\.ts$/;
const SQL = /\b(SELECT\s[\s\S]*?\sFROM|INSERT INTO|UPDATE\s+[a-z_]+\s+SET|DELETE FROM)\b/;

function sources(dir = ROOT, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) return sources(path.join(dir, e.name), rel);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [rel] : [];
  });
}

describe('the one door to patient data', () => {
  const files = sources();

  it('SQL only in repositories and infrastructure', () => {
    const outside = files.filter((f) => !INFRASTRUCTURE.test(f) && !REPOSITORY.test(f) && SQL.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('services and routes never take the pool, a client or pg', () => {
    const handlers = files.filter((f) => /(^|\/)(service|routes)(-[a-z-]+)?\.ts$|-routes\.ts$|-service\.ts$/.test(f) && !INFRASTRUCTURE.test(f));
    const withPool = handlers.filter((f) => /from 'pg'|\bpool\b|PoolClient/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(withPool).toEqual([]);
  });
});
