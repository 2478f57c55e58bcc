/**
 * `npm run restore <file>`: puts a backup made by `npm run backup` into the
 * folders that DATA_DIR and CONFIG_DIR name (and the SQLite file of
 * DATABASE_URL), which must be empty. The archive is checked whole before
 * anything is written.
 */
import path from 'node:path';
import { placesFrom, processUser } from '../server/places';
import { CONFIG_PREFIX, Refusal, UPLOADS_PREFIX, describeDatabase, describeFiles } from './backup/manifest';
import { restoreBackup } from './backup/unpack';

/** Which user owns what was restored, and the chown that gives it to the server's user (README, "systemd": User=paydesk). */
function ownership(user: string, written: Array<string | null>): string {
  const all = [...new Set(written.filter((p): p is string => Boolean(p)).map((p) => (path.extname(p) ? path.dirname(p) : p)))];
  // The uploads sit in DATA_DIR: chown -R of DATA_DIR covers them.
  const folders = all.filter((p) => !all.some((other) => other !== p && p.startsWith(other + path.sep)));
  return `The restored files belong to ${user}. The server must run as their owner: if it runs as another user (User= in its systemd unit), ` +
    `give them to that user first, for example: chown -R paydesk: ${folders.join(' ')}`;
}

const USAGE = 'usage: npm run restore <file>   (into the empty DATA_DIR and CONFIG_DIR, as npm start reads them)';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error(USAGE);
  process.exit(1);
}
// npm runs scripts from the package folder; a name is taken from where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);

// Ctrl-C or a stop: finish cleanly (no partial archive, no half restore) instead of dying midway.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());

try {
  const { manifest, to } = await restoreBackup(placesFrom(), file, stop.signal);
  console.log(`Restored ${file} (made ${manifest.createdAt})`);
  console.log(`  database  ${to.database ?? 'MySQL/MariaDB'}: ${describeDatabase(manifest.database)}`);
  console.log(`  settings  ${to.config}: ${describeFiles(manifest.files, CONFIG_PREFIX)}`);
  console.log(`  uploads   ${to.uploads}: ${describeFiles(manifest.files, UPLOADS_PREFIX)}`);
  if (manifest.database.dialect === 'mysql') console.log('The database itself is restored with mysql (README, "Backup and restore").');
  // Restored files are this user's, readable by it only (0600): a server that runs as its own user must be given them.
  console.log(ownership(processUser(), [to.database, to.config, to.uploads]));
  console.log('Start the server with the same DATA_DIR, CONFIG_DIR and DATABASE_URL (npm start).');
} catch (error) {
  console.error(error instanceof Refusal ? `restore refused: ${error.message}` : `restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
