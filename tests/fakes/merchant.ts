/**
 * A merchant's callback endpoint: a real local HTTP server that verifies each
 * callback with the `standardwebhooks` package, as the README tells merchants
 * to, and answers with the status the test asks for next (200 by default).
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { close, listen, readBody } from './server';

export interface Received {
  id: string;
  /** The signature checked out with the secret the test gave. */
  valid: boolean;
  body: any;
  answered: number;
  /** As received, to verify again with another secret. */
  raw: string;
  headers: Record<string, string>;
}

export interface Merchant {
  url: string;
  received: Received[];
  /** Statuses to answer next, in order; after them, 200. */
  answer(...statuses: number[]): void;
  /** The secret to verify with (it may be read after the server started). */
  secret: () => string;
  close(): Promise<void>;
}

export async function startMerchant(secret: () => string): Promise<Merchant> {
  const received: Received[] = [];
  const queue: number[] = [];
  const server = createServer(async (request, response) => {
    const raw = (await readBody(request)).toString('utf8');
    let valid = true;
    let body: unknown;
    try {
      body = new Webhook(secret()).verify(raw, request.headers as Record<string, string>);
    } catch {
      valid = false;
    }
    const status = queue.shift() ?? 200;
    received.push({ id: String(request.headers['webhook-id']), valid, body, answered: status, raw, headers: request.headers as Record<string, string> });
    response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/paydesk-callback`,
    received,
    answer: (...statuses) => void queue.push(...statuses),
    secret,
    close: () => close(server),
  };
}
