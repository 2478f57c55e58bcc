/**
 * Expiry (issue 13 item 2): a pending order whose expireTime has passed
 * becomes `expired`. Every instance runs it; each order moves once because
 * the move is the conditional update of `transition` (only a pending row
 * changes), not a lock held in memory. Orders made before expireTime existed
 * (0) expire at createTime + the emit window.
 */
import { ORDER_LIFETIME_SECONDS } from '../../schema/options';
import { AppError } from '../http';
import { transition, type TransitionDeps } from './transitions';

const BATCH = 200;

/** Expires what is due now; answers how many orders this call moved. */
export async function expireDue(deps: TransitionDeps): Promise<number> {
  let moved = 0;
  for (;;) {
    const now = deps.clock();
    const due = await deps.db.selectFrom('receive_money').select('id').where('status', '=', 'pending')
      .where((eb) => eb.or([
        eb.and([eb('expireTime', '>', 0), eb('expireTime', '<=', now)]),
        eb.and([eb('expireTime', '=', 0), eb('createTime', '<=', now - ORDER_LIFETIME_SECONDS)]),
      ]))
      .orderBy('id').limit(BATCH).execute();
    for (const { id } of due) {
      try {
        const outcome = await transition(deps, { id }, { to: 'expired', source: 'expiry', actor: 'expiry', reason: 'expireTime passed' });
        if (outcome.changed) moved++;
      } catch (error) {
        // Paid or failed between the select and the update: nothing to expire.
        if (!(error instanceof AppError && error.code === 409)) throw error;
      }
    }
    if (due.length < BATCH) return moved;
  }
}
