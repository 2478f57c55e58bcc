/**
 * Two-factor sign-in: TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step of
 * clock drift either way) and one-time recovery codes, plus what binds the two
 * steps of a sign-in together and what slows guessing.
 *
 * - A code is accepted once: each accepted time step is claimed atomically in
 *   the shared cache (two requests racing with one code: one wins), and no step
 *   at or before the last accepted one counts, so a code seen over a shoulder
 *   is worthless once used.
 * - Recovery codes carry 50 random bits each, so a plain SHA-256 is enough
 *   (a slow hash would cost ten verifications per try); only hashes are kept.
 * - A challenge is what the password step hands out instead of a token: an
 *   unguessable handle, kept in the cache for five minutes, naming the user
 *   and whether a code or an enrolment must follow.
 * - Wrong codes are counted per account, whatever the address: whoever tries
 *   them already holds the password, so guessing from many machines must not
 *   help. After 5 misses in 15 minutes each try waits 30 s, doubling up to 15
 *   minutes; a right code clears the count.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AppError } from '../http';
import type { KeyValueCache } from '../types';

export const TOTP_PERIOD = 30;
const TOTP_WINDOW = 1;
export const CHALLENGE_SECONDS = 5 * 60;
/** How long a key offered for enrolment waits for its confirming code. */
export const PENDING_SECONDS = 10 * 60;
export const RECOVERY_COUNT = 10;
export const MFA_THROTTLE = { windowSeconds: 15 * 60, free: 5, firstWaitSeconds: 30, maxWaitSeconds: 15 * 60 } as const;

/** Without 0, 1, 8 and O, I, B: a code copied from paper is read one way only. */
const RECOVERY_ALPHABET = 'ACDEFGHJKLMNPQRSTUVWXYZ2345679';
const RECOVERY_HALF = 5;

// Stryker disable next-line ObjectLiteral: equivalent; 20 bytes (160 bits, RFC 4226's recommendation) is otpauth's default too, written here so a change of that default changes nothing
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export function totpOf(secret: string, account: string, issuer: string) {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD });
}

/** The time step a 6-digit code matches (within the drift allowed), or null. */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  // Stryker disable next-line ConditionalExpression,Regex: equivalent; otpauth refuses a token of another length and compares the rest to its own digits, this only spares it the work
  if (!/^\d{6}$/.test(code)) return null;
  // Stryker disable next-line StringLiteral: equivalent; the label and issuer name the key in an app and take no part in its codes
  const totp = totpOf(secret, '', '');
  const delta = totp.validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD, timestamp: nowMs }) + delta;
}

/** The code of the current step: for tests and nothing else on the server. */
// Stryker disable next-line StringLiteral: equivalent; as in matchTotp, the label and issuer take no part in codes
export const totpNow = (secret: string, nowMs: number) => totpOf(secret, '', '').generate({ timestamp: nowMs });

const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
export const hashRecovery = (code: string) => createHash('sha256').update(normaliseRecovery(code)).digest('hex');
// Stryker disable next-line ConditionalExpression: equivalent; a code of another shape matches no stored hash either, this only spares the read of them
export const isRecoveryShaped = (code: string) => normaliseRecovery(code).length === RECOVERY_HALF * 2;

export function newRecoveryCodes(): { codes: string[]; stored: string } {
  const half = () => Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  const codes = Array.from({ length: RECOVERY_COUNT }, () => `${half()}-${half()}`);
  return { codes, stored: joinHashes(codes.map(hashRecovery)) };
}

// Stryker disable next-line MethodExpression: equivalent; the empty ends of '|a|b|' are no SHA-256 hash, so no code ever matches them
export const splitHashes = (stored: string) => stored.split('|').filter(Boolean);
// Stryker disable next-line StringLiteral: equivalent; what stands for no codes left only has to match no code's hash, and is never shown
export const joinHashes = (hashes: readonly string[]) => (hashes.length ? `|${hashes.join('|')}|` : '');

export type ChallengeKind = 'code' | 'enrol';
export interface Challenge { uid: number; kind: ChallengeKind }

// Stryker disable next-line StringLiteral: equivalent; a cache key only has to be the same for the same handle (without an encoding the digest is read as text)
const hashed = (text: string) => createHash('sha256').update(text).digest('base64url');

const pendingKey = (uid: number, session: string) => `mfa:pending:${uid}:${hashed(session)}`;

/** Challenges, pending enrolments, spent time steps and the code throttle, all in the shared cache. */
export class MfaStore {
  constructor(private readonly cache: () => KeyValueCache, private readonly now: () => number) {}

