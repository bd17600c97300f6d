// Favourites over HTTP: cursor paging newest first, re-adding, removal by product.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, login, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t.app)(...args);

describe('favourites', () => {
  it('pages newest first with a cursor; re-adding moves to the top; removal by product', async () => {
    const authorization = await login(t.app);
    const made: Awaited<ReturnType<typeof insertProduct>>[] = [];
    for (let i = 0; i < 5; i++) made.push(await insertProduct(t.database.db, { title: `Товар ${i}` }));
    for (const m of made) {
      const res = await call('POST', '/api/v1/favorites', authorization, {
        product_id: m.product.id,
        variant_id: m.variants[0]!.id,
      });
      expect(res.statusCode).toBe(200);
    }
    // Re-adding the first one makes it the newest.
    await call('POST', '/api/v1/favorites', authorization, {
      product_id: made[0]!.product.id,
      variant_id: made[0]!.variants[0]!.id,
    });

    type Page = {
      result: {
        favoriteList: { product: { id: number }; variant_id: number }[];
        more: boolean;
        cursor: number | null;
      };
    };
    const first = (await call('GET', '/api/v1/favorites?size=3', authorization)).json<Page>().result;
    expect(first.favoriteList.map((f) => f.product.id)).toEqual(
      [made[0], made[4], made[3]].map((m) => m!.product.id),
    );
    expect(first.more).toBe(true);
    const second = (
      await call('GET', `/api/v1/favorites?size=3&cursor=${first.cursor}`, authorization)
    ).json<Page>().result;
    expect(second.favoriteList.map((f) => f.product.id)).toEqual(
      [made[2], made[1]].map((m) => m!.product.id),
    );
    expect(second).toMatchObject({ more: false, cursor: null });

    expect((await call('DELETE', `/api/v1/favorites/${made[2]!.product.id}`, authorization)).statusCode).toBe(
      200,
    );
    const all = (await call('GET', '/api/v1/favorites', authorization)).json<Page>().result;
    expect(all.favoriteList).toHaveLength(4);
    // Concurrent adds of the same product keep one favourite.
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/v1/favorites', authorization, {
          product_id: made[3]!.product.id,
          variant_id: made[3]!.variants[0]!.id,
        }),
      ),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const after = (await call('GET', '/api/v1/favorites', authorization)).json<Page>().result;
    expect(after.favoriteList.map((f) => f.product.id)).toEqual(
      [made[3], made[0], made[4], made[1]].map((m) => m!.product.id),
    );
    // A variant of another product is refused.
    const wrong = await call('POST', '/api/v1/favorites', authorization, {
      product_id: made[1]!.product.id,
      variant_id: made[2]!.variants[0]!.id,
    });
    expect(wrong.statusCode).toBe(404);
  });
});
