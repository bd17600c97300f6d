// Entry point: read the environment, start the shop (startup.ts), stop it cleanly on SIGTERM/SIGINT.
import { EnvError, loadEnv } from './env.ts';
import { startShop } from './startup.ts';

async function main() {
  const startedAt = performance.now();
  const env = await loadEnv();
  // Traces only with a collector; without one their code is never even loaded (lib/tracing.ts).
  const tracing = env.tracing ? (await import('./lib/tracing.ts')).startTracing(env.tracing) : undefined;
  const shop = await startShop(env);
  const { app, database } = shop;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: not ready, draining requests and jobs');
    const force = setTimeout(() => process.exit(1), (env.shutdownDelayMs ?? 0) + 10_000);
    force.unref();
    try {
      await shop.stop();
      await tracing?.shutdown();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const shown = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  const url = `http://${shown}:${shop.port}/`;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  app.log.info(
    {
      url,
      database: database.kind,
      role: env.role ?? 'all',
      media: env.media?.kind ?? 'local',
      devLogin: env.devLogin,
      traces: env.tracing ? env.tracing.endpoint : 'off',
    },
    `ready in ${seconds} s`,
  );
  if (env.isProduction && env.paymentProvider === 'sandbox') {
    app.log.warn(
      'PAYMENT_PROVIDER=sandbox in production (ALLOW_SANDBOX_PAYMENTS=1): orders can be marked paid without money',
    );
  }
  if (!env.isProduction) {
    console.log(
      `\n  Shop is running: open ${url}${env.devLogin ? '  (dev login: works in a normal browser)' : ''}\n`,
    );
  }
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
