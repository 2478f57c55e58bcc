/**
 * A local PayPal for the payment tests: a node:http server on 127.0.0.1 that
 * speaks PayPal's REST protocol and checks it (fake-paypal-protocol.ts):
 * `/v1/oauth2/token`, Orders v2 (create, get, capture), refunds of a capture,
 * and `/v1/notifications/verify-webhook-signature`. A payer approves at
 * `/checkoutnow?token=<order>` (a page a browser can click) or by `approve()`;
 * events are signed and sent as PayPal sends them. Point the app at `url`
 * (PAYPAL_API_BASE, or the `apiBases.paypal` option).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  basicClient, checkAmount, invalidRequest, parseJson, paypalId, PayPalFault, readBody, RequestIds, transmissionSignature, unprocessable,
} from './fake-paypal-protocol';

export type Deliver = string | ((body: string, headers: Record<string, string>) => Promise<{ status: number }>);

export interface FakeCapture { id: string; status: string; amount: { currency_code: string; value: string }; custom_id: string; invoice_id: string; create_time: string; orderId: string }
export interface FakeRefund { id: string; status: string; amount: { currency_code: string; value: string }; custom_id?: string; captureId: string; note_to_payer?: string }
export interface FakeOrder {
  id: string; status: string; intent: string; createdAt: number;
  purchase_units: Array<{ reference_id: string; custom_id: string; invoice_id?: string; description?: string; amount: { currency_code: string; value: string }; payments?: { captures: FakeCapture[] } }>;
  experience: { return_url: string; cancel_url: string };
}
export interface FakeEvent { id: string; type: string; payload: string; sent: boolean; status?: number }

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, FakeOrder>;
  captures: Map<string, FakeCapture>;
  refunds: Map<string, FakeRefund>;
  /** Real work done by endpoint (`oauth.token`, `orders.create`, `orders.get`, `orders.capture`, `refunds.create`, `webhooks.verify`); replays are not counted. */
  calls: Record<string, number>;
  requests: Array<{ method: string; path: string; body: string; headers: IncomingMessage['headers'] }>;
  readonly replays: number;
  timings: Array<{ method: string; path: string; ms: number }>;
  events: FakeEvent[];
  webhooks: boolean;
  deliver?: Deliver;
  /** Seconds a token lives (PayPal: about nine hours). */
  tokenLife: number;
  /** What a capture answers (COMPLETED, or DECLINED); and the amount it takes when a test wants it short. */
  captureOutcome: 'COMPLETED' | 'DECLINED' | 'PENDING';
  captureValue?: string;
  refundOutcome: 'COMPLETED' | 'PENDING' | 'FAILED';
  latencyMs: number;
  /** The next n API calls (the token endpoint included) answer this status (503: PayPal down), a 4xx with this issue (a refusal). */
  failNext(n: number, status?: number, issue?: string): void;
  /** Runs after PayPal did the work and before it answers: a test kills its caller in that window. */
  hold?: (endpoint: string, made: unknown) => Promise<void>;
  quietly<T>(act: () => Promise<T>): Promise<T>;
  /** The payer approves the order at PayPal (CHECKOUT.ORDER.APPROVED is sent). */
  approve(orderId: string): Promise<FakeOrder>;
  emit(type: string, resource: unknown): Promise<FakeEvent>;
  /** PayPal takes a capture back on its own (a chargeback): PAYMENT.CAPTURE.REVERSED, a refund of PayPal's own linked `up` to the capture. */
  reverse(captureId: string): Promise<FakeEvent>;
  resend(event: FakeEvent): Promise<FakeEvent>;
  /** Signed headers for `body`, as PayPal sends them (a test forges or ages them). */
  sign(body: string, time?: string): Record<string, string>;
  close(): Promise<void>;
}

