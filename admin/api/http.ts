/**
 * The one way the console talks to `/api`: adds the
 * token, signs when the server asks for it, revalidates cached GET reads
 * (cache.ts) with the server's ETag, counts requests
 * for the overlay and turns any envelope with a 4xx/5xx code into an ApiError
 * whose message is the server's (already translated) `msg`.
 */
import { track } from './activity';
import { cacheTags, dropTable, readCache, writeCache } from './cache';
import { getToken } from './session';
import { signatureHeaders, type Params } from './signing';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: Envelope,
  ) {
    super(message);
  }
}

/** SIGN_IN_UP as the account pages need it (server `comm/init`). */
export interface AccountPolicy {
  signIn: 'loose' | 'strict';
  signUp: boolean;
  invite: 'close' | 'open' | 'force';
}

export interface ApiInit {
  publicKey: string;
  sign: boolean;
  signKey: string | null;
  account?: AccountPolicy;
  /** The largest page a list may ask for (SYSTEM_SAFETY_API.paging). */
  pageLimit?: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface CallOptions {
  query?: Params;
  body?: Params;
  /** GET only: keep the answer in the session cache and revalidate it with its ETag (cache.ts), so an unchanged list costs a 304. */
  cache?: boolean;
  /** Sent as `Idempotency-Key`: the same key again (a retry after a lost answer) gets the first answer, not a second refund. */
  idempotencyKey?: string;
}

const TIMEOUT_MS = 300_000;

let initPromise: Promise<ApiInit> | undefined;
/** The server's public key and signing policy, fetched once per page (and again after it changed). */
export function apiInit(): Promise<ApiInit> {
  initPromise ??= rawCall<ApiInit>('GET', 'comm/init', {}).then((e) => e.data);
  initPromise.catch(() => (initPromise = undefined));
  return initPromise;
}

/**
 * Signing can be turned on (or its key changed) while consoles are open, in
 * this tab or another. Every tab of this site hears a change made here at once;
 * any other console learns it from the server's refusal (see `rawCall`).
 */
const policyChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('paydesk.api-init') : null;
policyChannel?.addEventListener('message', () => (initPromise = undefined));

/** Call after saving a setting that changes how calls are signed: the next call reads the policy afresh, here and in other tabs. */
export function apiPolicyChanged(): void {
  initPromise = undefined;
  policyChannel?.postMessage('changed');
}

/** Whether the signing policy the server states now differs from the one a call was made under. */
async function policyMovedOn(usedSign: boolean, usedKey: string | null): Promise<boolean> {
  initPromise = undefined;
  const fresh = await apiInit().catch(() => null);
  return fresh !== null && (fresh.sign !== usedSign || (fresh.sign && fresh.signKey !== usedKey));
}

export function queryString(query: Params = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, typeof value === 'string' ? value : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Stringified query values, as the server sees (and signs) them. */
const asSent = (query: Params = {}): Params =>
  Object.fromEntries(new URLSearchParams(queryString(query).slice(1)).entries());

/** The headers of a call, and the signing policy they follow (sign and key), so a refusal can tell whether the policy moved. */
async function signedHeaders(method: Method, path: string, query?: Params, body?: Params) {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let policy = { sign: false, signKey: null as string | null };
  if (path !== 'comm/init') {
    const init = await apiInit();
    policy = { sign: init.sign, signKey: init.signKey };
    if (init.sign && init.signKey) {
      Object.assign(headers, await signatureHeaders({ method, path: `/api/${path}`, query: asSent(query), body, signKey: init.signKey }));
    }
  }
  return { headers, policy };
}

export const authHeaders = async (method: Method, path: string, query?: Params, body?: Params) => (await signedHeaders(method, path, query, body)).headers;

type Answer<T> = { notModified: true } | { notModified: false; envelope: Envelope<T>; etag: string | null };

/** One request; with `ifNoneMatch`, a 304 (the held copy is current) comes back as `notModified`. */
async function send<T>(method: Method, path: string, options: CallOptions, ifNoneMatch?: string, retried = false): Promise<Answer<T>> {
  const { query, body } = options;
  const { headers, policy } = await signedHeaders(method, path, query, body);
  if (body) headers['Content-Type'] = 'application/json';
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(`/api/${path}${queryString(query)}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    // The session cache is the only copy: the browser's own cache would answer without asking.
    ...(method === 'GET' && { cache: 'no-store' as const }),
  });
  if (response.status === 304) return { notModified: true };
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.statusText || 'ra.notification.http_error', response.status);
  }
  // Refused for its signature under a policy that has since changed (signing turned on, a new key):
  // the server checks signatures before anything runs, so asking again, signed as it now says, is safe.
  if (envelope.code === 401 && path !== 'comm/init' && !retried && (await policyMovedOn(policy.sign, policy.signKey))) {
    return send<T>(method, path, options, ifNoneMatch, true);
  }
  if (envelope.code >= 400) throw new ApiError(envelope.msg, envelope.code, envelope);
  return { notModified: false, envelope, etag: response.headers.get('etag') };
}

async function rawCall<T>(method: Method, path: string, options: CallOptions): Promise<Envelope<T>> {
  const answer = await send<T>(method, path, options);
  if (answer.notModified) throw new ApiError('ra.notification.http_error', 304);
  return answer.envelope;
}

/** `path` is below `/api/`, e.g. `users/rows`. */
export async function call<T = unknown>(method: Method, path: string, options: CallOptions = {}): Promise<Envelope<T>> {
  if (method !== 'GET') {
    const envelope = await track(rawCall<T>(method, path, options));
    dropTable(path.split('/')[0]!);
    return envelope;
  }
  if (!options.cache) return track(rawCall<T>(method, path, options));
  const cacheKey = `${path}${queryString(options.query)}`;
  const held = readCache<Envelope<T>>(cacheKey);
  const answer = await track(send<T>(method, path, options, held?.etag));
  // A 304 only answers a request that carried the copy's ETag.
  if (answer.notModified) return held!.value;
  const { envelope, etag } = answer;
  if (etag && envelope.code === 200) writeCache(cacheKey, cacheTags(path), etag, envelope);
  return envelope;
}

/** Streams a GET answer (CSV export) into a file the browser saves. */
export async function download(path: string, query: Params, fileName: string): Promise<void> {
  const response = await track(
    fetch(`/api/${path}${queryString(query)}`, { headers: await authHeaders('GET', path, query), signal: AbortSignal.timeout(TIMEOUT_MS) }),
  );
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    throw new ApiError(envelope?.msg ?? response.statusText, response.status, envelope ?? undefined);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Multipart upload with progress (fetch cannot report upload progress, XHR can). */
export async function upload(file: File, onProgress: (percent: number) => void): Promise<string> {
  const headers = await authHeaders('POST', 'file/upload');
  const form = new FormData();
  form.append('file', file);
  return track(
    new Promise<string>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/file/upload');
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
      xhr.onerror = () => reject(new ApiError('admin.upload.error', 0));
      xhr.onload = () => {
        let envelope: Envelope<{ path: string }> | null = null;
        try {
          envelope = JSON.parse(xhr.responseText || 'null');
        } catch {
          // Not our envelope (a proxy's HTML error page): fall through to "upload failed".
        }
        if (envelope && envelope.code < 300) resolve(envelope.data.path);
        else reject(new ApiError(envelope?.msg || 'admin.upload.failed', envelope?.code ?? xhr.status, envelope ?? undefined));
      };
      xhr.send(form);
    }),
  );
}
