/**
 * Write actions of the generic engine. Each runs in one transaction together
 * with its operation-log row: a batch acts on all of its ids or on none, and a
 * row of another owner in a scoped caller's batch refuses the whole batch.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { createQueryId, InsertQueryNode, sql, TableNode } from 'kysely';
import { fieldList, type Resource } from '../../schema/define';
import { keepAdmins } from '../auth/keep-admin';
import { hashPassword } from '../auth/passwords';
import { AppError, badRequest, forbidden, notFound } from '../http';
import type { Caller } from '../types';
import { invalid, onlyKeys, parseId, parseIds, parseValues } from './params';
import { retryLostRaces } from '../db/races';
import { decode, encode, now, outputColumns, withDefaults } from '../db/rows';
import { authorOf, recordRevisions, type RevisionAction, type RowChange } from './revisions';
import { inTrash, ownerScope, scoped, type Engine } from './store';

export interface WriteContext {
  caller: Caller;
  /** Writes the operation-log row inside the write's transaction. */
  audit(trx: Transaction<any>, info: { bindId?: number }): Promise<void>;
}

type Body = Record<string, unknown>;

/** Unguessable token for `auto` fields (the payer's tradeNo). */
const token = () => randomBytes(16).toString('base64url');

async function prepare(r: Resource, values: Record<string, unknown>, creating: boolean) {
  for (const [k, f] of fieldList(r)) {
    if (f.secret && typeof values[k] === 'string') values[k] = await hashPassword(values[k] as string);
    if (creating && f.auto && !values[k]) values[k] = token();
  }
  return values;
}

/** The refusal of a value another row holds: per owner a 409, else the 400 the column's unique index would give. */
export function duplicate(r: Resource, k: string): AppError {
  if (r.fields[k]?.uniquePerOwner && r.columns.owner) return new AppError(409, 'errors.duplicate_per_owner', { field: k }, { errors: [{ field: k, message: 'errors.duplicate_per_owner' }] });
  return badRequest('errors.conflict', { field: k }, { errors: [{ field: k, message: 'errors.conflict' }] });
}

export async function checkUnique(e: Engine, trx: Kysely<any>, r: Resource, values: Record<string, unknown>, owner: unknown, selfId?: number) {
  for (const [k, f] of fieldList(r)) {
    if (!(f.column.unique || f.uniquePerOwner) || values[k] === undefined || values[k] === '') continue;
    let qb = trx.selectFrom(r.table).select('id').where(k, '=', values[k] as never);
    if (selfId) qb = qb.where('id', '!=', selfId);
    if (f.uniquePerOwner && r.columns.owner) {
      // No unique key can say "unique per owner when not blank": the gap lock (MySQL) makes a racing twin wait, then retry and see this row.
      qb = qb.where(r.columns.owner, '=', owner as never);
      if (e.db.adapter.forUpdate) qb = qb.forUpdate();
      if (await qb.executeTakeFirst()) throw duplicate(r, k);
      continue;
    }
    // Stryker disable next-line ConditionalExpression: equivalent for the caller; the column's unique index refuses the row with the same 400 (transactOnce), a statement later
    if (await qb.executeTakeFirst()) throw duplicate(r, k);
  }
}

/** Reads rows for writing: on MySQL they stay locked until the write commits (SQLite has one writer). */
const forUpdate = <Q extends { forUpdate(): Q }>(e: Engine, qb: Q): Q => (e.db.adapter.forUpdate ? qb.forUpdate() : qb);

/**
 * A change to a field the stored row has frozen (a paid order's amount) is refused whole: 409 naming it.
 * Both sides hold the field's own kind (the body parsed by it, the row decoded), so a value sent back
 * unchanged is the same JSON, a list or an object included.
 */
function checkFrozen(r: Resource, before: Record<string, unknown>, values: Record<string, unknown>) {
  const changed = r.frozen?.(before as never).find((k) => k in values && JSON.stringify(values[k]) !== JSON.stringify(before[k]));
  if (changed) throw new AppError(409, 'errors.frozen', { field: changed }, { errors: [{ field: changed, message: 'errors.frozen' }] });
}

