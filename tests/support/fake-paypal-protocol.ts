/**
 * The wire rules of PayPal's REST API that the fake in fake-paypal.ts
 * enforces, so a client that passes against it speaks to PayPal the same way:
 * OAuth2 client credentials (Basic auth, a form body) for a bearer token that
 * expires, JSON bodies, PayPal's error shape (`name`, `message`, `details`
 * with an `issue`), `PayPal-Request-Id` (the same id answers the stored
 * answer), and amounts as strings with each currency's own decimals.
 * Webhooks are signed over `transmission id|time|webhook id|crc32(body)`,
 * as PayPal signs them (here with an HMAC only the fake holds, where PayPal
 * uses its certificate's key; the app can only check it by asking the fake).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PAYPAL_CURRENCIES } from '../../schema/providers/paypal';

/** A PayPal error answer: `{name, message, details: [{issue, description}], debug_id}` with its HTTP status. */
export class PayPalFault extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly issue?: string) {
    super(message);
  }
  body() {
    return {
      name: this.code, message: this.message, debug_id: randomBytes(6).toString('hex'),
      ...(this.issue && { details: [{ issue: this.issue, description: this.message }] }),
    };
  }
}
export const unprocessable = (issue: string, message: string) => new PayPalFault(422, 'UNPROCESSABLE_ENTITY', message, issue);
export const invalidRequest = (issue: string, message: string) => new PayPalFault(400, 'INVALID_REQUEST', message, issue);

export const paypalId = (length = 17) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(raw: string): Record<string, any> {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    // Refused below.
  }
  throw new PayPalFault(400, 'MALFORMED_REQUEST', 'The request JSON is not well formed.', 'MALFORMED_REQUEST_JSON');
}

/** Checks an amount as PayPal does: a known currency, a string value with exactly its decimals (or none). */
export function checkAmount(amount: { currency_code?: unknown; value?: unknown } | undefined, field: string): { currency: string; value: number } {
  const currency = String(amount?.currency_code ?? '');
  const decimals = PAYPAL_CURRENCIES[currency];
  if (decimals === undefined) throw unprocessable('CURRENCY_NOT_SUPPORTED', `${field}: currency ${currency} is not supported.`);
  if (typeof amount?.value !== 'string') throw invalidRequest('INVALID_PARAMETER_SYNTAX', `${field}.value must be a string.`);
  const pattern = decimals === 0 ? /^\d{1,10}$/ : /^\d{1,10}(\.\d{1,2})?$/;
  if (!pattern.test(amount.value)) throw unprocessable('DECIMAL_PRECISION', `${field}.value ${amount.value} has more decimals than ${currency} takes (${decimals}).`);
  return { currency, value: Number(amount.value) };
}

/** The client that a `Basic` header names, or a 401 worded as PayPal words it. */
export function basicClient(req: IncomingMessage, clients: ReadonlyMap<string, string>): string {
  const m = /^Basic (\S+)$/.exec(req.headers.authorization ?? '');
  const [id, secret] = m ? Buffer.from(m[1]!, 'base64').toString('utf8').split(':') : [];
  if (!id || clients.get(id) !== secret) throw Object.assign(new PayPalFault(401, 'invalid_client', 'Client Authentication failed'), { oauth: true });
  return id;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** CRC-32 of the body's bytes, in decimal, as PayPal's signed string holds it. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The signature of one transmission: what only the fake (PayPal) can make. */
export const transmissionSignature = (key: string, transmissionId: string, time: string, webhookId: string, body: string) =>
  createHmac('sha256', key).update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`).digest('base64');

interface Stored { status: number; body: unknown }

/**
 * `PayPal-Request-Id`: a write sent again with the same id (per client and
 * endpoint) answers what the first one answered, and does nothing again; one
 * arriving while the first is in progress waits for it.
 */
export class RequestIds {
  private readonly stored = new Map<string, Promise<Stored>>();
  replays = 0;
  async run(key: string | undefined, work: () => Promise<Stored>): Promise<Stored & { replayed: boolean }> {
    if (!key) return { ...(await work()), replayed: false };
    const earlier = this.stored.get(key);
    if (earlier) {
      this.replays++;
      return { ...(await earlier), replayed: true };
    }
    const pending = work().catch((error: unknown) => {
      // A refusal is stored like an answer; a failure that said nothing (the fake told to fail) may be tried again.
      if (error instanceof PayPalFault && error.status < 500) return { status: error.status, body: error.body() };
      this.stored.delete(key);
      throw error;
    });
    this.stored.set(key, pending);
    return { ...(await pending), replayed: false };
  }
}
