// How a shop process starts and stops (server.ts; docs/operations.md). The port answers from the
// first moment: while the database migrates and the app is built, a small starting server says
// `/livez` 200 and `/readyz` 503 `starting` (any other address 503 with Retry-After); then the app
// takes the port, and `/readyz` turns 200 once the catalogue index has loaded. A stop marks the
// instance not ready (`/readyz` 503 `shutting_down`) for SHUTDOWN_DELAY_MS while still serving, then
// closes the port, lets the requests in flight finish and the jobs' passes in hand end
// (app.close → background-jobs.ts), then closes the database.
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import { openDatabaseFromEnv, type DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { seedDemoCatalog } from './modules/catalog/seed.ts';

export type StartOptions = {
  /** Extra build options (tests). */
  build?: Omit<BuildOptions, 'env' | 'database'>;
  /** Tests: migration waits for this, so that the starting state can be observed. */
  beforeMigrate?: Promise<void>;
  /** An open database instead of the one the environment names (tests). */
  database?: DatabaseHandle;
  /** Called once the port answers (the starting server), with the port. */
  onListening?: (port: number) => void;
  /** Tests: a stop waits for this (instead of SHUTDOWN_DELAY_MS) before it closes the port. */
  beforeClose?: Promise<void>;
};

export type RunningShop = {
  app: FastifyInstance;
  database: DatabaseHandle;
  port: number;
  /** Graceful stop: not ready, drain requests and jobs, close the database. */
  stop(): Promise<void>;
};

/** The starting server: alive, not ready, everything else 503. */
async function listenStarting(env: Env, kind: string): Promise<{ port: number; close(): Promise<void> }> {
  // Every answer closes its connection: no client keeps one into a server about to go away.
  const starting = Fastify({ logger: false, forceCloseConnections: true });
  starting.addHook('onSend', async (_request, reply) => {
    reply.header('connection', 'close');
  });
  starting.get('/livez', async () => ({ status: 'ok' }));
  starting.get('/healthz', async () => ({ status: 'ok' }));
  starting.get('/readyz', async (_request, reply) =>
    reply.code(503).send({ status: 'starting', database: kind, role: env.role ?? 'all' }),
  );
  starting.setNotFoundHandler((_request, reply) =>
    reply
      .code(503)
      .header('retry-after', '5')
      .send({
        error: {
          code: 'service_unavailable',
          message: 'Магазин запускается — попробуйте через несколько секунд',
        },
      }),
  );
  await starting.listen({ port: env.port, host: env.host });
  const address = starting.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : env.port,
    close: () => starting.close(),
  };
}

export async function startShop(env: Env, options: StartOptions = {}): Promise<RunningShop> {
  const database = options.database ?? (await openDatabaseFromEnv(env));
  const starting = await listenStarting(env, database.kind);
  options.onListening?.(starting.port);
  let app: FastifyInstance;
  try {
    await options.beforeMigrate;
    await database.migrate();
    // The background jobs start with the app (background-jobs.ts) unless SHOP_ROLE=web.
    app = await buildApp({ ...options.build, env, database });
    if (env.seedDemo && env.role !== 'worker') {
      const seeded = await seedDemoCatalog(database.db);
      if (seeded) app.log.info(seeded, 'demo catalogue seeded');
    }
    await app.ready();
  } catch (err) {
    await starting.close();
    if (!options.database) await database.close();
    throw err;
  }
  await starting.close();
  await app.listen({ port: starting.port, host: env.host });

  let stopping: Promise<void> | undefined;
  return {
    app,
    database,
    port: starting.port,
    stop: () =>
      (stopping ??= (async () => {
        // Not ready from now on, while the port still answers: the proxy has SHUTDOWN_DELAY_MS to
        // see `/readyz` 503 and send new requests elsewhere. Then close: the port stops taking
        // connections, the requests in flight finish, the jobs finish their passes.
        app.shuttingDown = true;
        await (options.beforeClose ??
          new Promise((resolve) => setTimeout(resolve, env.shutdownDelayMs ?? 0).unref()));
        await app.close();
        if (!options.database) await database.close();
      })()),
  };
}
