/**
 * `npm run migrate:make [name]`: writes the next migration file from the
 * difference between the schemas and what the existing migrations build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resourceList } from '../schema';
import { fold, migrationSource, MIGRATIONS_DIR, plan, readMigrationFiles } from '../server/db/migrate';

const files = await readMigrationFiles();
const ops = plan(fold(files.flatMap((m) => m.ops ?? [])), resourceList);
if (!ops.length) {
  console.log('The migrations already match the schemas: nothing to write.');
  process.exit(0);
}
const label = (process.argv[2] ?? (files.length ? 'change' : 'init')).replace(/[^\w-]/g, '_');
// A timestamp, not a sequence number: two branches adding migrations at once get distinct names that sort after 0001_init.
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const file = path.join(MIGRATIONS_DIR, `${files.length ? stamp : '0001'}_${label}.ts`);
const body = migrationSource(ops);
fs.mkdirSync(MIGRATIONS_DIR, { recursive: true });
fs.writeFileSync(file, body);
console.log(`Wrote ${path.relative(process.cwd(), file)} (${ops.length} operations).`);
