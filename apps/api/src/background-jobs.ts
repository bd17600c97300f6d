// The background jobs that are not tied to a route, started with the app (`onReady`) and stopped
// with it (`onClose`) in every API instance (DESIGN §11, docs/operations.md). Each claims its work
// with row locks (`FOR UPDATE SKIP LOCKED`), so any number of instances on one PostgreSQL do each
// piece once (apps/api/src/scale-out/two-instances.test.ts). The outbox worker (modules/bot) and
// the import runner (modules/admin) start with their own modules.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startUnpaidOrderSweeper } from './modules/orders/index.ts';
import { startPendingRefundSweeper } from './modules/refunds/pending-refunds.ts';
import { startBonusExpiryJob } from './modules/bonus/bonus-expiry.ts';
import { startFindQuoteSweeper } from './modules/find/find-requests.repository.ts';
import { startScreenshotSweeper } from './modules/find/screenshots.ts';

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
};

export default fp(
  async function backgroundJobs(app: FastifyInstance, opts: BackgroundJobsOptions) {
    const stops: (() => void)[] = [];
    app.addHook('onReady', async () => {
      // Cancels orders unpaid for ORDER_TTL_MIN minutes and gives their stock back.
      stops.push(startUnpaidOrderSweeper(app.db, app.env.orderTtlMin, app.log, opts.unpaidOrdersEveryMs));
      // Refunds whose provider call ended without an answer are asked again with the same key.
      stops.push(
        startPendingRefundSweeper(
          app.db,
          app.paymentProvider,
          app.log,
          opts.pendingRefundsEveryMs,
          opts.pendingRefundsOlderThanMs,
        ),
      );
      // Bonus lots: the 7-day warning by bot, then the burn of what is left (docs/product.md §13.3).
      stops.push(startBonusExpiryJob(app.db, app.log, opts.bonusExpiryEveryMs));
      // Find quotes not accepted within 24 h become `expired` (docs/product.md §14).
      stops.push(startFindQuoteSweeper(app.db, app.log, opts.findQuotesEveryMs));
      // Find screenshots no request took within a day are deleted, hourly (docs/product.md §14.1).
      stops.push(startScreenshotSweeper(app.db, app.env.dataDir, app.log));
    });
    app.addHook('onClose', async () => {
      for (const stop of stops.splice(0)) stop();
    });
  },
  { name: 'background-jobs' },
);
