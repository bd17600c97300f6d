// The background jobs, started with the app (`onReady`) and drained with it (`onClose`) in every
// instance whose SHOP_ROLE is `all` or `worker` (never in `web`). Each is a name, a period and one
// pass run by the shared runner (lib/job-runner.ts, decision 050); each pass claims its work with
// row locks (`FOR UPDATE SKIP LOCKED`, leases), so any number of instances on one PostgreSQL do
// each piece once (apps/api/src/scale-out/two-instances.test.ts). The outbox worker starts with the
// bot (modules/bot/bot.plugin.ts) on the same runner and under the same rule.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startJob, type Job, type JobSpec } from './lib/job-runner.ts';
import { startImportRunner, type ImportRunner } from './modules/admin/import-jobs.ts';
import { bonusExpiryPass } from './modules/bonus/bonus-expiry.ts';
import { expireFindQuotes, sweepOrphanScreenshots } from './modules/find/index.ts';
import { lapseUnpaidOrders } from './modules/orders/index.ts';
import { settlePendingRefundsPass } from './modules/refunds/pending-refunds.ts';
import { stockEventsPass } from './modules/stock-watch/index.ts';
import { remindAbandonedCarts } from './modules/cart/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue import runner; undefined in a `web` instance (a worker takes the job). */
    importRunner: ImportRunner | undefined;
  }
}
import { pollShipments, POLL_EVERY_MS } from './modules/delivery/shipment-poll.ts';

export type BackgroundJobsOptions = {
  /** How often each instance looks for unpaid orders past ORDER_TTL_MIN. */
  unpaidOrdersEveryMs?: number;
  /** How often each instance asks the provider again about refunds without an answer… */
  pendingRefundsEveryMs?: number;
  /** …that have been waiting at least this long. */
  pendingRefundsOlderThanMs?: number;
  /** How often each instance warns of and burns expiring bonus lots. */
  bonusExpiryEveryMs?: number;
  /** How often each instance expires find quotes past their 24 h. */
  findQuotesEveryMs?: number;
  /** How often each instance deletes find screenshots no request took. */
  screenshotsEveryMs?: number;
  /** How often each instance looks for queued catalogue imports (a poke runs one at once). */
  importsEveryMs?: number;
  /** How often each instance asks the carrier about registered shipments (each at most once per this). */
  shipmentsEveryMs?: number;
  /** How often each instance reads new stock events (restock, sold out, price drop: decision 054). */
  stockEventsEveryMs?: number;
  /** How often each instance looks for carts unchanged for 24 h (the abandoned-cart reminder). */
  cartRemindersEveryMs?: number;
};

export type JobsPluginOptions = {
  /** The periodic sweeps' periods, or false: the sweeps do not start (most tests). */
  periodic: BackgroundJobsOptions | false;
};

/** True when this process runs the background jobs (SHOP_ROLE `all` or `worker`). */
export const runsJobs = (app: FastifyInstance) => app.env.role !== 'web';

export default fp(
  async function backgroundJobs(app: FastifyInstance, { periodic }: JobsPluginOptions) {
    const jobs: Job[] = [];
    const log = app.log;
    // Applied imports: the catalogue caches follow each one.
    const imports = runsJobs(app)
      ? startImportRunner(
          app.db,
          app.log,
          () => {
            app.catalogCache.invalidate();
            void app.photoSearch?.refresh();
          },
          periodic ? periodic.importsEveryMs : undefined,
          app.jobRuns,
        )
      : undefined;
    app.decorate('importRunner', imports);

    app.addHook('onReady', async () => {
      if (!runsJobs(app) || periodic === false) return;
      const o = periodic;
      const specs: JobSpec[] = [
        {
          // Cancels orders unpaid for ORDER_TTL_MIN minutes and gives their stock back.
          name: 'unpaid_orders',
          everyMs: o.unpaidOrdersEveryMs ?? 60_000,
          run: () => lapseUnpaidOrders(app.db, app.env.orderTtlMin, log),
          log,
        },
        {
          // Refunds whose provider call ended without an answer are asked again with the same key.
          name: 'pending_refunds',
          everyMs: o.pendingRefundsEveryMs ?? 60_000,
          run: () => settlePendingRefundsPass(app.db, app.paymentProvider, log, o.pendingRefundsOlderThanMs),
          log,
        },
        {
          // Bonus lots: the 7-day warning by bot, then the burn of what is left (docs/product.md §13.3).
          name: 'bonus_expiry',
          everyMs: o.bonusExpiryEveryMs ?? 10 * 60_000,
          run: () => bonusExpiryPass(app.db, log),
          log,
        },
        {
          // Find quotes not accepted within 24 h become `expired` (docs/product.md §14).
          name: 'find_quotes',
          everyMs: o.findQuotesEveryMs ?? 60_000,
          run: async () => void (await expireFindQuotes(app.db, new Date())),
          log,
        },
        {
          // Find screenshots no request took within a day are deleted, hourly (docs/product.md §14.1).
          name: 'find_screenshots',
          everyMs: o.screenshotsEveryMs ?? 3_600_000,
          run: async () => void (await sweepOrphanScreenshots(app.db, app.media)),
          log,
        },
        {
          // Registered shipments: CDEK sends each webhook once, so their statuses are also polled.
          name: 'shipments',
          everyMs: o.shipmentsEveryMs ?? POLL_EVERY_MS,
          run: async () => void (await pollShipments(app.db, app.delivery)),
          log,
        },
        {
          // Stock crossing zero and lower prices, by any writer: shoppers and staff told once (decision 054).
          name: 'stock_events',
          everyMs: o.stockEventsEveryMs ?? 5_000,
          run: () => stockEventsPass(app.db),
          log,
        },
        {
          // One reminder by bot 24 h after a cart's last change, once per cart (DESIGN §13).
          name: 'cart_reminders',
          everyMs: o.cartRemindersEveryMs ?? 10 * 60_000,
          run: () => remindAbandonedCarts(app.db, new Date()),
          log,
        },
      ];
      for (const spec of specs) jobs.push(startJob(spec, app.jobRuns));
    });
    // A graceful stop waits for the pass in hand of every job (an import finishes its item).
    app.addHook('onClose', async () => {
      await Promise.all([...jobs.splice(0).map((job) => job.stop()), imports?.stop()]);
    });
  },
  { name: 'background-jobs', dependencies: ['bot'] },
);
