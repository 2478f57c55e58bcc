/**
 * "Send test callback" (issue 19 item 7): `POST /api/callbacks/test {url}`
 * sends a signed `ping` to the operator's URL, as real callbacks are signed,
 * and shows what came back: the status, the time it took and the first 200
 * bytes of the answer. The receiver here is a real local HTTP server that
 * verifies the Standard Webhooks signature with the callback secret, as the
 * README tells merchants to. A private address is refused as real callbacks
 * are, unless the deployment allows it; a port nobody listens on is an
 * answer with status 0 and the error, not a server error.
 */
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../support/app';
import { dataOf, expectRefused } from '../support/fixtures';
import { close, listen, readBody } from '../fakes/server';
import { payApi, userWith, type PayApi } from './payments-support';

// Each suite builds an app; on MariaDB its migrations can outlast the default hook time on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });

interface Ping { id: string; valid: boolean; body: any }

/** A merchant endpoint that verifies each request, waits `delayMs`, then answers `status` with `body`. */
async function startReceiver(secret: () => string, answer: { status: number; body: string; delayMs: number }) {
  const received: Ping[] = [];
  const server: Server = createServer(async (request, response) => {
    const raw = (await readBody(request)).toString('utf8');
    let valid = true;
    let body: unknown;
    try {
      body = new Webhook(secret()).verify(raw, request.headers as Record<string, string>);
    } catch {
      valid = false;
    }
    received.push({ id: String(request.headers['webhook-id']), valid, body });
    setTimeout(() => response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body), answer.delayMs);
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/hooks/paydesk`, port, received, answer, close: () => close(server) };
}

/** A local port nobody listens on: taken, then let go. */
async function closedPort() {
  const server = createServer();
  const port = await listen(server);
  await close(server);
  return port;
}

// The answer is longer than what the operator is shown, and recognisable by where it is cut.
const LONG_ANSWER = Array.from({ length: 30 }, (_, i) => `line-${String(i).padStart(3, '0')}|`).join('');

describe.each(DIALECTS)('send test callback on %s', (dialect) => {
  let api: PayApi;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const secret = () => api.t.app.paydesk.settings.get('pay').callback.secret;
  beforeAll(async () => {
    // The merchant listens on this machine: a deployment that says its merchants may be on a private address.
    api = await payApi(dialect, { payments: { callbacksToPrivate: true } });
    receiver = await startReceiver(secret, { status: 202, body: LONG_ANSWER, delayMs: 150 });
  });
  afterAll(async () => {
    await receiver?.close();
    await api?.close();
  });

  it('sends a signed ping the merchant verifies with the callback secret, and shows status, time and the first 200 bytes', async () => {
    expect(LONG_ANSWER.length).toBeGreaterThan(200);
    const res = await api.call('POST', '/api/callbacks/test', { url: receiver.url });
    const shown = dataOf(res);
    expect(res.body.msg).toBe('Test callback sent');
    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    expect(ping!.valid).toBe(true);
    expect(ping!.body).toMatchObject({ type: 'ping', data: { test: true } });
    expect(ping!.id).toBe(shown.messageId);
    expect(shown).toMatchObject({ status: 202, body: LONG_ANSWER.slice(0, 200), error: '' });
    // The receiver took 150 ms to answer: the time shown is at least that.
    expect(shown.ms).toBeGreaterThanOrEqual(150);
    expect(shown.ms).toBeLessThan(10_000);
    // Each test is its own message.
    const again = dataOf(await api.call('POST', '/api/callbacks/test', { url: receiver.url }));
    expect(again.messageId).not.toBe(shown.messageId);
    expect(receiver.received.map((r) => r.valid)).toEqual([true, true]);
  });

  it('shows the merchant\'s own refusal as it came, whole when it is short', async () => {
    const refusing = await startReceiver(secret, { status: 401, body: 'bad signature?', delayMs: 0 });
    try {
      const shown = dataOf(await api.call('POST', '/api/callbacks/test', { url: refusing.url }));
      expect(shown).toMatchObject({ status: 401, body: 'bad signature?', error: '' });
      expect(refusing.received.map((r) => r.valid)).toEqual([true]);
    } finally {
      await refusing.close();
    }
  });

  it('answers status 0 with the error for a port nobody listens on, not a server error', async () => {
    const res = await api.call('POST', '/api/callbacks/test', { url: `http://127.0.0.1:${await closedPort()}/hook` });
    const shown = dataOf(res);
    expect(res.body.msg).toBe('The test callback got no answer');
    expect(shown.status).toBe(0);
    expect(shown.error).toMatch(/ECONNREFUSED|refused|fetch failed/i);
    expect(shown.body).toBe('');
  });

  it('refuses what is not an http(s) URL with a 400 naming url', async () => {
    for (const url of ['', 'ftp://merchant.example.com/hook', 'not a url', `http://127.0.0.1:${receiver.port}/a b`]) {
      expectRefused(await api.call('POST', '/api/callbacks/test', { url }), 'url', 'callbacks');
    }
    expectRefused(await api.call('POST', '/api/callbacks/test', {}), 'url', 'callbacks');
  });

  it('is for holders of its rule: another operator gets 403 and nothing is sent', async () => {
    const before = receiver.received.length;
    const clerk = await userWith(api, ['POST api/receive-money/create', 'GET api/callbacks/rows']);
    const refused = await api.t.call('POST', '/api/callbacks/test', { url: receiver.url }, clerk.token);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe(403);
    expect(receiver.received).toHaveLength(before);
    // The rule can be granted like any other.
    const tester = await userWith(api, ['POST api/callbacks/test']);
    const allowed = await api.t.call('POST', '/api/callbacks/test', { url: receiver.url }, tester.token);
    expect(allowed.status, allowed.text).toBe(200);
    expect(receiver.received).toHaveLength(before + 1);
  });
});

describe.each(DIALECTS)('send test callback on %s, as installed', (dialect) => {
  let api: PayApi;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    api = await payApi(dialect);
    receiver = await startReceiver(() => api.t.app.paydesk.settings.get('pay').callback.secret, { status: 200, body: '{}', delayMs: 0 });
  });
  afterAll(async () => {
    await receiver?.close();
    await api?.close();
  });

  // The same rule as real callbacks: an operator must not make the server call its own network.
  it('refuses loopback, private and link-local addresses with a 400 naming url, and sends nothing', async () => {
    const urls = [receiver.url, `http://localhost:${receiver.port}/hook`, `http://[::1]:${receiver.port}/hook`, 'http://10.0.0.7/hook', 'http://169.254.169.254/latest/meta-data/'];
    for (const url of urls) {
      const res = await api.call('POST', '/api/callbacks/test', { url });
      expectRefused(res, 'url', 'callbacks');
      expect(res.body.msg, url).toMatch(/public address/);
    }
    expect(receiver.received).toHaveLength(0);
  });
});
