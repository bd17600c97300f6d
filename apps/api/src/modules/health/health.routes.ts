// Probes (docs/operations.md): `/livez` — the process answers (never touches the database, never
// shed under pressure); `/readyz` — this instance may take traffic: the database answers, every
// migration of this code is applied, the catalogue token index has loaded (where the instance keeps
// one), and it is not shutting down. 503 otherwise, with the checks that failed. `/healthz` is the
// old name of `/livez`.
import { HealthSchema, ReadySchema } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { queryRows } from '../../db/client.ts';
import { tokenIndexOf } from '../catalog/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when a graceful stop begins (server.ts): `/readyz` answers 503 from then on. */
    shuttingDown: boolean;
  }
}

/** Migrations this code ships (drizzle/meta/_journal.json). */
const SHIPPED_MIGRATIONS = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../../../drizzle/meta/_journal.json', import.meta.url)), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

/**
 * Probes are answered whatever the load: under-pressure leaves them alone. They never write, so
 * they run without a request scope (plugins/request-context.ts: its storage costs every promise).
 */
const probeConfig = { pressureHandler: () => undefined, requestScope: false };

/** The one answer of `/livez`: checked against its schema once, here, and sent as these bytes. */
const ALIVE = HealthSchema.parse({ status: 'ok' });
const ALIVE_JSON = JSON.stringify(ALIVE);
/** zod's response check for anything but ALIVE (decision 088: the check was 2 % of `/healthz`). */
const aliveSerializer = (route: Parameters<FastifySerializerCompiler<unknown>>[0]) => {
  const checked = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data: unknown) => (data === ALIVE ? ALIVE_JSON : checked(data));
};

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let migrated = false;
  const migrationsApplied = async () => {
    if (migrated) return true;
    const [row] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    migrated = (row?.n ?? 0) >= SHIPPED_MIGRATIONS;
    return migrated;
  };

  const alive = {
    schema: { tags: ['ops'], summary: 'The process is alive', response: { 200: HealthSchema } },
    config: probeConfig,
    serializerCompiler: aliveSerializer,
  };
  app.get('/livez', alive, () => ALIVE);
  app.get('/healthz', alive, () => ALIVE);
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary: 'This instance may take traffic: database, migrations, catalogue index, not stopping',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
      config: probeConfig,
    },
    async (request, reply) => {
      const checks = {
        database: false,
        migrations: false,
        catalog_index: indexReady(app),
        not_shutting_down: !app.shuttingDown,
      };
      try {
        await app.db.execute(sql`select 1`);
        checks.database = true;
        checks.migrations = await migrationsApplied();
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
      }
      const ready = Object.values(checks).every(Boolean);
      const status = ready ? 'ok' : app.shuttingDown ? 'shutting_down' : 'unavailable';
      return reply
        .code(ready ? 200 : 503)
        .send({ status, database: app.dbKind, role: app.env.role ?? 'all', checks });
    },
  );
};

function indexReady(app: FastifyInstance): boolean {
  if (app.env.catalogTokenIndex === false || app.env.role === 'worker') return true;
  return tokenIndexOf(app.db)?.loadedOnce ?? false;
}
