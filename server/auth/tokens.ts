/**
 * JWTs through @fastify/jwt: HS256 with the key, issuer, subject and expiry of
 * `config/crypt.toml` read at every call (a changed key applies at once), a
 * `jti` per token, and revocation through the shared cache: sign-out
 * denylists the `jti` until the token would expire anyway. `revokeAll`
 * ends every token of a user issued before a moment (a new sign-in under
 * `sign_in.unique`, a password reset): tokens carry their issue time in
 * milliseconds (`at`) and are refused when older than the user's mark.
 */
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance } from 'fastify';
import type { KeyValueCache } from '../types';

export interface JwtSettings {
  key: string;
  issuer: string;
  subject: string;
  /** Seconds a token lives. */
  expired: number;
}

export interface TokenClaims {
  uid: number;
  jti: string;
  exp: number;
  /** Issue time in ms: finer than `iat`, so a sign-in in the same second still revokes the one before. */
  at?: number;
}

export class Tokens {
  private readonly verified = new LRUCache<string, { under: string; claims: TokenClaims }>({ max: 10_000 });

  constructor(
    private readonly app: FastifyInstance,
    private readonly cache: () => KeyValueCache,
    private readonly settings: () => JwtSettings,
  ) {}

  async issue(uid: number, opts: { unique?: boolean } = {}): Promise<{ no: string; expired: number; jti: string }> {
    const s = this.settings();
    const jti = randomUUID();
    // The app's clock (AppOptions.clock), so a test moves time rather than waiting for a token to expire.
    const at = this.app.clock();
    if (opts.unique) await this.revokeAll(uid, at);
    // Stryker disable next-line StringLiteral: equivalent; given no algorithm, fast-jwt picks HS256 for a text key
    const no = this.app.jwt.sign({ uid, at }, { key: s.key, algorithm: 'HS256', iss: s.issuer, sub: s.subject, jti, expiresIn: s.expired, clockTimestamp: at });
    const expired = Math.floor(at / 1000) + s.expired;
    return { no, expired, jti };
  }

  /** Claims of a valid, unrevoked token; null for anything else (expired, tampered, alg none, other key, revoked). */
  async verify(token: string): Promise<TokenClaims | null> {
    const claims = this.signedClaims(token);
    if (!claims) return null;
    const cache = this.cache();
    if (await cache.get(`jwt:deny:${claims.jti}`)) return null;
    // Stryker disable next-line LogicalOperator: equivalent; a number compared with undefined is never less, as with 0
    const since = (await cache.get<number>(`jwt:since:${claims.uid}`)) ?? 0;
    // A token without an issue time is older than any mark.
    if ((claims.at ?? 0) < since) return null;
    return claims;
  }

  /**
   * The claims of a token whose signature, algorithm, issuer, subject and
   * expiry hold under the current settings. The same token arrives with every
   * call of a session, so a verified one is remembered (under the settings it
   * was verified with) until it expires; revocation is still checked per call.
   */
  private signedClaims(token: string): TokenClaims | null {
    const s = this.settings();
    const under = `${s.key}\n${s.issuer}\n${s.subject}`;
    const known = this.verified.get(token);
    // Stryker disable next-line EqualityOperator: equivalent; in its last millisecond fast-jwt still takes the token too
    if (known && known.under === under && known.claims.exp * 1000 > this.app.clock()) return known.claims;
    let claims: TokenClaims & { iss?: string; sub?: string };
    try {
      claims = this.app.jwt.verify(token, { key: s.key, algorithms: ['HS256'], allowedIss: s.issuer, allowedSub: s.subject, clockTimestamp: this.app.clock() });
    } catch {
      return null;
    }
    if (!Number.isSafeInteger(claims.uid) || typeof claims.jti !== 'string' || !Number.isFinite(claims.exp)) return null;
    this.verified.set(token, { under, claims });
    return claims;
  }

  /** Ends every token of the user issued before `since` (kept as long as a token can live). */
  async revokeAll(uid: number, since = this.app.clock()) {
    await this.cache().set(`jwt:since:${uid}`, since, this.settings().expired);
  }

  async revoke(claims: Pick<TokenClaims, 'jti' | 'exp'>) {
    const now = Math.floor(this.app.clock() / 1000);
    // Stryker disable next-line ArithmeticOperator: a longer wait only keeps an expired token's entry longer
    const ttl = Math.max(1, claims.exp - now);
    await this.cache().set(`jwt:deny:${claims.jti}`, 1, ttl);
  }
}

/**
 * The users whose sessions a write to `users` ends: a new password (whoever
 * set it: an operator's reset must lock out whoever knew the old one), a ban,
 * and a move to the recycle bin or deletion (so a restore or an unban does
 * not bring old tokens back to life).
 */
export function sessionsEndedBy(table: string, changes: ReadonlyArray<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>): number[] {
  if (table !== 'users') return [];
  return changes.filter(({ before, after }) => before && (
    // A move to the recycle bin and a deletion leave no row after.
    !after
    || after.password !== before.password
    // A user banned already has no session left to end: no need to tell a new ban from an old one.
    || after.status === 'banned'
  )).map(({ before }) => Number(before!.id));
}

/** `Authorization: Bearer <jwt>` (the scheme in any case, RFC 6750) or a `token` header. */
export function tokenOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const bearer = /^Bearer\s+(\S+)/i.exec(String(headers.authorization));
  if (bearer) return bearer[1];
  return headers.token ? String(headers.token) : undefined;
}