/** References must point at rows that exist in their `ref` table: a `|1|2|` list (a group's members) or one id, 0 for none. */
async function checkRefs(trx: Kysely<any>, e: Engine, r: Resource, values: Record<string, unknown>) {
  for (const [k, f] of fieldList(r)) {
    const target = f.ref && e.resources.get(f.ref);
    if (!target) continue;
    const value = values[k];
    // Both spellings read alike: '|1|2|' and 5 (or '5'); 0 and blanks are no reference.
    const ids = [...new Set(String(value).split('|').map(Number).filter((id) => id > 0))];
    if (!ids.length) continue;
    const found = await trx.selectFrom(target.table).select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) {
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      invalid([{ field: k, message: 'validation.ids_missing', params: { ids: missing.join(', ') } }]);
    }
  }
}

function checkRow(r: Resource, merged: Record<string, unknown>) {
  const issues = r.refine?.(merged as never) ?? [];
  if (issues.length) invalid(issues);
}

/** The update time a write sets, in the resource's own column, if it keeps one. */
const touched = (r: Resource) => (r.columns.updateTime ? { [r.columns.updateTime]: now() } : {});

/** Refuses (403) a scoped caller's write that reaches a row of another owner. */
export function ownOnly(r: Resource, caller: Caller, rows: Array<Record<string, unknown>>) {
  const owner = r.columns.owner;
  const uid = ownerScope(r, caller);
  if (!owner || uid === null || rows.every((row) => row[owner] === uid)) return;
  // A row shared with the caller's group is his to read, not to change: said so, not "another user's data".
  const shared = r.personal?.sharedWith;
  throw forbidden(shared && rows.some((row) => caller.groups.includes(Number(row[shared]))) ? 'errors.shared_read_only' : 'errors.scope');
}

/** A `personal` row may be shared only with a group its writer belongs to. */
function checkShare(r: Resource, caller: Caller, values: Record<string, unknown>) {
  const by = r.personal?.sharedWith;
  const group = by ? Number(values[by] ?? 0) : 0;
  if (group && !caller.groups.includes(group)) invalid([{ field: by!, message: 'validation.not_your_group' }]);
}

/**
 * Runs a write and its log row in one transaction (its commit announces the write: db.writes).
 * A write that would leave the caller banned or the site without a super-admin rolls back (keep-admin.ts).
 * A transaction the database gave up on to settle a race runs again (server/db/races.ts).
 */
function inTransaction<T>(e: Engine, r: Resource, ctx: WriteContext, action: HistoryAction | null, work: (trx: Transaction<any>) => Promise<T>): Promise<T> {
  return retryLostRaces(() => transactOnce(e, r, ctx, action, work));
}

async function transactOnce<T>(e: Engine, r: Resource, ctx: WriteContext, action: HistoryAction | null, work: (trx: Transaction<any>) => Promise<T>): Promise<T> {
  let used: Transaction<any> | undefined;
  try {
    const result = await e.db.any.transaction().execute(async (trx) => {
      used = trx;
      const keep = await keepAdmins(trx, r.table, ctx.caller);
      const done = await work(trx);
      await keep?.();
      const changed = consulted.get(trx);
      if (changed?.length) await e.afterWrites?.(trx, r, changed as Parameters<NonNullable<Engine['afterWrites']>>[2]);
      // Stryker disable next-line ConditionalExpression: sort, the one write without an action, consults no rows, so its history would hold none
      if (action) await recordHistory(e, trx, r, ctx, action);
      return done;
    });
    // `used` is set by now: the transaction ran its work.
    for (const then of afterCommit.get(used!) ?? []) await then();
    return result;
  } catch (error) {
    const field = e.db.adapter.uniqueViolation(error);
    if (field) throw badRequest('errors.conflict', { field }, { errors: [{ field, message: 'errors.conflict' }] });
    throw error;
  }
}

/** What the `beforeWrite` hook asked to run once its transaction committed (ending sessions). */
const afterCommit = new WeakMap<object, Array<() => Promise<void>>>();

/** The rows each write consulted about, kept for its history until the work is done (a create's row has its id by then). */
const consulted = new WeakMap<object, RowChange[]>();

/**
 * The engine's `beforeWrite` hook (the permission ceiling), with the rows
 * before and after. Every write passes here with the rows it changes, so the
 * same rows become its revisions once the work is done.
 */
