// The console dashboard's route at 100 000 orders (docs/benchmarks.md «Console stats (issue 28)»):
// a year of orders (three in four paid, with lines, payments and some refunds) written in bulk,
// then GET /api/v1/admin/stats over app.inject for today, 7, 30 and 365 days. Uses the same
// throwaway database as the tests: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
//   npx tsx apps/api/bench/console-stats.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx apps/api/bench/console-stats.ts
import { sql } from 'drizzle-orm';
import { buildTestApp, login, makeTelegramUser } from '../src/test/app.ts';
import { insertProduct } from '../src/test/fixtures.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = 30;
const TZ = 'Europe/Moscow';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (name: string, samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(
    `${name.padEnd(40)} n=${String(s.length).padStart(3)}  mean ${mean.toFixed(1)} ms  p50 ${pct(s, 50).toFixed(1)}  p95 ${pct(s, 95).toFixed(1)}  max ${s.at(-1)!.toFixed(1)}`,
  );
};
const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(d);

const owner = makeTelegramUser();
const t = await buildTestApp({ adminTelegramIds: [owner.id], shopTimeZone: TZ, logLevel: 'silent' });
try {
  console.log(`database: ${t.database.kind}, ${ORDERS} orders`);
  const auth = await login(t.app, owner);
  const db = t.database.db;
  const loadStart = performance.now();
  const productIds: number[] = [];
  for (let i = 0; i < 50; i++)
    productIds.push((await insertProduct(db, { variants: [{ price: 3000 + i * 100 }] })).product.id);
  await db.execute(
    sql.raw(
      `insert into categories (id, name) select 90000 + g, 'Категория ' || g from generate_series(1, 10) g`,
    ),
  );
  await db.execute(
    sql.raw(
      `insert into product_categories (product_id, category_id) select id, 90001 + (id % 10) from products where id in (${productIds.join(',')})`,
    ),
  );
  await db.execute(
    sql.raw(
      `insert into users (telegram_id, first_name) select 900000000000 + g, 'Покупатель ' || g from generate_series(1, 5000) g`,
    ),
  );
  const firstProduct = productIds[0]!;
  // Orders over the last year: 75 % paid, 20 % lapsed, 5 % left unpaid (only in the last hour).
  // A paid order older than 30 days is delivered (completed); newer ones are on their way.
  await db.execute(
    sql.raw(`
    insert into orders (user_id, status, total, to_pay, delivery, idempotency_key, created_at, updated_at, paid_at)
    select u.id,
      case when g % 20 < 15 then
             case when c.at < now() - interval '30 days' then 'completed'
                  else (array['paid','purchasing','to_warehouse','delivering','completed'])[1 + g % 5] end
           when g % 20 < 19 or c.at < now() - interval '1 hour' then 'canceled' else 'awaiting_payment' end,
      3000 + (g % 50) * 100, 3000 + (g % 50) * 100,
      '{"id":1,"city":"Москва","address":"ул. Тестовая, 1","fio":"Иван","last_name":"Иванов","phone_number":"+79990000000"}'::jsonb,
      'bench-' || g,
      c.at, c.at,
      case when g % 20 < 15 then c.at + interval '5 minutes' end
    from generate_series(1, ${ORDERS}) g
    cross join lateral (select now() - (g::float / ${ORDERS}) * interval '365 days' as at) c
    join users u on u.telegram_id = 900000000000 + 1 + (g % 5000)`),
  );
  await db.execute(
    sql.raw(`
    insert into order_items (order_id, product_id, variant_id, title, variant_title, price, quantity)
    select o.id, p.id, v.id, p.title, v.title, o.total, 1
    from orders o
    join products p on p.id = ${firstProduct} + (o.id % 50)
    join variants v on v.product_id = p.id
    where o.idempotency_key like 'bench-%'`),
  );
  await db.execute(
    sql.raw(`
    insert into payments (order_id, transaction_guid, provider, amount, status, created_at, updated_at)
    select id, 'bench-pay-' || id, 'sandbox', to_pay, 'succeeded', paid_at, paid_at
    from orders where paid_at is not null and idempotency_key like 'bench-%'`),
  );
  await db.execute(
    sql.raw(`
    insert into refunds (order_id, payment_id, idempotence_key, provider, amount, reason, status, created_at, updated_at)
    select p.order_id, p.id, 'bench-refund-' || p.id, 'sandbox', 500, 'bench', 'succeeded', p.created_at + interval '1 day', p.created_at + interval '1 day'
    from payments p where p.id % 50 = 0 and p.transaction_guid like 'bench-pay-%'`),
  );
  // As autovacuum leaves a table that has settled: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  console.log(`loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

  const now = new Date();
  const ranges: [string, string, string][] = [
    ['today', day(now), day(now)],
    ['7 days', day(new Date(now.getTime() - 6 * 86_400_000)), day(now)],
    ['30 days', day(new Date(now.getTime() - 29 * 86_400_000)), day(now)],
    ['365 days', day(new Date(now.getTime() - 364 * 86_400_000)), day(now)],
  ];
  const measure = async (name: string, url: string, label: (body: unknown) => string) => {
    const samples: number[] = [];
    let body: unknown;
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const res = await t.app.inject({ url, headers: { authorization: auth } });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      body = res.json<{ result: unknown }>().result;
      if (i >= 3) samples.push(ms);
    }
    summary(`${name} ${label(body)}`, samples);
  };
  for (const [name, from, to] of ranges) {
    await measure(`GET /admin/stats ${name}`, `/api/v1/admin/stats?from=${from}&to=${to}`, (b) => {
      const r = b as { orders: number; placed: number };
      return `(${r.orders} paid, ${r.placed} placed)`;
    });
  }
  for (const [name, from, to] of ranges) {
    await measure(`GET /admin/stats/top ${name}`, `/api/v1/admin/stats/top?from=${from}&to=${to}`, () => '');
  }
  await measure('GET /admin/stats/waiting', '/api/v1/admin/stats/waiting', (b) => JSON.stringify(b));
} finally {
  await t.close();
}
