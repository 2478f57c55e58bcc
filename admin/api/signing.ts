/**
 * Request signing: when the API asks for it, every call
 * carries X-Timestamp, X-Nonce and X-Sign = hex HMAC-SHA256(signKey,
 * METHOD \n path \n canonical \n timestamp \n nonce). WebCrypto only, so the
 * same code runs in the browser and in the unit tests.
 */
export type Params = Record<string, unknown>;

/** Query and top-level body fields merged, sorted by key, `k=v` joined by `&`; undefined left out. */
export function canonicalParams(...sources: Array<Params | undefined>): string {
  const merged: Params = Object.assign({}, ...sources.filter(Boolean));
  return Object.keys(merged)
    .filter((key) => merged[key] !== undefined)
    .sort()
    .map((key) => {
      const value = merged[key];
      return `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;
    })
    .join('&');
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function hmacHex(key: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

export interface SignInput {
  method: string;
  path: string;
  query?: Params;
  body?: Params;
  signKey: string;
  /** Injected by tests; defaults to now and a random nonce. */
  timestamp?: number;
  nonce?: string;
}

export async function signatureHeaders(input: SignInput): Promise<Record<string, string>> {
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? hex(crypto.getRandomValues(new Uint8Array(16)).buffer);
  const message = [input.method.toUpperCase(), input.path, canonicalParams(input.query, input.body), timestamp, nonce].join('\n');
  return { 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Sign': await hmacHex(input.signKey, message) };
}
