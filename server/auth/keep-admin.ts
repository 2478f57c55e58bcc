/**
 * Two things no console write may do (issue 11 item 6): an operator bans or
 * removes his own account, or the site is left without an active
 * super-admin (a live, unbanned member of a live `all = 1` group). Rather
 * than foresee every way a write could get there (ban, trash, delete a user;
 * take him out of the group, trash or delete the group), the state is
 * compared before and after the write, inside its transaction: a write that
 * breaks either rule throws and rolls back whole.
 */
import type { Kysely } from 'kysely';
import { AppError } from '../http';
import type { Caller } from '../types';

/** The tables whose writes can change who is an active super-admin. */
const WATCHED = new Set(['users', 'auth_group']);

interface Snapshot {
  /** The caller's own account is live and not banned. */
  selfActive: boolean;
  selfBanned: boolean;
  /** Active super-admins, however many. */
  superAdmins: number;
}

async function snapshot(trx: Kysely<any>, caller: Caller): Promise<Snapshot> {
  const groups = await trx.selectFrom('auth_group').select('uids').where('all', '=', 1).where('deleteTime', '=', 0).execute();
  const memberIds = [...new Set(groups.flatMap((g) => String(g.uids).split('|').filter(Boolean).map(Number)))];
  const admins = memberIds.length
    ? await trx.selectFrom('users').select('id').where('id', 'in', memberIds).where('deleteTime', '=', 0).where('status', '=', 'normal').execute()
    : [];
  const self = caller.user
    ? await trx.selectFrom('users').select(['status', 'deleteTime']).where('id', '=', caller.user.id).executeTakeFirst()
    : undefined;
  return {
    selfActive: !!self && Number(self.deleteTime) === 0 && self.status === 'normal',
    selfBanned: self?.status === 'banned',
    superAdmins: admins.length,
  };
}

/**
 * Takes the state before a write to `table`; the returned check, run after
 * the write in the same transaction, throws when the write broke a rule.
 * Tables that cannot break them cost nothing.
 */
export async function keepAdmins(trx: Kysely<any>, table: string, caller: Caller): Promise<(() => Promise<void>) | undefined> {
  if (table === 'config') return keepSignIn(trx, caller);
  if (!WATCHED.has(table)) return undefined;
  const before = await snapshot(trx, caller);
  return async () => {
    const after = await snapshot(trx, caller);
    if (before.selfActive && !after.selfActive) {
      throw new AppError(403, after.selfBanned ? 'errors.ban_self' : 'errors.remove_self');
    }
    if (before.superAdmins > 0 && after.superAdmins === 0) throw new AppError(403, 'errors.last_super_admin');
  };
}

const signInStrategy = async (trx: Kysely<any>) => {
  const row = await trx.selectFrom('config').select('value').where('key', '=', 'SIGN_IN_UP').executeTakeFirst();
  const value = typeof row?.value === 'string' ? JSON.parse(row.value) : row?.value;
  return value?.sign_in?.strategy as string | undefined;
};

/**
 * SIGN_IN_UP strict leaves only code sign-in: whoever turns it on must have a
 * phone or address to receive a code, or he locks himself out with the switch.
 */
async function keepSignIn(trx: Kysely<any>, caller: Caller) {
  if (!caller.user) return undefined;
  const before = await signInStrategy(trx);
  return async () => {
    if (before === 'strict' || (await signInStrategy(trx)) !== 'strict') return;
    const self = await trx.selectFrom('users').select(['phone', 'email']).where('id', '=', caller.user!.id).executeTakeFirst();
    if (!self?.phone && !self?.email) throw new AppError(403, 'errors.strict_needs_contact');
  };
}
