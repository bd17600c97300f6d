// The console's customers and the Poizon purchase list (docs/product.md §12.6) over HTTP.
import type { AdminCustomer, AdminCustomerList, AdminOrder, PurchaseList } from '@shop/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { placeAndPay, placeOrder, shopper, payInSandbox, type Shopper } from '../../test/console-kit.ts';

const owner = makeTelegramUser({ first_name: 'Ольга' });
const viewer = makeTelegramUser({ first_name: 'Вера' });
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, authorization = ownerAuth) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });
const get = async <T>(url: string) => {
  const r = await call('GET', url);
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json<{ result: T }>().result;
};

describe('customers', () => {
  let anna: Shopper;

  it("a customer's card lists all their orders; the paid total is their payments less refunds", async () => {
    anna = await shopper(
      t.app,
      makeTelegramUser({ first_name: 'Анна', last_name: 'Покупкина', username: 'anna_buys' }),
    );
    const a = await placeAndPay(t.app, anna, { price: 3000 });
    const b = await placeAndPay(t.app, anna, { price: 4500 });
    const unpaid = await placeOrder(t.app, anna, { price: 700 });
    const refund = await call('POST', `/orders/${b.orderId}/refund`, { amount: 1200, reason: 'Скидка' });
    expect(refund.statusCode).toBe(200);
    // Someone else's order does not count.
    await placeAndPay(t.app, await shopper(t.app), { price: 9999 });

    const list = await get<AdminCustomerList>('/customers?q=@anna_buys');
    expect(list.customers).toHaveLength(1);
    const row = list.customers[0]!;
    expect(row).toMatchObject({ first_name: 'Анна', username: 'anna_buys', orders: 3, paid_total: 6300 });

    const card = await get<AdminCustomer>(`/customers/${row.id}`);
    expect(card.orders_list.map((o) => o.id)).toEqual([unpaid.orderId, b.orderId, a.orderId]);
    // The recount: each order's card's payments and refunds.
    const orders = await Promise.all(card.orders_list.map((o) => get<AdminOrder>(`/orders/${o.id}`)));
    const paid = orders.flatMap((o) => o.payments).filter((p) => p.status === 'succeeded');
    const refunded = orders.flatMap((o) => o.refunds).filter((r) => r.status === 'succeeded');
    expect(card.paid_total).toBe(
      paid.reduce((s, p) => s + p.amount, 0) - refunded.reduce((s, r) => s + r.amount, 0),
    );
    expect(card.paid_total).toBe(3000 + 4500 - 1200);
    expect(card.orders_list.map((o) => [o.id, o.status, o.paid, o.refunded, o.items_count])).toEqual([
      [unpaid.orderId, 'awaiting_payment', 0, 0, 1],
      [b.orderId, 'paid', 4500, 1200, 1],
      [a.orderId, 'paid', 3000, 0, 1],
    ]);
    expect(card.addresses).toHaveLength(1);
    expect(card.addresses[0]!.phone_number).toBe(card.phone_number);
    expect(card.messages.length).toBeGreaterThan(0);
  });

  it('is found by name, by phone digits, and not by what it is not', async () => {
    const byName = await get<AdminCustomerList>('/customers?q=покупкина');
    expect(byName.customers.map((c) => c.username)).toEqual(['anna_buys']);
    const phone = (await get<AdminCustomerList>('/customers?q=anna_buys')).customers[0]!.phone_number!;
    const byPhone = await get<AdminCustomerList>(`/customers?q=${encodeURIComponent(phone)}`);
    expect(byPhone.customers.map((c) => c.username)).toContain('anna_buys');
    expect((await get<AdminCustomerList>('/customers?q=никтотакой')).customers).toEqual([]);
    const missing = await call('GET', '/customers/999999');
    expect(missing.statusCode).toBe(404);
  });

  it('pages newest first by cursor', async () => {
    const first = await get<AdminCustomerList>('/customers?limit=2');
    expect(first.customers).toHaveLength(2);
    expect(first.cursor).toBe(first.customers[1]!.id);
    const second = await get<AdminCustomerList>(`/customers?limit=2&cursor=${first.cursor}`);
    expect(second.customers[0]!.id).toBeLessThan(first.customers[1]!.id);
  });
});

