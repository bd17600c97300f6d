// Entry point: read the environment, open and migrate the database, listen, shut down cleanly.
import { buildApp } from './app.ts';
import { openDatabaseFromEnv } from './db/client.ts';
import { EnvError, loadEnv } from './env.ts';
import { seedDemoCatalog } from './modules/catalog/seed.ts';

async function main() {
  const startedAt = performance.now();
  const env = await loadEnv();
  const database = await openDatabaseFromEnv(env);
  await database.migrate();

  // The background jobs (unpaid-order lapse, refunds, outbox, imports, bonus expiry, quote expiry)
  // start with the app (background-jobs.ts).
  const app = await buildApp({ env, database });
  if (env.seedDemo) {
    const seeded = await seedDemoCatalog(database.db);
    if (seeded) app.log.info(seeded, 'demo catalogue seeded');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.port, host: env.host });
  const shown = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  const url = `http://${shown}:${env.port}/`;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  app.log.info({ url, database: database.kind, devLogin: env.devLogin }, `ready in ${seconds} s`);
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
