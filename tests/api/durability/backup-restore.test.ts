import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupInfo } from '../../../src/server/backup/local-backup';
import { createPool, migrateDatabase } from '../../../src/server/db/client';
import { seedDemoData } from '../../../src/server/db/seed/demo';
import { describeDurability, startEmbeddedPostgres, type EmbeddedDb } from '../../../src/server/launcher/postgres';
import { env } from '../helpers';

const run = promisify(execFile);
const tsx = (script: string, args: string[], extraEnv: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: process.cwd(), env: { ...process.env, ...extraEnv } });

/*
 * `npm run backup` on a running local portal (its own durable cluster, seeded), while a writer commits pairs of rows;
 * then the data changes; then `npm run restore` into a fresh folder, and PostgreSQL started on it shows the state of
 * the backup: the seeded records unchanged, and the writer's pairs whole and without gaps (one consistent moment).
 */

let dir: string;
let live: EmbeddedDb;
let owner: pg.Pool;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
  await chmod(dir, 0o755); // as root PostgreSQL runs as the 'postgres' user, which must reach the folders below
  live = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data', 'postgres') });
  await live.ensureDatabase('portal');
  owner = createPool(live.urlFor('portal'), 4);
  await migrateDatabase(owner);
  await seedDemoData(owner, env().cognito.subs);
  await mkdir(path.join(dir, 'data', 'objects', 'kits'), { recursive: true });
  await writeFile(path.join(dir, 'data', 'objects', 'kits', 'KB0000001.pdf'), 'result v1');
}, 120_000);
afterAll(async () => {
  await owner?.end();
  await live?.stop();
  await rm(dir, { recursive: true, force: true });
});

const pairsIn = async (pool: pg.Pool) =>
  (await pool.query<{ sub: string }>(`SELECT sub FROM session_revocations WHERE sub LIKE 'pair-%' ORDER BY sub`)).rows.map((r) => r.sub);

describe('npm run backup / npm run restore', () => {
  it('backs up the running cluster consistently; after changes, the restore shows the earlier state', async () => {
    expect(await describeDurability(owner)).toContain('the durable defaults');
    const patient = (await owner.query(`SELECT id, first_name FROM patients ORDER BY id LIMIT 1`)).rows[0];
    const patients = (await owner.query(`SELECT count(*)::int AS n FROM patients`)).rows[0].n as number;

    // A writer committing two rows per transaction for the whole time of the backup.
    let writing = true;
    let committed = 0;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const n = String(i).padStart(6, '0');
        await owner.query(`INSERT INTO session_revocations (sub, valid_after) VALUES ($1, now()), ($2, now())`, [`pair-${n}-a`, `pair-${n}-b`]);
        committed = i + 1;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const backup = await tsx('src/server/backup/backup-cli.ts', [], { DATA_DIR: path.join(dir, 'data'), BACKUP_DIR: path.join(dir, 'backups') });
    writing = false;
    await writer;
    const [file] = await readdir(path.join(dir, 'backups'));
    expect(file).toMatch(/^portal-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(backup.stdout).toContain(`written to ${path.join(dir, 'backups', file)}`);

    // Changes after the backup.
    await owner.query(`UPDATE patients SET first_name = 'Changed' WHERE id = $1`, [patient.id]);
    await owner.query(`DELETE FROM session_revocations WHERE sub LIKE 'pair-%'`);
    await writeFile(path.join(dir, 'data', 'objects', 'kits', 'KB0000001.pdf'), 'result v2');

    const target = path.join(dir, 'restored');
    const restore = await tsx('src/server/backup/restore-cli.ts', [path.join(dir, 'backups', file), target], {});
    expect(restore.stdout).toContain(`Restored ${path.join(dir, 'backups', file)} into ${target}`);
    expect(restore.stdout).toMatch(/Audit chain of the restored database: verified up to row \d+/);
    expect(restore.stdout).toContain(`DATA_DIR=${target} npm start`);
    expect((await backupInfo(target)).stopLsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect((await readdir(target)).sort()).toEqual(['backup-info.json', 'objects', 'postgres']); // this folder has no emulator users
    expect(await readFile(path.join(target, 'objects', 'kits', 'KB0000001.pdf'), 'utf8')).toBe('result v1');

    const restored = await startEmbeddedPostgres({ dataDir: path.join(target, 'postgres') });
    const pool = createPool(restored.urlFor('portal'), 2);
    try {
      expect((await pool.query(`SELECT first_name FROM patients WHERE id = $1`, [patient.id])).rows[0].first_name).toBe(patient.first_name);
      expect((await pool.query(`SELECT count(*)::int AS n FROM patients`)).rows[0].n).toBe(patients);
      const pairs = await pairsIn(pool);
      const whole = pairs.length / 2;
      console.log(`backup taken while ${committed} pair transactions committed; the restore holds pairs 0..${whole - 1}`);
      expect(whole).toBeGreaterThan(0);
      expect(whole).toBeLessThanOrEqual(committed);
      // One consistent moment: whole transactions only, and no later one without every earlier one.
      expect(pairs).toEqual(Array.from({ length: whole }, (_, i) => String(i).padStart(6, '0')).flatMap((n) => [`pair-${n}-a`, `pair-${n}-b`]));
    } finally {
      await pool.end();
      await restored.stop();
    }
  }, 120_000);
});