describe('the Poizon purchase list', () => {
  it('shows exactly the paid, not yet bought lines; marking them bought moves those orders on; the XLSX has one row per line', async () => {
    const buyer = await shopper(t.app);
    const before = await get<PurchaseList>('/purchase-list');
    const { product, variants } = await insertProduct(t.app.db, {
      variants: [
        { price: 5000, qty: 10 },
        { price: 5100, qty: 10 },
      ],
    });
    const order = async (lines: { v: number; qty: number }[], key: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization: buyer.authorization, 'idempotency-key': `purchase-${key}-${process.pid}` },
        payload: {
          items: lines.map((l) => ({
            product_id: product.id,
            variant_id: variants[l.v]!.id,
            quantity: l.qty,
          })),
          delivery_id: buyer.deliveryId,
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ result: { id: number } }>().result.id;
    };
    const two = await order(
      [
        { v: 0, qty: 2 },
        { v: 1, qty: 1 },
      ],
      'two',
    );
    const one = await order([{ v: 0, qty: 1 }], 'one');
    const unpaid = await order([{ v: 1, qty: 1 }], 'unpaid');
    await payInSandbox(t.app, buyer, two);
    await payInSandbox(t.app, buyer, one);

    const list = await get<PurchaseList>('/purchase-list');
    const mine = list.groups.filter((g) => g.product_id === product.id);
    // Two groups (one per variant); the unpaid order is not there.
    expect(mine.map((g) => [g.variant_id, g.quantity, g.lines.map((l) => l.order_id).sort()])).toEqual([
      [variants[0]!.id, 3, [two, one].sort()],
      [variants[1]!.id, 1, [two]],
    ]);
    expect(list.lines).toBe(before.lines + 3);
    expect(list.groups.flatMap((g) => g.lines).some((l) => l.order_id === unpaid)).toBe(false);

    // The XLSX: a header and one row per line, the same lines.
    const xlsx = await call('GET', '/purchase-list.xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + list.lines);
    expect(sheet.getRow(1).getCell(1).value).toBe('Заказ');
    const rows = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => [r.getCell(1).value, r.getCell(7).value]);
    expect(rows.filter(([id]) => id === two || id === one).sort()).toEqual(
      [
        [two, 2],
        [two, 1],
        [one, 1],
      ].sort(),
    );

    // Mark one of the two lines of `two` and the line of `one`: only `one` is wholly bought.
    const twoLines = mine.flatMap((g) => g.lines).filter((l) => l.order_id === two);
    const oneLine = mine.flatMap((g) => g.lines).find((l) => l.order_id === one)!;
    const first = await call('POST', '/purchase-list/bought', { line_ids: [twoLines[0]!.id, oneLine.id] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: { marked: 2, moved_orders: [one] } });
    expect((await get<AdminOrder>(`/orders/${one}`)).status).toBe('purchasing');
    expect((await get<AdminOrder>(`/orders/${two}`)).status).toBe('paid');
    const after = await get<PurchaseList>('/purchase-list');
    expect(after.groups.flatMap((g) => g.lines).filter((l) => l.product_id === product.id)).toEqual([
      expect.objectContaining({ id: twoLines[1]!.id }),
    ]);

    // The last line: `two` moves to «Выкупаем товар»; marking it again counts nothing more.
    const last = await call('POST', '/purchase-list/bought', { line_ids: [twoLines[1]!.id] });
    expect(last.json()).toEqual({ result: { marked: 1, moved_orders: [two] } });
    const card = await get<AdminOrder>(`/orders/${two}`);
    expect(card.status).toBe('purchasing');
    expect(card.history.at(-1)).toMatchObject({
      status: 'purchasing',
      comment: 'Выкуплено по списку закупки',
    });
    const again = await call('POST', '/purchase-list/bought', { line_ids: [twoLines[1]!.id] });
    expect(again.statusCode).toBe(409);
    expect((await get<PurchaseList>('/purchase-list')).lines).toBe(before.lines);
  });

  it('a viewer may read the list but not mark lines; an unknown line is a 404', async () => {
    const vAuth = await login(t.app, viewer);
    expect((await call('POST', '/staff', { telegram_id: viewer.id, role: 'viewer' })).statusCode).toBe(200);
    expect((await call('GET', '/purchase-list', undefined, vAuth)).statusCode).toBe(200);
    const denied = await call('POST', '/purchase-list/bought', { line_ids: [1] }, vAuth);
    expect(denied.statusCode).toBe(403);
    const unknown = await call('POST', '/purchase-list/bought', { line_ids: [987654] });
    expect(unknown.statusCode).toBe(404);
    const empty = await call('POST', '/purchase-list/bought', { line_ids: [] });
    expect(empty.statusCode).toBe(400);
  });
});
