import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../server/http';
import {
  SETTINGS, SETTINGS_FILES, fieldMeta, generateApiKey, generateJwtKey, generatePassword, secretFields, storageRegion,
} from '../../schema/settings';
import { createSettings, type Settings } from '../../server/services/settings';

let dir: string;
const open: Settings[] = [];
const start = async (pollMs = 20) => {
  const settings = await createSettings(dir, { pollMs, log: () => {} });
  open.push(settings);
  return settings;
};
const fileText = (name: string) => readFile(join(dir, `${name}.toml`), 'utf8');
const email = { host: 'smtp.mail.example', port: 465, account: 'bot@mail.example', password: 'Sup3r-secret', nickname: 'Paydesk', subject: 'Your code' };

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-settings-'));
});
afterEach(async () => {
  open.splice(0).forEach((s) => s.close());
  await rm(dir, { recursive: true, force: true });
});

describe('first start', () => {
  it('writes every file with its defaults and a generated JWT key', async () => {
    const settings = await start();
    expect((await readdir(dir)).sort()).toEqual(['cache.toml', 'crypt.toml', 'history.toml', 'pay.toml', 'sms.toml', 'storage.toml']);
    expect(settings.get('cache')).toMatchObject({
      default: { type: 'file' },
      file: { path: 'runtime/cache', prefix: 'INIS', expired: 7200 },
      redis: { host: 'localhost', port: 6379, database: 0 },
    });
    const jwt = settings.get('crypt').jwt;
    expect(jwt).toMatchObject({ issuer: 'paydesk', subject: 'paydesk', expired: 7 * 86400 });
    expect(jwt.key).toMatch(/^PAYDESK_[A-Z0-9]{23}$/);
    expect(await fileText('crypt')).toContain(jwt.key);
    expect(settings.get('sms').tencent.region).toBe('ap-guangzhou');
    expect(settings.get('storage')).toMatchObject({ default: { type: 'local' }, local: { path: 'storage' }, kodo: { region: 'z2' } });
  });

  it('keeps existing files, and the key, on the next start', async () => {
    const key = (await start()).get('crypt').jwt.key;
    expect((await start()).get('crypt').jwt.key).toBe(key);
  });

  it('fills a section an older file lacks with its defaults', async () => {
    await writeFile(join(dir, 'cache.toml'), '[default]\ntype = "ram"\n');
    const cache = (await start()).get('cache');
    expect(cache.default.type).toBe('ram');
    expect(cache.redis.port).toBe(6379);
  });

  it('refuses to start on a hand-edited file with a bad value, naming the file and field', async () => {
    await writeFile(join(dir, 'cache.toml'), '[redis]\nport = 70000\n');
    await expect(start()).rejects.toThrow(/cache\.toml: redis\.port: validation\.port/);
  });
});

