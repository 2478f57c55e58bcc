/**
 * The settings files `config/<file>.toml` (their sections, rules and
 * defaults): the one description the server validates with and the
 * admin settings screen builds its forms from.
 *
 * Each file is a strict object of sections, each section a strict object of
 * fields (unknown keys are refused). Facts a form needs beyond the type (a
 * secret, a value generator, a list of choices) ride on the field's schema in
 * the `settingsMeta` registry, so a field is still described in one place.
 * Messages are i18n keys (`validation.*`); labels are
 * `settings.<file>.<section>.<field>`, `settings.options.<set>.<value>`,
 * `settings.expiry.<name>` and `settings.regions.<provider>.<id>`.
 *
 * Browser-safe (the generators, in settings-fields.ts, use `crypto.getRandomValues`).
 */
import { z } from 'zod';
import type { PayProvider } from './options';
import { PAY_PROVIDER_DECLARATIONS } from './providers';
import {
  choice, fieldMeta, int, secret, section, settingsMeta, text, WEBHOOK_SECRET, type Choice,
} from './settings-fields';

export {
  fieldMeta, generateApiKey, generateJwtKey, generatePassword, generateWebhookSecret, GENERATORS, randomString, settingsMeta,
  type Choice, type FieldMeta, type Generator,
} from './settings-fields';

/** Seconds, any whole number from `min`; the choices are suggestions of the form. */
const seconds = (choices: readonly Choice[], min = 0) => int(min, 2 ** 31 - 1).register(settingsMeta, { choices });

/** Letters, digits, `_` and `-` (prefixes, issuers, keys). */
const WORD = /^[A-Za-z0-9_-]+$/;
/** A hostname or IPv4 address, no scheme, no port. */
const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** http(s) origin with an optional path, never ending with `/` (paths are appended to it). */
const DOMAIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[\w.~%-]+)*$/;
/** A relative folder: no leading `/`, no `..` segment, so it stays under its root. */
const DIRECTORY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[\w.-]+(?:\/[\w.-]+)*\/?$/;
/** The patterns above, for the worst-case benchmark (scripts/bench/regex.ts). */
export const SETTINGS_PATTERNS = { WORD, HOST, DOMAIN, DIRECTORY };

const host = () => text({ required: true, pattern: HOST, message: 'validation.host' });
const port = () => int(1, 65535, { min: 'validation.port', max: 'validation.port' });
const domain = (required = false) => text({ required, pattern: DOMAIN, message: 'validation.domain' });
const directory = (required = false) => text({ required, pattern: DIRECTORY, message: 'validation.directory' });
const word = () => text({ required: true, min: 2, max: 32, pattern: WORD });
const credential = () => text({ required: true, max: 128 });
// ---- option sets, choices and regions --------------------------------------

export const CACHE_TYPES = ['file', 'redis', 'ram'] as const;
export const STORAGE_TYPES = ['local', 'oss', 'cos', 'kodo'] as const;
export const SMS_DRIVES = ['aliyun', 'tencent', 'smsbao', 'email'] as const;
/** Drivers that reach a phone (SMS); `email` reaches an address. */
export const PHONE_DRIVES = ['aliyun', 'tencent', 'smsbao'] as const;
export const REDIS_DATABASES = Array.from({ length: 16 }, (_, i) => i);

const DAY = 86400;
const expiry = (entries: Array<[string, number]>): Choice[] =>
  entries.map(([name, value]) => ({ value, label: `settings.expiry.${name}` }));
/** "never" is 9 years for a token, which must expire at some point. */
export const JWT_EXPIRY_CHOICES = expiry([
  ['30m', 1800], ['1h', 3600], ['12h', 12 * 3600], ['1d', DAY], ['3d', 3 * DAY], ['7d', 7 * DAY],
  ['30d', 30 * DAY], ['90d', 90 * DAY], ['never', 9 * 365 * DAY],
]);
/** 0 keeps entries until they are dropped. */
export const CACHE_EXPIRY_CHOICES = expiry([
  ['30m', 1800], ['2h', 7200], ['12h', 12 * 3600], ['1d', DAY], ['3d', 3 * DAY], ['7d', 7 * DAY],
  ['30d', 30 * DAY], ['90d', 90 * DAY], ['never', 0],
]);

