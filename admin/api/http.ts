/**
 * The one way the console talks to `/api` (DESIGN "API contract"): adds the
 * token, signs when the server asks for it, caches GET reads, counts requests
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

export interface ApiInit {
  publicKey: string;
  sign: boolean;
  signKey: string | null;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface CallOptions {
  query?: Params;
  body?: Params;
  /** GET only: serve and keep the answer in the session cache (SPEC §7). */
  cache?: boolean;
}

const TIMEOUT_MS = 300_000;

let initPromise: Promise<ApiInit> | undefined;
/** The server's public key and signing policy, fetched once per page. */
export function apiInit(): Promise<ApiInit> {
  initPromise ??= rawCall<ApiInit>('GET', 'comm/init', {}).then((e) => e.data);
  initPromise.catch(() => (initPromise = undefined));
  return initPromise;
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

async function authHeaders(method: Method, path: string, query?: Params, body?: Params): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (path !== 'comm/init') {
    const init = await apiInit();
    if (init.sign && init.signKey) {
      Object.assign(headers, await signatureHeaders({ method, path: `/api/${path}`, query: asSent(query), body, signKey: init.signKey }));
    }
  }
  return headers;
}

async function rawCall<T>(method: Method, path: string, { query, body }: CallOptions): Promise<Envelope<T>> {
  const headers = await authHeaders(method, path, query, body);
  if (body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api/${path}${queryString(query)}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.statusText || 'ra.notification.http_error', response.status);
  }
  if (envelope.code >= 400) throw new ApiError(envelope.msg, envelope.code, envelope);
  return envelope;
}

/** `path` is below `/api/`, e.g. `users/rows`. */
export async function call<T = unknown>(method: Method, path: string, options: CallOptions = {}): Promise<Envelope<T>> {
  const cacheKey = `${path}${queryString(options.query)}`;
  if (method === 'GET' && options.cache) {
    const hit = readCache<Envelope<T>>(cacheKey);
    if (hit) return hit;
  }
  const envelope = await track(rawCall<T>(method, path, options));
  if (method === 'GET') {
    if (options.cache && envelope.code === 200) writeCache(cacheKey, cacheTags(path), envelope);
  } else {
    dropTable(path.split('/')[0]!);
  }
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