async function consult(e: Engine, trx: Transaction<any>, r: Resource, ctx: WriteContext, changes: Parameters<NonNullable<Engine['beforeWrite']>>[3]) {
  const then = await e.beforeWrite(trx, r, ctx.caller, changes);
  // Kept once allowed, appended in place: a batch (an import's, a bulk edit's) consults row after row in one
  // transaction, and a row it refused and left out is neither a revision nor counted in the totals.
  const seen = consulted.get(trx);
  if (seen) seen.push(...changes);
  else consulted.set(trx, [...changes]);
  if (then) afterCommit.set(trx, [...(afterCommit.get(trx) ?? []), then]);
}

/** The write's revisions, in its transaction: a move to or from the bin is its bin column's change, a delete what the row held. */
async function recordHistory(e: Engine, trx: Transaction<any>, r: Resource, ctx: WriteContext, action: HistoryAction) {
  const time = Math.floor((e.clock ?? Date.now)() / 1000);
  const binned = r.columns.deleteTime;
  // Every write with an action consults the rows it writes before its work is done (a batch may have written none).
  const rows = (consulted.get(trx) ?? []).map((change) =>
    action === 'remove' && binned && change.before ? { before: change.before, after: { ...change.before, [binned]: now() } } : change);
  if (action !== 'batch') return recordRevisions(trx, r, { action, author: authorOf(ctx.caller), time, rows });
  // A batch of creates and updates: each row's revision is what happened to it.
  await recordRevisions(trx, r, { action: 'create', author: authorOf(ctx.caller), time, rows: rows.filter((row) => !row.before) });
  await recordRevisions(trx, r, { action: 'update', author: authorOf(ctx.caller), time, rows: rows.filter((row) => row.before) });
}

/** A write's history action; `batch` records each row as the create or update it was. */
type HistoryAction = RevisionAction | 'batch';

async function readBack(trx: Kysely<any>, r: Resource, id: number) {
  const row = await trx.selectFrom(r.table).select(outputColumns(r)).where('id', '=', id).executeTakeFirstOrThrow();
  return decode(r, row);
}

/**
 * A create's values, checked as `create` checks them before its transaction: the fields' own validators,
 * the share, the whole-row rule, and what the server derives. `system` holds values the caller may not send
 * but the server itself decided (an import's past order: its status and payment), checked with the row.
 */
export async function createValues(r: Resource, ctx: WriteContext, body: unknown, system: Record<string, unknown> = {}) {
  const values = Object.assign(await prepare(r, parseValues(r, body, false), true), system);
  checkShare(r, ctx.caller, values);
  // One full row for both (an import checks 100,000): the whole-row rule reads it, derive reads the same.
  const full = withDefaults(r, values);
  checkRow(r, full);
  Object.assign(values, r.derive?.(full as never));
  return values;
}

/**
 * Inserts checked values (createValues) in `trx`: references, uniqueness, the ceiling and the guards, then the row. Answers its id.
 * `uniqueChecked`: the caller checked the unique fields for its whole batch at once (import/unique.ts).
 */
export async function createIn(e: Engine, trx: Transaction<any>, r: Resource, ctx: WriteContext, values: Record<string, unknown>, uniqueChecked = false) {
  const row = await checkedRow(e, trx, r, ctx, values, uniqueChecked);
  const result = await trx.insertInto(r.table).values(encode(r, row)).executeTakeFirstOrThrow();
  const id = Number(result.insertId);
  // The consulted row becomes the revision: it is known by its id now.
  row.id = id;
  return id;
}

