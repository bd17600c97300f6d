// Wires the bot and the outbox worker into the app: the worker runs from `ready` to `close` in
// every instance that runs jobs (SHOP_ROLE `all` or `worker`, not `web`), as the `outbox` job of the
// shared runner, and only with a BOT_TOKEN from the environment (otherwise messages wait).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { setBotMayWrite } from '../auth/index.ts';
import { OutboxWorker, type WorkerOptions } from '../notifications/index.ts';
import { createShopBot, type ShopBot } from './shop-bot.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shopBot: ShopBot;
    /** Undefined when messages may not be sent (the made-up dev token). */
    outboxWorker: OutboxWorker | undefined;
  }
}

export type BotPluginOptions = { outbox?: Omit<WorkerOptions, 'log' | 'onUnreachable'> & { timeoutSeconds?: number } };

export default fp(
  async function botPlugin(app: FastifyInstance, opts: BotPluginOptions) {
    const { timeoutSeconds, ...workerOptions } = opts.outbox ?? {};
    const shopBot = createShopBot(app.env, app.db, timeoutSeconds ? { timeoutSeconds } : {});
    const worker =
      app.env.botCanSend && app.env.role !== 'web'
        ? new OutboxWorker(app.db, (m) => shopBot.send(m), {
            ...workerOptions,
            onUnreachable: (db, chatId) => setBotMayWrite(db, chatId, false),
            log: app.log.child({ job: 'outbox' }),
          })
        : undefined;
    app.decorate('shopBot', shopBot);
    app.decorate('outboxWorker', worker);
    app.addHook('onReady', async () => {
      if (!worker) return;
      worker.start(app.jobRuns);
      shopBot.setMenuButton().catch((err: unknown) => app.log.warn({ err }, 'menu button not set'));
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  },
  { name: 'bot' },
);
