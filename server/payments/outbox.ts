/**
 * The outbox deliverer (issue 13 item 4): sends each `callbacks` row, signed
 * with Standard Webhooks, to its order's notifyUrl. Any instance may send a
 * row once it has claimed it with a conditional update that sets a lease, so
 * two instances never send the same row at the same time, and a row whose
 * sender died is taken again when the lease ends; an instance sends several
 * at once, so one merchant that hangs does not hold up the others. Network errors, 5xx, 408
 * and 429 are tried again with growing waits (10 tries over about 23 hours);
 * 410 means the merchant wants no more (`gone`); another 4xx is final
 * (`failed`). Every try is kept on the row: status code, duration, error.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Kysely } from 'kysely';
import { lostRace, retryLostRaces } from '../db/races';
import { PrivateDestinationError, type Destinations } from './destinations';
import { type Clock } from './transitions';

/** Seconds to wait after the n-th failed try (n = 1…9); the 10th failure is final. */
export const BACKOFF_SECONDS = [10, 30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600] as const;
export const MAX_TRIES = BACKOFF_SECONDS.length + 1;
/** Longer than any send can take (the timeout is at most 60 s). */
export const LEASE_SECONDS = 120;
const MAX_ATTEMPTS_KEPT = 20;
/** Callbacks one instance sends at once: a merchant that hangs until the timeout holds up one of them, not every other merchant's. */
export const SENDS_AT_ONCE = 8;

export interface Attempt {
  at: number;
  /** HTTP status, 0 when no answer came. */
  code: number;
  ms: number;
  error?: string;
  /** Not sent: the destination is not a public address (destinations.ts). */
  refused?: true;
  next?: number;
}

export interface OutboxOptions {
  db: Kysely<any>;
  clock: Clock;
  /** pay.toml `callback`: the signing secret and the timeout in seconds. */
  settings(): { secret: string; timeout: number };
  /** After a row changed (its list and the order's dialog read it uncached, but a listener may care). */
  changed?(id: number): void;
  /** Connects only where callbacks may go (destinations.ts). */
  fetch: Destinations['fetch'];
}

type Verdict = 'delivered' | 'gone' | 'failed' | 'retry';
const verdictOf = (code: number): Verdict =>
  code >= 200 && code < 300 ? 'delivered'
    : code === 410 ? 'gone'
      : code === 0 || code >= 500 || code === 408 || code === 429 ? 'retry'
        : 'failed';

export class Outbox {
  private readonly instance = randomBytes(6).toString('hex');
  private claims = 0;

  constructor(private readonly o: OutboxOptions) {}

