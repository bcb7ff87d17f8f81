import path from 'node:path';
import { backupLocalData, shown } from './local-backup';

/** `npm run backup`: DATA_DIR (./data) into BACKUP_DIR (./backups), whether `npm start` is running or not. */
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const outDir = path.resolve(process.env.BACKUP_DIR ?? 'backups');
const started = Date.now();
const { file, info } = await backupLocalData(dataDir, outDir);
console.log(
  [
    `Backup of ${dataDir} written to ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `PostgreSQL ${info.serverVersion} base backup, consistent as of WAL position ${info.stopLsn}; stored files and identity-emulator users included.`,
    `Restore it into a fresh folder: npm run restore -- ${shown(file)}`,
  ].join('\n'),
);