export interface Region {
  /** The value stored in the settings (`oss.endpoint` stores the endpoint itself). */
  id: string;
  /** Region name for S3 request signing. */
  region: string;
  /** S3-compatible endpoint host. */
  endpoint: string;
}
/** `id: region` pairs: the stored id and the S3 signing region differ only for Kodo (z0...). */
const regions = (list: Record<string, string> | string[], endpoint: (region: string) => string): Region[] =>
  Object.entries(Array.isArray(list) ? Object.fromEntries(list.map((r) => [r, r])) : list)
    .map(([id, region]) => ({ id, region, endpoint: endpoint(region) }));

export const STORAGE_REGIONS = {
  oss: regions(['cn-hangzhou', 'cn-shanghai', 'cn-beijing', 'cn-shenzhen', 'cn-hongkong', 'ap-southeast-1'],
    (r) => `oss-${r}.aliyuncs.com`),
  cos: regions(['ap-guangzhou', 'ap-shanghai', 'ap-beijing', 'ap-chengdu', 'ap-hongkong', 'ap-singapore'],
    (r) => `cos.${r}.myqcloud.com`),
  kodo: regions({ z0: 'cn-east-1', 'cn-east-2': 'cn-east-2', z1: 'cn-north-1', z2: 'cn-south-1', na0: 'us-north-1', as0: 'ap-southeast-1' },
    (r) => `s3.${r}.qiniucs.com`),
};
export type ObjectStorage = keyof typeof STORAGE_REGIONS;

const regionChoices = (provider: ObjectStorage, value: 'id' | 'endpoint' = 'id') =>
  STORAGE_REGIONS[provider].map((r) => ({ value: r[value], label: `settings.regions.${provider}.${r.id}` }));

/** The S3 endpoint and signing region of a stored region id (or, for OSS, endpoint). */
export function storageRegion(provider: ObjectStorage, stored: string): Region | undefined {
  return STORAGE_REGIONS[provider].find((r) => r.id === stored || r.endpoint === stored);
}

// ---- the files ------------------------------------------------------------

type Declarations = typeof PAY_PROVIDER_DECLARATIONS;
/** pay.toml's section of each provider, by its section's name, typed as its declaration made it. */
type ProviderSections = { [P in keyof Declarations as Declarations[P]['section']]: Declarations[P]['settings'] };
const PROVIDER_SECTIONS = Object.fromEntries(
  Object.values(PAY_PROVIDER_DECLARATIONS).map((d) => [d.section, d.settings]),
) as unknown as ProviderSections;
const PROVIDER_DEFAULTS = Object.fromEntries(Object.values(PAY_PROVIDER_DECLARATIONS).map((d) => [d.section, d.defaults]));

