/**
 * One contract for every cache driver. Redis runs when TEST_REDIS_URL is set;
 * without it the suite is skipped with the reason printed, except in CI
 * (CI=true), where a missing Redis is a failure.
 */
import { REDIS_URL, requireService } from '../support/services';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheOn, type Cache, type Store } from '../../server/services/cache/cache';
import { fileStore } from '../../server/services/cache/file';
import { ramStore } from '../../server/services/cache/ram';
import { redisStore } from '../../server/services/cache/redis';

interface Driver {
  name: string;
  /** A store for `prefix`; calls with the same prefix reach the same entries when `shared`. */
  open: (prefix: string) => Store;
  shared: boolean;
  /** Calls take effect in the order they are made (one process's memory; one Redis connection). */
  ordered: boolean;
}

let fileRoot = '';
beforeAll(async () => {
  fileRoot = await mkdtemp(join(tmpdir(), 'paydesk-cache-'));
});
afterAll(() => rm(fileRoot, { recursive: true, force: true }));

const redisUrl = requireService('redis', 'the Redis cache driver') ? undefined : REDIS_URL;
const redis = (prefix: string) => {
  const url = new URL(redisUrl!);
  return redisStore({
    host: url.hostname, port: Number(url.port || 6379), database: Number(url.pathname.slice(1) || 0),
    password: decodeURIComponent(url.password) || undefined, prefix,
  });
};

const drivers: Driver[] = [
  { name: 'ram', open: () => ramStore(), shared: false, ordered: true },
  { name: 'file', open: (prefix) => fileStore(join(fileRoot, prefix)), shared: true, ordered: false },
  ...(redisUrl ? [{ name: 'redis', open: redis, shared: true, ordered: true }] : []),
];

const gone = (read: () => Promise<unknown>) =>
  vi.waitFor(async () => expect(await read()).toBeUndefined(), { timeout: 5000, interval: 100 });

