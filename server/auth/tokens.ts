/**
 * JWTs through @fastify/jwt: HS256 with the key, issuer, subject and expiry of
 * `config/crypt.toml` read at every call (a changed key applies at once), a
 * `jti` per token, and revocation through the shared cache: sign-out
 * denylists the `jti` until the token would expire anyway, and with
 * `sign_in.unique` only the newest token of a user stays valid.
 */
import { randomUUID } from 'node:crypto';
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
}

export class Tokens {
  constructor(
    private readonly app: FastifyInstance,
    private readonly cache: () => KeyValueCache,
    private readonly settings: () => JwtSettings,
  ) {}

  async issue(uid: number, opts: { unique?: boolean } = {}): Promise<{ no: string; expired: number; jti: string }> {
    const s = this.settings();
    const jti = randomUUID();
    const no = this.app.jwt.sign({ uid }, { key: s.key, algorithm: 'HS256', iss: s.issuer, sub: s.subject, jti, expiresIn: s.expired });
    const expired = Math.floor(Date.now() / 1000) + s.expired;
    if (opts.unique) await this.cache().set(`jwt:only:${uid}`, jti, s.expired);
    return { no, expired, jti };
  }

  /** Claims of a valid, unrevoked token; null for anything else (expired, tampered, alg none, other key, revoked). */
  async verify(token: string): Promise<TokenClaims | null> {
    const s = this.settings();
    let claims: TokenClaims & { iss?: string; sub?: string };
    try {
      claims = this.app.jwt.verify(token, { key: s.key, algorithms: ['HS256'], allowedIss: s.issuer, allowedSub: s.subject });
    } catch {
      return null;
    }
    if (!Number.isSafeInteger(claims.uid) || typeof claims.jti !== 'string') return null;
    const cache = this.cache();
    if (await cache.get(`jwt:deny:${claims.jti}`)) return null;
    const only = await cache.get<string>(`jwt:only:${claims.uid}`);
    if (only && only !== claims.jti) return null;
    return claims;
  }

  async revoke(claims: Pick<TokenClaims, 'jti' | 'exp'>) {
    const ttl = Math.max(1, claims.exp - Math.floor(Date.now() / 1000));
    await this.cache().set(`jwt:deny:${claims.jti}`, 1, ttl);
  }
}

/** `Authorization: Bearer <jwt>` or a `token` header. */
export function tokenOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '').trim() || undefined;
  return typeof headers.token === 'string' && headers.token ? headers.token : undefined;
}
