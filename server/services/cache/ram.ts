/**
 * In-process store on lru-cache: the fastest, and private to one process (so
 * one instance only). Bounded: past `max` entries the least recently used go,
 * which is why deployments with more than one instance, or that must keep
 * every denylisted token, use file or redis.
 */
import { LRUCache } from 'lru-cache';
import type { Store } from './cache';

/** `now` is the app's clock, so lifetimes follow it; read on every check, as a moved clock must count at once. */
export function ramStore(max = 50_000, now: () => number = Date.now): Store {
  const entries = new LRUCache<string, string>({ max, perf: { now }, ttlResolution: 0 });
  const ttl = (seconds: number) => (seconds > 0 ? { ttl: seconds * 1000 } : {});
  return {
    get: async (key) => entries.get(key),
    set: async (key, text, seconds) => void entries.set(key, text, ttl(seconds)),
    async add(key, text, seconds) {
      if (entries.has(key)) return false;
      entries.set(key, text, ttl(seconds));
      return true;
    },
    async incr(key, seconds) {
      const current = entries.get(key);
      const next = current === undefined ? 1 : counter(current) + 1;
      // noUpdateTTL keeps the window that the first increment opened.
      entries.set(key, String(next), current === undefined ? ttl(seconds) : { noUpdateTTL: true });
      return next;
    },
    del: async (key) => void entries.delete(key),
    clear: async () => entries.clear(),
    close: async () => entries.clear(),
  };
}

export function counter(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error('cache: incr on a value that is not a counter');
  return n;
}
