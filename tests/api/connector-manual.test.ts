/**
 * The connector contract (tests/support/connector-contract.ts) for the manual
 * channel: the merchant's own gateway, which notifies by Standard Webhooks
 * and refunds off-gateway.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe } from 'vitest';
import { DIALECTS } from '../support/app';
import { connectorContract } from '../support/connector-contract';
import { order, payApi } from './payments-support';

const SECRET = 'whsec_bWFudWFsY29udHJhY3RzZWNyZXQwMTIzNDU2Nzg5';

describe.each(DIALECTS)('manual on %s', (dialect) => {
  connectorContract('manual', async () => {
    const api = await payApi(dialect);
    await api.t.app.paydesk.settings.update('pay', 'standard', { secrets: SECRET });
    let last: { body: string; headers: Record<string, string> } | undefined;
    const send = async (body: string, headers: Record<string, string>) =>
      (await api.t.app.inject({ method: 'POST', url: '/api/receive-money/notify/standard', payload: body, headers: { 'content-type': 'application/json', ...headers } })).statusCode;
    const signed = (o: Record<string, any>, amount: number, secret = SECRET, at = new Date()) => {
      const body = JSON.stringify({ tradeNo: o.tradeNo, status: 'paid', amount, currency: o.currency, channelTradeNo: `gw-${o.tradeNo}` });
      const id = `msg_${randomUUID()}`;
      const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
      return { body, headers };
    };
    const post = (url: string, tradeNo: string) => api.t.call('POST', url, { tradeNo }, undefined, { cookie: 'lang=en-us' });
    return {
      api, channel: 'manual', looksUp: false,
      order: (body = {}) => order(api, { channel: 'manual', amount: 100, currency: 'USD', payUrl: 'https://gateway.example.com/pay/1', ...body }),
      click: (tradeNo) => post('/api/receive-money/checkout', tradeNo),
      check: (tradeNo) => post('/api/receive-money/check', tradeNo),
      async pay(o, p = {}) {
        last = signed(o, p.amount ?? Number(o.amount));
        await send(last.body, last.headers);
      },
      replay: () => send(last!.body, last!.headers),
      forged: (o) => {
        const { body, headers } = signed(o, 100, 'whsec_b3RoZXJzZWNyZXQwMTIzNDU2Nzg5MDEyMzQ1Njc4OQ==');
        return send(body, headers);
      },
      stale: (o) => {
        const { body, headers } = signed(o, 100, SECRET, new Date(Date.now() - 10 * 60_000));
        return send(body, headers);
      },
      close: () => api.close(),
    };
  });
});
