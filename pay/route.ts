/**
 * Hash routing without a router library: the pay side has three pages, so a
 * subscription to `hashchange` and a parser are all it needs.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { parseHash, type HashRoute } from './hash';

function subscribe(onChange: () => void): () => void {
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
}

/** The current route and the raw hash (a stable key: a new tradeNo is a new page). */
export function useHashRoute(): HashRoute & { hash: string } {
  const hash = useSyncExternalStore(subscribe, () => location.hash);
  return useMemo(() => ({ ...parseHash(hash), hash }), [hash]);
}