/** createIn's work before its insert: the new row, checked and consulted, for `insertRows` to write with others. */
export async function checkedRow(e: Engine, trx: Transaction<any>, r: Resource, ctx: WriteContext, values: Record<string, unknown>, uniqueChecked = false) {
  await checkRefs(trx, e, r, values);
  const { owner, createTime, updateTime, serial } = r.columns;
  const t = now();
  // The row built once, the server's columns set on it: no spread copy of `values` first (an import's
  // batch checks 500 rows, and a copy per row that V8 learns to allocate in old space grows the heap).
  const row = withDefaults(r, values);
  const put = (k: string, v: unknown) => { if (r.fields[k] && r.fields[k].system !== 'id') row[k] = v; };
  if (owner) put(owner, ctx.caller.user?.id ?? 0);
  // Only the server sets a creation time (an imported past order keeps its own); a client cannot send one.
  if (createTime) put(createTime, values[createTime] ?? t);
  if (updateTime) put(updateTime, t);
  if (serial) {
    const { top } = await trx.selectFrom(r.table).select(sql<number>`coalesce(max(${sql.ref(serial)}), 0)`.as('top')).executeTakeFirstOrThrow();
    row[serial] = Number(top) + 1;
  }
  if (!uniqueChecked) await checkUnique(e, trx, r, values, owner ? row[owner] : undefined);
  await consult(e, trx, r, ctx, [{ after: row }]);
  return row;
}

/** Whether `insertRows` can write many rows in one statement: one writer (SQLite), and no place (`serial`) counted row by row. */
export const insertsTogether = (e: Engine, r: Resource) => e.db.adapter.name === 'sqlite' && !r.columns.serial;

/**
 * Rows from `checkedRow` inserted a few hundred to a statement (an import's batch: one INSERT, not 500), each
 * given its id. Only where `insertsTogether`: SQLite has one writer, so a statement's rows take consecutive ids
 * ending at the one it reports. Rows of other columns (a past order with its payment) go in their own statement.
 */
export async function insertRows(trx: Transaction<any>, r: Resource, rows: Array<Record<string, unknown>>) {
  // A row's columns are those it holds a value for (an undefined one is left to the column's default, as Kysely does).
  const columnsOf = (row: Record<string, unknown>) => Object.keys(row).filter((k) => row[k] !== undefined);
  const shapes = rows.map((row) => columnsOf(row).join());
  // Within SQLite's 32,766 parameters a statement.
  const most = Math.max(1, Math.floor(30_000 / Math.max(1, columnsOf(rows[0] ?? {}).length)));
  for (let at = 0; at < rows.length;) {
    const shape = shapes[at];
    let end = at + 1;
    while (end < rows.length && end - at < most && shapes[end] === shape) end++;
    const last = await insertChunk(trx, r, columnsOf(rows[at]!), rows, at, end);
    for (let i = at; i < end; i++) rows[i]!.id = last - (end - 1 - i);
    at = end;
  }
}

/**
 * Rows `at`..`end` (the same columns) in one INSERT, its SQL written once rather than compiled from a node per
 * value: an import of 100,000 rows made Kysely's tree and string pieces the larger part of its garbage. The
 * query's node names the table, so the write is announced (db/writes.ts) as a multi-row insert always was.
 */
async function insertChunk(trx: Transaction<any>, r: Resource, columns: string[], rows: Array<Record<string, unknown>>, at: number, end: number) {
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const json = columns.map((k) => r.fields[k]?.column.type === 'json');
  const parameters: unknown[] = [];
  for (let i = at; i < end; i++) {
    const row = rows[i]!;
    for (let c = 0; c < columns.length; c++) {
      const v = row[columns[c]!];
      parameters.push(json[c] && v !== null && v !== undefined ? JSON.stringify(v) : v);
    }
  }
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const text = `insert into ${quote(r.table)} (${columns.map(quote).join(', ')}) values ${new Array(end - at).fill(tuple).join(', ')}`;
  const query = { sql: text, parameters, query: InsertQueryNode.create(TableNode.create(r.table)), queryId: createQueryId() };
  const result = await trx.executeQuery(query);
  return Number(result.insertId);
}

export async function create(e: Engine, r: Resource, ctx: WriteContext, body: unknown) {
  const values = await createValues(r, ctx, body);
  return inTransaction(e, r, ctx, 'create', async (trx) => {
    const id = await createIn(e, trx, r, ctx, values);
    await ctx.audit(trx, { bindId: id });
    return readBack(trx, r, id);
  });
}

/** An update's patch, checked by the fields' validators (a password hashed) before its transaction. */
export const updateValues = async (r: Resource, body: unknown) => prepare(r, parseValues(r, body, true, ['id']), false);

