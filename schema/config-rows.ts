/**
 * The JSON values of the `config` rows (their rules and defaults). The server validates writes with these and seeds the defaults
 * on first start; the settings screen builds its forms from the same schemas.
 */
import { z } from 'zod';
import { optionLabelKey } from './i18n';
import { fieldErrors, withLabels, type FieldError } from './issues';
import { generateApiKey, settingsMeta, type FieldMeta } from './settings-fields';

const atLeast1 = z.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.min_value' });
const seconds60 = z.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(60, { error: 'validation.min_value' });

export const INVITE_FORMATS = ['number', 'letter', 'mix'] as const;
export const INVITE_MODES = ['close', 'open', 'force'] as const;
export const SMS_SAFETY_MODES = ['intercept', 'force-black'] as const;
export const SMS_STRATEGIES = ['loose', 'moderate', 'strict'] as const;
export const SIGN_IN_STRATEGIES = ['loose', 'strict'] as const;

/** The option sets of the config rows, by the i18n set that labels them (`options.<set>.<value>`). */
export const CONFIG_OPTION_SETS = {
  inviteFormat: INVITE_FORMATS,
  inviteMode: INVITE_MODES,
  smsMode: SMS_SAFETY_MODES,
  smsStrategy: SMS_STRATEGIES,
  signInStrategy: SIGN_IN_STRATEGIES,
} as const;

/** A choice of one option set, labelled for the settings form. */
function choice<S extends keyof typeof CONFIG_OPTION_SETS>(set: S) {
  const values = CONFIG_OPTION_SETS[set];
  return z.enum(values as unknown as [(typeof values)[number], ...(typeof values)[number][]], { error: 'validation.choice' })
    .register(settingsMeta, { choices: values.map((value) => ({ value, label: optionLabelKey(set, value) })) });
}
function form<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  settingsMeta.add(schema, meta);
  return schema;
}

export const signInUp = z.strictObject({
  sign_in: z.strictObject({
    unique: z.boolean(),
    strategy: choice('signInStrategy').default('loose'),
  }),
  sign_up: z.strictObject({
    allow: z.boolean(),
    invite: z.strictObject({
      mode: choice('inviteMode'),
      length: z.number().int().min(4, { error: 'validation.min_value' }).max(32, { error: 'validation.max_value' }),
      format: choice('inviteFormat'),
    }),
    auth_group_ids: form(z.array(z.number().int().positive()), { reference: 'auth-group' }),
  }),
});

export const systemSafetyApi = z
  .strictObject({
    key: form(z.string().max(64).regex(/^[A-Za-z0-9]*$/, { error: 'validation.pattern' }), { generate: 'apiKey', masked: true }),
    sign: z.boolean(),
    paging: z.strictObject({ enable: z.boolean(), limit: atLeast1.optional() }),
    qps: z.strictObject({
      block: z.strictObject({ enable: z.boolean(), count: atLeast1, second: atLeast1 }),
      // `caller`: per API key or signed-in user, wherever it calls from (rows stored before it existed take the default).
      limit: z.strictObject({ enable: z.boolean(), global: atLeast1, point: atLeast1, caller: atLeast1.default(200) }),
    }),
  })
  // paging.limit only means something while paging is on.
  .refine((v) => !v.paging.enable || v.paging.limit !== undefined, { path: ['paging', 'limit'], error: 'validation.required' });

const smsGuard = z.strictObject({
  enable: z.boolean(),
  plan: z.strictObject({ mode: choice('smsMode'), second: seconds60 }),
  rule: z.strictObject({
    strategy: choice('smsStrategy'),
    second: seconds60,
    count: z.number().int().min(3, { error: 'validation.min_value' }),
  }),
});
export const safetySms = z.strictObject({ brush: smsGuard, burst: smsGuard });

const code64 = z.string().max(64, { error: 'validation.max_length' });
export const siteInfo = z.strictObject({
  title: z.string().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.max_length' }),
  date: form(z.number().int().min(0), { widget: 'date' }),
  avatar: form(z.string().max(255), { widget: 'image' }),
  favicon: form(z.string().max(255), { widget: 'image' }),
  keyword: z.string().max(256, { error: 'validation.max_length' }),
  describe: z.string().max(256, { error: 'validation.max_length' }),
  description: z.string().max(256, { error: 'validation.max_length' }),
  copy: z.strictObject({ code: code64, link: code64 }),
  police: z.strictObject({ code: code64, link: code64 }),
});

export const CONFIG_SCHEMAS = {
  SIGN_IN_UP: signInUp,
  SYSTEM_SAFETY_API: systemSafetyApi,
  SAFETY_SMS: safetySms,
  SITE_INFO: siteInfo,
} as const;
export type ConfigKey = keyof typeof CONFIG_SCHEMAS;
export type ConfigValue<K extends ConfigKey> = z.infer<(typeof CONFIG_SCHEMAS)[K]>;
export const CONFIG_KEYS = Object.keys(CONFIG_SCHEMAS) as ConfigKey[];

const guard = (enable: boolean): z.infer<typeof smsGuard> => ({
  enable, plan: { mode: 'intercept', second: 1800 }, rule: { strategy: 'moderate', second: 600, count: 10 },
});

/** The defaults, written on first start. The API key is generated then (blank means "generate"). */
export const CONFIG_DEFAULTS: { [K in ConfigKey]: ConfigValue<K> } = {
  SIGN_IN_UP: {
    sign_in: { unique: false, strategy: 'loose' },
    sign_up: { allow: true, invite: { mode: 'open', length: 6, format: 'number' }, auth_group_ids: [] },
  },
  SYSTEM_SAFETY_API: {
    key: '',
    sign: false,
    paging: { enable: true, limit: 50 },
    qps: { block: { enable: true, count: 3, second: 3600 }, limit: { enable: true, global: 50, point: 15, caller: 200 } },
  },
  SAFETY_SMS: { brush: guard(true), burst: guard(true) },
  SITE_INFO: {
    title: 'Paydesk', date: 0, avatar: '', favicon: '', keyword: '', describe: '', description: '',
    copy: { code: '', link: '' }, police: { code: '', link: '' },
  },
};

/** Field errors of a config value (under `value.`), for the generic engine's whole-row check. */
/** Labels of a config row's fields and groups: `admin.screens.settings.rows.<KEY>.<path>`, a group's title at `._`. */
export const configLabelKey = (key: ConfigKey) => (path: string, group?: boolean) =>
  `admin.screens.settings.rows.${key}.${path}${group ? '._' : ''}`;

export function checkConfigValue(key: string, value: unknown): FieldError[] {
  const schema = CONFIG_SCHEMAS[key as ConfigKey];
  if (!schema) return [];
  const result = schema.safeParse(value);
  const labelOf = configLabelKey(key as ConfigKey);
  return result.success ? [] : withLabels(fieldErrors(result.error, { prefix: 'value' }), (field) => labelOf(field.replace(/^value\./, '')));
}

/** A blank API key means "generate one": 32 characters. */
export function deriveConfigValue(key: string | undefined, value: unknown): { value?: unknown } {
  if (key !== 'SYSTEM_SAFETY_API' || !value || typeof value !== 'object') return {};
  const safety = value as ConfigValue<'SYSTEM_SAFETY_API'>;
  return safety.key ? {} : { value: { ...safety, key: generateApiKey() } };
}
