// Favourites carry the chosen variant's label (size, EU size, colour), so the app shows a size
// without asking for each product; a variant no longer sold reads as null.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../db/schema/index.ts';
import { buildTestApp, login, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('favourites with their variant', () => {
  it('each entry names its chosen variant; a removed variant gives null', async () => {
    const authorization = await login(t.app);
    const shoes = await insertProduct(t.database.db, {
      variants: [
        { size: '41', color: 'белый', title: '41 белый' },
        { size: '43', color: 'чёрный', title: '43 чёрный' },
      ],
    });
    const bag = await insertProduct(t.database.db, { variants: [{ size: '38', color: 'синий' }] });
    for (const [product, variant] of [
      [shoes.product.id, shoes.variants[1]!.id],
      [bag.product.id, bag.variants[0]!.id],
    ] as const) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/v1/favorites',
        headers: { authorization },
        payload: { product_id: product, variant_id: variant },
      });
      expect(added.statusCode).toBe(200);
      if (product === shoes.product.id) {
        expect(added.json()).toMatchObject({
          result: {
            variant: { id: variant, size: '43', size_eu: '43', color: 'чёрный', title: '43 чёрный' },
          },
        });
      }
    }
    await t.database.db.delete(variants).where(eq(variants.id, bag.variants[0]!.id));

    const list = await t.app.inject({ url: '/api/v1/favorites', headers: { authorization } });
    const entries = list.json<{
      result: { favoriteList: { product: { id: number }; variant_id: number | null; variant: unknown }[] };
    }>().result.favoriteList;
    expect(entries.map((e) => [e.product.id, e.variant])).toEqual([
      [bag.product.id, null],
      [
        shoes.product.id,
        { id: shoes.variants[1]!.id, title: '43 чёрный', size: '43', size_eu: '43', color: 'чёрный' },
      ],
    ]);
  });
});
