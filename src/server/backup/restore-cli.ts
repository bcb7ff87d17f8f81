import path from 'node:path';
import { backupFileName, restoreLocalData, shown } from './local-backup';

/** `npm run restore -- FILE [DIR]`: restores a backup of `npm run backup` into DIR (./data-restored-<time>, must be new). */
const [file, target] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run restore -- backups/portal-backup-<time>.tar.gz [target folder]');
  process.exit(2);
}
const targetDir = path.resolve(target ?? backupFileName(new Date()).replace('portal-backup-', 'data-restored-').replace('.tar.gz', ''));
const { auditChain } = await restoreLocalData(path.resolve(file), targetDir);
console.log(
  [
    `Restored ${file} into ${targetDir}`,
    `Audit chain of the restored database: ${auditChain}`,
    `Start the portal on it: DATA_DIR=${shown(targetDir)} npm start`,
    `(or stop npm start, move ./data aside and rename ${path.basename(targetDir)} to data).`,
  ].join('\n'),
);
