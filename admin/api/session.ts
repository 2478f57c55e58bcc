/**
 * The signed-in session as the browser keeps it (SPEC §3 "Session user", §4):
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
