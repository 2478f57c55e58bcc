/**
 * The signed-in session as the browser keeps it:
 * the token in localStorage and in a `token` cookie (7 days, SameSite=Strict),
 * the user beside it. One place to read, write and forget them.
 */
export interface SessionUser {
  id: number;
  account?: string;
  nickname?: string;
  avatar?: string;
  [key: string]: unknown;
}

const TOKEN_KEY = 'paydesk.token';
const USER_KEY = 'paydesk.user';
const TOKEN_COOKIE = 'token';
const WEEK_SECONDS = 7 * 24 * 3600;

export function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((part) => part.startsWith(name + '='));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Strict`;
}

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);

/** The expiry (epoch seconds) a JWT states, or null when the text is no JWT. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/**
 * The stored token when it can still be a session: a JWT whose expiry lies
 * ahead. Garbage or an expired token counts as signed out and is forgotten,
 * so no page treats it as a sign-in (the server has the last word on the rest).
 */
export function sessionToken(now = Date.now()): string | null {
  const token = getToken();
  if (!token) return null;
  const expiry = tokenExpiry(token);
  if (expiry !== null && expiry * 1000 > now) return token;
  clearSession();
  return null;
}

export function getUser(): SessionUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as SessionUser | null;
  } catch {
    return null;
  }
}

export function saveSession(token: string | null, user: SessionUser): void {
  if (token) {
    localStorage.setItem(TOKEN_KEY, token);
    writeCookie(TOKEN_COOKIE, token, WEEK_SECONDS);
  }
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  writeCookie(TOKEN_COOKIE, '', 0);
}
