// The catalogue's change stamp (catalog-stamp.ts, migration 0024, docs/decisions/084): it changes
// at the commit of every transaction that writes a table a catalogue answer reads — whatever the
// writer, also one that began before a read and commits after it — and at no other: a cart line,
// the photo index's row, a sign-in or a blogger's bookkeeping leave it, so the catalogue cache
// renews its answers across them, and the token index stays exactly as of the cache's read.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { holdTransaction } from '../../test/held-transaction.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { CATALOG_TTL_MS, createCatalogCache } from './catalog-cache.ts';
import { readCatalogStamp } from './catalog-stamp.ts';
import { tokenIndexOf } from './token-index.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let productId: number;
let variantId: number;
let userId: number;
let bloggerId: number;
const run = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
/** Each list of writes below is new rows every time it is made. */
let round = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const { product, variants } = await insertProduct(t.app.db, { variants: [{ qty: 5 }] });
  productId = product.id;
  variantId = variants[0]!.id;
  const [user] = await queryRows<{ id: number }>(
    t.app.db,
    sql`INSERT INTO users (telegram_id, first_name) VALUES (${7_000_000_000 + (process.pid % 1_000_000)}, 'Штамп') RETURNING id`,
  );
  userId = user!.id;
  const [blogger] = await queryRows<{ id: number }>(
    t.app.db,
    sql`INSERT INTO bloggers (user_id, status, platform, url, followers, topic, promo_code, contact)
        VALUES (${userId}, 'approved', 'telegram', 'https://t.me/stamp', 100, 'обувь', ${`STAMP${process.pid}`}, '@stamp')
        RETURNING id`,
  );
  bloggerId = blogger!.id;
});
afterAll(() => t.close());

const stamp = () => readCatalogStamp(t.app.db);
/** Runs the statements in one transaction, as every writer does. */
const write = (statements: readonly SQL[]) =>
  t.app.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });

/** Writes that no catalogue answer reads. */
const unrelated = (): [string, SQL[]][] => {
  const tag = `${run}-${++round}`;
  return [
    [
      'a cart line',
      [
        sql`INSERT INTO cart_items (user_id, variant_id, product_id, quantity) VALUES (${userId}, ${variantId}, ${productId}, 1)`,
      ],
    ],
    [
      "the photo index's row",
      [
        sql`INSERT INTO product_image_features (product_id, src, position, extractor, phash, dhash, histogram, shape)
          VALUES (${productId}, ${`/img/stamp-${tag}.webp`}, ${round}, 'test', 1, 2, '\\x00'::bytea, '\\x00'::bytea)`,
      ],
    ],
    [
      'a sign-in that changes no name',
      [
        sql`UPDATE users SET bot_may_write = NOT bot_may_write, first_name = first_name, updated_at = now() WHERE id = ${userId}`,
      ],
    ],
    [
      "a blogger's moderator comment",
      [sql`UPDATE bloggers SET moderator_comment = ${`ок ${tag}`} WHERE id = ${bloggerId}`],
    ],
    ['a cart line removed', [sql`DELETE FROM cart_items WHERE user_id = ${userId}`]],
  ];
};

