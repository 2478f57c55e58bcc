/**
 * The two reads the pay pages make, both public. A payer never sees an API
 * error: anything but code 200 reads as "nothing" (SPEC §8) and the page stays
 * usable with what it has.
 */
import { useEffect, useState } from 'react';
import type { ConfigValue } from '../schema/config-rows';
import type { RowOf } from '../schema/define';
import type { receiveMoney } from '../schema/resources/receive-money';

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

export type OrderLoad = { loaded: false } | { loaded: true; order: PublicOrder | null };

/** The order of `tradeNo`; `loaded` turns true when the answer (or its absence) is known. */
export function useOrder(tradeNo: string | null): OrderLoad {
  const [load, setLoad] = useState<OrderLoad>({ loaded: false });
  useEffect(() => {
    if (!tradeNo) return setLoad({ loaded: true, order: null });
    let current = true;
    takeOrder(tradeNo).then((order) => current && setLoad({ loaded: true, order }));
    return () => {
      current = false;
    };
  }, [tradeNo]);
  return load;
}
