/**
 * The two reads the pay pages make, both public, without React: the front
 * door starts them while React is still loading. A payer never sees an API
 * error: anything but code 200 reads as "nothing" (SPEC §8) and the page stays
 * usable with what it has.
 */
import type { ConfigValue } from '../schema/config-rows';
import type { RowOf } from '../schema/define';
import type { receiveMoney } from '../schema/resources/receive-money';
import { parseHash } from './hash';

/** The public view of an order by tradeNo: a subset of the row, so every field may be absent. */
export type PublicOrder = Partial<RowOf<typeof receiveMoney.fields>>;

async function read<T>(route: string, params: Record<string, string>): Promise<T | null> {
  try {
    // Relative to the page, like the built assets: the site may live under a path prefix.
    const res = await fetch(`api/${route}?${new URLSearchParams(params)}`, { headers: { accept: 'application/json' } });
    const body: { code?: number; data?: T } = await res.json();
    return body.code === 200 && body.data != null ? body.data : null;
  } catch {
    return null;
  }
}

export const takeOrder = (tradeNo: string) => read<PublicOrder>('receive-money/take', { tradeNo });

let siteTitle: Promise<string | null> | undefined;
/** SITE_INFO's title, asked once per page load (it ends every document title). */
export function loadSiteTitle(): Promise<string | null> {
  siteTitle ??= read<{ value: ConfigValue<'SITE_INFO'> }>('config/take', { key: 'SITE_INFO' }).then(
    (row) => row?.value?.title || null,
  );
  return siteTitle;
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
    read.order.then((order) => Object.assign(read, { answer: order }));
    early = read;
  }
  void loadSiteTitle();
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
