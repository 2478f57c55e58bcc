/**
 * The backup archive without a server: a plain tar.gz that the system's
 * `tar` lists (long upload names included), and a restore that refuses an
 * archive whose content no longer matches its manifest, writing nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBackup } from '../../scripts/backup/make';
import { restoreBackup } from '../../scripts/backup/unpack';
import type { Places } from '../../server/places';

const LONG = `${'nested/'.repeat(20)}${'x'.repeat(120)}.png`;

describe('the backup archive', () => {
  let root: string;
  let source: Places;
  let archive: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-archive-'));
    source = { dataDir: path.join(root, 'data'), configDir: path.join(root, 'config'), databaseUrl: undefined };
    fs.mkdirSync(source.configDir, { recursive: true });
    fs.writeFileSync(path.join(source.configDir, 'crypt.toml'), '[jwt]\nkey = "k"\n');
    // A settings file the server was replacing at that moment, and an upload it was writing: neither is taken.
    fs.writeFileSync(path.join(source.configDir, '.crypt.toml.123.abc.tmp'), 'half');
    fs.mkdirSync(path.join(source.dataDir, 'storage', path.dirname(LONG)), { recursive: true });
    fs.writeFileSync(path.join(source.dataDir, 'storage', LONG), 'the upload with a long name');
    fs.writeFileSync(path.join(source.dataDir, 'storage', 'a.png.99.partial'), 'half');
    const db = new Database(path.join(source.dataDir, 'paydesk.db'));
    db.exec('CREATE TABLE receive_money (id INTEGER PRIMARY KEY); INSERT INTO receive_money VALUES (1), (2)');
    db.close();
    archive = path.join(root, 'backup.tar.gz');
    await makeBackup(source, archive);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is a tar.gz the system tar lists, long names included, without the half-written files', () => {
    const listed = spawnSync('tar', ['tzf', archive], { encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n').sort()).toEqual(['config/crypt.toml', 'database/paydesk.db', 'paydesk-backup.json', `uploads/${LONG}`].sort());
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  });

  it('refuses to write over an existing file', async () => {
    await expect(makeBackup(source, archive)).rejects.toThrow(/already exists/);
  });

  it('restores byte for byte', async () => {
    const target = { dataDir: path.join(root, 'ok', 'data'), configDir: path.join(root, 'ok', 'config'), databaseUrl: undefined };
    const { manifest } = await restoreBackup(target, archive);
    expect(manifest.database).toMatchObject({ dialect: 'sqlite', tables: { receive_money: 2 } });
    expect(fs.readFileSync(path.join(target.dataDir, 'storage', LONG), 'utf8')).toBe('the upload with a long name');
    const db = new Database(path.join(target.dataDir, 'paydesk.db'), { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM receive_money').get()).toEqual({ n: 2 });
    db.close();
  });

  it('refuses an archive whose upload was altered, and writes nothing', async () => {
    const tar = gunzipSync(fs.readFileSync(archive));
    const at = tar.indexOf('the upload with a long name');
    tar.write('THE', at);
    const altered = path.join(root, 'altered.tar.gz');
    fs.writeFileSync(altered, gzipSync(tar));
    const target = { dataDir: path.join(root, 'bad', 'data'), configDir: path.join(root, 'bad', 'config'), databaseUrl: undefined };
    await expect(restoreBackup(target, altered)).rejects.toThrow(`is damaged: uploads/${LONG} is not what was backed up`);
    expect(fs.existsSync(path.join(root, 'bad'))).toBe(false);
  });
});
