/**
 * The payment domain as an encapsulated route plugin:
 * the routes (notifications, operator actions, API keys) and the jobs every
 * instance runs (expiry, outbox), which coordinate through the database only.
 * The plugin owns the jobs: they start with it and stop in its onClose,
 * before the database closes.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { generateWebhookSecret } from '../../schema/settings';
import type { WriteGuard } from '../engine/store';
import type { WriteContext } from '../engine/writes';
import { apiKeyRoutes } from './api-key-routes';
import { callbackSecretRoutes } from './callback-secret-routes';
import { expireDue } from './expiry';
import { notifyRoutes } from './notify';
import { operatorRoutes } from './operator-routes';
import { refundRoutes } from './refund-routes';
import { applyRefundNotice, resumeRefunds, type RefundDeps } from './refunds';
import { makeConnectors, type ConnectorEnv } from './connectors';
import { checkChannelReady, checkoutRoutes } from './checkout-routes';
import { closeAfter, closeDue, completeApproved, lookUpDue } from './lookups';
import { callbackDestinations } from './destinations';
import { Outbox } from './outbox';
import { pruneRevisions } from '../engine/revisions';
import type { Clock, TransitionDeps } from './transitions';
import { ordersChanged, type OrderFacts } from './totals';
import { dashboardRoutes } from '../dashboard/routes';

export interface PaymentOptions {
  /** Run the expiry and outbox jobs in this instance (main.ts: unless PAYDESK_JOBS=off). */
  jobs?: boolean;
  /** How often the outbox looks for due callbacks (a transition also wakes it at once). */
  outboxEveryMs?: number;
  /** How often due orders are expired ("within a minute of expireTime"). */
  expiryEveryMs?: number;
  /** How often refunds the provider never answered are asked again. */
  refundEveryMs?: number;
  /** Merchant callbacks may go to loopback and private addresses (main.ts: PAYDESK_CALLBACKS_TO_PRIVATE=allow). */
  callbacksToPrivate?: boolean;
  /** Another API base per provider, e.g. `{ stripe: 'http://127.0.0.1:12111' }` for a fake (main.ts: `<NAME>_API_BASE`). */
  apiBases?: ConnectorEnv['apiBases'];
  /** How often pending checkouts are looked up at their provider, and ended ones closed there. */
  lookupEveryMs?: number;
  /** How often revisions past the retention (history.toml) are deleted: daily. */
  pruneEveryMs?: number;
}

export interface PaymentParts {
  deps: RefundDeps;
  outbox: Outbox;
  /** Runs the expiry job once now. */
  expireDue(): Promise<number>;
  /** Runs the refund resume job once now. */
  resumeRefunds(): Promise<number>;
  /** Runs the look-up job once now (pending checkouts asked about, ended ones closed at their provider). */
  lookUpDue(): Promise<number>;
  /** Runs the history cleanup once now: revisions older than the retention go; answers how many. */
  pruneRevisions(): Promise<number>;
}

declare module '../types' {
  /** What the payments plugin adds to the app's parts (`app.paydesk.payments`). */
  interface AppParts {
    payments: PaymentParts;
  }
}

export interface PaymentRouteOptions extends PaymentOptions {
  /** With the Fastify logger off, a failed job is still printed. */
  logger?: boolean;
  /** Checks of generic writes the payments add (the engine consults them in each write's transaction). */
  guards?: WriteGuard[];
  /** Run once per generic write's transaction with every row it changed. */
  settlers?: WriteGuard[];
  /** Receives the parts that scripts and tests reach as `app.paydesk.payments`. */
  parts?(parts: PaymentParts): void;
}

type Log = (message: string, error: unknown) => void;

/** A job run every `ms`, or at once on `kick`; never two runs of it at the same time in one process. */
function every(ms: number, work: () => Promise<unknown>, log: Log) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) return void (again = true);
    running = work().then(() => {}, (error) => { if (!stopped) log('payment job failed', error); })
      .finally(() => {
        running = null;
        if (again) { again = false; run(); }
      });
  };
  const timer = setInterval(run, ms);
  timer.unref();
  setImmediate(run);
  return { kick: run, stop: async () => { stopped = true; clearInterval(timer); await running; } };
}