describe('update', () => {
  it('stores a section, answers it with the secret blank and flagged as set', async () => {
    const settings = await start();
    const answer = await settings.update('sms', 'email', email);
    expect(answer).toEqual({ values: { ...email, password: '' }, secrets: { password: true } });
    expect(settings.get('sms').email.password).toBe('Sup3r-secret');
    expect(settings.masked('sms').values.email).toEqual({ ...email, password: '' });
    expect(settings.masked('sms').secrets).toMatchObject({ 'email.password': true, 'aliyun.access_key_secret': false });
    expect(JSON.stringify(settings.masked('crypt'))).not.toContain(settings.get('crypt').jwt.key);
    expect(await fileText('sms')).toContain('Sup3r-secret');
  });

  it('keeps the stored secret when the form sends it blank', async () => {
    const settings = await start();
    await settings.update('sms', 'email', email);
    await settings.update('sms', 'email', { ...email, host: 'smtp2.mail.example', password: '' });
    expect(settings.get('sms').email).toMatchObject({ host: 'smtp2.mail.example', password: 'Sup3r-secret' });
    expect((await start()).get('sms').email.password).toBe('Sup3r-secret');
  });

  it('refuses a required secret that was never set', async () => {
    const settings = await start();
    const error = await refusal(settings.update('sms', 'email', { ...email, password: '' }));
    expect(error.data).toEqual({ errors: [{ field: 'password', message: 'validation.required', params: { min: 1, label: 'settings.sms.email.password' } }] });
  });

  const bad: Array<[string, string, string, Record<string, unknown>, string, string]> = [
    ['port 0', 'sms', 'email', { ...email, port: 0 }, 'port', 'validation.port'],
    ['port 65536', 'sms', 'email', { ...email, port: 65536 }, 'port', 'validation.port'],
    ['a port given as text', 'sms', 'email', { ...email, port: '465' }, 'port', 'validation.integer'],
    ['a host with a space', 'sms', 'email', { ...email, host: 'smtp mail' }, 'host', 'validation.host'],
    ['a host with a scheme', 'cache', 'redis', { host: 'redis://x', port: 6379, database: 0, prefix: 'INIS', expired: 0, password: 'p4ssword1234' }, 'host', 'validation.host'],
    ['an unknown key', 'sms', 'email', { ...email, tls: true }, 'tls', 'validation.unknown_field'],
    ['a missing field', 'crypt', 'jwt', { issuer: 'paydesk', subject: 'paydesk', key: 'ABCDEFGHIJKLMN' }, 'expired', 'validation.required'],
    ['a domain ending with /', 'storage', 'local', { path: 'storage', domain: 'https://cdn.example.com/' }, 'domain', 'validation.domain'],
    ['a path escaping its root', 'storage', 'local', { path: '../etc', domain: '' }, 'path', 'validation.directory'],
    ['redis database 16', 'cache', 'redis', { host: 'localhost', port: 6379, database: 16, prefix: 'INIS', expired: 0, password: 'p4ssword1234' }, 'database', 'validation.max_value'],
    ['a cache type that does not exist', 'cache', 'default', { type: 'memcached' }, 'type', 'validation.choice'],
    ['a body that is not an object', 'cache', 'default', 'ram' as never, 'default', 'validation.invalid_type'],
  ];
  it.each(bad)('refuses %s with a 400 naming the field, and writes nothing', async (_, file, section, input, field, message) => {
    const settings = await start();
    const before = await fileText(file);
    const error = await refusal(settings.update(file as 'sms', section, input));
    expect(error.code).toBe(400);
    expect(error.params).toMatchObject({ field, message });
    expect((error.data as { errors: unknown[] }).errors[0]).toMatchObject({ field, message });
    expect(await fileText(file)).toBe(before);
  });

  it('answers 404 for a section the file does not have', async () => {
    const error = await refusal((await start()).update('cache', 'memcached', {}));
    expect(error.code).toBe(404);
  });
});

