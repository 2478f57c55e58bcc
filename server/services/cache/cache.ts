/**
 * The cache every part of the server uses: query
 * results tagged per table, verification codes, denylisted tokens, nonces and
 * rate-limit counters. Drivers (ram, file, redis) implement a small `Store` of
 * text values; this module adds what is the same for all of them: JSON
 * values, the default TTL from the settings, and tags.
 *
 * Tags: each tag has a version token stored in the cache itself, and a tagged
 * entry starts with the versions of its tags it was made under.
 * `invalidate(tag)` deletes the token (O(1), whatever the number of entries)
 * and the next reader adds a new one; an entry made under an old version no
 * longer matches and is replaced by the next reader's. Because the token
 * lives in the shared store, an invalidation through one instance is
 * seen by every instance on the same Redis at once. Tokens are random rather
 * than counted so that a token lost to eviction or `clear()` can never come
 * back to an old, stale value. Deleting rather than overwriting matters to the
 * file store: on ext4 a file renamed over another waits for its data to reach
 * the disk (auto_da_alloc), about 2 ms, while an unlink and a new file do not.
 */
import { randomBytes } from 'node:crypto';

export interface Store {
  get(key: string): Promise<string | undefined>;
  /** `ttlSeconds` 0 keeps the entry until it is deleted. */
  set(key: string, text: string, ttlSeconds: number): Promise<void>;
  /** Sets only if absent; returns whether it did. Atomic across the processes sharing the store. */
  add(key: string, text: string, ttlSeconds: number): Promise<boolean>;
  /** Atomic +1; the TTL starts at the first increment and later ones do not extend it. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  del(key: string): Promise<void>;
  /** Removes this app's entries (its prefix) only. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

export interface Cache {
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** Without `ttlSeconds` the settings' `expired` applies; 0 means no expiry. */
  set(key: string, value: unknown, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Set-if-absent (nonces, resend guards): true when this call stored the value. */
  add(key: string, value: unknown, ttlSeconds?: number): Promise<boolean>;
  /** Counter for rate limits and code tries; the window starts at the first increment. */
  incr(key: string, ttlSeconds?: number): Promise<number>;
  /**
   * The cached result for `key` under `tags`, or `produce()`'s result, cached
   * until any of the tags is invalidated or the TTL passes. `undefined` is not cached.
   */
  remember<T>(tags: string | readonly string[], key: string, produce: () => Promise<T>, ttlSeconds?: number): Promise<T>;
  /** Drops every entry remembered under `tag`, in every instance sharing the store. */
  invalidate(tag: string): Promise<void>;
  /** The tag's current version: it changes on every `invalidate`, in every instance sharing the store (ETags). */
  version(tag: string): Promise<string>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

// Namespaces inside the app's prefix, so a caller's key never collides with a tag's bookkeeping.
const plain = (key: string) => `k:${key}`;
const tagVersion = (tag: string) => `t:${tag}`;
const newToken = () => randomBytes(8).toString('hex');

export function cacheOn(store: Store, defaultTtlSeconds: number): Cache {
  const ttl = (seconds?: number) => seconds ?? defaultTtlSeconds;
  const decode = <T>(text: string | undefined) => (text === undefined ? undefined : (JSON.parse(text) as T));

  async function versionOf(tag: string): Promise<string> {
    const current = await store.get(tagVersion(tag));
    if (current !== undefined) return current;
    // First use, or lost: whoever adds first wins, and everyone reads the winner.
    await store.add(tagVersion(tag), newToken(), 0);
    return (await store.get(tagVersion(tag))) ?? newToken();
  }

  return {
    get: async (key) => decode(await store.get(plain(key))),
    set: (key, value, seconds) => store.set(plain(key), JSON.stringify(value), ttl(seconds)),
    del: (key) => store.del(plain(key)),
    add: (key, value, seconds) => store.add(plain(key), JSON.stringify(value), ttl(seconds)),
    incr: (key, seconds) => store.incr(plain(key), ttl(seconds)),
    async remember(tags, key, produce, seconds) {
      const list = typeof tags === 'string' ? [tags] : tags;
      const head = `${(await Promise.all(list.map(versionOf))).join(',')}\n`;
      // One entry per query, holding the versions it was made under, so a result made under newer versions
      // replaces the old one. Keyed by the versions instead, every write to a table would leave each of its
      // remembered queries behind as an entry nobody reads again, kept until its TTL (two hours by default):
      // a busy site's file cache grew by about a megabyte a second and its memory copies to their bound.
      const entry = `q:${list.join(',')}:${key}`;
      const hit = await store.get(entry);
      if (hit?.startsWith(head)) return JSON.parse(hit.slice(head.length));
      const value = await produce();
      if (value !== undefined) await store.set(entry, head + JSON.stringify(value), ttl(seconds));
      return value;
    },
    invalidate: (tag) => store.del(tagVersion(tag)),
    version: versionOf,
    clear: () => store.clear(),
    close: () => store.close(),
  };
}
