/**
 * Migration files are named `YYYYMMDDHHMMSS_<name>.ts` by migrate:make, so two
 * branches never pick the same name; the counted first file (`0001_init.ts`,
 * which installs already recorded) still loads, and sorts first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readMigrationFiles } from '../../server/db/migrate';

it('loads the counted first file and timestamped ones, in order, and nothing else', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-migrations-'));
  const op = (table: string) => `export default [{ op: 'dropTable', table: '${table}' }];\n`;
  fs.writeFileSync(path.join(dir, '20261123072000_coupons.ts'), op('b'));
  fs.writeFileSync(path.join(dir, '0001_init.ts'), op('a'));
  fs.writeFileSync(path.join(dir, '20251231235959_faq.ts'), op('c'));
  fs.writeFileSync(path.join(dir, 'notes.md'), 'not a migration');
  const files = await readMigrationFiles(dir);
  expect(files.map((f) => f.name)).toEqual(['0001_init', '20251231235959_faq', '20261123072000_coupons']);
  fs.rmSync(dir, { recursive: true, force: true });
});
