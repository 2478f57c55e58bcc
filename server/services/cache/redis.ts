/**
 * Redis store (ioredis): what lets several instances agree on codes, denylisted
 * tokens, counters and tag versions. Every key is `<prefix>:<key>`, so apps
 * (or environments) sharing one Redis database stay apart and `clear()`
 * removes only this prefix. Prefixes are added here rather than by ioredis'
 * `keyPrefix`, which SCAN does not honour.
 */
import { Redis } from 'ioredis';
import type { Store } from './cache';

export interface RedisStoreOptions {
  host: string;
  port: number;
  database: number;
  prefix: string;
  password?: string;
  log?: (message: string, error?: unknown) => void;
}

// One round trip and atomic: a counter never exists without its expiry.
const INCR_WITH_WINDOW = `
local n = redis.call('INCR', KEYS[1])
if n == 1 and tonumber(ARGV[1]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

export function redisStore(options: RedisStoreOptions): Store {
  const client = new Redis({
    host: options.host,
    port: options.port,
    db: options.database,
    password: options.password || undefined,
    // Fail a request quickly when Redis is away rather than queueing it for long.
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
  });
  client.on('error', (error) => options.log?.('redis cache: connection error', error));
  const k = (key: string) => `${options.prefix}:${key}`;

  return {
    get: async (key) => (await client.get(k(key))) ?? undefined,
    async set(key, text, seconds) {
      if (seconds > 0) await client.set(k(key), text, 'EX', seconds);
      else await client.set(k(key), text);
    },
    async add(key, text, seconds) {
      const reply = seconds > 0 ? await client.set(k(key), text, 'EX', seconds, 'NX') : await client.set(k(key), text, 'NX');
      return reply === 'OK';
    },
    incr: async (key, seconds) => Number(await client.eval(INCR_WITH_WINDOW, 1, k(key), seconds)),
    del: async (key) => void (await client.del(k(key))),
    async clear() {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${options.prefix}:*`, 'COUNT', 500);
        if (keys.length > 0) await client.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
