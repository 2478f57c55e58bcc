/**
 * Redis store (ioredis): what lets several instances agree on codes, denylisted
 * tokens, counters and tag versions. Every key is `<prefix>:<key>`, so apps
 * (or environments) sharing one Redis database stay apart and `clear()`
 * removes only this prefix. Prefixes are added here rather than by ioredis'
 * `keyPrefix`, which SCAN does not honour.
 */
import type { Redis } from 'ioredis';
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
  // ioredis is loaded when a Redis cache is opened, not on every start of a site that does not use it.
  let connection: Promise<Redis> | undefined;
  const redis = () => (connection ??= import('ioredis').then(({ Redis }) => {
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
    return client;
  }));
  const k = (key: string) => `${options.prefix}:${key}`;
  // Reads of one key already on their way are shared: a busy server's requests read the same tag versions and
  // pages at once. A write through this store forgets the key's shared read first, so whatever this process
  // wrote is seen by every read that starts after it; another process's write shows as soon as Redis has it.
  const reading = new Map<string, Promise<string | undefined>>();
  const wrote = (key: string) => void reading.delete(key);

  return {
    get(key) {
      const pending = reading.get(key);
      if (pending) return pending;
      const read = redis().then(async (client) => (await client.get(k(key))) ?? undefined);
      reading.set(key, read);
      // Answered (or failed): the next read asks again, unless a write has already let this one go.
      const done = () => void (reading.get(key) === read && reading.delete(key));
      read.then(done, done);
      return read;
    },
    async set(key, text, seconds) {
      wrote(key);
      const client = await redis();
      if (seconds > 0) await client.set(k(key), text, 'EX', seconds);
      else await client.set(k(key), text);
    },
    async add(key, text, seconds) {
      wrote(key);
      const client = await redis();
      const reply = seconds > 0 ? await client.set(k(key), text, 'EX', seconds, 'NX') : await client.set(k(key), text, 'NX');
      return reply === 'OK';
    },
    incr: async (key, seconds) => (wrote(key), Number(await (await redis()).eval(INCR_WITH_WINDOW, 1, k(key), seconds))),
    del: async (key) => (wrote(key), void (await (await redis()).del(k(key)))),
    async clear() {
      reading.clear();
      const client = await redis();
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${options.prefix}:*`, 'COUNT', 500);
        if (keys.length > 0) await client.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    async close() {
      if (!connection) return;
      const client = await connection;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
