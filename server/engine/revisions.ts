/**
 * Record history: the one writer of `revisions` rows. Every write of a row
 * (the engine's, the payment code's) records which row, who, when, and each
 * changed field's old and new value, in the write's own transaction, so a
 * write and its history commit or roll back together. A field the schema
 * keeps from clients (hidden: a hash, a TOTP key) or stores hashed (a
 * password) is recorded as `***` on both sides: that it changed, never what
 * it was. Settings files record the same way, their secrets masked by the
 * settings schema's own `secret` marks.
 */
import type { Kysely } from 'kysely';
import { fieldList, type Field, type Resource } from '../../schema/define';
import { MASKED_VALUE } from '../../schema/revisions';
import { secretFields, type SettingsFile } from '../../schema/settings';
import type { REVISION_ACTIONS } from '../../schema/resources/revisions';
import type { Caller } from '../types';

export type RevisionAction = (typeof REVISION_ACTIONS)[number];
type Row = Record<string, unknown>;

export const MASK = MASKED_VALUE;
const TABLE = 'revisions';

/** Who wrote: a user (with the API key he used), or, when no one did, the job or provider (`expiry`, a channel, `system`). */
export interface Author {
  userId: number;
  apiKeyId: number;
  actor: string;
}

export const authorOf = (caller: Caller): Author =>
  ({ userId: caller.user?.id ?? 0, apiKeyId: caller.apiKeyId ?? 0, actor: caller.user ? '' : 'system' });

/** A row before and after a write: a create has no `before`, a delete no `after`. */
export interface RowChange {
  before?: object;
  after?: object;
}

/** `{ field: [old, new] }`, null for a side the row did not have. */
export type Changes = Record<string, [unknown, unknown]>;

const isMasked = (f: Field) => f.hidden || f.secret;
/** Columns every write moves: recording them would only repeat the revision's own time. */
const isBookkeeping = (f: Field) => f.system === 'id' || f.system === 'createTime' || f.system === 'updateTime';
const isBlank = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || (Array.isArray(v) && v.length === 0);

/** Equal as stored: 12.5 and "12.50" from a DECIMAL are one amount, a JSON value compared by its text. */
function same(f: Field, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (['integer', 'bigint', 'decimal', 'increments'].includes(f.column.type)) return Number(a ?? 0) === Number(b ?? 0);
  if (f.column.type === 'json') return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return String(a ?? '') === String(b ?? '');
}

/** A value as its revision shows it: none for a side that is absent, a mask for a secret. */
const shown = (f: Field, present: boolean, v: unknown) => (!present ? null : isMasked(f) ? MASK : v ?? null);

/** The fields a write changed, old and new; a create lists what it set, a delete what was lost (blank values left out). */
export function changesOf(r: Resource, change: RowChange): Changes {
  const before = change.before as Row | undefined;
  const after = change.after as Row | undefined;
  const out: Changes = {};
  for (const [k, f] of fieldList(r)) {
    if (isBookkeeping(f)) continue;
    const old = before?.[k];
    const now = after?.[k];
    if (before && after ? !(k in after) || same(f, old, now) : isBlank(before ? old : now)) continue;
    out[k] = [shown(f, Boolean(before), old), shown(f, Boolean(after), now)];
  }
  return out;
}

export interface RevisionEntry {
  action: RevisionAction;
  author: Author;
  /** Epoch seconds on the app's clock. */
  time: number;
  rows: readonly RowChange[];
}

/**
 * Writes one revision per row that changed (an update that changed nothing
 * leaves none), inside the caller's transaction.
 */
export async function recordRevisions(trx: Kysely<any>, r: Resource, entry: RevisionEntry): Promise<void> {
  const owner = r.columns.owner;
  const values = entry.rows.flatMap((change) => {
    const row = (change.after ?? change.before ?? {}) as Row;
    const changes = changesOf(r, change);
    if (entry.action !== 'delete' && !Object.keys(changes).length) return [];
    return [revisionRow(r.name, Number(row.id ?? 0), entry, changes, owner ? Number(row[owner] ?? 0) : 0)];
  });
  // In chunks: a bin emptied of thousands of rows stays within the statement's parameter limit (SQLite's 32766).
  for (let at = 0; at < values.length; at += 500) await trx.insertInto(TABLE).values(values.slice(at, at + 500)).execute();
}

function revisionRow(resource: string, rowId: number, entry: Omit<RevisionEntry, 'rows'>, changes: Changes, owner: number) {
  const { userId, apiKeyId, actor } = entry.author;
  return {
    resource, rowId, action: entry.action, userId, apiKeyId, actor: actor.slice(0, 64),
    changes: JSON.stringify(changes), uid: owner, createTime: entry.time,
  };
}

/** The resource name a settings file's revisions are kept under. */
export const settingsResource = (file: SettingsFile) => `toml:${file}`;

/** A settings section saved through `/api/toml`: its changed fields as `section.field`, secrets masked. */
export async function recordSettings(
  db: Kysely<any>, file: SettingsFile, section: string, before: Row, after: Row, author: Author, time: number,
): Promise<void> {
  const secrets = new Set(secretFields(file));
  const changes: Changes = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k] ?? null) === JSON.stringify(after[k] ?? null)) continue;
    const path = `${section}.${k}`;
    changes[path] = secrets.has(path) ? [MASK, MASK] : [before[k] ?? null, after[k] ?? null];
  }
  if (!Object.keys(changes).length) return;
  await db.insertInto(TABLE).values(revisionRow(settingsResource(file), 0, { action: 'settings', author, time }, changes, 0)).execute();
}

/**
 * The retention job: revisions older than `days` are deleted, `batch` rows
 * per statement so a large backlog never holds the table for long; 0 keeps
 * everything. Answers how many rows went.
 */
export async function pruneRevisions(db: Kysely<any>, days: number, nowSeconds: number, batch = 1000): Promise<number> {
  if (!(days > 0)) return 0;
  const cutoff = nowSeconds - days * 86400;
  let removed = 0;
  for (;;) {
    const ids = (await db.selectFrom(TABLE).select('id').where('createTime', '<', cutoff).orderBy('id').limit(batch).execute()).map((x) => Number(x.id));
    if (!ids.length) return removed;
    await db.deleteFrom(TABLE).where('id', 'in', ids).execute();
    removed += ids.length;
    if (ids.length < batch) return removed;
  }
}