export interface FakePayPalOptions {
  /** Epoch seconds as PayPal sees them (token expiry). */
  clock?: () => number;
  deliver?: Deliver;
}

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clock = options.clock ?? (() => Math.floor(Date.now() / 1000));
  const signingKey = randomUUID();
  const tokens = new Map<string, number>();
  const requestIds = new RequestIds();
  const clients = new Map<string, string>();
  let failures: { n: number; status: number; issue?: string } = { n: 0, status: 503 };
  const count = (name: string) => { fake.calls[name] = (fake.calls[name] ?? 0) + 1; };
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

  async function emit(type: string, resource: unknown): Promise<FakeEvent> {
    const id = `WH-${paypalId(17)}`;
    const payload = JSON.stringify({ id, event_version: '1.0', create_time: iso(clock()), resource_type: type.split('.')[1]!.toLowerCase(), event_type: type, summary: type, resource });
    const event: FakeEvent = { id, type, payload, sent: false };
    fake.events.push(event);
    return fake.webhooks ? resend(event) : event;
  }

  async function reverse(captureId: string): Promise<FakeEvent> {
    const paid = fake.captures.get(captureId)!;
    paid.status = 'REVERSED';
    const id = paypalId(17);
    return emit('PAYMENT.CAPTURE.REVERSED', {
      id, status: 'COMPLETED', amount: { ...paid.amount, value: `-${paid.amount.value}` }, note_to_payer: 'Payment reversed',
      links: [{ href: `${fake.url}/v2/payments/refunds/${id}`, rel: 'self' }, { href: `${fake.url}/v2/payments/captures/${captureId}`, rel: 'up' }],
    });
  }

  function sign(body: string, time = new Date().toISOString()): Record<string, string> {
    const transmissionId = randomUUID();
    return {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': transmissionSignature(signingKey, transmissionId, time, fake.webhookId, body),
      'paypal-cert-url': `${fake.url}/v1/notifications/certs/CERT-fake`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
  }

  async function resend(event: FakeEvent): Promise<FakeEvent> {
    const deliver = fake.deliver;
    if (!deliver) throw new Error('fake PayPal: no webhook destination set');
    const headers = sign(event.payload);
    const answer = typeof deliver === 'string'
      ? await fetch(deliver, { method: 'POST', body: event.payload, headers }).then((r) => ({ status: r.status }), () => ({ status: 0 }))
      : await deliver(event.payload, headers);
    return Object.assign(event, { sent: true, status: answer.status });
  }

  const orderOf = (id: string) => {
    const order = fake.orders.get(id);
    if (!order) throw new PayPalFault(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
    return order;
  };
  const links = (order: FakeOrder) => [
    { href: `${fake.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    { href: `${fake.url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
  ];
  const view = (order: FakeOrder) => {
    const { experience: _e, createdAt: _c, ...rest } = order;
    return { ...rest, create_time: iso(order.createdAt), links: links(order) };
  };

  async function approve(orderId: string) {
    const order = orderOf(orderId);
    if (order.status !== 'PAYER_ACTION_REQUIRED') throw new Error(`fake PayPal: order ${orderId} is ${order.status}, not awaiting the payer`);
    order.status = 'APPROVED';
    await emit('CHECKOUT.ORDER.APPROVED', view(order));
    return order;
  }

  function createOrder(body: Record<string, any>): FakeOrder {
    if (body.intent !== 'CAPTURE') throw invalidRequest('INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE.');
    const unit = body.purchase_units?.[0];
    if (!unit || body.purchase_units.length !== 1) throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'purchase_units has one unit.');
    checkAmount(unit.amount, 'purchase_units[0].amount');
    const experience = body.payment_source?.paypal?.experience_context ?? {};
    for (const k of ['return_url', 'cancel_url']) {
      if (!/^https?:\/\//.test(String(experience[k] ?? ''))) throw invalidRequest('INVALID_PARAMETER_SYNTAX', `experience_context.${k} must be a URL.`);
    }
    if (String(unit.custom_id ?? '').length > 127) throw invalidRequest('INVALID_STRING_LENGTH', 'custom_id is at most 127 characters.');
    return {
      id: paypalId(17), status: 'PAYER_ACTION_REQUIRED', intent: 'CAPTURE', createdAt: clock(),
      purchase_units: [{ reference_id: unit.reference_id ?? 'default', custom_id: unit.custom_id ?? '', invoice_id: unit.invoice_id, description: unit.description, amount: unit.amount }],
      experience: { return_url: experience.return_url, cancel_url: experience.cancel_url },
    };
  }

  async function capture(order: FakeOrder) {
    if (order.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status !== 'APPROVED') throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const unit = order.purchase_units[0]!;
    const made: FakeCapture = {
      id: paypalId(17), status: fake.captureOutcome, amount: { ...unit.amount, ...(fake.captureValue && { value: fake.captureValue }) },
      custom_id: unit.custom_id, invoice_id: unit.invoice_id ?? '', create_time: iso(clock()), orderId: order.id,
    };
    fake.captures.set(made.id, made);
    unit.payments = { captures: [made] };
    order.status = 'COMPLETED';
    count('orders.capture');
    const event = made.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : made.status === 'DECLINED' ? 'PAYMENT.CAPTURE.DENIED' : '';
    if (event) void emit(event, { ...made, supplementary_data: { related_ids: { order_id: order.id } } });
    return view(order);
  }

  function refund(captureId: string, body: Record<string, any>) {
    const paid = fake.captures.get(captureId);
    if (!paid) throw new PayPalFault(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
    if (paid.status !== 'COMPLETED' && paid.status !== 'PARTIALLY_REFUNDED') throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    const { currency, value } = body.amount ? checkAmount(body.amount, 'amount') : { currency: paid.amount.currency_code, value: Number(paid.amount.value) };
    if (currency !== paid.amount.currency_code) throw unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the currency of the capture.');
    const done = [...fake.refunds.values()].filter((r) => r.captureId === captureId && r.status !== 'FAILED').reduce((sum, r) => sum + Number(r.amount.value), 0);
    const left = Math.round((Number(paid.amount.value) - done) * 100) / 100;
    if (value > left + 1e-9) throw unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    const made: FakeRefund = {
      id: paypalId(17), status: fake.refundOutcome, amount: { currency_code: currency, value: body.amount?.value ?? paid.amount.value },
      captureId, ...(body.custom_id && { custom_id: body.custom_id }), ...(body.note_to_payer && { note_to_payer: body.note_to_payer }),
    };
    fake.refunds.set(made.id, made);
    if (made.status === 'COMPLETED') paid.status = Math.abs(value - left) < 1e-9 ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    count('refunds.create');
    if (made.status === 'COMPLETED') void emit('PAYMENT.CAPTURE.REFUNDED', { ...made });
    return made;
  }

  function bearer(req: IncomingMessage) {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expires = token ? tokens.get(token) : undefined;
    if (expires === undefined || expires <= clock()) throw new PayPalFault(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
  }

  async function api(req: IncomingMessage, method: string, path: string, raw: string): Promise<{ status: number; body: unknown }> {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      basicClient(req, clients);
      if (!/(^|&)grant_type=client_credentials(&|$)/.test(raw) || !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        throw Object.assign(new PayPalFault(400, 'unsupported_grant_type', 'Grant Type is NULL'), { oauth: true });
      }
      const token = `A21AA${paypalId(40)}`;
      tokens.set(token, clock() + fake.tokenLife);
      count('oauth.token');
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: fake.tokenLife, nonce: paypalId(20) } };
    }
    bearer(req);
    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
    if (requestId && requestId.length > 108) throw invalidRequest('INVALID_STRING_LENGTH', 'PayPal-Request-Id is at most 108 characters.');
    const body = parseJson(raw);
    const slow = () => (fake.latencyMs ? new Promise((r) => setTimeout(r, fake.latencyMs)) : undefined);
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      count('webhooks.verify');
      const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
      for (const k of fields) if (typeof body[k] !== 'string' || !body[k]) throw invalidRequest('MISSING_REQUIRED_PARAMETER', `${k} is required.`);
      if (!body.webhook_event || typeof body.webhook_event !== 'object') throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'webhook_event is required.');
      const expected = transmissionSignature(signingKey, body.transmission_id, body.transmission_time, body.webhook_id, JSON.stringify(body.webhook_event));
      const good = body.webhook_id === fake.webhookId && body.transmission_sig === expected && String(body.cert_url).startsWith(`${fake.url}/`);
      return { status: 200, body: { verification_status: good ? 'SUCCESS' : 'FAILURE' } };
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      if (!requestId) throw invalidRequest('PAYPAL_REQUEST_ID_REQUIRED', 'A PayPal-Request-Id is required if you are trying to process payment for an Order.');
      return requestIds.run(`orders.create ${requestId}`, async () => {
        await slow();
        const order = createOrder(body);
        fake.orders.set(order.id, order);
        count('orders.create');
        await fake.hold?.('orders.create', order);
        return { status: 200, body: view(order) };
      });
    }
    let m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    if (m && method === 'GET' && !m[2]) {
      count('orders.get');
      return { status: 200, body: view(orderOf(m[1]!)) };
    }
    if (m && method === 'POST' && m[2]) {
      const order = orderOf(m[1]!);
      return requestIds.run(requestId && `orders.capture ${requestId}`, async () => {
        await slow();
        const answer = await capture(order);
        await fake.hold?.('orders.capture', answer);
        return { status: 201, body: answer };
      });
    }
    m = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(path);
    if (m && method === 'POST') {
      return requestIds.run(requestId && `refunds.create ${requestId}`, async () => {
        await slow();
        const made = refund(m![1]!, body);
        await fake.hold?.('refunds.create', made);
        return { status: 201, body: made };
      });
    }
    throw new PayPalFault(404, 'NOT_FOUND', `No route ${method} ${path}`);
  }

  /** The approval page a browser walks: Pay sends the payer back to the site, Cancel to its cancel page. */
  function checkoutPage(res: ServerResponse, method: string, url: URL) {
    const order = fake.orders.get(url.searchParams.get('token') ?? '');
    if (!order) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Order not found');
    if (method === 'POST' && url.pathname === '/checkoutnow/approve') {
      if (order.status === 'PAYER_ACTION_REQUIRED') {
        order.status = 'APPROVED';
        void emit('CHECKOUT.ORDER.APPROVED', view(order));
      }
      return void res.writeHead(303, { location: order.experience.return_url }).end();
    }
    const unit = order.purchase_units[0]!;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><meta name="viewport" content="width=device-width">
<title>PayPal (fake)</title></head><body><h1>Pay with PayPal</h1><p id="amount">${unit.amount.value} ${unit.amount.currency_code}</p>
<form method="post" action="/checkoutnow/approve?token=${order.id}"><button type="submit" id="approve">Agree and pay</button></form>
<a id="cancel" href="${order.experience.cancel_url}">Cancel and return</a></body></html>`);
  }

  const server = createServer(async (req, res) => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    if (url.pathname.startsWith('/checkoutnow')) return checkoutPage(res, method, url);
    fake.requests.push({ method, path: url.pathname, body: raw, headers: req.headers });
    let status: number;
    let body: unknown;
    try {
      if (failures.n > 0) {
        failures.n--;
        if (failures.status < 500) throw unprocessable(failures.issue ?? 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed.');
        throw new PayPalFault(failures.status, 'INTERNAL_SERVICE_ERROR', 'An internal service error has occurred.');
      }
      ({ status, body } = await api(req, method, url.pathname, raw));
    } catch (error) {
      if (!(error instanceof PayPalFault)) throw error;
      status = error.status;
      body = (error as { oauth?: boolean }).oauth ? { error: error.code, error_description: error.message } : error.body();
    }
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': paypalId(12) }).end(JSON.stringify(body));
    fake.timings.push({ method, path: url.pathname, ms: performance.now() - started });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakePayPal = {
    url: `http://127.0.0.1:${port}`,
    clientId: `AbFake${paypalId(20)}`, clientSecret: `EFake${paypalId(30)}`, webhookId: `${paypalId(8)}-WEBHOOK`,
    orders: new Map(), captures: new Map(), refunds: new Map(), calls: {}, requests: [], timings: [], events: [],
    get replays() { return requestIds.replays; },
    webhooks: true, deliver: options.deliver, tokenLife: 32_400, captureOutcome: 'COMPLETED', refundOutcome: 'COMPLETED', latencyMs: 0,
    failNext: (n, status = 503, issue) => { failures = { n, status, issue }; },
    async quietly(act) {
      fake.webhooks = false;
      try { return await act(); } finally { fake.webhooks = true; }
    },
    approve, emit, reverse, resend, sign,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  clients.set(fake.clientId, fake.clientSecret);
  return fake;
}
