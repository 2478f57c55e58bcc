/**
 * The soak bench's merchant: verifies every callback with its own secret
 * (Standard Webhooks, as the README tells merchants to), answers 200 as a
 * shop's server would, and times each `order.completed` callback from the
 * moment its payment notification was sent (what a merchant waits for,
 * outbox included). A retried callback is counted once; one that does not
 * verify is refused (400) and counted as an error.
 */
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface Merchant {
  url: string;
  /** Distinct orders whose completion callback arrived since `reset`. */
  received(): number;
  /** One sample per callback: when it arrived (ms since the run started) and its delay. */
  samples(): Array<{ kind: 'callback'; at: number; ms: number }>;
  /** Callbacks whose signature did not verify. */
  forged(): number;
  /** The merchant's callback secret (`POST /api/callbacks/secret`), which every callback must verify with. */
  trust(secret: string): void;
  reset(paidAt: Map<string, number>, started: number): void;
  close(): Promise<void>;
}

export async function startMerchant(): Promise<Merchant> {
  let paidAt = new Map<string, number>();
  let started = performance.now();
  let seen = new Set<string>();
  let samples: Array<{ kind: 'callback'; at: number; ms: number }> = [];
  let webhook: Webhook | undefined;
  let forged = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const now = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        webhook?.verify(body, request.headers as Record<string, string>);
      } catch {
        forged++;
        response.statusCode = 400;
        response.end('bad signature');
        return;
      }
      try {
        const event = JSON.parse(body) as { type?: string; data?: { tradeNo?: string } };
        const tradeNo = event.data?.tradeNo;
        const paid = tradeNo ? paidAt.get(tradeNo) : undefined;
        if (event.type === 'order.completed' && tradeNo && paid !== undefined && !seen.has(tradeNo)) {
          seen.add(tradeNo);
          samples.push({ kind: 'callback', at: paid - started, ms: now - paid });
        }
      } catch {}
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/paydesk-callback`,
    received: () => seen.size,
    samples: () => samples,
    forged: () => forged,
    trust(secret) {
      webhook = new Webhook(secret);
    },
    reset(map, at) {
      paidAt = map;
      started = at;
      seen = new Set();
      samples = [];
      forged = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