describe.each(drivers)('$name cache', (driver) => {
  const opened: Cache[] = [];
  const open = (prefix = `t${randomBytes(4).toString('hex')}`, defaultTtl = 3600) => {
    const cache = cacheOn(driver.open(prefix), defaultTtl);
    opened.push(cache);
    return cache;
  };
  afterEach(async () => {
    for (const cache of opened.splice(0)) {
      await cache.clear();
      await cache.close();
    }
  });

  it('keeps JSON values until they are deleted', async () => {
    const cache = open();
    expect(await cache.get('order')).toBeUndefined();
    await cache.set('order', { tradeNo: 'T1', amount: 9.5, tags: ['a'] });
    expect(await cache.get('order')).toEqual({ tradeNo: 'T1', amount: 9.5, tags: ['a'] });
    await cache.set('order', null);
    expect(await cache.get('order')).toBeNull();
    await cache.del('order');
    expect(await cache.get('order')).toBeUndefined();
  });

  it('forgets an entry once its TTL has passed, and the default TTL applies', async () => {
    const cache = open(undefined, 1);
    await cache.set('short', 'x', 1);
    await cache.set('by-default', 'y');
    await cache.set('long', 'z', 3600);
    expect(await cache.get('short')).toBe('x');
    await gone(() => cache.get('short'));
    await gone(() => cache.get('by-default'));
    expect(await cache.get('long')).toBe('z');
  });

  it('adds only what is absent (nonces), and again once the first has expired', async () => {
    const cache = open();
    expect(await cache.add('nonce:abc', 1, 1)).toBe(true);
    expect(await cache.add('nonce:abc', 2, 1)).toBe(false);
    expect(await cache.get('nonce:abc')).toBe(1);
    await gone(() => cache.get('nonce:abc'));
    expect(await cache.add('nonce:abc', 3, 60)).toBe(true);
  });

  it('a read sees each write that ended before it began; on an ordered store, each write called before it', async () => {
    const cache = open();
    await cache.set('page', 'old');
    const earlier = cache.get('page');
    const write = cache.set('page', 'new');
    const during = cache.get('page');
    await write;
    const after = cache.get('page');
    expect(await earlier).toBe('old');
    expect(await after).toBe('new');
    if (driver.ordered) expect(await during).toBe('new');
    const removal = cache.del('page');
    const duringRemoval = cache.get('page');
    await removal;
    expect(await cache.get('page')).toBeUndefined();
    if (driver.ordered) expect(await duringRemoval).toBeUndefined();
  });

  it('lets exactly one of many simultaneous adds win', async () => {
    const cache = open();
    const wins = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.add('guard', i, 60)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('counts atomically, and the window starts at the first increment', async () => {
    const cache = open();
    // A window long enough that a busy machine cannot see it end during the burst.
    const counts = await Promise.all(Array.from({ length: 30 }, () => cache.incr('hits', 60)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await cache.incr('brief', 1)).toBe(1);
    await gone(() => cache.get('brief'));
    expect(await cache.incr('brief', 60)).toBe(1);
  });

  it('remembers tagged results until a tag is invalidated', async () => {
    const cache = open();
    const produce = vi.fn(async () => ({ rows: [1, 2] }));
    expect(await cache.remember('users', 'rows?page=1', produce)).toEqual({ rows: [1, 2] });
    expect(await cache.remember('users', 'rows?page=1', produce)).toEqual({ rows: [1, 2] });
    expect(produce).toHaveBeenCalledTimes(1);
    await cache.invalidate('logs');
    await cache.remember('users', 'rows?page=1', produce);
    expect(produce).toHaveBeenCalledTimes(1);
    await cache.invalidate('users');
    await cache.remember('users', 'rows?page=1', produce);
    expect(produce).toHaveBeenCalledTimes(2);
  });

  it('keeps one entry per remembered query however often its tag changes, not one per version', async () => {
    // A busy table changes many times a second; an entry per version was a file (or a memory copy) nobody read again.
    const store = driver.open(`t${randomBytes(4).toString('hex')}`);
    const held = new Set<string>();
    const counting: Store = {
      ...store,
      set: (key, text, seconds) => (held.add(key), store.set(key, text, seconds)),
      async add(key, text, seconds) {
        const added = await store.add(key, text, seconds);
        if (added) held.add(key);
        return added;
      },
      del: (key) => (held.delete(key), store.del(key)),
    };
    const cache = cacheOn(counting, 3600);
    opened.push(cache);
    let n = 0;
    for (let i = 0; i < 30; i++) {
      await cache.invalidate('orders');
      expect(await cache.remember('orders', 'rows?page=1', async () => ++n)).toBe(n);
    }
    expect([...held].filter((key) => key.startsWith('q:'))).toEqual(['q:orders:rows?page=1']);
  });

  it('drops an entry with several tags when any one of them is invalidated', async () => {
    const cache = open();
    const produce = vi.fn(async () => ['rule']);
    await cache.remember(['auth-rules', 'users'], 'mine:1', produce);
    await cache.invalidate('users');
    await cache.remember(['auth-rules', 'users'], 'mine:1', produce);
    await cache.invalidate('auth-rules');
    await cache.remember(['auth-rules', 'users'], 'mine:1', produce);
    expect(produce).toHaveBeenCalledTimes(3);
  });

  it('clears its own prefix and nothing else', async () => {
    const mine = open();
    const other = open();
    await mine.set('a', 1);
    await mine.remember('users', 'rows', async () => 1);
    await other.set('a', 2);
    await mine.clear();
    expect(await mine.get('a')).toBeUndefined();
    expect(await other.get('a')).toBe(2);
    await mine.set('b', 1);
    expect(await mine.get('b')).toBe(1);
  });

  // Only stores that other processes can reach have this test; ram is private to one process by design.
  if (driver.shared) it('shares entries, counters and invalidations between instances', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const a = open(prefix);
    const b = open(prefix);
    await a.set('token:denied', true, 60);
    expect(await b.get('token:denied')).toBe(true);
    expect(await a.add('code:sent', 1, 60)).toBe(true);
    expect(await b.add('code:sent', 1, 60)).toBe(false);
    const counts = await Promise.all([...Array(10)].map((_, i) => (i % 2 ? a : b).incr('qps', 60)));
    expect(Math.max(...counts)).toBe(10);
    const produceA = vi.fn(async () => 'from A');
    const produceB = vi.fn(async () => 'from B');
    await a.remember('users', 'rows', produceA);
    expect(await b.remember('users', 'rows', produceB)).toBe('from A');
    await b.invalidate('users');
    expect(await a.remember('users', 'rows', produceA)).toBe('from A');
    expect(produceA).toHaveBeenCalledTimes(2);
    expect(produceB).not.toHaveBeenCalled();
  });
});

describe('lifetimes on the app clock (ram and file)', () => {
  const stores: Array<[string, (now: () => number) => Store]> = [
    ['ram', (now) => ramStore(100, now)],
    ['file', (now) => fileStore(join(fileRoot, `clock${randomBytes(4).toString('hex')}`), now)],
  ];
  it.each(stores)('%s: an entry, a nonce and a counter window end when the clock says, not the wall', async (_, make) => {
    const clock = { now: Date.now() };
    const cache = cacheOn(make(() => clock.now), 3600);
    await cache.set('code', '123456', 600);
    expect(await cache.add('nonce', 1, 300)).toBe(true);
    expect(await cache.incr('hits', 60)).toBe(1);
    // lru-cache ends an entry a millisecond after its lifetime, files and Redis at it: checked either side.
    clock.now += 59_999;
    expect(await cache.incr('hits', 60)).toBe(2);
    clock.now += 2;
    expect(await cache.incr('hits', 60)).toBe(1);
    clock.now += 299_999 - 60_001;
    expect(await cache.add('nonce', 2, 300)).toBe(false);
    clock.now += 2;
    expect(await cache.add('nonce', 3, 300)).toBe(true);
    expect(await cache.get('code')).toBe('123456');
    clock.now += 300_000;
    expect(await cache.get('code')).toBeUndefined();
    await cache.close();
  });
});
