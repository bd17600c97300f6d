// Measures the commerce hot paths in-process (app.inject, no network): placing orders one after
// another, a crowd racing for scarce stock, and reading a full cart. Uses the same throwaway
// database as the tests: PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
//   npx tsx apps/api/bench/orders.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx apps/api/bench/orders.ts
import { buildTestApp, testEnv } from '../src/test/app.ts';
import { insertProduct, readyShopper, variantQty } from '../src/test/fixtures.ts';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (name: string, samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(
    `${name.padEnd(44)} n=${String(s.length).padStart(4)}  mean ${mean.toFixed(1)} ms  p50 ${pct(s, 50).toFixed(1)}  p95 ${pct(s, 95).toFixed(1)}  max ${s.at(-1)!.toFixed(1)}`,
  );
};

// One shopper places every order: the abuse limits off, the unpaid-order cap out of the way.
const t = await buildTestApp({
  rateLimits: { ...testEnv().rateLimits, enabled: false, unpaidOrders: 100_000, unpaidUnits: 1_000_000 },
});
try {
  console.log(`database: ${t.database.kind}`);
  const shopper = await readyShopper(t.app);
  const { product, variants } = await insertProduct(t.database.db, {
    variants: Array.from({ length: 20 }, (_, i) => ({ price: 1000 + i, qty: 100_000 })),
  });

  // 1. Sequential orders of 3 lines each.
  const placing: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers: { authorization: shopper.authorization, 'idempotency-key': `bench-seq-${i}-xxxx` },
      payload: {
        items: [0, 1, 2].map((k) => ({
          product_id: product.id,
          variant_id: variants[(i + k) % 20]!.id,
          quantity: 1,
        })),
        delivery_id: shopper.deliveryId,
      },
    });
    placing.push(performance.now() - started);
    if (res.statusCode !== 201) throw new Error(`order ${i}: ${res.statusCode} ${res.body}`);
  }
  summary('POST /order (3 lines), sequential', placing);

  // 2. A crowd: 200 concurrent orders for 100 units of one variant.
  const crowd = await Promise.all(Array.from({ length: 50 }, () => readyShopper(t.app)));
  const scarce = await insertProduct(t.database.db, { variants: [{ qty: 100 }] });
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) => {
      const s = crowd[i % crowd.length]!;
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization: s.authorization, 'idempotency-key': `bench-crowd-${i}-xxxx` },
        payload: {
          items: [{ product_id: scarce.product.id, variant_id: scarce.variants[0]!.id, quantity: 1 }],
          delivery_id: s.deliveryId,
        },
      });
    }),
  );
  const wall = performance.now() - started;
  const created = answers.filter((a) => a.statusCode === 201).length;
  const refused = answers.filter((a) => a.statusCode === 409).length;
  console.log(
    `200 concurrent orders for 100 units: ${created} placed, ${refused} × 409, other ${200 - created - refused}, ` +
      `stock left ${await variantQty(t.database.db, scarce.variants[0]!.id)}, wall ${wall.toFixed(0)} ms`,
  );

  // 3. Reading a cart of 20 lines.
  for (const v of variants) {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart',
      headers: { authorization: shopper.authorization },
      payload: { product_id: product.id, variant_id: v.id, quantity: 1 },
    });
  }
  const reading: number[] = [];
  for (let i = 0; i < 300; i++) {
    const s = performance.now();
    await t.app.inject({ url: '/api/v1/cart', headers: { authorization: shopper.authorization } });
    reading.push(performance.now() - s);
  }
  summary('GET /cart (20 lines)', reading);
} finally {
  await t.close();
}
