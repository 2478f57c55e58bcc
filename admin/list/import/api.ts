/**
 * The console's side of `POST /api/<table>/import` and
 * `PUT /api/<table>/update-many`: an import is sent as a form (the plan, then
 * the file) and read back as lines, a line of counts per batch and then the
 * envelope, so the dialog can show how far it got and how long is left.
 */
import { ApiError, authHeaders, call } from '../../api/http';

export interface ImportCounts { rows: number; created: number; updated: number; skipped: number; failed: number }
export interface ImportResult extends ImportCounts {
  headers: string[];
  mapping: Array<string | null>;
  errors: Array<{ row: number; column: string; field: string; message: string }>;
  failedRows: Array<{ row: number; cells: string[]; reason: string }>;
  preview?: Array<Record<string, unknown>>;
  cancelled?: boolean;
  stopped?: { row: number; reason: string };
}
export interface ImportPlan { mode: 'preview' | 'dry' | 'run'; mapping?: Array<string | null>; upsert?: string; runId?: string; tz?: string }

export async function importFile(resource: string, file: File, plan: ImportPlan, onProgress?: (p: ImportCounts) => void): Promise<ImportResult> {
  const path = `${resource}/import`;
  const form = new FormData();
  form.append('plan', JSON.stringify({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone, ...plan }));
  form.append('file', file);
  const response = await fetch(`/api/${path}`, { method: 'POST', body: form, headers: { ...(await authHeaders('POST', path)), Accept: 'application/x-ndjson' } });
  if (!response.body) throw new ApiError(response.statusText, response.status);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: { code: number; msg: string; data: ImportResult } | undefined;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    buffered += next.value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const parsed = JSON.parse(line);
      if (parsed.progress) onProgress?.(parsed.progress);
      else last = parsed;
    }
  }
  if (buffered.trim()) last = JSON.parse(buffered);
  if (!last) throw new ApiError(response.statusText, response.status);
  // A stopped run still has a result worth showing (what was kept, the failed rows).
  if (last.code >= 300 && !(last.data && 'headers' in (last.data as object))) throw new ApiError(last.msg, last.code, last as never);
  return last.code >= 300 ? { ...last.data, stopped: last.data.stopped ?? { row: 0, reason: last.msg } } : last.data;
}

export const cancelImport = (resource: string, runId: string) => call('POST', `${resource}/import`, { body: { cancel: runId } });

export interface BulkResult { matched: number; changed: number; unchanged: number; refused: Array<{ id: number; field: string; reason: string }>; refusedCount: number }
export const updateMany = async (resource: string, target: { ids: readonly (string | number)[] } | { filter: Record<string, unknown> }, data: Record<string, unknown>) =>
  (await call<BulkResult>('PUT', `${resource}/update-many`, { body: { ...('ids' in target ? { ids: target.ids.join(',') } : { filter: target.filter }), data } })).data;

/** The failed rows as a CSV to fix and import again: the file's own columns, then why each row failed. */
export function failedRowsCsv(result: ImportResult, reasonHeader: string): Blob {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [[...result.headers, reasonHeader], ...result.failedRows.map((r) => [...r.cells, r.reason])].map((cells) => cells.map(cell).join(','));
  return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}
