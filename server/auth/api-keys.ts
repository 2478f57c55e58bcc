/**
 * API keys as credentials (issue 13 item 5): `Authorization: Bearer pdk_…`
 * acts with the key owner's groups, like their token would, limited to the
 * key's own rules when it has some (server/auth/key-rules.ts). Only the key's
 * sha-256 is stored (a key has 240 random bits, so a plain hash is enough; a
 * slow hash would only slow every call). A revoked or expired key is no key.
 * The last-used time is written at most once a minute per key.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';
import { storedKeyRules } from './key-rules';

export const API_KEY_PREFIX = 'pdk_';
const LAST_USED_EVERY_SECONDS = 60;

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key, its hash to store, and the start of it that lists show. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(30).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 12) };
}

export interface ApiKeyClaims {
  uid: number;
  apiKeyId: number;
  /** The rules the key is limited to, or null for all of its owner's (server/auth/key-rules.ts). */
  keyRules: string[] | null;
  jti?: undefined;
  exp?: undefined;
}

export class ApiKeys {
  /** `clock`: epoch milliseconds, the app's (AppOptions.clock). */
  constructor(private readonly db: Db, private readonly clock: () => number) {}

  /** The owner of a live key, or null. */
  async verify(key: string): Promise<ApiKeyClaims | null> {
    const db = this.db.kysely;
    const row = await db.selectFrom('api_keys').select(['id', 'uid', 'expireTime', 'revokedTime', 'lastUsedTime', 'rules'])
      .where('hash', '=', hashApiKey(key)).executeTakeFirst();
    const now = Math.floor(this.clock() / 1000);
    if (!row || row.revokedTime > 0 || (row.expireTime > 0 && row.expireTime <= now)) return null;
    if (now - row.lastUsedTime >= LAST_USED_EVERY_SECONDS) {
      await db.updateTable('api_keys').set({ lastUsedTime: now }).where('id', '=', row.id).execute();
    }
    return { uid: row.uid, apiKeyId: row.id, keyRules: storedKeyRules(row.rules) };
  }
}
