/**
 * The payment domain (DESIGN "Payments"), wired into the app: the routes
 * (notifications, operator actions, API keys) and the jobs every instance
 * runs (expiry, outbox), which coordinate through the database only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { generateWebhookSecret } from '../../schema/settings';
import type { WriteContext } from '../engine/writes';
import type { Settings } from '../services/settings';
import { apiKeyRoutes } from './api-key-routes';
import { expireDue } from './expiry';
import { notifyRoutes } from './notify';
import { operatorRoutes } from './operator-routes';
import { Outbox } from './outbox';
import type { Clock, TransitionDeps } from './transitions';

export interface PaymentOptions {
  /** Run the expiry and outbox jobs in this instance (main.ts: unless PAYDESK_JOBS=off). */
  jobs?: boolean;
  /** How often the outbox looks for due callbacks (a transition also wakes it at once). */
  outboxEveryMs?: number;
  /** How often due orders are expired ("within a minute of expireTime"). */
  expiryEveryMs?: number;
}

export interface PaymentParts {
  deps: TransitionDeps;
  outbox: Outbox;
  /** Runs the expiry job once now. */
  expireDue(): Promise<number>;
}

interface Wiring {
  db: Kysely<any>;
  uniqueViolation(error: unknown): string | undefined;
  settings: Settings;
  writeContext(request: FastifyRequest): WriteContext;
  log(message: string, error: unknown): void;
}

/** A job run every `ms`, or at once on `kick`; never two runs of it at the same time in one process. */
function every(ms: number, work: () => Promise<unknown>, log: Wiring['log']) {
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

export async function payments(app: FastifyInstance, w: Wiring, options: PaymentOptions = {}): Promise<PaymentParts> {
  // The app's clock (AppOptions.clock), in the epoch seconds the order columns hold.
  const clock: Clock = () => Math.floor(app.clock() / 1000);
  // Outbound callbacks need a signing secret: the first start makes one (an operator may rotate it in settings).
  const pay = w.settings.get('pay');
  if (!pay.callback.secret) await w.settings.update('pay', 'callback', { ...pay.callback, secret: generateWebhookSecret() });

  let wake = () => {};
  const deps: TransitionDeps = {
    db: w.db,
    clock,
    uniqueViolation: w.uniqueViolation,
    // Caches hear of the write from the database driver; the outbox is told there is a callback to send.
    committed: () => wake(),
  };
  const outbox = new Outbox({ db: w.db, clock, settings: () => w.settings.get('pay').callback });

  await notifyRoutes(app, { deps, secrets: (channel) => w.settings.get('pay')[channel].secrets });
  await operatorRoutes(app, { deps, writeContext: w.writeContext, requeued: () => wake() });
  await apiKeyRoutes(app, { db: w.db, clock, writeContext: w.writeContext });

  if (options.jobs) {
    const delivering = every(options.outboxEveryMs ?? 1000, () => outbox.deliverDue(), w.log);
    const expiring = every(options.expiryEveryMs ?? 30_000, () => expireDue(deps), w.log);
    wake = delivering.kick;
    app.addHook('onClose', async () => {
      await Promise.all([delivering.stop(), expiring.stop()]);
    });
  }
  return { deps, outbox, expireDue: () => expireDue(deps) };
}