/**
 * Updates row `id` in `trx` with a checked patch (updateValues), through every check of `update`. With
 * `skipUnchanged`, a patch that changes nothing writes nothing and answers false (an import's row that is already so).
 * `uniqueChecked`: the caller checked the patch's unique fields for its whole batch at once (import/unique.ts).
 */
export async function updateIn(e: Engine, trx: Transaction<any>, r: Resource, ctx: WriteContext, id: number, values: Record<string, unknown>, skipUnchanged = false, uniqueChecked = false) {
  // Locked while it is checked and written (MySQL; SQLite has one writer): a payment that lands meanwhile is seen, not written over.
  const existing = await forUpdate(e, trx.selectFrom(r.table).selectAll().where('id', '=', id)).executeTakeFirst();
  if (!existing) throw notFound();
  ownOnly(r, ctx.caller, [existing]);
  checkShare(r, ctx.caller, values);
  if (r.columns.lock && existing[r.columns.lock] === 1) {
    const changed = r.locked.find((k) => k in values && values[k] !== existing[k]);
    if (changed) throw new AppError(403, 'errors.locked', { field: changed });
  }
  const before = decode(r, { ...existing });
  if (skipUnchanged && Object.keys(values).every((k) => JSON.stringify(values[k]) === JSON.stringify(before[k]))) return false;
  checkFrozen(r, before, values);
  const merged = { ...before, ...values };
  checkRow(r, merged);
  Object.assign(values, r.derive?.(merged as never));
  if (!uniqueChecked) await checkUnique(e, trx, r, values, r.columns.owner ? existing[r.columns.owner] : undefined, id);
  await checkRefs(trx, e, r, values);
  // Last of the checks: a row consulted is a row written (its revision, the totals).
  await consult(e, trx, r, ctx, [{ before, after: { ...merged, ...values } }]);
  await trx.updateTable(r.table).set(encode(r, { ...values, ...touched(r) })).where('id', '=', id).execute();
  return true;
}

export async function update(e: Engine, r: Resource, ctx: WriteContext, body: unknown) {
  if (typeof body !== 'object' || body === null) throw badRequest('errors.bad_json');
  const id = parseId((body as Body).id);
  const values = await updateValues(r, body);
  return inTransaction(e, r, ctx, 'update', async (trx) => {
    await updateIn(e, trx, r, ctx, id, values);
    await ctx.audit(trx, { bindId: id });
    return readBack(trx, r, id);
  });
}

/**
 * Many writes in one transaction with one log row (an import's batch, a bulk edit's): each row's revision
 * says what happened to it, a create or an update. All of the batch is written, or none of it.
 */
export function inBatch<T>(e: Engine, r: Resource, ctx: WriteContext, work: (trx: Transaction<any>) => Promise<T>): Promise<T> {
  return inTransaction(e, r, ctx, 'batch', work);
}

/** Create without an id, update with one. */
export function save(e: Engine, r: Resource, ctx: WriteContext, body: unknown) {
  const id = (body as Body | null)?.id;
  if (id === undefined || id === null || id === '' || id === 0) {
    const { id: _, ...rest } = (body ?? {}) as Body;
    return create(e, r, ctx, rest);
  }
  return update(e, r, ctx, body);
}

type BatchKind = 'remove' | 'restore' | 'delete';

/** remove (to trash), restore (from trash), delete (permanent): all ids or none. */
export async function batch(e: Engine, r: Resource, ctx: WriteContext, kind: BatchKind, raw: unknown) {
  const ids = parseIds(raw);
  return inTransaction(e, r, ctx, kind, async (trx) => {
    const deleteTime = r.columns.deleteTime;
    let qb = trx.selectFrom(r.table).selectAll().where('id', 'in', ids);
    if (deleteTime && kind === 'remove') qb = qb.where(deleteTime, '=', 0);
    if (deleteTime && kind === 'restore') qb = qb.where(deleteTime, '>', 0);
    // Locked like an update's row: an order paid while it is being deleted is seen as paid.
    const found = await forUpdate(e, qb).execute();
    if (found.length !== ids.length) {
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      throw new AppError(404, 'errors.not_found', {}, { missing });
    }
    ownOnly(r, ctx.caller, found);
    if (kind === 'delete' && r.permanent) {
      const kept = found.find((row) => r.permanent!(decode(r, { ...row }) as never));
      if (kept) throw new AppError(409, 'errors.permanent', { id: kept.id }, { ids: [kept.id] });
    }
    await consult(e, trx, r, ctx, found.map((row) => {
      const before = decode(r, { ...row });
      return { before, ...(kind === 'restore' && { after: { ...before, [deleteTime!]: 0 } }) };
    }));
    if (kind === 'delete') await trx.deleteFrom(r.table).where('id', 'in', ids).execute();
    else await trx.updateTable(r.table).set({ [deleteTime!]: kind === 'remove' ? now() : 0, ...touched(r) }).where('id', 'in', ids).execute();
    await ctx.audit(trx, { bindId: ids.length === 1 ? ids[0] : undefined });
    return { ids };
  });
}

