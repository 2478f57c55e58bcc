/**
 * CSV export of the same filtered, scoped rows a list shows, streamed in
 * batches so a large table is never held in memory. UTF-8 with a BOM (so
 * spreadsheet programs pick the encoding), hidden fields never included, and
 * cells that a spreadsheet would run as a formula are defused. Cells read
 * as the list shows them (export-view.ts).
 */
import { Readable } from 'node:stream';
import type { Resource } from '../../schema/define';
import type { Caller } from '../types';
import type { ExportView } from './export-view';
import { parseListQuery } from './params';
import { decode, outputColumns } from '../db/rows';
import { applyFilters, inTrash, scoped, selectFrom, type Engine } from './store';

const BATCH = 500;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value !== 'number') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function exportCsv(e: Engine, r: Resource, caller: Caller, query: Record<string, unknown>, view: ExportView): Readable {
  const q = parseListQuery(r, query, { defaultLimit: BATCH, maxLimit: Number.MAX_SAFE_INTEGER });
  const columns = outputColumns(r);
  const byId = q.order.length === 1 && q.order[0]![0] === 'id';
  async function* lines() {
    yield '\uFEFF' + columns.map((c) => cell(view.header(c))).join(',') + '\r\n';
    let lastId: number | undefined;
    for (let offset = 0; ; offset += BATCH) {
      let qb = applyFilters(inTrash(scoped(selectFrom(e.db.any, r, columns), r, caller), r, q.onlyTrashed), r, q);
      // Keyset paging on id when the order allows it (constant cost per batch), offsets otherwise.
      if (byId) {
        const dir = q.order[0]![1];
        if (lastId !== undefined) qb = qb.where('id', dir === 'desc' ? '<' : '>', lastId);
        qb = qb.orderBy('id', dir).limit(BATCH);
      } else {
        for (const [c, d] of q.order) qb = qb.orderBy(c, d);
        qb = qb.orderBy('id').limit(BATCH).offset(offset);
      }
      const batch = await qb.execute();
      if (!batch.length) return;
      yield batch.map((raw) => {
        const row = decode(r, raw);
        return columns.map((c) => cell(view.value(c, row))).join(',');
      }).join('\r\n') + '\r\n';
      lastId = batch[batch.length - 1]!.id as number;
      if (batch.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}
