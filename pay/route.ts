/**
 * Hash routing without a router library: the pay side has three pages, so a
 * subscription to `hashchange` and a parser are all it needs.
 */
import { useMemo, useSyncExternalStore } from 'react';

export interface HashRoute {
  /** Normalised path: `/`, `/pay/emit`, … (no trailing slash). */
  path: string;
  query: URLSearchParams;
}

/** `#/pay/emit/?tradeNo=x` -> `{ path: '/pay/emit', query: tradeNo=x }` */
export function parseHash(hash: string): HashRoute {
  const body = hash.replace(/^#/, '');
  const at = body.indexOf('?');
  const rawPath = at < 0 ? body : body.slice(0, at);
  return {
    path: `/${rawPath.split('/').filter(Boolean).join('/')}`,
    query: new URLSearchParams(at < 0 ? '' : body.slice(at + 1)),
  };
}

function subscribe(onChange: () => void): () => void {
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
}

/** The current route and the raw hash (a stable key: a new tradeNo is a new page). */
export function useHashRoute(): HashRoute & { hash: string } {
  const hash = useSyncExternalStore(subscribe, () => location.hash);
  return useMemo(() => ({ ...parseHash(hash), hash }), [hash]);
}