export const SETTINGS = {
  sms: z.strictObject({
    drive: section({
      sms: choice(PHONE_DRIVES, 'sms_drive'),
      email: choice(['email'] as const, 'sms_drive'),
      /**
       * The driver of the channel the server picks itself, when a flow names
       * no phone or address (a password reset by account name alone): `email`
       * sends to the account's address, an SMS provider to its phone (each
       * falling back to the account's other contact). A named phone or
       * address always goes by `sms` or `email`.
       */
      default: choice(SMS_DRIVES, 'sms_drive'),
    }),
    email: section({
      host: host(),
      port: port(),
      account: credential(),
      // The mail provider issues this password: there is nothing to generate.
      password: secret(credential()),
      nickname: text({ max: 32, pattern: /^\w+$/ }),
      subject: text({ max: 64 }),
    }),
    aliyun: section({
      access_key_id: credential(),
      access_key_secret: secret(credential()),
      sign_name: credential(),
      verify_code: credential(),
      endpoint: host(),
    }),
    tencent: section({
      sms_sdk_app_id: credential(),
      secret_id: credential(),
      secret_key: secret(credential()),
      endpoint: host(),
      region: text({ required: true, max: 32, pattern: /^[a-z0-9-]+$/ }),
      verify_code: credential(),
      sign_name: credential(),
    }),
    smsbao: section({
      account: credential(),
      api_key: secret(credential()),
      sign_name: credential(),
      base_url: domain(true),
    }),
  }),
  cache: z.strictObject({
    default: section({ type: choice(CACHE_TYPES, 'cache') }),
    file: section({
      path: directory(true),
      prefix: word(),
      expired: seconds(CACHE_EXPIRY_CHOICES),
    }),
    redis: section({
      host: host(),
      port: port(),
      database: int(0, 15).register(settingsMeta, {
        choices: REDIS_DATABASES.map((n) => ({ value: n, label: 'settings.options.redis_db', params: { n } })),
      }),
      prefix: word(),
      expired: seconds(CACHE_EXPIRY_CHOICES),
      // Blank: a Redis without a password. Given, as long as the generated one at least: a short one falls to guessing over the network.
      password: secret(text({ min: 12, max: 32 }), 'password'),
    }),
  }),
  crypt: z.strictObject({
    jwt: section({
      issuer: word(),
      subject: word(),
      expired: seconds(JWT_EXPIRY_CHOICES, 60),
      key: secret(text({ required: true, min: 12, max: 32, pattern: WORD }), 'jwtKey'),
    }),
  }),
  /** Payment notifications (inbound, several secrets per channel so one can be rotated) and merchant callbacks (outbound). */
  pay: z.strictObject({
    // Each provider's own section, as its declaration describes it (schema/providers/), then the merchant callbacks.
    ...PROVIDER_SECTIONS,
    callback: section({
      secret: secret(text({ required: true, max: 128, pattern: WEBHOOK_SECRET, message: 'validation.webhook_secret' }), 'webhookSecret'),
      timeout: int(1, 60),
    }),
  }),
  /** Record history (the `revisions` table): how long a revision is kept; the daily cleanup deletes older ones, 0 keeps all. */
  history: z.strictObject({
    revisions: section({ keep_days: int(0, 36500) }),
    /** Imports into tables (`/api/<table>/import`): the largest file and the most rows one may bring. */
    import: section({ max_mb: int(1, 1024), max_rows: int(1, 100_000_000) }),
  }),
  storage: z.strictObject({
    default: section({ type: choice(STORAGE_TYPES, 'storage') }),
    local: section({ path: directory(true), domain: domain() }),
    oss: section({
      access_key_id: credential(),
      access_key_secret: secret(credential()),
      bucket: text({ required: true, min: 2, max: 32 }),
      endpoint: host().register(settingsMeta, { choices: regionChoices('oss', 'endpoint') }),
      path: directory(),
      domain: domain(),
    }),
    cos: section({
      app_id: credential(),
      secret_id: credential(),
      secret_key: secret(credential()),
      bucket: text({ required: true, min: 2, max: 32 }),
      region: text({ required: true, max: 32 }).register(settingsMeta, { choices: regionChoices('cos') }),
      path: directory(),
      domain: domain(),
    }),
    kodo: section({
      access_key: credential(),
      secret_key: secret(credential()),
      bucket: text({ required: true, min: 2, max: 32 }),
      region: text({ required: true, max: 32 }).register(settingsMeta, { choices: regionChoices('kodo') }),
      domain: domain(true),
    }),
  }),
} as const;

/**
 * What the Payments settings show of each payment provider, read from here so
 * that a new provider's pay.toml section appears there with no screen edited:
 * which section holds its settings (its secrets are the fields marked secret
 * there), the events to subscribe to in the provider's dashboard, and whether
 * the stored settings take test payments only (a Stripe test key). Its notify
 * URL is `/api/receive-money/notify/<section>`.
 */
export interface PayProviderSettings {
  /** Its pay.toml section, also the last segment of its notify URL (the connector's `notifyPath`). */
  section: Exclude<keyof SettingsOf<'pay'>, 'callback'>;
  /** The webhook events its connector reads, to subscribe to at the provider; absent: the provider sends all it has. */
  events?: readonly string[];
  /** Where in the provider's dashboard the webhook endpoint is added. */
  dashboard?: string;
  /** Whether these stored values take test payments only (the server asks: the values hold secrets). */
  testMode?(values: Record<string, unknown>): boolean;
}

