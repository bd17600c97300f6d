// The console's order search (issue 25 item 6, review M9): a full name either way round and a
// product in the order find it, beside number, last name, phone and @username.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { shopper } from '../../test/console-kit.ts';
import { insertProduct } from '../../test/fixtures.ts';

const owner = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;
let orderId: number;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  const s = await shopper(t.app, makeTelegramUser({ first_name: 'Ольга', last_name: 'Смирнова' }));
  const { product, variants } = await insertProduct(t.app.db, {
    title: 'Кроссовки Nike Поиск',
    variants: [{}],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { authorization: s.authorization, 'idempotency-key': `orders-search-${process.pid}` },
    payload: {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      delivery_id: s.deliveryId,
    },
  });
  orderId = res.json<{ result: { id: number } }>().result.id;
});
afterAll(() => t.close());

const found = async (q: string) => {
  const res = await t.app.inject({
    url: `/api/v1/admin/orders?q=${encodeURIComponent(q)}`,
    headers: { authorization: ownerAuth },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { orders: { id: number }[] } }>().result.orders.map((o) => o.id);
};

describe('order search', () => {
  it.each(['Ольга Смирнова', 'Смирнова Ольга', 'смирнова ольга', 'Nike Поиск', 'nike'])(
    'finds the order by «%s»',
    async (q) => {
      expect(await found(q)).toContain(orderId);
    },
  );

  it('does not find it by a name it does not have', async () => {
    expect(await found('Ольга Петрова')).not.toContain(orderId);
  });
});
