/**
 * The calls the pay pages make, all public, without React: the front door
 * starts the first reads while React is still loading. A payer never sees an
 * API error: a read that fails reads as "nothing" and the page stays usable
 * with what it has; the pay click says in the payer's words when it could not
 * start a payment. The order read alone tells "no such order" (the server's
 * answer) from "no answer" (a network blip, a 5xx): the page retries the
 * latter rather than tell a payer his order does not exist.
 */
import type { ConfigValue } from '../schema/config-rows';
import type { RowOf } from '../schema/define';
import type { receiveMoney } from '../schema/resources/receive-money';
import { parseHash } from './hash';

/** The public view of an order by tradeNo: a subset of the row, so every field may be absent. */
export type PublicOrder = Partial<RowOf<typeof receiveMoney.fields>>;

/** A read the server did not answer: no connection, a 5xx, a refusal such as 429, a body that is not ours. */
export class ReadFailed extends Error {}

/**
 * The data of a GET; null when the server says there is none (code 204 or
 * 404, as for an unknown tradeNo). Rejects with ReadFailed when it could not say.
 */
async function readOrFail<T>(route: string, params: Record<string, string>, init: RequestInit = {}): Promise<T | null> {
  let body: { code?: number; data?: T };
  try {
    // Relative to the page, like the built assets: the site may live under a path prefix.
    const res = await fetch(`api/${route}?${new URLSearchParams(params)}`, { ...init, headers: { accept: 'application/json' } });
    body = await res.json();
  } catch {
    throw new ReadFailed(route);
  }
  if (body.code === 200 && body.data != null) return body.data;
  if (body.code === 204 || body.code === 404) return null;
  throw new ReadFailed(route);
}

/** A read where a failure means the same as nothing (the site's header and footer). */
const read = <T>(route: string, params: Record<string, string>, init: RequestInit = {}): Promise<T | null> =>
  readOrFail<T>(route, params, init).catch(() => null);

/** A POST with a JSON body: the envelope's code, and its data when the code is 200 or 201 (0: no answer at all). */
async function post<T>(route: string, body: Record<string, unknown>): Promise<{ code: number; data: T | null }> {
  try {
    const res = await fetch(`api/${route}`, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer: { code?: number; data?: T } = await res.json();
    const code = answer.code ?? res.status;
    return { code, data: (code === 200 || code === 201) && answer.data != null ? answer.data : null };
  } catch {
    return { code: 0, data: null };
  }
}

/**
 * The pay click: where to send the payer now. A manual order's own pay link,
 * or for a provider such as Stripe a checkout made now (or the one still
 * open from an earlier click). 409: the order can no longer be paid.
 */
export const startCheckout = (tradeNo: string) => post<{ payUrl?: string }>('receive-money/checkout', { tradeNo });

/**
 * The order after the server asked its provider (a payer back from Stripe
 * before Stripe's notification reached us); the server limits how often.
 */
export const checkOrder = async (tradeNo: string) => (await post<PublicOrder>('receive-money/check', { tradeNo })).data;

/** The order of `tradeNo`, null when there is none; rejects with ReadFailed when the server could not say. */
export const takeOrder = (tradeNo: string) => readOrFail<PublicOrder>('receive-money/take', { tradeNo });
/** A poll for news of an order: always asks the server (which may answer 304 to the browser's ETag); a failure is no news. */
export const pollOrder = (tradeNo: string) => read<PublicOrder>('receive-money/take', { tradeNo }, { cache: 'no-cache' });

export type SiteInfo = ConfigValue<'SITE_INFO'>;
let siteInfo: Promise<SiteInfo | null> | undefined;
/** SITE_INFO, asked once per page load: its title ends every document title, the rest makes the header, head and footer. */
export function loadSiteInfo(): Promise<SiteInfo | null> {
  siteInfo ??= read<{ value: SiteInfo }>('config/take', { key: 'SITE_INFO' }).then((row) => row?.value ?? null);
  return siteInfo;
}

/** The first page's order read, started by the front door; `answer` is set once it arrives. */
let early: { tradeNo: string; order: Promise<PublicOrder | null>; answer?: PublicOrder | null } | undefined;

/**
 * Starts the first page's reads while React is still loading: on a slow phone
 * that shows the countdown hundreds of milliseconds sooner. The page's first
 * read of that order claims the answer.
 */
export function startFirstReads(hash: string): void {
  const tradeNo = parseHash(hash).query.get('tradeNo');
  if (tradeNo) {
    const read = { tradeNo, order: takeOrder(tradeNo) };
    // A failed read is answered where the order is used (use-order.ts); this copy only keeps a success.
    read.order.then((order) => Object.assign(read, { answer: order }), () => {});
    early = read;
  }
  void loadSiteInfo();
}

/**
 * The order of `tradeNo`: the early read if it was for this order (its answer
 * at once when it has arrived, so the first render can show it), else a new read.
 */
export function claimOrder(tradeNo: string): { answer?: PublicOrder | null; order: Promise<PublicOrder | null> } {
  if (early?.tradeNo !== tradeNo) return { order: takeOrder(tradeNo) };
  const claimed = early;
  early = undefined;
  return claimed;
}
