/**
 * First start: the default config rows (schema/config-rows.ts), the super-admin group and
 * the `admin` account. Idempotent, and safe when two instances start on one
 * empty database at once (the loser of an insert race finds the winner's row).
 */
import { randomBytes } from 'node:crypto';
import { authGroup, config, users } from '../../schema';
import { CONFIG_DEFAULTS, CONFIG_KEYS, deriveConfigValue } from '../../schema/config-rows';
import type { Resource } from '../../schema/define';
import type { Lang } from '../../schema/i18n';
import { t as translate } from '../i18n';
import { encode, withDefaults } from './rows';
import type { Db } from './connect';

const now = () => Math.floor(Date.now() / 1000);
/** A full row with the schema's defaults, as the engine would write it. */
const full = (r: unknown, values: Record<string, unknown>) => encode(r as Resource, withDefaults(r as Resource, values)) as never;

async function insertOnce(run: () => Promise<unknown>, exists: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (!(await exists())) throw error;
  }
}

export interface BootstrapOptions {
  adminPassword?: string;
  /** The install's language, of the names written here (the super-admin group's); zh-cn by default, the product's first language. */
  lang?: Lang;
  /** How the admin's password is stored (argon2id, from auth/): the database layer does not hash. */
  hashPassword: (plain: string) => Promise<string>;
  log?: (line: string) => void;
  /**
   * Told when this start created the admin account, with the generated
   * password (undefined when ADMIN_PASSWORD gave it), so that `npm start`
   * prints it in its opening block; without it the password is logged.
   */
  onAdminCreated?: (generatedPassword: string | undefined) => void;
}

export async function bootstrap(db: Db, opts: BootstrapOptions) {
  const k = db.kysely;
  const t = now();
  for (const key of CONFIG_KEYS) {
    const row = () => k.selectFrom('config').select('id').where('key', '=', key).executeTakeFirst();
    if (await row()) continue;
    const value = deriveConfigValue(key, CONFIG_DEFAULTS[key]).value ?? CONFIG_DEFAULTS[key];
    await insertOnce(
      () => k.insertInto('config').values(full(config, { key, value, createTime: t, updateTime: t })).execute(),
      row,
    );
  }

  const admin = () => k.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst();
  if (!(await admin())) {
    const generated = !opts.adminPassword;
    const password = opts.adminPassword || randomBytes(9).toString('base64url');
    await insertOnce(
      async () => {
        await k.insertInto('users').values(full(users, {
          account: 'admin', nickname: 'admin', password: await opts.hashPassword(password), source: 'install', createTime: t, updateTime: t,
        })).execute();
        if (opts.onAdminCreated) opts.onAdminCreated(generated ? password : undefined);
        else if (generated) (opts.log ?? console.log)(`Created the admin account: sign in as "admin" with password "${password}" (shown once).`);
      },
      admin,
    );
  }

  const group = () => k.selectFrom('auth_group').select('id').where('no', '=', 'super-admin').executeTakeFirst();
  if (!(await group())) {
    const { id } = (await admin())!;
    await insertOnce(
      () => k.insertInto('auth_group').values(full(authGroup, {
        name: translate(opts.lang ?? 'zh-cn', 'presets.super_admin.name'), no: 'super-admin', all: 1, manage: 1, uids: `|${id}|`, lock: 1, serial: 1, uid: id, createTime: t, updateTime: t,
      })).execute(),
      group,
    );
  }
}
