/**
 * What the payment suites share: an admin API on a clock the test moves, a
 * signed-in user holding only some rules, and reads of what a transition
 * writes (the order, its events, its outbox rows) straight from the database.
 */
import type { TransitionDeps } from '../../server/payments/transitions';
import { adminApi, createOrder, createRow, createUser, dataOf, unique, type Api } from '../support/fixtures';
import type { makeApp } from '../support/app';

export interface PayApi extends Api {
  clock: { now: number };
}

export async function payApi(dialect: 'sqlite' | 'mysql', options: Parameters<typeof makeApp>[0] = {}): Promise<PayApi> {
  const clock = { now: Math.floor(Date.now() / 1000) };
  const api = await adminApi(dialect, { clock: () => clock.now * 1000, ...options });
  // Tokens live 7 days on the app's clock, which these suites move by hours and days: the admin
  // signs in again once his token is six days old, as a person would.
  let token = '';
  let signedAt = -Infinity;
  api.call = async (method, url, body, headers) => {
    if (clock.now - signedAt >= 6 * 86_400) [token, signedAt] = [await api.t.signIn(), clock.now];
    return api.t.call(method, url, body, token, { cookie: 'lang=en-us', ...headers });
  };
  return Object.assign(api, { clock });
}

/** A user whose one group grants exactly these routes (`POST api/receive-money/mark-paid`), with a token. */
export async function userWith(api: Api, routes: string[], manage: 0 | 1 = 1): Promise<{ id: number; token: string; signIn(): Promise<string> }> {
  const password = 'secret-pass-1';
  const user = await createUser(api, { password });
  const rules = dataOf(await api.call('GET', '/api/auth-rules/find?limit=1000')) as Array<{ id: number; method: string; route: string }>;
  const ids = routes.map((r) => {
    const [method, route] = r.split(' ');
    const found = rules.find((x) => x.method === method && x.route === route);
    if (!found) throw new Error(`no rule ${r}`);
    return found.id;
  });
  await createRow(api, 'auth-group', { name: unique('g'), manage, all: 0, rules: `|${ids.join('|')}|`, uids: `|${user.id}|` });
  const signIn = () => api.t.signIn(user.account, password);
  return { id: user.id, token: await signIn(), signIn };
}

/** A signed-in user in a group made from one of the console's presets (`auditor`, `operator-own`, ...). */
export async function presetUser(api: Api, no: string): Promise<{ id: number; token: string }> {
  const presets = dataOf(await api.call('GET', '/api/auth-group/preset')) as Array<{ no: string; manage: number; all: number; rules: string }>;
  const { manage, all, rules } = presets.find((p) => p.no === no)!;
  const password = 'secret-pass-1';
  const user = await createUser(api, { password });
  await createRow(api, 'auth-group', { name: unique('g'), manage, all, rules, uids: `|${user.id}|` });
  return { id: user.id, token: await api.t.signIn(user.account, password) };
}

export const order = (api: Api, body: Record<string, unknown> = {}) => createOrder(api, { notifyUrl: 'https://merchant.example.com/hook', ...body });

export async function stored(api: Api, id: number) {
  const k = api.t.app.paydesk.db.any;
  const row = await k.selectFrom('receive_money').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = await k.selectFrom('order_events').selectAll().where('orderId', '=', id).orderBy('id').execute();
  const callbacks = await k.selectFrom('callbacks').selectAll().where('orderId', '=', id).orderBy('id').execute();
  const exceptions = (await k.selectFrom('order_exceptions').selectAll().where('orderId', '=', id).orderBy('id').execute())
    .map((e) => ({ ...e, amount: Number(e.amount) }) as Record<string, any> & { id: number; amount: number });
  return { row, events, callbacks, exceptions };
}

/** A row's record history (server/engine/revisions.ts), oldest first, with its changes as [before, after] pairs. */
export async function history(api: Api, resource: 'receive-money' | 'refunds' | 'order-exceptions', rowId: number) {
  type Stored = { action: string; userId: number; apiKeyId: number; actor: string; changes: string };
  const rows: Stored[] = await api.t.app.paydesk.db.any.selectFrom('revisions').select(['action', 'userId', 'apiKeyId', 'actor', 'changes'])
    .where('resource', '=', resource).where('rowId', '=', rowId).orderBy('id').execute();
  return rows.map((row) => ({
    ...row, changes: JSON.parse(row.changes) as Record<string, [unknown, unknown]>,
  }));
}

/** The payment services' dependencies on this app's database and clock, for calling them directly (no route in front). */
export function paymentDeps(api: PayApi, committed: TransitionDeps['committed'] = () => {}): TransitionDeps {
  const db = api.t.app.paydesk.db;
  return { db: db.any, clock: () => api.clock.now, uniqueViolation: db.adapter.uniqueViolation, committed };
}