/** The payment routes and jobs over the app's database, settings, clock and operation log. */
export const paymentRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (app, options) => {
  const { settings } = app;
  const db = app.db.any;
  // The app's clock (AppOptions.clock), in the epoch seconds the order columns hold.
  const clock: Clock = () => Math.floor(app.clock() / 1000);
  const writeContext = (request: FastifyRequest): WriteContext => ({ caller: request.caller, audit: (trx, info) => app.opLog.audit(request, trx, info) });
  const log: Log = (message, error) => (options.logger ? app.log.error({ err: error }, message) : console.error(message, error));
  // Outbound callbacks need a signing secret: the first start makes one (an operator may rotate it in settings).
  const pay = settings.get('pay');
  if (!pay.callback.secret) await settings.update('pay', 'callback', { ...pay.callback, secret: generateWebhookSecret() });

  let wake = () => {};
  const connectors = makeConnectors(() => settings.get('pay'), { apiBases: options.apiBases, now: app.clock });
  const deps: TransitionDeps = {
    db,
    clock,
    uniqueViolation: app.db.adapter.uniqueViolation,
    // Caches hear of the write from the database driver; the outbox is told there is a callback to send,
    // and an order that ended unpaid has its open checkout expired at the provider.
    committed: (outcome) => {
      wake();
      // In the background: an operator's close or the expiry job does not wait on the provider.
      const closing = closeAfter(deps, connectors, outcome).catch((error) => log('closing a checkout failed', error)).finally(() => closings.delete(closing));
      closings.add(closing);
    },
  };
  const closings = new Set<Promise<void>>();
  const destinations = callbackDestinations({ allowPrivate: options.callbacksToPrivate ?? false });
  const outbox = new Outbox({ db, clock, settings: () => settings.get('pay').callback, fetch: destinations.fetch });

  const refundDeps: RefundDeps = { ...deps, connectors };
  await notifyRoutes(app, { deps, connectors: Object.values(connectors), refunded: (notice) => applyRefundNotice(refundDeps, notice),
    approved: (connector, notice) => completeApproved(deps, connectors, connector, notice.tradeNo),
  });
  await checkoutRoutes(app, { deps, connectors });
  await operatorRoutes(app, { deps, writeContext, requeued: () => wake(), post: (...args) => outbox.post(...args) });
  await refundRoutes(app, { deps: refundDeps, writeContext });
  await dashboardRoutes(app, { db });
  // An order its provider cannot take (not set up, an amount it cannot charge) could never be paid: refused when it is made or changed so.
  options.guards?.push(async (_trx, r, changes) => {
    if (r.name !== 'receive-money') return;
    for (const { before, after } of changes) {
      if (!after || (before && (['channel', 'amount', 'currency'] as const).every((k) => before[k] === after[k]))) continue;
      checkChannelReady(connectors, after as { channel?: string; amount?: number; currency?: string });
    }
  });
  // The dashboard's totals follow the generic writes of orders (create, edit, bin, restore, delete) in their transaction,
  // once per transaction: an import's batch of 500 orders is one update of the totals, not 500.
  // A row with no `after` went to the bin or was deleted: its counts go, and its money (only binned orders have any) stays.
  options.settlers?.push(async (trx, r, changes) => {
    if (r.name !== 'receive-money') return;
    await ordersChanged(trx, changes.map(({ before, after }) => {
      const gone = before && !after ? { ...before, deleteTime: Number(before.deleteTime) || clock() } : undefined;
      return { before: (before ?? null) as OrderFacts | null, after: (after ?? gone ?? null) as OrderFacts | null };
    }));
  });
  await apiKeyRoutes(app, { db, clock, writeContext, rules: app.ruleBook });
  await callbackSecretRoutes(app, { db, clock, writeContext, uniqueViolation: app.db.adapter.uniqueViolation });

  const delivering = options.jobs ? every(options.outboxEveryMs ?? 1000, () => outbox.deliverDue(), log) : undefined;
  const expiring = options.jobs ? every(options.expiryEveryMs ?? 30_000, () => expireDue(deps), log) : undefined;
  // Refunds whose provider never answered (a crash, a timeout) are asked again with the same key.
  const resuming = options.jobs ? every(options.refundEveryMs ?? 60_000, () => resumeRefunds(refundDeps), log) : undefined;
  const lookUpAll = async () => (await lookUpDue(deps, connectors, log)) + (await closeDue(deps, connectors));
  const looking = options.jobs ? every(options.lookupEveryMs ?? 60_000, lookUpAll, log) : undefined;
  // Record history past its retention, in batches; every instance may run it (a second run finds nothing left).
  const prune = () => pruneRevisions(db, settings.get('history').revisions.keep_days, clock());
  const pruning = options.jobs ? every(options.pruneEveryMs ?? 86_400_000, prune, log) : undefined;
  if (delivering) wake = delivering.kick;
  // The jobs finish what they began (a callback being sent) before its connections close.
  app.addHook('onClose', async () => {
    await Promise.all([delivering?.stop(), expiring?.stop(), resuming?.stop(), looking?.stop(), pruning?.stop(), ...closings]);
    await destinations.close();
  });
  options.parts?.({
    deps: refundDeps, outbox, expireDue: () => expireDue(deps), resumeRefunds: () => resumeRefunds(refundDeps), lookUpDue: lookUpAll, pruneRevisions: prune,
  });
};