/** Empties the recycle bin of the rows the caller may see. */
export async function clear(e: Engine, r: Resource, ctx: WriteContext) {
  return inTransaction(e, r, ctx, 'delete', async (trx) => {
    const deleteTime = r.columns.deleteTime!;
    // Read first in any case: the ceiling and the history see each row that goes.
    // Stryker disable next-line StringLiteral: the type checker refuses any other reach; all but 'read' reads as 'write'
    const binned = await forUpdate(e, scoped(trx.selectFrom(r.table).selectAll().where(deleteTime, '>', 0), r, ctx.caller, 'write')).execute();
    // Rows that must stay (an order that received money) stay in the bin.
    const doomed = r.permanent ? binned.filter((row) => !r.permanent!(decode(r, { ...row }) as never)) : binned;
    await consult(e, trx, r, ctx, doomed.map((row) => ({ before: decode(r, { ...row }) })));
    const ids = doomed.map((row) => row.id as number);
    if (ids.length) await trx.deleteFrom(r.table).where('id', 'in', ids).execute();
    await ctx.audit(trx, {});
    return r.permanent ? { count: ids.length, kept: binned.length - ids.length } : { count: ids.length };
  });
}

/** Moves a row one place up or down in `serial` order, renumbering so ties cannot stall it. */
/**
 * Moves a row one place up or down among the rows the caller sees: an
 * own-rows caller reorders his own rows within the places they hold, and
 * never renumbers another owner's. The rows are locked while they are
 * renumbered (MySQL; SQLite has one writer), so concurrent moves queue
 * instead of leaving two rows with one place.
 */
export async function sort(e: Engine, r: Resource, ctx: WriteContext, body: unknown) {
  onlyKeys(body, ['id', 'mode']);
  const { id: rawId, mode } = (body ?? {}) as Body;
  const id = parseId(rawId);
  if (mode !== 'up' && mode !== 'down') invalid([{ field: 'mode', message: 'validation.choice' }]);
  // A move renumbers places, not what a row says: it leaves no revision.
  return inTransaction(e, r, ctx, null, async (trx) => {
    const serial = r.columns.serial!;
    const owner = r.columns.owner;
    let qb = inTrash(scoped(trx.selectFrom(r.table).select(['id', `${serial} as place`, ...(owner ? [owner] : [])]), r, ctx.caller, 'write'), r, false)
      .orderBy(serial).orderBy('id');
    if (e.db.adapter.forUpdate) qb = qb.forUpdate();
    const list = await qb.execute();
    const at = list.findIndex((row) => row.id === id);
    // The list holds only the rows the caller may move (scoped above): another's row is not found.
    if (at < 0) throw notFound();
    // The places these rows hold: the whole table's 1..n, or an owner's own share of them, made distinct.
    const whole = !owner || ownerScope(r, ctx.caller) === null;
    const places: number[] = [];
    for (const [i, row] of list.entries()) places.push(whole ? i + 1 : Math.max(Number(row.place), (places[i - 1] ?? 0) + 1));
    const to = mode === 'up' ? at - 1 : at + 1;
    if (to >= 0 && to < list.length) [list[at], list[to]] = [list[to]!, list[at]!];
    for (const [i, row] of list.entries()) {
      if (row.place !== places[i]) await trx.updateTable(r.table).set({ [serial]: places[i] }).where('id', '=', row.id).execute();
    }
    await ctx.audit(trx, { bindId: id });
    return { id, serial: places[list.findIndex((row) => row.id === id)] };
  });
}
