/**
 * A local Stripe for the payment tests: a node:http server on 127.0.0.1 that
 * speaks Stripe's protocol and checks it (fake-stripe-protocol.ts), answers
 * Checkout Session and Refund objects shaped like Stripe's, and sends events
 * signed with `Stripe.webhooks.generateTestHeaderString`, as Stripe signs
 * them. The test drives the payer's side: `pay()`, `asyncResult()`,
 * `expireAtStripe()`, `settleRefund()`, or a browser walking `/pay/:id`.
 *
 * Point the app at it with `url` as the Stripe API base.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { authenticate, IdempotencyStore, invalid, parseForm, readBody, StripeError, type Params } from './fake-stripe-protocol';
import { checkoutPage, createSession, createRefund, type FakeRefund, type FakeSession } from './fake-stripe-objects';

export type { FakeRefund, FakeSession } from './fake-stripe-objects';

/** Where events go: a URL (POSTed to) or a function (a test's `app.inject`). */
export type Deliver = string | ((body: string, headers: Record<string, string>) => Promise<{ status: number }>);

export interface FakeStripeOptions {
  /** Epoch seconds as Stripe sees them (the app's test clock, so expires_at rules agree). */
  clock?: () => number;
  /** Signs the events (a `whsec_…` the app also holds in pay.toml). */
  webhookSecret?: string;
  deliver?: Deliver;
}

export interface FakeEvent { id: string; type: string; object: unknown; payload: string; sent: boolean; status?: number }

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: the API base. */
  url: string;
  sessions: Map<string, FakeSession>;
  refunds: Map<string, FakeRefund>;
  /** Real work done, by endpoint (`sessions.create`, `sessions.expire`, `sessions.retrieve`, `refunds.create`, `refunds.retrieve`); replays are not counted. */
  calls: Record<string, number>;
  /** Every request as received: method, path, parsed parameters, headers. */
  requests: Array<{ method: string; path: string; params: Params; headers: IncomingMessage['headers'] }>;
  /** Answers replayed from an Idempotency-Key. */
  readonly replays: number;
  /** How long each API answer took here, from the request's arrival to the answer's last byte (the bench subtracts it). */
  timings: Array<{ method: string; path: string; ms: number }>;
  events: FakeEvent[];
  /** False: events are recorded but never sent (a missed webhook). */
  webhooks: boolean;
  /** Runs `act` with webhooks off: Stripe did it, and no event of it reached Paydesk. */
  quietly<T>(act: () => Promise<T>): Promise<T>;
  deliver?: Deliver;
  webhookSecret: string;
  /** The state a new refund answers with. */
  refundOutcome: 'succeeded' | 'pending' | 'failed';
  /** The next n API calls answer this status (500: Stripe down; the app must say the provider is unavailable), with this error (an api_error by default). */
  failNext(n: number, status?: number, error?: { type?: string; message?: string }): void;
  /** Milliseconds every API answer waits (concurrency tests). */
  latencyMs: number;
  /** Runs after Stripe has done the work and before it answers (`made`, the answer): a test kills its caller in that window, or alters the answer. */
  hold?: (endpoint: string, made: unknown) => Promise<void>;
  /** The payer pays the session: complete, paid (or unpaid for a delayed method), with a PaymentIntent. */
  pay(sessionId: string, o?: { amount?: number; currency?: string; delayed?: boolean }): Promise<FakeSession>;
  /** A delayed method's outcome: async_payment_succeeded / async_payment_failed. */
  asyncResult(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<FakeSession>;
  /** Stripe expires the session itself (its expires_at passed). */
  expireAtStripe(sessionId: string): Promise<FakeSession>;
  /** A pending refund settles (refund.updated, and charge.refunded when it succeeded). */
  settleRefund(refundId: string, state: 'succeeded' | 'failed'): Promise<FakeRefund>;
  /** Sends (or records, with webhooks off) an event; answers it. */
  emit(type: string, object: unknown): Promise<FakeEvent>;
  /** Sends a recorded event again (Stripe's retry, or a late delivery). */
  resend(event: FakeEvent): Promise<FakeEvent>;
  close(): Promise<void>;
}

