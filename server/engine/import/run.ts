/**
 * An import's run over the rows of a file: each row mapped to a body,
 * matched by the upsert key, and written through the engine's own write
 * path (createValues/createIn, updateValues/updateIn): the same validators,
 * ceiling, guards, frozen fields, uniqueness and revisions as `create` and
 * `update`. Rows go in batches, each one transaction with its log row.
 *  - preview: the headers, the mapping, the first rows as they would be stored;
 *  - dry: every batch written and rolled back, each row's errors collected;
 *  - run: a row its validators refuse is failed and left out; a batch the
 *    database refuses stops the run, every batch before it kept; a cancel is
 *    seen between batches.
 */
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { isBlank, type Resource } from '../../../schema/define';
import type { Lang } from '../../../schema/i18n';
import { AppError } from '../../http';
import { t } from '../../i18n';
import type { FieldIssue } from '../params';
import { refuse } from '../params';
import type { Engine } from '../store';
import { checkedRow, createIn, createValues, inBatch, insertRows, insertsTogether, updateIn, updateValues, type WriteContext } from '../writes';
import { cellValue, importable, suggestMapping } from './cells';
import type { Cell } from './read';
import { RefResolver } from './refs';
import { matchKeys, uniqueClashes, type SeenValues } from './unique';

export const importPlan = z.strictObject({
  mode: z.enum(['preview', 'dry', 'run']),
  /** The field of each column by position; null leaves a column out. Absent: matched by the headers. */
  mapping: z.array(z.string().max(64).nullable()).max(500).optional(),
  /** A unique field: a row whose value matches a stored row updates it, any other is created. */
  upsert: z.string().max(64).optional(),
  sheet: z.string().max(64).optional(),
  tz: z.string().max(64).optional(),
  /** The key a reference column names its rows by, per field (`id`, or a unique field of its table). */
  refs: z.record(z.string().max(64), z.string().max(64)).optional(),
  batch: z.number().int().min(1).max(5000).optional(),
  /** Names the run, so that a cancel can name it. */
  runId: z.string().max(64).optional(),
});
export type ImportPlan = z.infer<typeof importPlan>;

export interface ImportContext {
  e: Engine;
  r: Resource;
  /** The caller's context for each row (its log row is the batch's). */
  ctx: WriteContext;
  /** Writes the batch's operation-log row in its transaction. */
  audit(trx: Transaction<any>): Promise<void>;
  lang: Lang;
  maxRows: number;
  cancelled(): Promise<boolean>;
  progress?(p: ImportCounts): void;
}

export interface ImportCounts { rows: number; created: number; updated: number; skipped: number; failed: number }
export interface RowError { row: number; column: string; field: string; message: string }
export interface ImportResult extends ImportCounts {
  headers: string[];
  mapping: Array<string | null>;
  errors: RowError[];
  /** The failed rows as they were in the file, with why: ready to fix and import again. */
  failedRows: Array<{ row: number; cells: string[]; reason: string }>;
  preview?: Array<Record<string, unknown>>;
  cancelled?: boolean;
  /** The batch the database refused: the run stopped there, every row before it kept. */
  stopped?: { row: number; reason: string };
}

const SYSTEM_TIME = z.number({ error: 'validation.invalid_type' }).int().min(0);
const MAX_ERRORS = 1000;
const MAX_FAILED_ROWS = 10_000;
const PREVIEW_ROWS = 5;
/** Thrown to roll a dry run's batch back. */
const ROLLBACK = Symbol('dry run');

interface PendingRow { row: number; cells: Cell[]; body: Record<string, unknown>; history: Record<string, unknown>; issues: FieldIssue[] }
/** A row with its checked values, to be created (no `found`) or to update the stored row it matched. */
interface Ready { p: PendingRow; found?: Record<string, unknown>; values: Record<string, unknown>; owner: unknown; generated: ReadonlySet<string> }
/** Most rows have no generated field the file left blank: one empty set for them all, not one each. */
const NONE: ReadonlySet<string> = new Set();