describe('atomic writes', () => {
  it('leaves no temporary file behind', async () => {
    const settings = await start();
    await settings.update('cache', 'default', { type: 'ram' });
    await settings.update('sms', 'email', { ...email, port: 1 }).catch(() => {});
    expect((await readdir(dir)).sort()).toEqual(['cache.toml', 'crypt.toml', 'history.toml', 'pay.toml', 'sms.toml', 'storage.toml']);
  });

  it('keeps the old file whole when the process dies just before the rename', async () => {
    await start();
    const before = await fileText('cache');
    const script = join(dir, 'crash.mts');
    const module = resolve('server/services/settings/atomic-write.ts');
    await writeFile(script, `import { writeFileAtomic } from ${JSON.stringify(module)};
await writeFileAtomic(process.argv[2], '[default]\\ntype = "ram"\\n', async () => { process.kill(process.pid, 'SIGKILL'); });`);
    const child = spawnSync(process.execPath, ['--import', 'tsx', script, join(dir, 'cache.toml')], { encoding: 'utf8' });
    expect(child.signal).toBe('SIGKILL');
    await rm(script);
    expect(await fileText('cache')).toBe(before);
    const [temp] = (await readdir(dir)).filter((name) => name.endsWith('.tmp'));
    expect(temp).toBeDefined();
    // The next start sweeps the crashed write's temporary file once it is old.
    await utimes(join(dir, temp!), new Date(0), new Date(0));
    expect((await start()).get('cache').default.type).toBe('file');
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('several instances on one config folder', () => {
  it('sees a change made by another instance and tells its subscribers', async () => {
    const a = await start();
    const b = await start();
    const seen = vi.fn();
    b.onChange('cache', seen);
    await a.update('cache', 'default', { type: 'ram' });
    await vi.waitFor(() => expect(b.get('cache').default.type).toBe('ram'), { timeout: 5000 });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen.mock.calls[0]![0]).toMatchObject({ default: { type: 'ram' } });
  });

  it('does not undo another instance’s section when updating its own', async () => {
    const a = await start(60_000);
    const b = await start(60_000);
    await a.update('cache', 'default', { type: 'ram' });
    await b.update('cache', 'file', { path: 'runtime/other', prefix: 'PD', expired: 60 });
    const fresh = await start();
    expect(fresh.get('cache')).toMatchObject({ default: { type: 'ram' }, file: { path: 'runtime/other' } });
  });

  it('keeps using the last good values when another process writes a broken file', async () => {
    const settings = await start();
    const notified = vi.fn();
    settings.onChange('cache', notified);
    await writeFile(join(dir, 'cache.toml'), '[redis]\nport = "x"\n');
    await settings.reload();
    expect(settings.get('cache').redis.port).toBe(6379);
    expect(notified).not.toHaveBeenCalled();
  });
});

describe('the schema the settings screen reads', () => {
  it('marks every password, key and secret, and nothing else, as secret', () => {
    expect(SETTINGS_FILES.filter((file) => file !== 'pay').flatMap(secretFields)).toEqual([
      'email.password', 'aliyun.access_key_secret', 'tencent.secret_key', 'smsbao.api_key',
      'redis.password', 'jwt.key', 'oss.access_key_secret', 'cos.secret_key', 'kodo.secret_key',
    ]);
    // pay.toml has a section per payment provider, each declared with its connector: no list of them here, only the rule.
    const payFields = Object.entries(SETTINGS.pay.shape).flatMap(([section, schema]) => Object.keys(schema.shape).map((field) => `${section}.${field}`));
    expect(secretFields('pay')).toEqual(payFields.filter((f) => /secret|_key$/.test(f)));
    expect(secretFields('pay')).toContain('callback.secret');
  });

  it('offers the expiry choices, with a nine-year "never" for tokens and 0 for the cache', () => {
    const jwt = fieldMeta(SETTINGS.crypt.shape.jwt.shape.expired).choices!;
    const cache = fieldMeta(SETTINGS.cache.shape.redis.shape.expired).choices!;
    expect(jwt.map((c) => c.value)).toEqual([1800, 3600, 43200, 86400, 259200, 604800, 2592000, 7776000, 283824000]);
    expect(cache.map((c) => c.value)).toEqual([1800, 7200, 43200, 86400, 259200, 604800, 2592000, 7776000, 0]);
  });

  it('maps storage regions to their S3-compatible endpoints', () => {
    expect(storageRegion('kodo', 'z2')).toEqual({ id: 'z2', region: 'cn-south-1', endpoint: 's3.cn-south-1.qiniucs.com' });
    expect(storageRegion('cos', 'ap-guangzhou')?.endpoint).toBe('cos.ap-guangzhou.myqcloud.com');
    expect(storageRegion('oss', 'oss-cn-hangzhou.aliyuncs.com')?.region).toBe('cn-hangzhou');
  });

  it('generates passwords, JWT keys and API keys that its own rules accept', () => {
    const keys = new Set(Array.from({ length: 50 }, () => generateJwtKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(SETTINGS.crypt.shape.jwt.shape.key.safeParse(key).success).toBe(true);
    expect(generatePassword()).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(generateApiKey()).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
