import { z } from 'zod';
import { defineResource, f } from '../define';

/** A rule as keys name it: its method and route, `POST api/receive-money/create`. */
export const KEY_RULE_PATTERN = /^(GET|POST|PUT|DELETE) api\/[\w\-/:]+$/;
/** More than the whole rule book holds: a longer list is a mistake or an attack. */
export const KEY_RULES_MAX = 500;

/**
 * Ready-made rule lists a key may be limited to. `merchant`: what a shop's
 * server needs to take money through Paydesk: create, read and close its
 * orders, see which providers take them, refund, and read refunds and
 * callbacks. The pay link and the payer's checkout are public and need no rule.
 * A key listing a generic action may also use the simple-rest route that
 * performs it (`GET api/rest/receive-money` with `GET api/receive-money/rows`).
 */
export const API_KEY_PRESETS = {
  merchant: [
    'POST api/receive-money/create', 'GET api/receive-money/take', 'GET api/receive-money/rows', 'POST api/receive-money/close',
    'GET api/receive-money/providers', 'POST api/receive-money/refund', 'GET api/refunds/take', 'GET api/refunds/rows',
    'GET api/callbacks/take', 'GET api/callbacks/rows',
  ],
} as const satisfies Record<string, readonly string[]>;
export type ApiKeyPreset = keyof typeof API_KEY_PRESETS;

/**
 * API keys for merchants' servers (`Authorization: Bearer pdk_…`): created
 * by `POST /api/api-keys/create`, which shows the key once; only its sha-256
 * (`hash`, never sent) and its first characters (`prefix`, to recognise it)
 * are kept. A key acts with its owner's groups until it expires or is revoked,
 * and, when `rules` lists rules, only on those: a call needs the owner's
 * grant and the key's. `rules` null (every key made before keys could be
 * limited) means all of its owner's.
 */
export const apiKeys = defineResource({
  name: 'api-keys',
  // Beside the settings, after the screens of one's work: any signed-in user has it, so it must not be their landing screen.
  menu: 'settings',
  icon: 'key',
  fields: {
    // A key is known by its name and prefix; the id column is in the table settings, so the rules column fits 1280 px.
    id: f.id({ list: false }),
    name: f.text({ required: true, max: 64, search: true, filter: true }),
    prefix: f.text({ max: 16, identity: 'exact', readOnly: true }),
    hash: f.text({ max: 64, unique: true, identity: 'exact', hidden: true, readOnly: true }),
    expireTime: f.time(),
    lastUsedTime: f.time({ readOnly: true, filter: false }),
    // Shown in the rules column (a revoked key may do nothing), so the list fits 1280 px; its own column is in the table settings.
    revokedTime: f.time({ readOnly: true, filter: false, list: false }),
    /** `METHOD route` of each rule the key may use, or null for all of its owner's; written by its own routes. */
    rules: f.json<string[] | null>({ schema: z.array(z.string().regex(KEY_RULE_PATTERN)).max(KEY_RULES_MAX).nullable(), readOnly: true }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  // Created and revoked by their own routes (the key is shown once); anyone signed in keeps their own keys.
  actions: { create: false, save: false, update: false, rand: false, export: false, take: 'login', find: 'login', rows: 'login', remove: false, delete: 'login' },
  // On a phone a key still says what it may do (the rules cell, revoked or not) and when it was last used.
  compact: { primary: 'name', secondary: ['prefix', 'lastUsedTime', 'rules'] },
  // lastUsedTime changes on use, outside the engine's writes.
  cacheReads: false,
});