const ids = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const clock = options.clock ?? (() => Math.floor(Date.now() / 1000));
  const idempotency = new IdempotencyStore();
  let failures: { n: number; status: number; type?: string; message?: string } = { n: 0, status: 500 };
  const count = (name: string) => { fake.calls[name] = (fake.calls[name] ?? 0) + 1; };

  async function emit(type: string, object: unknown): Promise<FakeEvent> {
    const id = ids('evt');
    const payload = JSON.stringify({
      id, object: 'event', api_version: Stripe.API_VERSION, created: clock(), livemode: false, pending_webhooks: 1,
      request: { id: null, idempotency_key: null }, type, data: { object },
    });
    const event: FakeEvent = { id, type, object, payload, sent: false };
    fake.events.push(event);
    return fake.webhooks ? resend(event) : event;
  }

  async function resend(event: FakeEvent): Promise<FakeEvent> {
    const deliver = fake.deliver;
    if (!deliver) throw new Error('fake Stripe: no webhook destination set');
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      // Signed at the real time of sending, as Stripe does: the receiver checks the age against its own clock.
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: fake.webhookSecret }),
    };
    const answer = typeof deliver === 'string'
      // An endpoint that cannot be reached is a failed delivery (status 0), which Stripe would retry, not a crash of Stripe.
      ? await fetch(deliver, { method: 'POST', body: event.payload, headers }).then((r) => ({ status: r.status }), () => ({ status: 0 }))
      : await deliver(event.payload, headers);
    return Object.assign(event, { sent: true, status: answer.status });
  }

  const session = (id: string) => {
    const found = fake.sessions.get(id);
    if (!found) throw new Error(`fake Stripe: no session ${id}`);
    return found;
  };
  const paymentIntentOf = (s: FakeSession) => (s.payment_intent ??= ids('pi'));

  async function pay(sessionId: string, o: { amount?: number; currency?: string; delayed?: boolean } = {}) {
    const s = session(sessionId);
    if (s.status !== 'open') throw new Error(`fake Stripe: session ${sessionId} is ${s.status}, not payable`);
    Object.assign(s, { status: 'complete', payment_status: o.delayed ? 'unpaid' : 'paid' });
    if (o.amount !== undefined) s.amount_total = o.amount;
    if (o.currency !== undefined) s.currency = o.currency.toLowerCase();
    paymentIntentOf(s);
    await emit('checkout.session.completed', { ...s });
    return s;
  }

  async function asyncResult(sessionId: string, outcome: 'succeeded' | 'failed') {
    const s = session(sessionId);
    s.payment_status = outcome === 'succeeded' ? 'paid' : 'unpaid';
    await emit(`checkout.session.async_payment_${outcome}`, { ...s });
    return s;
  }

  async function expireAtStripe(sessionId: string) {
    const s = session(sessionId);
    s.status = 'expired';
    await emit('checkout.session.expired', { ...s });
    return s;
  }

  async function refundEvents(r: FakeRefund) {
    await emit('refund.updated', { ...r });
    if (r.status === 'succeeded') {
      const refunds = [...fake.refunds.values()].filter((x) => x.payment_intent === r.payment_intent);
      const paid = [...fake.sessions.values()].find((s) => s.payment_intent === r.payment_intent);
      await emit('charge.refunded', {
        id: r.charge, object: 'charge', payment_intent: r.payment_intent, amount: paid?.amount_total ?? r.amount, currency: r.currency,
        amount_refunded: refunds.filter((x) => x.status === 'succeeded').reduce((sum, x) => sum + x.amount, 0), refunded: false,
        metadata: paid?.metadata ?? {}, refunds: { object: 'list', data: [...refunds].reverse(), has_more: false },
      });
    }
  }

  async function settleRefund(refundId: string, state: 'succeeded' | 'failed') {
    const r = fake.refunds.get(refundId);
    if (!r) throw new Error(`fake Stripe: no refund ${refundId}`);
    r.status = state;
    if (state === 'failed') r.failure_reason = 'expired_or_canceled_card';
    await refundEvents(r);
    return r;
  }

  // ---- the API -------------------------------------------------------------

  async function api(method: string, path: string, params: Params, apiKey: string, idemKey: string | undefined, raw: string, version: string) {
    const base = fake.url;
    // Stripe at work: a request with the same Idempotency-Key arriving meanwhile meets the one in progress.
    const slow = () => (fake.latencyMs ? new Promise((r) => setTimeout(r, fake.latencyMs)) : undefined);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      return idempotency.run(apiKey, idemKey, { method, path, body: raw }, async () => {
        await slow();
        const s = createSession(params, { id: ids('cs'), now: clock(), base, version });
        fake.sessions.set(s.id, s);
        count('sessions.create');
        await fake.hold?.('sessions.create', s);
        return { status: 200, body: s };
      });
    }
    let m = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (m) {
      const s = fake.sessions.get(m[1]!);
      if (!s) throw new StripeError(404, 'invalid_request_error', `No such checkout.session: '${m[1]}'`, 'session', 'resource_missing');
      if (method === 'GET' && !m[2]) {
        count('sessions.retrieve');
        return { status: 200, body: s, replayed: false };
      }
      if (method === 'POST' && m[2]) {
        return idempotency.run(apiKey, idemKey, { method, path, body: raw }, async () => {
          // Stripe refuses to expire a session that is no longer open.
          if (s.status !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`, undefined, 'checkout_session_not_open');
          count('sessions.expire');
          s.status = 'expired';
          void emit('checkout.session.expired', { ...s });
          return { status: 200, body: s };
        });
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return idempotency.run(apiKey, idemKey, { method, path, body: raw }, async () => {
        await slow();
        const r = createRefund(params, { id: ids('re'), now: clock(), state: fake.refundOutcome, sessions: [...fake.sessions.values()], refunds: [...fake.refunds.values()] });
        fake.refunds.set(r.id, r);
        count('refunds.create');
        if (r.status !== 'pending') void refundEvents(r);
        await fake.hold?.('refunds.create', r);
        return { status: 200, body: r };
      });
    }
    m = /^\/v1\/refunds\/([\w]+)$/.exec(path);
    if (m && method === 'GET') {
      const r = fake.refunds.get(m[1]!);
      if (!r) throw new StripeError(404, 'invalid_request_error', `No such refund: '${m[1]}'`, 'id', 'resource_missing');
      count('refunds.retrieve');
      return { status: 200, body: r, replayed: false };
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const arrived = performance.now();
    const url = new URL(req.url ?? '/', fake.url);
    const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}`, ...headers });
      res.end(JSON.stringify(body));
      fake.timings.push({ method: req.method ?? '', path: url.pathname, ms: performance.now() - arrived });
    };
    const raw = await readBody(req);
    // The hosted checkout page a browser test walks.
    const page = /^\/pay\/([\w]+)(\/confirm)?$/.exec(url.pathname);
    if (page) {
      const s = fake.sessions.get(page[1]!);
      if (!s) return void res.writeHead(404).end('No such session');
      if (req.method === 'POST' && page[2]) {
        if (s.status === 'open') await pay(s.id);
        return void res.writeHead(303, { location: s.success_url }).end();
      }
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(s));
    }
    try {
      const apiKey = authenticate(req);
      if (req.method === 'POST' && raw && !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        throw invalid('Invalid request: the body must be form-encoded.', undefined, 'parameter_invalid_string');
      }
      const params = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(raw);
      fake.requests.push({ method: req.method ?? '', path: url.pathname, params, headers: req.headers });
      if (failures.n > 0) {
        failures.n--;
        throw new StripeError(failures.status, failures.type ?? 'api_error', failures.message ?? 'An unknown error occurred (the fake was told to fail).');
      }
      const idemKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      const answer = await api(req.method ?? 'GET', url.pathname, params, apiKey, idemKey, raw, String(req.headers['stripe-version']));
      send(res, answer.status, answer.body, answer.replayed ? { 'idempotent-replayed': 'true' } : {});
    } catch (error) {
      if (error instanceof StripeError) return send(res, error.status, error.body());
      send(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    sessions: new Map(), refunds: new Map(), calls: {}, requests: [], events: [], timings: [],
    get replays() { return idempotency.replays; },
    webhooks: true, deliver: options.deliver, webhookSecret: options.webhookSecret ?? 'whsec_fakestripe0123456789',
    refundOutcome: 'succeeded', latencyMs: 0,
    async quietly(act) {
      fake.webhooks = false;
      try {
        return await act();
      } finally {
        fake.webhooks = true;
      }
    },
    failNext: (n, status = 500, error = {}) => { failures = { n, status, ...error }; },
    pay, asyncResult, expireAtStripe, settleRefund, emit, resend,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return fake;
}
