// The console's inventory (docs/product.md §12.6) over HTTP: stock, units held by unpaid orders and
// sold in 30 days, the «мало» filter under LOW_STOCK_THRESHOLD, stock changed by a delta.
import type { InventoryList, InventoryRow } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct, variantQty } from '../../test/fixtures.ts';
import { payInSandbox, shopper } from '../../test/console-kit.ts';

const owner = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id], lowStockThreshold: 4 });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: ownerAuth },
    ...(payload ? { payload } : {}),
  });
const all = async (query: string) => {
  const rows: InventoryRow[] = [];
  let cursor: number | null | undefined;
  do {
    const res = await call('GET', `/inventory?${query}&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ result: InventoryList }>().result;
    expect(page.threshold).toBe(4);
    rows.push(...page.rows);
    cursor = page.cursor;
  } while (cursor);
  return rows;
};

describe('inventory', () => {
  it('shows stock, units held by unpaid orders and sold in 30 days; «мало» under the threshold', async () => {
    const { product, variants } = await insertProduct(t.app.db, {
      title: 'Кеды складские',
      variants: [
        { price: 2000, qty: 10 },
        { price: 2100, qty: 3 },
      ],
    });
    const buyer = await shopper(t.app);
    const order = async (qty: number, key: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization: buyer.authorization, 'idempotency-key': `inventory-${key}-${process.pid}` },
        payload: {
          items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: qty }],
          delivery_id: buyer.deliveryId,
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ result: { id: number } }>().result.id;
    };
    await payInSandbox(t.app, buyer, await order(2, 'paid'));
    await order(1, 'unpaid');

    const rows = (await all('q=складские')).filter((r) => r.product_id === product.id);
    expect(rows.map((r) => [r.variant_id, r.stock, r.reserved, r.sold_30d, r.low])).toEqual([
      [variants[0]!.id, 7, 1, 2, false],
      [variants[1]!.id, 3, 0, 0, true],
    ]);
    const low = await all('low=1');
    expect(low.every((r) => r.stock < 4)).toBe(true);
    expect(low.map((r) => r.variant_id)).toContain(variants[1]!.id);
    expect(low.map((r) => r.variant_id)).not.toContain(variants[0]!.id);

    // A delta: −5 takes 7 to 2 (now «мало»); −3 more would go below zero: 409, nothing changes.
    const down = await call('POST', `/variants/${variants[0]!.id}/stock`, { delta: -5, reason: 'Брак' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ result: { stock: 2, low: true } });
    expect(await variantQty(t.app.db, variants[0]!.id)).toBe(2);
    const tooMuch = await call('POST', `/variants/${variants[0]!.id}/stock`, { delta: -3 });
    expect(tooMuch.statusCode).toBe(409);
    expect(await variantQty(t.app.db, variants[0]!.id)).toBe(2);
    const up = await call('POST', `/variants/${variants[0]!.id}/stock`, { delta: 8 });
    expect(up.json()).toMatchObject({ result: { stock: 10, low: false } });
    const zero = await call('POST', `/variants/${variants[0]!.id}/stock`, { delta: 0 });
    expect(zero.statusCode).toBe(400);
    expect((await call('POST', '/variants/999999/stock', { delta: 1 })).statusCode).toBe(404);
    // The product is on sale again with its new stock.
    const shop = await t.app.inject({ url: `/api/v1/product/${product.id}` });
    const shopVariant = shop
      .json<{ result: { variants: { id: number; qty: number }[] } }>()
      .result.variants.find((v) => v.id === variants[0]!.id);
    expect(shopVariant?.qty).toBe(10);
  });
});