/** A write of each table a catalogue answer reads (listings, facets, cards, similar, suggestions, categories). */
const catalogue = (): [string, SQL[]][] => {
  const tag = `${run}-${++round}`;
  const categoryId = 900_000 + (process.pid % 50_000) * 20 + round;
  return [
    [
      'a product inserted',
      [
        sql`INSERT INTO products (spu, title, computed_title, min_price, price) VALUES (${`STAMP-${tag}`}, 'Штамп', 'Штамп', 1, 1)`,
      ],
    ],
    [
      'a product price (not logged for the token index)',
      [sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`],
    ],
    ['a product deleted', [sql`DELETE FROM products WHERE spu = ${`STAMP-${tag}`}`]],
    ['a variant stock', [sql`UPDATE variants SET qty = qty + 1 WHERE id = ${variantId}`]],
    [
      'a picture',
      [
        sql`INSERT INTO product_images (product_id, src, position) VALUES (${productId}, ${`/img/stamp-${tag}.webp`}, 9)`,
      ],
    ],
    ['a category', [sql`INSERT INTO categories (id, name) VALUES (${categoryId}, 'Штампы')`]],
    [
      "a product's category",
      [sql`INSERT INTO product_categories (product_id, category_id) VALUES (${productId}, ${categoryId})`],
    ],
    ['a brand', [sql`INSERT INTO brands (name) VALUES (${`Штамп ${tag}`})`]],
    ['a suggestion term', [sql`INSERT INTO search_terms (term, display) VALUES (${`штамп${tag}`}, 'Штамп')`]],
    [
      'a facet count',
      [sql`INSERT INTO catalog_facet_counts (sel, facet, n) VALUES (${`stamp-${tag}`}, 'x', 1)`],
    ],
    [
      "a blogger's followers (their order among suggestions)",
      [sql`UPDATE bloggers SET followers = followers + 1 WHERE id = ${bloggerId}`],
    ],
    ['a blogger approved or not', [sql`UPDATE bloggers SET status = 'rejected' WHERE id = ${bloggerId}`]],
    ['a blogger approved again', [sql`UPDATE bloggers SET status = 'approved' WHERE id = ${bloggerId}`]],
    [
      "a user's name (a blogger's in the suggestions)",
      [sql`UPDATE users SET first_name = ${`Штамп ${tag}`} WHERE id = ${userId}`],
    ],
    [
      "a user's picture",
      [sql`UPDATE users SET photo_url = ${`https://example.org/${tag}.jpg`} WHERE id = ${userId}`],
    ],
    ['a suggestion term removed', [sql`DELETE FROM search_terms WHERE term = ${`штамп${tag}`}`]],
  ];
};

describe('the catalogue stamp', () => {
  it('stays the same across writes no catalogue answer reads', async () => {
    for (const [what, statements] of unrelated()) {
      const before = await stamp();
      await write(statements);
      expect(await stamp(), what).toBe(before);
    }
  });

  it('changes at the commit of a write of every table a catalogue answer reads, once per transaction', async () => {
    for (const [what, statements] of catalogue()) {
      const before = await stamp();
      await write(statements);
      expect(BigInt(await stamp()), what).toBe(BigInt(before) + 1n);
    }
    // Several catalogue statements in one transaction: one step.
    const before = await stamp();
    await write([
      sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`,
      sql`UPDATE variants SET qty = qty + 1 WHERE id = ${variantId}`,
      sql`UPDATE products SET price = price - 1 WHERE id = ${productId}`,
    ]);
    expect(BigInt(await stamp())).toBe(BigInt(before) + 1n);
  });

  it('stays the same when a catalogue write rolls back, also to a savepoint', async () => {
    const before = await stamp();
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE variants SET qty = qty + 1 WHERE id = ${variantId}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stamp()).toBe(before);
    // Rolled back to a savepoint, then an unrelated write committed: the same stamp.
    await t.app.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`UPDATE variants SET qty = qty + 1 WHERE id = ${variantId}`);
          throw new Error('to the savepoint');
        })
        .catch(() => undefined);
      await tx.execute(sql`UPDATE users SET bot_may_write = NOT bot_may_write WHERE id = ${userId}`);
    });
    expect(await stamp()).toBe(before);
    // Rolled back to a savepoint, then a catalogue write committed: the stamp moves (the mark that
    // the transaction had already stamped went with the savepoint).
    await t.app.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`UPDATE variants SET qty = qty + 1 WHERE id = ${variantId}`);
          throw new Error('to the savepoint');
        })
        .catch(() => undefined);
      await tx.execute(sql`UPDATE products SET price = price WHERE id = ${productId}`);
    });
    expect(BigInt(await stamp())).toBe(BigInt(before) + 1n);
  });

  it('moves for a writer that began before a read and commits after it', async () => {
    const before = await stamp();
    const { release, done: writer } = await holdTransaction(
      t.app.db,
      sql`UPDATE variants SET qty = qty + 1 WHERE id = ${variantId}`,
    );
    const during = stamp();
    if (t.app.dbKind === 'pglite') {
      // One connection: the read waits for the transaction and sees its commit.
      await pause(50);
      release();
      await writer;
      expect(BigInt(await during)).toBe(BigInt(before) + 1n);
      return;
    }
    // PostgreSQL: the read runs beside the open transaction and does not see its write.
    expect(await during).toBe(before);
    release();
    await writer;
    expect(BigInt(await stamp())).toBe(BigInt(before) + 1n);
  });

  it('lets concurrent catalogue writers go on without waiting for each other', async (ctx) => {
    // PGlite runs one transaction at a time.
    if (t.app.dbKind === 'pglite') ctx.skip();
    const before = await stamp();
    const { release, done: first } = await holdTransaction(
      t.app.db,
      sql`UPDATE variants SET qty = qty + 1 WHERE id = ${variantId}`,
    );
    const second = write([sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`]).then(
      () => 'done',
    );
    expect(await Promise.race([second, pause(5_000).then(() => 'waited')])).toBe('done');
    expect(BigInt(await stamp())).toBe(BigInt(before) + 1n);
    release();
    await first;
    expect(BigInt(await stamp())).toBe(BigInt(before) + 2n);
  });

  it('keeps its sum when the rows of ended backends are folded into one', async () => {
    // A row of a backend that is not running (no pid is that high).
    await t.app.db.execute(sql`INSERT INTO catalog_stamp (backend, n) VALUES (2147483000, 3)`);
    const before = await stamp();
    await t.app.db.execute(sql`SELECT catalog_stamp_fold()`);
    expect(await stamp()).toBe(before);
    expect(await queryRows(t.app.db, sql`SELECT 1 FROM catalog_stamp WHERE backend = 2147483000`)).toEqual(
      [],
    );
  });
});

describe('the catalogue cache renewed by the stamp', () => {
  it('renews past the TTL across unrelated writes, and computes again after every catalogue write', async () => {
    let reads = 0;
    const cache = createCatalogCache({
      ttlMs: 40,
      stamp: async () => {
        const read = await stamp();
        reads += 1;
        return read;
      },
    });
    let computed = 0;
    const compute = async () => ({ result: ++computed });
    try {
      await cache.json('warm', compute);
      // The stamp read the first answer started has come back (a loaded machine may take a while).
      while (reads === 0) await pause(5);
      // Computed after the stamp read the first answer started: it can be renewed.
      expect(await cache.json('k', compute)).toBe('{"result":2}');
      await pause(60);
      expect(await cache.json('k', compute)).toBe('{"result":2}');
      for (const [what, statements] of unrelated()) {
        await write(statements);
        await pause(60);
        expect(await cache.json('k', compute), what).toBe(`{"result":2}`);
      }
      let expected = 2;
      for (const [what, statements] of catalogue()) {
        await write(statements);
        await pause(60);
        expected += 1;
        expect(await cache.json('k', compute), what).toBe(`{"result":${expected}}`);
      }
    } finally {
      await cache.close();
    }
  });

  it("computes again after a catalogue write whose transaction began before the answer's stamp was read", async () => {
    const cache = createCatalogCache({ ttlMs: 40, stamp });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const qty = async () =>
      (await queryRows<{ qty: number }>(t.app.db, sql`SELECT qty FROM variants WHERE id = ${variantId}`))[0]!
        .qty;
    try {
      const before = await qty();
      await cache.json('warm', async () => 0);
      const writer = t.app.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE variants SET qty = qty + 1 WHERE id = ${variantId}`);
        wrote();
        await gate;
      });
      await written;
      // On PostgreSQL these run beside the open transaction; on PGlite they wait for it.
      const answered = (async () => {
        await pause(20);
        const first = await cache.json('k', async () => ({ qty: await qty() }));
        await pause(60);
        return first;
      })();
      await pause(t.app.dbKind === 'pglite' ? 30 : 120);
      release();
      await writer;
      const first = await answered;
      if (t.app.dbKind !== 'pglite') expect(first).toBe(JSON.stringify({ qty: before }));
      await pause(60);
      expect(await cache.json('k', async () => ({ qty: await qty() }))).toBe(
        JSON.stringify({ qty: before + 1 }),
      );
    } finally {
      await cache.close();
    }
  });

  it("keeps the app's answer past 2 s across a cart line and the photo index's row", async () => {
    let computed = 0;
    const compute = async () => ({ result: ++computed });
    await t.app.catalogCache.json('stamp-quiet-warm', compute);
    await pause(CATALOG_TTL_MS / 4 + 50);
    // Computed after the stamp read that the first answer started.
    expect(await t.app.catalogCache.json('stamp-quiet', compute)).toBe('{"result":2}');
    const writes = unrelated();
    await write(writes[0]![1]);
    await write(writes[1]![1]);
    await pause(CATALOG_TTL_MS + 50);
    expect(await t.app.catalogCache.json('stamp-quiet', compute)).toBe('{"result":2}');
    await write(writes[4]![1]);
  });

  it('leaves the token index exactly as of the stamp across unrelated writes, not across a catalogue one', async () => {
    const index = tokenIndexOf(t.app.db)!;
    await index.whenLoaded(t.app.db);
    // A read of the log that finds nothing new makes the index exact (the writes above may need one).
    for (let i = 0; i < 3 && !index.isExactAt(await stamp()); i++) await index.sync(t.app.db);
    const exact = await stamp();
    expect(index.isExactAt(exact)).toBe(true);
    for (const [what, statements] of unrelated()) {
      await write(statements);
      expect(index.isExactAt(await stamp()), what).toBe(true);
    }
    // A price only (no token or sort key): the index holds the same, but kept card rows do not.
    await write([sql`UPDATE products SET price = price + 1 WHERE id = ${productId}`]);
    expect(index.isExactAt(await stamp())).toBe(false);
    await index.sync(t.app.db);
    expect(index.isExactAt(await stamp())).toBe(true);
  });
});