  async openChallenge(uid: number, kind: ChallengeKind): Promise<{ mfaToken: string; expired: number }> {
    const mfaToken = `mfa_${randomBytes(24).toString('base64url')}`;
    // Only the handle's hash is a key: a dump of the cache holds no usable challenge.
    await this.cache().set(`mfa:ch:${hashed(mfaToken)}`, { uid, kind } satisfies Challenge, CHALLENGE_SECONDS);
    return { mfaToken, expired: Math.floor(this.now() / 1000) + CHALLENGE_SECONDS };
  }

  async challenge(mfaToken: unknown): Promise<Challenge | undefined> {
    // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,MethodExpression,EqualityOperator,BooleanLiteral: equivalent through the routes, whose schema admits only strings of at most 64 characters, and a handle not made here is the hash of no stored challenge; this only spares a cache read
    if (typeof mfaToken !== 'string' || !mfaToken.startsWith('mfa_') || mfaToken.length > 64) return undefined;
    return this.cache().get<Challenge>(`mfa:ch:${hashed(mfaToken)}`);
  }

  closeChallenge(mfaToken: string) {
    return this.cache().del(`mfa:ch:${hashed(mfaToken)}`);
  }

  /**
   * The key offered to `uid` in one session (a token's id, or an enrolment
   * challenge): the same one until confirmed or expired, so a reload shows
   * one QR code; another session of the same user, a copied one too, is
   * offered its own and never learns this one.
   */
  async pendingSecret(uid: number, session: string): Promise<string> {
    const known = await this.offeredSecret(uid, session);
    if (known) return known;
    const secret = newTotpSecret();
    await this.cache().set(pendingKey(uid, session), secret, PENDING_SECONDS);
    return secret;
  }

  offeredSecret(uid: number, session: string) {
    return this.cache().get<string>(pendingKey(uid, session));
  }

  // Stryker disable next-line BlockStatement: equivalent; a key is offered only while 2FA is off, and a reset that turns it off ends the sessions it was offered to (a challenge is closed on enrolment); this only frees the entry early
  dropPending(uid: number, session: string) {
    return this.cache().del(pendingKey(uid, session));
  }

  /** Claims a time step for `uid`: false when it, or a later one, was used already. */
  async spendStep(uid: number, step: number): Promise<boolean> {
    // Stryker disable next-line UnaryOperator: equivalent; any start below today's step (some 59 million) lets the first code through
    const last = (await this.cache().get<number>(`mfa:last:${uid}`)) ?? -1;
    // Stryker disable next-line EqualityOperator: equivalent; the very step last used is refused by its claim below as well
    if (step <= last) return false;
    // Longer than any step a code can match stays matchable (the drift either way, and the step itself).
    // Stryker disable next-line ArithmeticOperator: a shorter keep is refused by the replay 20 s on (mfa-sign-in.test.ts); a longer one only holds the marks longer, and 2 / 1 is 2 * 1
    const keep = TOTP_PERIOD * (2 * TOTP_WINDOW + 2);
    if (!(await this.cache().add(`mfa:step:${uid}:${step}`, 1, keep))) return false;
    await this.cache().set(`mfa:last:${uid}`, step, keep);
    return true;
  }

  /** 429 with the seconds left while the account waits after wrong codes. */
  async admit(uid: number) {
    const until = (await this.cache().get<number>(`mfa:wait:${uid}:until`)) ?? 0;
    const seconds = Math.ceil((until - this.now()) / 1000);
    // Stryker disable next-line EqualityOperator: equivalent; the mark lives exactly as long as the wait, so when no second is left it is gone
    if (seconds > 0) throw new AppError(429, 'errors.mfa_wait', { seconds });
  }

  async failed(uid: number) {
    const { windowSeconds, free, firstWaitSeconds, maxWaitSeconds } = MFA_THROTTLE;
    const misses = await this.cache().incr(`mfa:wait:${uid}`, windowSeconds);
    if (misses < free) return;
    const wait = Math.min(firstWaitSeconds * 2 ** (misses - free), maxWaitSeconds);
    await this.cache().set(`mfa:wait:${uid}:until`, this.now() + wait * 1000, wait);
  }

  async succeeded(uid: number) {
    await Promise.all([
      this.cache().del(`mfa:wait:${uid}`),
      // Stryker disable next-line StringLiteral: equivalent; admit let this code through, so the wait this held is over
      this.cache().del(`mfa:wait:${uid}:until`),
    ]);
  }
}