/** In the order the Payments settings list them: each provider's own declaration (schema/providers/). */
export const PAY_PROVIDER_SETTINGS: Record<PayProvider, PayProviderSettings> = PAY_PROVIDER_DECLARATIONS;

export type SettingsFile = keyof typeof SETTINGS;
export type SettingsOf<F extends SettingsFile> = z.infer<(typeof SETTINGS)[F]>;
export type SectionName<F extends SettingsFile> = keyof SettingsOf<F> & string;
export type SectionOf<F extends SettingsFile, S extends SectionName<F>> = SettingsOf<F>[S];
export const SETTINGS_FILES = Object.keys(SETTINGS) as SettingsFile[];
/** Catalog key of a settings field's label (the form's and the server's messages). */
export const settingsLabelKey = (file: string, section: string, field: string) => `settings.${file}.${section}.${field}`;

export const isSettingsFile = (name: unknown): name is SettingsFile =>
  typeof name === 'string' && Object.hasOwn(SETTINGS, name);

/** The schema of one section, or undefined when the file has no such section. */
export function sectionSchema(file: SettingsFile, section: string): z.ZodObject | undefined {
  const shape: Record<string, z.ZodObject> = SETTINGS[file].shape;
  return Object.hasOwn(shape, section) ? shape[section] : undefined;
}

/** Secret fields of a file as `section.field`. */
export function secretFields(file: SettingsFile): string[] {
  return Object.entries(SETTINGS[file].shape as Record<string, z.ZodObject>).flatMap(([section, schema]) =>
    Object.entries(schema.shape).filter(([, field]) => fieldMeta(field as z.ZodType).secret).map(([name]) => `${section}.${name}`),
  );
}

/**
 * The defaults, written on first start. Credentials start blank: a
 * provider nobody configured is "not set up", and its section becomes valid
 * once the operator fills it in. A blank JWT key is generated at first start.
 */
export const SETTINGS_DEFAULTS: { [F in SettingsFile]: SettingsOf<F> } = {
  sms: {
    drive: { sms: 'aliyun', email: 'email', default: 'email' },
    email: { host: '', port: 465, account: '', password: '', nickname: 'Paydesk', subject: 'Paydesk' },
    aliyun: { access_key_id: '', access_key_secret: '', sign_name: '', verify_code: '', endpoint: 'dysmsapi.aliyuncs.com' },
    tencent: {
      sms_sdk_app_id: '', secret_id: '', secret_key: '', endpoint: 'sms.tencentcloudapi.com',
      region: 'ap-guangzhou', verify_code: '', sign_name: '',
    },
    smsbao: { account: '', api_key: '', sign_name: '', base_url: 'https://api.smsbao.com' },
  },
  cache: {
    default: { type: 'file' },
    file: { path: 'runtime/cache', prefix: 'INIS', expired: 7200 },
    redis: { host: 'localhost', port: 6379, database: 0, prefix: 'INIS', expired: 7200, password: '' },
  },
  crypt: { jwt: { issuer: 'paydesk', subject: 'paydesk', expired: 7 * DAY, key: '' } },
  pay: { ...PROVIDER_DEFAULTS, callback: { secret: '', timeout: 10 } } as SettingsOf<'pay'>,
  history: { revisions: { keep_days: 365 }, import: { max_mb: 50, max_rows: 1_000_000 } },
  storage: {
    default: { type: 'local' },
    local: { path: 'storage', domain: '' },
    oss: { access_key_id: '', access_key_secret: '', bucket: '', endpoint: 'oss-cn-hangzhou.aliyuncs.com', path: '', domain: '' },
    cos: { app_id: '', secret_id: '', secret_key: '', bucket: '', region: 'ap-guangzhou', path: '', domain: '' },
    kodo: { access_key: '', secret_key: '', bucket: '', region: 'z2', domain: '' },
  },
};