const cellText = (c: Cell) => (c === null || c === undefined ? '' : c instanceof Date ? c.toISOString() : String(c));

export async function runImport(source: AsyncIterable<Cell[]>, plan: ImportPlan, c: ImportContext): Promise<ImportResult> {
  const result = await importRows(source, plan, c);
  // A batch finds its rows' refusals in steps (values, keys, writes): listed by row, as a person reads the file.
  result.errors.sort((a, b) => a.row - b.row);
  result.failedRows.sort((a, b) => a.row - b.row);
  return result;
}

async function importRows(source: AsyncIterable<Cell[]>, plan: ImportPlan, c: ImportContext): Promise<ImportResult> {
  const { e, r, lang } = c;
  const rows = source[Symbol.asyncIterator]();
  let first = await rows.next();
  while (!first.done && first.value.every((cell) => cellText(cell).trim() === '')) first = await rows.next();
  const headers = first.done ? [] : first.value.map((h) => cellText(h).trim());
  if (!headers.length) refuse('file', 'errors.import_no_header');
  const mapping = checkMapping(r, headers, plan);
  const upsert = plan.upsert;
  if (upsert && (!mapping.includes(upsert) || !(r.fields[upsert]?.column.unique || r.fields[upsert]?.uniquePerOwner))) {
    refuse('upsert', 'errors.import_upsert_key', { field: upsert });
  }
  const timeZone = plan.tz ?? 'UTC';
  const refs = new RefResolver(e, plan.refs);
  const owner = r.columns.owner;
  /** Each unique value the file has used so far, with its row: a repeat is refused as a stored one would be. */
  const seen: SeenValues<number> = new Map();
  /** The fields the server fills when left blank (an order's tradeNo), named once for the whole file. */
  const autoFields = Object.keys(r.fields).filter((k) => r.fields[k]!.auto);
  /** The rows' sets of generated fields, one per combination (an order's tradeNo on every row): shared, not one a row. */
  const generatedSets = new Map<string, ReadonlySet<string>>();
  const setOf = (made: string[]) => {
    if (!made.length) return NONE;
    const name = made.join('\0');
    let set = generatedSets.get(name);
    if (!set) generatedSets.set(name, (set = new Set(made)));
    return set;
  };
  const result: ImportResult = { headers, mapping, rows: 0, created: 0, updated: 0, skipped: 0, failed: 0, errors: [], failedRows: [] };
  const columnOf = (field: string) => headers[mapping.indexOf(field)] ?? field;
  const say = (issue: FieldIssue) => t(lang, issue.message, { ...issue.params }, r.name);
  const fail = (p: PendingRow, issues: FieldIssue[]) => {
    result.failed++;
    for (const issue of issues) {
      if (result.errors.length < MAX_ERRORS) result.errors.push({ row: p.row, column: columnOf(issue.field), field: issue.field, message: say(issue) });
    }
    if (result.failedRows.length < MAX_FAILED_ROWS) {
      result.failedRows.push({ row: p.row, cells: p.cells.map(cellText), reason: issues.map((i) => `${columnOf(i.field)}: ${say(i)}`).join('; ') });
    }
  };

  /** A row's body: each mapped cell converted for its field; a history field apart, checked by its own validator. */
  async function pending(row: number, cells: Cell[]): Promise<PendingRow> {
    const p: PendingRow = { row, cells, body: {}, history: {}, issues: [] };
    for (const [i, key] of mapping.entries()) {
      const f = key ? r.fields[key] : undefined;
      if (!key || !f) continue;
      let value = cellValue(r, key, f, cells[i] ?? null, timeZone);
      // A blank cell says nothing: a created row gets the field's default, an updated one keeps its value.
      if (isBlank(value)) continue;
      if (f.ref) {
        const found = await refs.resolve(e.db.any, key, f, String(value));
        if ('issue' in found) { p.issues.push(found.issue); continue; }
        value = found.value;
      }
      if (!f.readOnly) { p.body[key] = value; continue; }
      // A column the server fills (an order's creation time) has no validator of its own: a time is a whole second count.
      const parsed = (f.system ? SYSTEM_TIME : f.input).safeParse(value);
      if (parsed.success) p.history[key] = parsed.data;
      else p.issues.push({ field: key, message: parsed.error.issues[0]?.message ?? 'validation.invalid_type' });
    }
    return p;
  }

  if (plan.mode === 'preview') {
    result.preview = [];
    for (let next = await rows.next(); !next.done && result.preview.length < PREVIEW_ROWS; next = await rows.next()) {
      if (next.value.every((cell) => cellText(cell).trim() === '')) continue;
      const p = await pending(result.preview.length + 2, next.value);
      result.preview.push({ ...p.body, ...p.history });
    }
    return result;
  }

  /** The stored row each row's key matches, if any: one query for the batch. */
  async function matchAll(trx: Transaction<any>, todo: PendingRow[]): Promise<(p: PendingRow) => Record<string, unknown> | undefined> {
    if (!upsert) return () => undefined;
    const f = r.fields[upsert]!;
    const keyOf = (p: PendingRow) => {
      if (isBlank(p.body[upsert])) return undefined;
      const parsed = f.input.safeParse(p.body[upsert]);
      return parsed.success ? parsed.data : undefined;
    };
    const keys = todo.map(keyOf).filter((k) => k !== undefined);
    if (!keys.length) return () => undefined;
    const find = await matchKeys(e, trx, r, upsert, c.ctx.caller, keys, r.history?.fields ?? []);
    return (p) => find(keyOf(p));
  }

  /** A row's values as `create` or `update` checks them before writing; a refusal is the row's (failed). */
  async function valuesOf(p: PendingRow, found: Record<string, unknown> | undefined): Promise<Ready | undefined> {
    try {
      if (found) {
        // A row's history stays as it was: an import never moves an order's status.
        const moved = Object.keys(p.history).find((k) => JSON.stringify(found[k]) !== JSON.stringify(p.history[k]));
        if (moved) throw new AppError(409, 'errors.frozen', { field: moved }, { errors: [{ field: moved, message: 'errors.frozen' }] });
        return { p, found, values: await updateValues(r, p.body), owner: owner ? found[owner] : undefined, generated: NONE };
      }
      const values = await createValues(r, c.ctx, p.body, p.history);
      const issues = r.history && Object.keys(p.history).length ? r.history.refine(values as never) : [];
      if (issues.length) throw new AppError(400, 'errors.invalid_field', {}, { errors: issues });
      const made = autoFields.filter((k) => isBlank(p.body[k]) && !isBlank(values[k]));
      const generated = setOf(made);
      return { p, values, owner: owner ? (c.ctx.caller.user?.id ?? 0) : undefined, generated };
    } catch (error) {
      fail(p, issuesOf(error));
      return undefined;
    }
  }

  /**
   * Writes a batch through the write path, its keys looked up for the whole batch (unique.ts). A refusal met
   * before the write is the row's (failed, left out); one met writing is the batch's on a run (thrown), the
   * row's on a dry run.
   */
  async function writeBatch(trx: Transaction<any>, todo: PendingRow[], dry: boolean): Promise<void> {
    const matched = await matchAll(trx, todo);
    const ready: Ready[] = [];
    for (const p of todo) {
      if (p.issues.length) { fail(p, p.issues); continue; }
      const row = await valuesOf(p, matched(p));
      if (row) ready.push(row);
    }
    const clashes = await uniqueClashes(e, trx, r, ready.map((x) => ({
      pending: x.p.row, values: x.values, owner: x.owner, selfId: x.found ? Number(x.found.id) : undefined, generated: x.generated,
    })), seen);
    // New rows are checked one by one and inserted together where the database allows (writes.ts, insertRows).
    const together = insertsTogether(e, r);
    const inserts: Array<Record<string, unknown>> = [];
    for (const { p, found, values } of ready) {
      try {
        const clash = clashes.get(p.row);
        if (clash) throw clash;
        if (!found && together) {
          inserts.push(await checkedRow(e, trx, r, c.ctx, values, true));
          result.created++;
        } else if (!found) {
          await createIn(e, trx, r, c.ctx, values, true);
          result.created++;
        } else if (await updateIn(e, trx, r, c.ctx, Number(found.id), values, true, true)) result.updated++;
        else result.skipped++;
      } catch (error) {
        if (!dry || !(error instanceof AppError)) throw error;
        fail(p, issuesOf(error));
      }
    }
    await insertRows(trx, r, inserts);
  }

  const size = plan.batch ?? 500;
  let batch: PendingRow[] = [];
  // The file's row number a person sees: the header is row 1.
  let line = 1;
  const flush = async () => {
    if (!batch.length) return true;
    const todo = batch;
    batch = [];
    const before = { ...result, errors: result.errors.length, failedRows: result.failedRows.length };
    try {
      await inBatch(e, r, c.ctx, async (trx) => {
        await writeBatch(trx, todo, plan.mode === 'dry');
        if (plan.mode === 'dry') throw ROLLBACK;
        await c.audit(trx);
      });
    } catch (error) {
      if (error === ROLLBACK) return true;
      // The batch rolled back whole: its rows are counted as failed, with the reason, and the run stops here.
      Object.assign(result, { created: before.created, updated: before.updated, skipped: before.skipped, failed: before.failed });
      result.errors.length = before.errors;
      result.failedRows.length = before.failedRows;
      const reason = issuesOf(error).map((i) => `${columnOf(i.field)}: ${say(i)}`).join('; ');
      result.stopped = { row: todo[0]!.row, reason };
      for (const p of todo) fail(p, issuesOf(error));
      return false;
    }
    return true;
  };
  for (let next = await rows.next(); !next.done; next = await rows.next()) {
    line++;
    if (next.value.every((cell) => cellText(cell).trim() === '')) continue;
    result.rows++;
    if (result.rows > c.maxRows) throw new AppError(413, 'errors.import_too_many_rows', { max: c.maxRows }, result);
    batch.push(await pending(line, next.value));
    if (batch.length < size) continue;
    if (!(await flush())) return result;
    c.progress?.(countsOf(result));
    if (plan.mode === 'run' && (await c.cancelled())) return { ...result, cancelled: true };
  }
  await flush();
  c.progress?.(countsOf(result));
  return result;
}

const countsOf = ({ rows, created, updated, skipped, failed }: ImportResult): ImportCounts => ({ rows, created, updated, skipped, failed });

/** A refusal as field issues (a write's 400 lists them; a 409 or 403 names one field or none). */
function issuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof AppError)) throw error;
  const listed = (error.data as { errors?: FieldIssue[] } | null)?.errors;
  if (Array.isArray(listed) && listed.length) return listed;
  return [{ field: String(error.params.field ?? ''), message: error.key, params: error.params }];
}

/** The plan's mapping, or the one the headers suggest; every mapped field importable, none twice. */
function checkMapping(r: Resource, headers: string[], plan: ImportPlan): Array<string | null> {
  const fields = importable(r);
  const mapping = plan.mapping ? headers.map((_, i) => plan.mapping![i] || null) : suggestMapping(r, headers);
  const seen = new Set<string>();
  for (const k of mapping) {
    if (!k) continue;
    if (!fields.has(k)) refuse('mapping', 'errors.import_field', { field: k });
    if (seen.has(k)) refuse('mapping', 'errors.import_field_twice', { field: k });
    seen.add(k);
  }
  return mapping;
}
