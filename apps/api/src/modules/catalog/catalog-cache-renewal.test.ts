// Renewal of expired answers (catalog-cache.ts, docs/decisions/060, 084): past its TTL an answer is
// kept while the catalogue's change stamp is the one read before it was computed, and computed
// again as soon as the catalogue was written — here or by a writer this instance never hears of
// (writes elsewhere: catalog-stamp.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { CATALOG_TTL_MS, createCatalogCache } from './catalog-cache.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('catalogue cache: renewal by the catalogue stamp', () => {
  it('keeps an expired answer while the snapshot is unchanged, and computes it again once it changed', async () => {
    let stamp = 'A';
    let reads = 0;
    const cache = createCatalogCache({
      ttlMs: 40,
      stamp: async () => {
        reads += 1;
        return stamp;
      },
    });
    let computed = 0;
    const compute = async () => ({ result: ++computed });
    try {
      // A new cache has read no snapshot yet: its first answer carries none and is computed again.
      expect(await cache.json('k', compute)).toBe('{"result":1}');
      await pause(60);
      expect(await cache.json('k', compute)).toBe('{"result":2}');
      // Computed after the snapshot «A» was read: renewed, not computed, while it stays «A».
      for (let i = 0; i < 3; i++) {
        await pause(60);
        expect(await cache.json('k', compute)).toBe('{"result":2}');
      }
      expect(computed).toBe(2);
      stamp = 'B';
      await pause(60);
      expect(await cache.json('k', compute)).toBe('{"result":3}');
      expect(reads).toBeGreaterThan(0);
    } finally {
      await cache.close();
    }
  });

  it('renews every expired answer of one snapshot with one read, and shares it between requests', async () => {
    let reads = 0;
    const cache = createCatalogCache({
      ttlMs: 40,
      stamp: async () => {
        reads += 1;
        return 'A';
      },
    });
    let computed = 0;
    const compute = async () => ({ result: ++computed });
    try {
      await cache.json('first', compute);
      await pause(60);
      // Computed after a snapshot was read.
      for (const key of ['a', 'b', 'c']) await cache.json(key, compute);
      expect(computed).toBe(4);
      await pause(60);
      const before = reads;
      const answers = await Promise.all(
        ['a', 'b', 'c', 'a', 'b', 'c'].map((key) => cache.json(key, compute)),
      );
      expect(answers).toEqual([
        '{"result":2}',
        '{"result":3}',
        '{"result":4}',
        '{"result":2}',
        '{"result":3}',
        '{"result":4}',
      ]);
      expect(computed).toBe(4);
      expect(reads - before).toBe(1);
    } finally {
      await cache.close();
    }
  });

  it('computes again when the snapshot cannot be read', async () => {
    let failing = false;
    const cache = createCatalogCache({
      ttlMs: 40,
      stamp: async () => {
        if (failing) throw new Error('database gone');
        return 'A';
      },
    });
    let computed = 0;
    const compute = async () => ({ result: ++computed });
    try {
      await cache.json('k', compute);
      await pause(60);
      await cache.json('k', compute);
      failing = true;
      await pause(60);
      expect(await cache.json('k', compute)).toBe('{"result":3}');
    } finally {
      await cache.close();
    }
  });
});

describe('catalogue cache: renewal on the real database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps an answer past 2 s when nothing was written', async () => {
    // Also on PostgreSQL: other databases on the server do not move this database's stamp (084).
    let computed = 0;
    const compute = async () => ({ result: ++computed });
    await t.app.catalogCache.json('renewal-quiet-warm', compute);
    await pause(CATALOG_TTL_MS / 4 + 50);
    // Computed after the stamp read that the first answer started.
    expect(await t.app.catalogCache.json('renewal-quiet', compute)).toBe('{"result":2}');
    await pause(CATALOG_TTL_MS + 50);
    expect(await t.app.catalogCache.json('renewal-quiet', compute)).toBe('{"result":2}');
  });

  it('computes again after a write it did not hear of, past 2 s', async () => {
    const {
      product,
      variants: [v],
    } = await insertProduct(t.app.db, { variants: [{ qty: 4 }] });
    const card = async () =>
      (await t.app.inject({ url: `/api/v1/product/${product.id}` }))
        .json<{ result: { variants: { id: number; qty: number }[] } }>()
        .result.variants.find((x) => x.id === v!.id)!.qty;
    expect(await card()).toBe(4);
    await pause(CATALOG_TTL_MS / 4 + 50);
    // Read again after a snapshot was taken: this answer can be renewed.
    t.app.catalogCache.invalidate();
    expect(await card()).toBe(4);
    // A write no route of this instance made (another instance, without Redis).
    await t.app.db.update(variants).set({ qty: 1 }).where(eq(variants.id, v!.id));
    await pause(CATALOG_TTL_MS + 50);
    expect(await card()).toBe(1);
  });
});

describe('catalogue cache: a snapshot read a moment ago, given to computations (decision 077)', () => {
  it('is given only while recent and begun after the last invalidation', async () => {
    const cache = createCatalogCache({ ttlMs: 4_000, stamp: async () => 'A' });
    const known = (key: string) =>
      cache.json(key, async ({ known }) => ({ stamp: known?.stamp ?? null }));
    try {
      // The first computation starts the first read: nothing known yet.
      expect(await known('k1')).toBe('{"stamp":null}');
      await pause(20);
      expect(await known('k2')).toBe('{"stamp":"A"}');
      // This instance wrote: a read begun before is no proof that nothing changed since.
      cache.invalidate();
      expect(await known('k3')).toBe('{"stamp":null}');
      // Past SNAPSHOT_REUSE_MS (500 ms) it is too old, and a new read starts.
      await pause(20);
      expect(await known('k4')).toBe('{"stamp":"A"}');
      await pause(600);
      expect(await known('k5')).toBe('{"stamp":null}');
    } finally {
      await cache.close();
    }
  });

  it('makes an answer computed as of it as old as that read', async () => {
    let stamp = 0;
    // A new snapshot at every read: nothing is renewed, an expired answer is computed again.
    const cache = createCatalogCache({ ttlMs: 1_000, stamp: async () => String(++stamp) });
    try {
      // The answer must be computed 150–450 ms after the read it is as of; on a loaded machine a
      // try outside that window is made again.
      for (let attempt = 1; ; attempt++) {
        await cache.json(`warm-${attempt}`, async () => 0);
        await pause(150);
        let readAt: number | undefined;
        let computed = 0;
        const asOfRead: Parameters<typeof cache.json>[1] = async ({ known, asOf }) => {
          if (known) asOf(known.at);
          readAt ??= known?.at;
          return ++computed;
        };
        expect(await cache.json(`k-${attempt}`, asOfRead)).toBe('1');
        const late = readAt === undefined || Date.now() - readAt > 450;
        if (late && attempt < 5) continue;
        expect(readAt).toBeDefined();
        // 1 s after the read, not after the computation: expired.
        await pause(Math.max(0, readAt! + 1_050 - Date.now()));
        expect(await cache.json(`k-${attempt}`, asOfRead)).toBe('2');
        return;
      }
    } finally {
      await cache.close();
    }
  });
});