  /** Claims and sends what is due; answers how many rows this call sent (whatever the answer). */
  async deliverDue(limit = 20): Promise<number> {
    const now = this.o.clock();
    const due = await this.o.db.selectFrom('callbacks').select('id')
      .where('state', '=', 'pending').where('nextTime', '<=', now).where('leaseUntil', '<=', now)
      .orderBy('nextTime').orderBy('id').limit(limit).execute();
    let sent = 0;
    let next = 0;
    const sender = async () => {
      while (next < due.length) {
        const { id } = due[next++]!;
        const lease = await this.claim(id);
        if (!lease) continue;
        await this.send(id, lease);
        sent++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, due.length) }, sender));
    return sent;
  }

  private async claim(id: number): Promise<string | undefined> {
    const now = this.o.clock();
    // Stryker disable next-line UpdateOperator: counting down gives each claim its own token as surely; only that they differ matters
    const owner = `${this.instance}:${++this.claims}`;
    try {
      const result = await this.o.db.updateTable('callbacks').set({ leaseUntil: now + LEASE_SECONDS, leaseOwner: owner })
        .where('id', '=', id).where('state', '=', 'pending').where('nextTime', '<=', now).where('leaseUntil', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? owner : undefined;
    } catch (error) {
      // Another instance claiming rows at the same moment: leave this one to it, or to the next look.
      if (lostRace(error)) return undefined;
      throw error;
    }
  }

  /**
   * Sends one signed message as a callback is sent (same headers, secret,
   * timeout and address rule) and answers what came back: the operator's
   * "send test callback". `keep` bytes of the answer's body are read.
   */
  async post(url: string, messageId: string, payload: string, signers: number | string[], keep = 0) {
    const { timeout } = this.o.settings();
    const secrets = typeof signers === 'number' ? await this.secretsOf(signers) : signers;
    const started = performance.now();
    let code = 0;
    let body = '';
    let error: string | undefined;
    let refused = false;
    try {
      const at = new Date();
      const response = await this.o.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Paydesk-Webhooks/1',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          // Standard Webhooks takes several signatures, space-separated: a rolled secret's overlap signs with both.
          'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, payload)).join(' '),
        },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeout * 1000),
      });
      code = response.status;
      if (keep > 0 && response.body) {
        const reader = response.body.getReader();
        const chunks: Uint8Array[] = [];
        let size = 0;
        while (size < keep) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          size += value.length;
        }
        await reader.cancel();
        body = Buffer.concat(chunks).subarray(0, keep).toString('utf8');
      } else {
        await response.body?.cancel();
      }
    } catch (e) {
      const cause = (e as Error).cause ?? e;
      // A destination callbacks may not reach will not become one: final at the first try.
      refused = cause instanceof PrivateDestinationError;
      error = String(cause).slice(0, 200);
    }
    return { code, ms: Math.round(performance.now() - started), body, error, refused };
  }

  /**
   * What signs a merchant's callbacks: his own secret (and, while a roll
   * overlaps, the one before it), else the site's from pay.toml, so merchants
   * who never asked for their own keep verifying as before.
   */
  private signers(own: { secret?: string | null; previous?: string | null; previousUntil?: number | null } | undefined): string[] {
    if (!own?.secret) return [this.o.settings().secret];
    return [own.secret, ...(own.previous && Number(own.previousUntil) > this.o.clock() ? [own.previous] : [])];
  }

  async secretsOf(uid: number): Promise<string[]> {
    const own = uid > 0
      ? await this.o.db.selectFrom('callback_secrets').select(['secret', 'previous', 'previousUntil']).where('merchant', '=', uid).executeTakeFirst()
      : undefined;
    return this.signers(own);
  }

  private async send(id: number, owner: string) {
    // The row and its merchant's secrets in one read: a callback costs no second query.
    const row = await this.o.db.selectFrom('callbacks')
      .leftJoin('callback_secrets', 'callback_secrets.merchant', 'callbacks.uid')
      .select(['callbacks.messageId', 'callbacks.url', 'callbacks.payload', 'callbacks.tries', 'callbacks.attempts',
        'callback_secrets.secret', 'callback_secrets.previous', 'callback_secrets.previousUntil'])
      .where('callbacks.id', '=', id).executeTakeFirstOrThrow();
    const { code, ms, error, refused } = await this.post(row.url, row.messageId, row.payload, this.signers(row));
    const now = this.o.clock();
    const tries = Number(row.tries) + 1;
    let verdict = refused ? 'failed' : verdictOf(code);
    if (verdict === 'retry' && tries >= MAX_TRIES) verdict = 'failed';
    const next = verdict === 'retry' ? now + BACKOFF_SECONDS[tries - 1]! : 0;
    const previous = (typeof row.attempts === 'string' ? JSON.parse(row.attempts) : row.attempts ?? []) as Attempt[];
    const attempt: Attempt = { at: now, code, ms, ...(error && { error }), ...(refused && { refused: true }), ...(next && { next }) };
    // What the merchant answered must be kept, or the row would be sent again when its lease ends.
    await retryLostRaces(() => this.o.db.updateTable('callbacks').set({
      state: verdict === 'retry' ? 'pending' : verdict,
      tries, lastCode: code, nextTime: next, leaseUntil: 0, leaseOwner: '',
      attempts: JSON.stringify([...previous, attempt].slice(-MAX_ATTEMPTS_KEPT)),
      ...(verdict === 'delivered' && { deliveredTime: now }),
      updateTime: now,
    }).where('id', '=', id).where('leaseOwner', '=', owner).execute());
    this.o.changed?.(id);
  }
}
