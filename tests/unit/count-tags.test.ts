/**
 * A list's total is remembered apart from its pages and forgotten only by a
 * write that could change it (server/engine/store.ts): editing an order's
 * remark does not count the orders again, changing its channel recounts the
 * totals filtered by channel, and rows that come, go, move to the bin or change
 * owner recount every total.
 */
import { describe, expect, it } from 'vitest';
import { receiveMoney } from '../../schema';
import type { Resource } from '../../schema/define';
import type { FilterCond } from '../../server/engine/params';
import { countTags, countTagsDroppedBy } from '../../server/engine/store';

const orders = receiveMoney as unknown as Resource;
const byChannel: FilterCond[] = [{ field: 'channel', op: 'eq', value: 'stripe' }];

/** Whether a write setting `columns` (undefined: any) forgets a total remembered for this filter and search. */
const recounts = (columns: string[] | undefined, filters: FilterCond[], q?: string) => {
  const tags = new Set(countTags(orders, { filters, q }));
  return countTagsDroppedBy(orders, columns).some((tag) => tags.has(tag));
};

describe('which writes count a list again', () => {
  it('a total by channel: a change of channel, not of the remark or the title', () => {
    expect(recounts(['channel'], byChannel)).toBe(true);
    expect(recounts(['remark'], byChannel)).toBe(false);
    expect(recounts(['title', 'remark'], byChannel)).toBe(false);
  });

  it('a searched total: a change of a searched column', () => {
    expect(recounts(['title'], [], 'rent')).toBe(true);
    expect(recounts(['remark'], [], 'rent')).toBe(false);
  });

  it('every total: rows that come or go, move to the bin or back, or change owner', () => {
    for (const columns of [undefined, ['deleteTime'], ['uid', 'remark']]) {
      expect(recounts(columns, []), JSON.stringify(columns)).toBe(true);
      expect(recounts(columns, byChannel), JSON.stringify(columns)).toBe(true);
    }
  });

  it('a total with neither filter nor search is remembered under the rows alone', () => {
    expect(countTags(orders, { filters: [] })).toEqual([`${orders.table}#rows`]);
    expect(countTags(orders, { filters: [{ field: 'deleteTime', op: 'gte', value: 1 }, ...byChannel] })).toEqual([`${orders.table}#rows`, `${orders.table}.channel`]);
  });
});
