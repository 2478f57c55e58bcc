/**
 * Typed reads of the `config` rows (SIGN_IN_UP, SYSTEM_SAFETY_API, SAFETY_SMS,
 * SITE_INFO). Read on the hot path (paging limit, signing, rate limits), so a
 * value is kept for a second (on the app's clock) and dropped at once after a
 * write through this instance's database (db.writes); another instance's
 * write is seen within that second.
 */
import { CONFIG_DEFAULTS, CONFIG_SCHEMAS, type ConfigKey, type ConfigValue } from '../../schema/config-rows';
import type { Db } from '../db/connect';

const FRESH_MS = 1000;

export class ConfigRows {
  private memo = new Map<ConfigKey, { at: number; value: unknown }>();

  constructor(private readonly db: Db, private readonly clock: () => number = Date.now) {
    db.writes.on((table) => {
      if (table === 'config') this.memo.clear();
    });
  }

  async get<K extends ConfigKey>(key: K): Promise<ConfigValue<K>> {
    const hit = this.memo.get(key);
    if (hit && this.clock() - hit.at < FRESH_MS) return hit.value as ConfigValue<K>;
    const row = await this.db.kysely.selectFrom('config').select('value').where('key', '=', key).executeTakeFirst();
    let value: unknown = CONFIG_DEFAULTS[key];
    try {
      const parsed = CONFIG_SCHEMAS[key].safeParse(typeof row?.value === 'string' ? JSON.parse(row.value) : row?.value);
      if (parsed.success) value = parsed.data;
    } catch {
      // A row that does not parse falls back to the defaults rather than taking the API down.
    }
    this.memo.set(key, { at: this.clock(), value });
    return value as ConfigValue<K>;
  }

  /** The last value read, for synchronous callers (rate-limit options); defaults before the first read. */
  peek<K extends ConfigKey>(key: K): ConfigValue<K> {
    return (this.memo.get(key)?.value ?? CONFIG_DEFAULTS[key]) as ConfigValue<K>;
  }
}
