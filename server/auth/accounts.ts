/**
 * The database side of the public account flows: finding an account by its
 * phone or address, invitation codes, creating a signed-up account in one
 * transaction, and setting a new password.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { users } from '../../schema';
import type { Resource } from '../../schema/define';
import type { Db } from '../db/connect';
import type { Database } from '../db/types';
import { encode, now, withDefaults } from '../db/rows';
import { AppError } from '../http';

/** Where a code goes and how an account is found without its name. */
export interface Social {
  kind: 'phone' | 'email';
  /** The phone as given; an address normalised as the users schema stores it (NFC, lower case), so one mailbox is one target. */
  target: string;
}

/** The live account whose phone or address is `social` (and, when given, whose name is `account`). */
export function accountBySocial(q: Kysely<Database>, social: Social, account?: string) {
  let query = q.selectFrom('users').select(['id', 'status', 'mfa'])
    .where(social.kind, '=', social.target).where('deleteTime', '=', 0);
  if (account !== undefined) query = query.where('account', '=', account);
  return query.orderBy('id').executeTakeFirst();
}

/**
 * The live account named `account` and the one of its own contacts a code
 * goes to when the flow names none (a password reset by account name alone):
 * the `prefer`red kind when the account has it, else the other one.
 */
export async function accountContact(q: Kysely<Database>, account: string, prefer: Social['kind']): Promise<{ id: number; social: Social } | undefined> {
  const user = await q.selectFrom('users').select(['id', 'phone', 'email'])
    .where('account', '=', account).where('deleteTime', '=', 0).executeTakeFirst();
  if (!user) return undefined;
  const contacts: Social[] = [];
  if (user.phone) contacts.push({ kind: 'phone', target: user.phone });
  if (user.email) contacts.push({ kind: 'email', target: user.email });
  const social = contacts.find((c) => c.kind === prefer) ?? contacts[0];
  return social && { id: user.id, social };
}

/** A live, unused, unexpired invitation code's id. */
async function liveInvite(q: Kysely<Database>, code: string) {
  const row = await q.selectFrom('invite').select('id')
    .where('code', '=', code).where('deleteTime', '=', 0).where('usedBy', '=', 0)
    .where((eb) => eb.or([eb('expireTime', '=', 0), eb('expireTime', '>', now())]))
    .executeTakeFirst();
  return row?.id;
}

/** 400 unless `code` names a usable invitation (checked before a code is spent on the sign-up). */
export async function checkInvite(db: Db, code: string) {
  if (!(await liveInvite(db.kysely, code))) throw fieldError('invite', 'errors.invite_invalid');
}

export interface NewAccount {
  social: Social;
  account: string;
  passwordHash: string;
  ip: string;
  /** Invitation code to spend, if the sign-up uses one. */
  invite?: string;
  /** Groups the new account joins (SIGN_IN_UP `sign_up.auth_group_ids`); missing or trashed ones are skipped. */
  groupIds: readonly number[];
}

/**
 * Creates the account, spends the invitation and joins the default groups,
 * all or nothing. The phone or address must not belong to a live account
 * (checked here, inside the transaction, as it is not a unique column).
 */
export async function createAccount(db: Db, a: NewAccount): Promise<number> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      if (await accountBySocial(trx, a.social)) throw fieldError('social', 'errors.social_taken');
      const t = now();
      const row = withDefaults(users as unknown as Resource, {
        account: a.account, nickname: a.account, password: a.passwordHash, [a.social.kind]: a.social.target,
        source: a.social.kind, signUpIp: a.ip, createTime: t, updateTime: t,
      });
      const { insertId } = await trx.insertInto('users').values(encode(users as unknown as Resource, row) as never).executeTakeFirstOrThrow();
      const id = Number(insertId);
      // The account owns its own row, so an own-data scope still shows it to them.
      await trx.updateTable('users').set({ uid: id }).where('id', '=', id).execute();
      if (a.invite !== undefined) await spendInvite(trx, a.invite, id);
      if (a.groupIds.length) {
        await trx.updateTable('auth_group')
          .set({ uids: appendId(db, id), updateTime: t })
          .where('id', 'in', [...a.groupIds]).where('deleteTime', '=', 0).where('uids', 'not like', `%|${id}|%`)
          .execute();
      }
      return id;
    });
  } catch (error) {
    // Two sign-ups racing for one account name: the loser hears what a slower one would.
    if (db.adapter.uniqueViolation(error)) throw fieldError('account', 'errors.account_taken');
    throw error;
  }
}

/** Marks the invitation used by `uid`, unless another sign-up spent it first. */
async function spendInvite(trx: Transaction<Database>, code: string, uid: number) {
  const id = await liveInvite(trx, code);
  const spent = id === undefined ? 0n : (await trx.updateTable('invite')
    .set({ usedBy: uid, usedTime: now(), updateTime: now() })
    .where('id', '=', id).where('usedBy', '=', 0)
    .executeTakeFirst()).numUpdatedRows;
  if (!spent) throw fieldError('invite', 'errors.invite_invalid');
}

/** `uids` with `|id|` appended (an empty list becomes `|id|`), in one statement so concurrent joins do not overwrite each other. */
function appendId(db: Db, id: number) {
  return db.adapter.concat(sql<string>`case when uids = '' then '|' else uids end`, `${id}|`);
}

export async function setPassword(db: Db, id: number, passwordHash: string) {
  await db.kysely.updateTable('users').set({ password: passwordHash, updateTime: now() }).where('id', '=', id).execute();
}

export async function accountTaken(db: Db, account: string) {
  return !!(await db.kysely.selectFrom('users').select('id').where('account', '=', account).executeTakeFirst());
}

/** A 400 about one field, shaped like the validation errors (`data.errors`). */
export const fieldError = (field: string, key: string) => new AppError(400, key, {}, { errors: [{ field, message: key }] });
