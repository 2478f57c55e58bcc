/**
 * A Paydesk app wired to real code receivers for the account-flow suites: a
 * real SMTP server for addresses and the fake SMSBao (which checks its
 * request format) for phones, both configured through the settings API as an
 * operator would. With `cache: 'redis'` the app's cache is the Redis at
 * TEST_REDIS_URL, under a prefix of its own.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { ConfigKey, ConfigValue } from '../../schema/config-rows';
import type { AppOptions } from '../../server/app';
import { startFakeSmsBao } from '../fakes/smsbao';
import { partBody, startSmtpCatcher } from '../fakes/smtp';
import { DIALECTS, REDIS_URL, makeApp, type TestApp } from '../support/app';
import { requireService } from '../support/services';

export type CacheKind = 'file' | 'redis';

/** Every dialect on the default cache, plus SQLite on Redis when TEST_REDIS_URL is set. */
export const SETUPS: Array<[dialect: 'sqlite' | 'mysql', cache: CacheKind]> = [
  ...DIALECTS.map((d) => [d, 'file'] as [typeof d, CacheKind]),
  ...(requireService('redis', 'the account flows on Redis') ? [] : [[DIALECTS.at(-1)!, 'redis'] as ['sqlite' | 'mysql', CacheKind]]),
];

const SMTP = { user: 'robot@paydesk.test', pass: 'smtp-pass-42' };
const SMSBAO = { account: 'paydesk', apiKey: 'smsbao-key-42', signName: 'Paydesk' };

export interface CommApp extends TestApp {
  admin: string;
  smtpPort: number;
  /** Codes received at an address or phone, oldest first. */
  codesFor(target: string): string[];
  lastCode(target: string): string;
  /** The last code of a target once one has arrived (a reset code is sent after its answer). */
  waitCode(target: string, timeoutMs?: number): Promise<string>;
  /** Replaces part of a config row's value, as an operator would. */
  setConfig<K extends ConfigKey>(key: K, change: (value: ConfigValue<K>) => void): Promise<void>;
  /** An account made by the operator; answers its id. */
  addUser(fields: Record<string, unknown>): Promise<number>;
  /** The stored row of an account, as the operator sees it. */
  user(id: number): Promise<Record<string, any>>;
}

function writeRedisCache(configDir: string) {
  const url = new URL(REDIS_URL!);
  fs.mkdirSync(configDir, { recursive: true });
  fs.writeFileSync(path.join(configDir, 'cache.toml'), [
    '[default]', 'type = "redis"', '',
    '[redis]', `host = "${url.hostname}"`, `port = ${url.port || 6379}`, `database = ${Number(url.pathname.slice(1) || 0)}`,
    `prefix = "pd${randomBytes(6).toString('hex')}"`, 'expired = 600', `password = "${decodeURIComponent(url.password)}"`, '',
  ].join('\n'));
}

/** `options` reach buildApp: a second instance shares the first one's `configDir` and `databaseUrl`. */
export async function commApp(dialect: 'sqlite' | 'mysql', cache: CacheKind = 'file', options: Partial<AppOptions> = {}): Promise<CommApp> {
  const configDir = options.configDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-comm-config-'));
  if (cache === 'redis' && !options.configDir) writeRedisCache(configDir);
  const t = await makeApp({ dialect, ...options, configDir });
  const smtp = await startSmtpCatcher(SMTP);
  const sms = await startFakeSmsBao(SMSBAO);
  const admin = await t.signIn();
  const put = async (url: string, body: unknown) => {
    const res = await t.call('PUT', url, body, admin);
    expect(res.body, `${url}: ${res.text}`).toMatchObject({ code: 200 });
  };
  await put('/api/toml/sms-email', { host: '127.0.0.1', port: smtp.port, account: SMTP.user, password: SMTP.pass, nickname: 'Paydesk', subject: 'Paydesk code' });
  await put('/api/toml/sms-smsbao', { account: SMSBAO.account, api_key: SMSBAO.apiKey, sign_name: SMSBAO.signName, base_url: sms.url });
  await put('/api/toml/sms-drive', { sms: 'smsbao', email: 'email', default: 'email' });

  const codesFor = (target: string) => [
    ...smtp.mails.filter((m) => m.to.includes(target)).map((m) => /\b(\d{6})\b/.exec(partBody(m.raw, 'text/plain') ?? '')?.[1] ?? ''),
    ...sms.delivered.filter((d) => d.to === target).map((d) => d.code),
  ];

  return {
    ...t,
    admin,
    smtpPort: smtp.port,
    codesFor,
    lastCode(target) {
      const code = codesFor(target).at(-1);
      if (!code) throw new Error(`no code was delivered to ${target}`);
      return code;
    },
    async waitCode(target, timeout = 10_000) {
      await expect.poll(() => codesFor(target).length, { timeout }).toBeGreaterThan(0);
      return codesFor(target).at(-1)!;
    },
    async setConfig(key, change) {
      const row = (await t.call('GET', `/api/config/rows?key=${key}`, undefined, admin)).body.data.rows[0];
      const value = typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
      change(value);
      await put('/api/config/update', { id: row.id, value });
    },
    async addUser(fields) {
      const res = await t.call('POST', '/api/users/create', fields, admin);
      expect(res.body, res.text).toMatchObject({ code: 201 });
      return res.body.data.id;
    },
    async user(id) {
      return (await t.call('GET', `/api/users/take?id=${id}`, undefined, admin)).body.data;
    },
    async close() {
      await t.close();
      await Promise.all([smtp.close(), sms.close()]);
      if (!options.configDir) fs.rmSync(configDir, { recursive: true, force: true });
    },
  };
}
