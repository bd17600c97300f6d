// The cart over HTTP: adding, listing, changing and removing lines; sold-out variants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, login, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t.app)(...args);

describe('cart', () => {
  it('adds (incrementing), lists entries with their variants, changes and removes lines', async () => {
    const authorization = await login(t.app);
    const {
      product,
      variants: [v1, v2],
    } = await insertProduct(t.database.db, {
      title: 'Худи',
      variants: [
        { price: 3000, qty: 3, size: 'M' },
        { price: 3200, qty: 1, size: 'L' },
      ],
    });
    const add = (variantId: number) =>
      call('POST', '/api/v1/cart', authorization, {
        product_id: product.id,
        variant_id: variantId,
        quantity: 1,
      });
    expect((await add(v1!.id)).json()).toEqual({
      result: { product_id: product.id, variant_id: v1!.id, quantity: 1 },
    });
    expect((await add(v1!.id)).json()).toMatchObject({ result: { quantity: 2 } });
    expect((await add(v2!.id)).statusCode).toBe(200);
    // Only one L in stock.
    const tooMany = await add(v2!.id);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      error: { code: 'out_of_stock', message: 'Столько нет в наличии: доступно 1 шт.' },
    });

    const cart = await call('GET', '/api/v1/cart', authorization);
    expect(cart.statusCode).toBe(200);
    const entries = cart.json<{
      result: {
        product_id: number;
        product: { title: string };
        variants: { id: number; quantity: number; size: string }[];
      }[];
    }>().result;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ product_id: product.id, product: { title: 'Худи' } });
    expect(entries[0]!.variants.map((v) => [v.id, v.quantity]).sort()).toEqual(
      [
        [v1!.id, 2],
        [v2!.id, 1],
      ].sort(),
    );
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 2 } });

    expect(
      (await call('PATCH', `/api/v1/cart/${v1!.id}`, authorization, { quantity: 3 })).json(),
    ).toMatchObject({
      result: { quantity: 3 },
    });
    const overStock = await call('PATCH', `/api/v1/cart/${v1!.id}`, authorization, { quantity: 4 });
    expect(overStock.statusCode).toBe(409);
    expect(overStock.json()).toEqual({
      error: { code: 'out_of_stock', message: 'Столько нет в наличии: доступно 3 шт.' },
    });
    expect((await call('DELETE', `/api/v1/cart/${v2!.id}`, authorization)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/cart/${v2!.id}`, authorization)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 1 } });
  });

  it('refuses a sold-out variant with 409 and a Russian message', async () => {
    const authorization = await login(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ qty: 0 }] });
    const res = await call('POST', '/api/v1/cart', authorization, {
      product_id: product.id,
      variant_id: v!.id,
      quantity: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'out_of_stock', message: 'Этого товара нет в наличии' } });
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 0 } });
  });
});
