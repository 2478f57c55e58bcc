/**
 * `npm run backup [file]`: one archive of the install that `npm start` runs
 * with the same DATA_DIR, CONFIG_DIR and DATABASE_URL: the SQLite database
 * (copied safely while the server writes), the settings and the local
 * uploads. Without a file name it writes paydesk-backup-<UTC time>.tar.gz
 * in the current folder.
 */
import path from 'node:path';
import { placesFrom } from '../server/places';
import { MYSQLDUMP_HINT, Refusal, bytes, describeDatabase, describeFiles, CONFIG_PREFIX, UPLOADS_PREFIX } from './backup/manifest';
import { makeBackup } from './backup/make';

const USAGE = 'usage: npm run backup [file]   (DATA_DIR, CONFIG_DIR and DATABASE_URL as for npm start)';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error(USAGE);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
// npm runs scripts from the package folder; a name is taken from where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0] ?? `paydesk-backup-${stamp}.tar.gz`);

// Ctrl-C or a stop: finish cleanly (no partial archive, no half restore) instead of dying midway.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());

try {
  const report = await makeBackup(placesFrom(), file, stop.signal);
  const { manifest, from } = report;
  console.log(`Backed up to ${report.file} (${bytes(report.size)}; readable by you only: it holds the install's keys and secrets)`);
  console.log(`  database  ${from.database ?? 'MySQL/MariaDB'}: ${describeDatabase(manifest.database)}`);
  console.log(`  settings  ${from.config}: ${describeFiles(manifest.files, CONFIG_PREFIX)}`);
  console.log(`  uploads   ${from.uploads}: ${describeFiles(manifest.files, UPLOADS_PREFIX)}` +
    (manifest.storage === 'local' ? '' : ` (uploads now go to ${manifest.storage}: back up that bucket with its provider's tools)`));
  if (report.vanished.length) console.log(`  ${report.vanished.length} upload(s) were removed while the backup ran and are not in it`);
  if (manifest.database.dialect === 'mysql') console.log(MYSQLDUMP_HINT);
} catch (error) {
  console.error(error instanceof Refusal ? `backup refused: ${error.message}` : `backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
