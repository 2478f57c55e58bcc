/**
 * The database: connected, migrated and given its first rows before anything
 * else starts, closed last. Every write through it is announced on
 * `app.db.writes` (db/writes.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Resource } from '../../schema/define';
import type { Lang } from '../../schema/i18n';
import { hashPassword } from '../auth/passwords';
import { bootstrap } from '../db/bootstrap';
import { connect, sqliteFile, type Db } from '../db/connect';
import { lockSqlite } from '../db/sqlite-lock';
import { migrate } from '../db/migrate';

export interface DbOptions {
  databaseUrl?: string;
  /**
   * The serving process holds its SQLite file alone (db/sqlite-lock.ts). Scripts that open it beside a
   * running server (`npm run seed`, as the README's quick start runs it) take no lock.
   */
  exclusive?: boolean;
  dataDir: string;
  resources: readonly Resource[];
  syncSchema?: boolean;
  migrationsDir?: string;
  adminPassword?: string;
  onAdminCreated?: (generatedPassword: string | undefined) => void;
  /** The install's language: what the first start names in it (the super-admin group). */
  lang?: Lang;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The names of the migrations this build applies, in order. */
    migrations: readonly string[];
  }
}

const database: FastifyPluginAsync<DbOptions> = async (app, o) => {
  // One process per SQLite file (db/sqlite-lock.ts): taken before the file is opened, given back after it is closed.
  const file = sqliteFile(o.databaseUrl, o.dataDir);
  let release = () => {};
  if (file && file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (o.exclusive) release = lockSqlite(file);
  }
  let db: Db;
  try {
    db = connect(o.databaseUrl, o.dataDir);
  } catch (error) {
    release();
    throw error;
  }
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.close();
    release();
  });
  const { known } = await migrate(db.kysely, db.dialect, o.resources, { sync: o.syncSchema, dir: o.migrationsDir });
  app.decorate('migrations', known);
  await bootstrap(db, { adminPassword: o.adminPassword, lang: o.lang, hashPassword, onAdminCreated: o.onAdminCreated });
};

export const dbPlugin = fp(database, { name: 'paydesk-db', fastify: '5.x' });
