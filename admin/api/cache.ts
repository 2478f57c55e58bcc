/**
 * Session-storage cache of GET reads (SPEC §7): a 200 answer is kept 600 s
 * under the tables it depends on, and any write to one of those tables drops
 * it. `auth-rules/mine` also depends on `users` (a user's groups live there).
 */
const PREFIX = 'paydesk.cache:';
export const CACHE_SECONDS = 600;

interface Entry {
  at: number;
  tags: string[];
  value: unknown;
}

/** Tables a GET path depends on: its own, plus the extra ones some reads join. */
export function cacheTags(path: string): string[] {
  const table = path.split('/')[0]!;
  return path === 'auth-rules/mine' ? [table, 'users', 'auth-group'] : [table];
}

export function readCache<T>(key: string, now = Date.now()): T | undefined {
  const raw = sessionStorage.getItem(PREFIX + key);
  if (!raw) return undefined;
  const entry = JSON.parse(raw) as Entry;
  if (now - entry.at > CACHE_SECONDS * 1000) {
    sessionStorage.removeItem(PREFIX + key);
    return undefined;
  }
  return entry.value as T;
}

export function writeCache(key: string, tags: string[], value: unknown, now = Date.now()): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify({ at: now, tags, value } satisfies Entry));
  } catch {
    // A full session storage only costs a refetch; never fail the read for it.
  }
}

function cacheKeys(): string[] {
  return Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i)!).filter((k) => k.startsWith(PREFIX));
}

export function dropTable(table: string): void {
  for (const key of cacheKeys()) {
    const entry = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Entry | null;
    if (!entry || entry.tags.includes(table)) sessionStorage.removeItem(key);
  }
}

export function clearCache(): void {
  for (const key of cacheKeys()) sessionStorage.removeItem(key);
}
