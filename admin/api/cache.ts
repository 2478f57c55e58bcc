/**
 * Session-storage copy of GET reads, kept with the ETag the server
 * gave them: a read sends that ETag back (If-None-Match) and uses the copy
 * only when the server answers 304, so a reload shows writes made anywhere
 * (another operator, the API, a payment notification) while an unchanged
 * answer costs the server almost nothing and comes with no body. A copy lives
 * at most 600 s, and a write from this console to one of its tables drops it
 * at once. `auth-rules/mine` also depends on `users` (a user's groups live there).
 */
const PREFIX = 'paydesk.cache:';
export const CACHE_SECONDS = 600;

interface Entry {
  at: number;
  tags: string[];
  etag: string;
  value: unknown;
}

export interface Held<T> {
  etag: string;
  value: T;
}

/** Tables a GET path depends on: its own, plus the extra ones some reads join. */
export function cacheTags(path: string): string[] {
  const table = path.split('/')[0]!;
  return path === 'auth-rules/mine' ? [table, 'users', 'auth-group'] : [table];
}

export function readCache<T>(key: string, now = Date.now()): Held<T> | undefined {
  const raw = sessionStorage.getItem(PREFIX + key);
  if (!raw) return undefined;
  const entry = JSON.parse(raw) as Partial<Entry>;
  if (!entry.etag || now - (entry.at ?? 0) > CACHE_SECONDS * 1000) {
    sessionStorage.removeItem(PREFIX + key);
    return undefined;
  }
  return { etag: entry.etag, value: entry.value as T };
}

export function writeCache(key: string, tags: string[], etag: string, value: unknown, now = Date.now()): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify({ at: now, tags, etag, value } satisfies Entry));
  } catch {
    // A full session storage only costs a full read; never fail the read for it.
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
