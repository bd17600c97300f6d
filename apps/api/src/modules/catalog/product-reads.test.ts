// Cold product cards asked for at the same moment are read in one statement (product.repository.ts,
// ProductReads, docs/decisions/079): each answer is the bytes its own statement gives; a request is
// never answered by a statement that began before it (a write in between shows); nothing is kept,
// and with the cache off every request is read again.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productImages, products, variants } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { statementsOf } from '../../test/statements.ts';
import { CARDS_PER_READ, findProduct, ProductReads } from './product.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The card statement (only it reads the variants as a JSON list). */
const isCardRead = (text: string) => text.includes('FROM variants v WHERE v.product_id = p.id');

/** The statements `run` sends to `app`'s database. */
async function statements<T>(app: TestApp['app'], run: () => Promise<T>): Promise<{ result: T; cardReads: number }> {
  const { result, texts } = await statementsOf(app.db, run);
  return { result, cardReads: texts.filter(isCardRead).length };
}

/** Products that differ in every list the card shows (variants, pictures, categories, brand). */
async function someProducts(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { product } = await insertProduct(t.app.db, {
      variants: Array.from({ length: 1 + (i % 3) }, (_, k) => ({ qty: i + k, size: String(38 + k), price: 1000 + 100 * i })),
    });
    for (let k = 0; k < i % 4; k++)
      await t.app.db.insert(productImages).values({ productId: product.id, src: `/img/p${product.id}-${k}.webp`, position: k });
    await t.app.db.execute(
      sql`INSERT INTO product_categories (product_id, category_id) SELECT ${product.id}, id FROM categories ORDER BY id LIMIT ${i % 3}`,
    );
    ids.push(product.id);
  }
  return ids;
}

const cardOf = (app: TestApp['app'], id: number) => app.inject({ url: `/api/v1/product/${id}` });

describe('cold product cards read together (decision 079)', () => {
  it('reads cards asked at once in one statement, each answer the bytes of its own statement', async () => {
    const ids = await someProducts(10);
    const [hidden] = await someProducts(1);
    await t.app.db.update(products).set({ isPublished: false }).where(eq(products.id, hidden!));
    const unknown = 2_000_000_000;
    const asked = [...ids, hidden!, unknown];

    const { result: answers, cardReads } = await statements(t.app, () =>
      Promise.all(asked.map((id) => cardOf(t.app, id))),
    );
    expect(cardReads).toBe(1);
    for (const [i, id] of ids.entries()) {
      expect(answers[i]!.statusCode).toBe(200);
      // The answer a statement for this product alone gives (decision 060's card, as before).
      expect(answers[i]!.body).toBe(JSON.stringify({ result: await findProduct(t.app.db, id) }));
    }
    expect(answers.slice(ids.length).map((a) => a.statusCode)).toEqual([404, 404]);
  });

  it('reads at most CARDS_PER_READ ids a statement, the rest in the next', async () => {
    const reads = new ProductReads(t.app.db);
    const { product } = await insertProduct(t.app.db);
    const asked = [product.id, ...Array.from({ length: CARDS_PER_READ }, (_, i) => 1_900_000_000 + i)];
    const { result, cardReads } = await statements(t.app, () => Promise.all(asked.map((id) => reads.read(id))));
    expect(cardReads).toBe(2);
    expect(result[0]?.id).toBe(product.id);
    expect(result.slice(1).every((p) => p === undefined)).toBe(true);
  });

  it('never answers a request from a statement begun before it: a write meanwhile shows', async () => {
    const reads = new ProductReads(t.app.db);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.app.db, { variants: [{ qty: 4 }] });
    const execute = t.app.db.execute.bind(t.app.db);
    let ran!: () => void;
    const statementRan = new Promise<void>((resolve) => (ran = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first card statement reads, then its answer is held back while the test writes (other
    // statements, such as the token index's timer, pass).
    let holding = true;
    const spy = vi.spyOn(t.app.db, 'execute').mockImplementation(((query: Parameters<typeof execute>[0]) => {
      if (!holding || !isCardRead(JSON.stringify(query))) return execute(query);
      holding = false;
      return execute(query).then(async (result) => {
        ran();
        await held;
        return result;
      });
    }) as typeof execute);
    try {
      const first = reads.read(product.id);
      await statementRan;
      await t.app.db.update(variants).set({ qty: 1 }).where(eq(variants.id, v!.id));
      const second = reads.read(product.id);
      release();
      expect((await first)?.variants[0]?.qty).toBe(4);
      expect((await second)?.variants[0]?.qty).toBe(1);
      expect(spy.mock.calls.map(([query]) => JSON.stringify(query)).filter(isCardRead)).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('rejects every request of a failed statement, and reads the next ones again', async () => {
    const reads = new ProductReads(t.app.db);
    const { product } = await insertProduct(t.app.db);
    const execute = t.app.db.execute.bind(t.app.db);
    let failing = true;
    const spy = vi.spyOn(t.app.db, 'execute').mockImplementation(((query: Parameters<typeof execute>[0]) => {
      if (!failing || !isCardRead(JSON.stringify(query))) return execute(query);
      failing = false;
      return Promise.reject(new Error('connection lost'));
    }) as typeof execute);
    try {
      const failed = await Promise.allSettled([reads.read(product.id), reads.read(product.id)]);
      expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((await reads.read(product.id))?.id).toBe(product.id);
    } finally {
      spy.mockRestore();
    }
  });

  it('with the cache off keeps nothing: cards asked at once share a statement, every request is read', async () => {
    const off = await buildTestApp({ catalogCache: false });
    try {
      const {
        product,
        variants: [v],
      } = await insertProduct(off.app.db, { variants: [{ qty: 4 }] });
      const { product: other } = await insertProduct(off.app.db);
      const first = await statements(off.app, () =>
        Promise.all([cardOf(off.app, product.id), cardOf(off.app, other.id)]),
      );
      expect(first.cardReads).toBe(1);
      expect(first.result[0].json<{ result: { variants: { qty: number }[] } }>().result.variants[0]!.qty).toBe(4);
      // A write no invalidation told of shows at once: nothing was kept.
      await off.app.db.update(variants).set({ qty: 2 }).where(eq(variants.id, v!.id));
      const again = await statements(off.app, () => cardOf(off.app, product.id));
      expect(again.cardReads).toBe(1);
      expect(again.result.json<{ result: { variants: { qty: number }[] } }>().result.variants[0]!.qty).toBe(2);
    } finally {
      await off.close();
    }
  });
});
