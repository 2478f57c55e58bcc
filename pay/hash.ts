/** Hash routes of the pay side, parsed without React (the front door uses this too). */
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
