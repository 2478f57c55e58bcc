/**
 * The response envelope and coded errors of the API contract (README,
 * "Architecture"): every answer is `{code, msg, data}`; HTTP status equals `code`
 * except 204, sent as HTTP 200 with `code: 204` so the body survives.
 * `msg` holds an i18n key (plus params) until the reply hook translates it into
 * the caller's language.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export class AppError extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503,
    /** i18n key, e.g. `errors.forbidden` */
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params?: Record<string, unknown>, data?: unknown) => new AppError(400, key, params, data);
export const unauthorized = (key = 'errors.unauthorized') => new AppError(401, key);
export const forbidden = (key = 'errors.forbidden') => new AppError(403, key);
export const notFound = (key = 'errors.not_found') => new AppError(404, key);

/** 200 with data (msg `ok`), or 204 "no data" when `data` is null/undefined. */
export function ok<T>(data: T, key = 'messages.ok'): Envelope<T | null> {
  return data === null || data === undefined ? { code: 204, msg: 'messages.no_data', data: null } : { code: 200, msg: key, data };
}

export const created = <T>(data: T, key = 'messages.created'): Envelope<T> => ({ code: 201, msg: key, data });
