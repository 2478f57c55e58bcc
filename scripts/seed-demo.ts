/**
 * The demo data of `npm run seed`: users (one operator with an "own orders"
 * group), orders in every status and several currencies, and operation-log
 * rows, written through the database directly (its writes are announced like
 * any other: db.writes). Adds each part once: a second run finds it and
 * adds nothing (orders and log rows each go in one statement, so a run
 * that stopped halfway leaves a part whole or absent, never half there).
 */
import { randomBytes } from 'node:crypto';
import { authGroup, logs, receiveMoney, users } from '../schema';
import type { Resource } from '../schema/define';
import { minorDigits } from '../schema/money';
import { ORDER_STATUSES } from '../schema/options';
import type { Db } from '../server/db/connect';
import { hashPassword } from '../server/auth/passwords';
import { encode, withDefaults } from '../server/db/rows';
import { rebuildTotals } from '../server/payments/totals';

export const DEMO_COUNTS = { users: 5, orders: 40, logs: 30 } as const;

/** How many of each this run added: all zeros when the demo data was already there. */
export type Seeded = { users: number; orders: number; logs: number };

export async function seedDemo(db: Db): Promise<Seeded> {
  const added: Seeded = { users: 0, orders: 0, logs: 0 };
  const k = db.any;
  const now = Math.floor(Date.now() / 1000);
  const row = (r: unknown, values: Record<string, unknown>) => encode(r as Resource, withDefaults(r as Resource, { createTime: now, updateTime: now, ...values }));

  const password = await hashPassword('demo-pass-123');
  const people = [
    ['operator', '运营小王', '13800000001', 'operator@example.com'],
    ['auditor', 'Audrey', '13800000002', 'auditor@example.com'],
    ['alice', 'Alice', '13800000003', 'alice@example.com'],
    ['bobby', 'Bob', '', 'bob@example.com'],
    ['banned', 'Mallory', '13800000005', 'mallory@example.com'],
  ] as const;
  const ids: number[] = [];
  for (const [account, nickname, phone, email] of people) {
    const existing = await k.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst();
    if (existing) { ids.push(existing.id); continue; }
    const result = await k.insertInto('users').values(row(users, {
      account, nickname, phone, email, password, status: account === 'banned' ? 'banned' : 'normal', uid: 1,
    })).executeTakeFirstOrThrow();
    ids.push(Number(result.insertId));
    added.users++;
  }

  const ownOrders = await k.selectFrom('auth_rules').select('id').where('route', 'like', 'api/receive-money/%').execute();
  if (!(await k.selectFrom('auth_group').select('id').where('no', '=', 'demo-orders').executeTakeFirst())) {
    await k.insertInto('auth_group').values(row(authGroup, {
      name: '订单运营（本人数据）', no: 'demo-orders', manage: 0, all: 0, serial: 2, uid: 1,
      rules: `|${ownOrders.map((r) => r.id).join('|')}|`, uids: `|${ids[0]}|`, remark: 'Demo: operators who see their own orders',
    })).execute();
  }

  const products = ['Annual plan', 'Monthly plan', 'Gift card', 'Consulting', 'Workshop ticket', 'E-book'];
  const currencies = ['CNY', 'USD', 'HKD', 'EUR', 'JPY', 'TWD', 'SGD', 'THB'];
  const ordersThere = await k.selectFrom('receive_money').select('id').where('outTradeNo', '=', 'M100000').where('describe', '=', 'Demo order').executeTakeFirst();
  if (!ordersThere) {
    const orders = Array.from({ length: DEMO_COUNTS.orders }, (_, i) => {
      const currency = currencies[i % currencies.length]!;
      // To the currency's minor unit, as the API takes them: whole yen, cents of a dollar.
      const unit = 10 ** minorDigits(currency);
      const amount = Math.round((19 + i * 7.35) * unit) / unit;
      const status = ORDER_STATUSES[i % 3]!;
      return row(receiveMoney, {
        tradeNo: randomBytes(16).toString('base64url'),
        outTradeNo: `M${String(100000 + i)}`,
        title: products[i % products.length]!,
        describe: 'Demo order',
        amount,
        currency,
        status,
        // A paid order was paid a few minutes after it was made: the dashboard has money and delays to show.
        ...(status === 'completed' && { paidAmount: amount, paidTime: now - i * 3600 + 60 + (i % 7) * 90 }),
        payType: currency === 'HKD' ? (i % 2 ? 'wechat' : 'alipay') : '',
        payUrl: `https://pay.example.com/checkout/${i}`,
        uid: i % 4 === 0 ? ids[0] : 1,
        createTime: now - i * 3600,
        updateTime: now - i * 3600,
      });
    });
    await k.insertInto('receive_money').values(orders).execute();
    // Written past the state machine: the dashboard's totals are computed again from the rows.
    await rebuildTotals(k);
    added.orders = orders.length;
  }

  const scenes = ['sign-in', 'rows', 'create', 'update', 'remove', 'export'] as const;
  const agents = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ];
  const logsThere = await k.selectFrom('logs').select('id').where('content', '=', 'demo').executeTakeFirst();
  if (!logsThere) {
    const rows = Array.from({ length: DEMO_COUNTS.logs }, (_, i) => {
      const scene = scenes[i % scenes.length]!;
      return row(logs, {
        uid: i % 3 ? 1 : ids[0], title: `receive-money.${scene}`, scene, method: scene === 'rows' || scene === 'export' ? 'GET' : 'POST',
        api: `/api/receive-money/${scene}`, code: [200, 201, 400, 403][i % 4], content: 'demo', ip: `203.0.113.${i}`,
        agent: agents[i % 2], params: JSON.stringify({ page: 1, password: '***' }), createTime: now - i * 600, updateTime: now - i * 600,
      });
    });
    await k.insertInto('logs').values(rows).execute();
    added.logs = rows.length;
  }
  return added;
}
