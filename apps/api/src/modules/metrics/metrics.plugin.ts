// `GET /metrics` in Prometheus's text format (docs/operations.md), behind `METRICS_TOKEN` (bearer;
// unset: 404, a wrong or missing token: 401). Request rate and latency by route template, the
// database pool, the outbox backlog and how far each background job is behind, plus Node's own
// process metrics. Reads other modules' tables, writes none. Each instance answers for itself;
// the database gauges are the shared database's.
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../../db/client.ts';
import { notFound, unauthorized } from '../../plugins/errors.ts';

export type MetricsOptions = {
  token: string | undefined;
  pool: { max: number; applicationName?: string };
};

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The jobs whose lag is measured, each as "seconds its oldest due piece of work has waited". */
const jobLagSql = (orderTtlMin: number) => sql`
  select 'unpaid_orders' as job,
         coalesce(extract(epoch from now() - min(created_at)) - ${orderTtlMin * 60}, 0)::float8 as lag
    from orders where status = 'awaiting_payment'
  union all
  select 'outbox', coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8
    from notifications
   where status in ('pending', 'retry') and next_attempt_at <= now()
     and (lease_until is null or lease_until < now())
  union all
  select 'pending_refunds', coalesce(extract(epoch from now() - min(updated_at)) - 60, 0)::float8
    from refunds where status = 'pending'
  union all
  select 'catalog_import', coalesce(extract(epoch from now() - min(created_at)), 0)::float8
    from import_jobs where status = 'queued'
  union all
  select 'bonus_expiry', coalesce(extract(epoch from now() - min(c.expires_at)), 0)::float8
    from bonus_ledger c
   where c.amount > 0 and c.status = 'available' and c.expires_at <= now()
     and c.amount + coalesce((select sum(d.amount) from bonus_ledger d
                              where d.lot_id = c.id and d.status in ('held', 'spent', 'done')), 0) > 0
  union all
  select 'find_quotes', coalesce(extract(epoch from now() - min(quote_valid_until)), 0)::float8
    from find_requests where status = 'quoted' and quote_valid_until <= now()`;

/** Scraped every few seconds and never writes: no request scope (plugins/request-context.ts). */
const unscoped = { requestScope: false };

export default fp(
  async function metrics(app: FastifyInstance, opts: MetricsOptions) {
    const { token } = opts;
    const refuse = (request: FastifyRequest) => {
      if (!token) throw notFound(`Нет такого адреса: ${request.method} /metrics`);
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) throw unauthorized('Нужен токен метрик');
    };
    if (!token) {
      app.get('/metrics', { schema: { hide: true }, config: unscoped }, async (request) => refuse(request));
      return;
    }

    const register = new Registry();
    collectDefaultMetrics({ register, prefix: 'shop_' });
    const latency = new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'API requests by method, route template and status: rate from _count, latency from the buckets',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    });
    const poolMax = new Gauge({
      name: 'shop_db_pool_max',
      help: 'Most database connections this instance opens',
      registers: [register],
    });
    poolMax.set(opts.pool.max);
    const poolConnections = new Gauge({
      name: 'shop_db_pool_connections',
      help: "This instance's open PostgreSQL connections by state (pg_stat_activity)",
      labelNames: ['state'] as const,
      registers: [register],
    });
    const outbox = new Gauge({
      name: 'shop_outbox_messages',
      help: 'Bot messages waiting (pending, retry) or given up on (dead)',
      labelNames: ['status'] as const,
      registers: [register],
    });
    const jobLag = new Gauge({
      name: 'shop_job_lag_seconds',
      help: 'How long the oldest due piece of work of each background job has waited (0: none due)',
      labelNames: ['job'] as const,
      registers: [register],
    });

    // Passes of each background job in this instance (lib/job-runner.ts); a `web` instance has none.
    const jobRuns = new Counter({
      name: 'shop_job_runs_total',
      help: 'Passes of each background job in this instance, by outcome (ok, failed)',
      labelNames: ['job', 'outcome'] as const,
      registers: [register],
      collect() {
        this.reset();
        for (const [job, { ok, failed }] of app.jobRuns.counts) {
          this.inc({ job, outcome: 'ok' }, ok);
          if (failed) this.inc({ job, outcome: 'failed' }, failed);
        }
      },
    });
    void jobRuns;

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      latency.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { schema: { hide: true }, config: unscoped }, async (request, reply) => {
      refuse(request);
      const lags = await queryRows<{ job: string; lag: number }>(app.db, jobLagSql(app.env.orderTtlMin));
      for (const { job, lag } of lags) jobLag.set({ job }, Math.max(0, Number(lag)));
      const backlog = await queryRows<{ status: string; n: number }>(
        app.db,
        sql`select status, count(*)::int as n from notifications
             where status in ('pending', 'retry', 'dead') group by status`,
      );
      for (const status of ['pending', 'retry', 'dead']) {
        outbox.set({ status }, Number(backlog.find((r) => r.status === status)?.n ?? 0));
      }
      if (opts.pool.applicationName) {
        const states = await queryRows<{ state: string | null; n: number }>(
          app.db,
          sql`select state, count(*)::int as n from pg_stat_activity
               where application_name = ${opts.pool.applicationName} group by state`,
        );
        poolConnections.reset();
        for (const { state, n } of states) poolConnections.set({ state: state ?? 'unknown' }, Number(n));
      }
      return reply
        .header('cache-control', 'no-store')
        .type(register.contentType)
        .send(await register.metrics());
    });
  },
  { name: 'metrics' },
);
