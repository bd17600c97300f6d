// The console's order work (issues 25 item 6 and 28 item 6, docs/product.md §12.2): the «Нужен
// возврат» counter on «Заказы», kept fresh by a refund; the list sorted and keyset paged in each
// sort (another sort's cursor is a 400); saved filters per staff member; the audit log filtered
// by who, what, when and on what, with names.
import type { AdminAuditEntry, AdminOrderList, AdminOrderView } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { placeAndPay, placeOrder, shopper, type Shopper } from '../../test/console-kit.ts';

type Res = { statusCode: number; body: string; json<T>(): T };
const result = <T>(res: Res): T => res.json<{ result: T }>().result;

const owner = makeTelegramUser({ first_name: 'Ольга', last_name: 'Владелец' });
const manager = makeTelegramUser({ first_name: 'Максим', last_name: 'Менеджер' });
let t: TestApp;
let call: ReturnType<typeof callAs>;
let ownerAuth: string;
let managerAuth: string;
let s: Shopper;
/** Orders of the list tests, by total: 1 200, 3 400, 2 300, 900, 5 000 (placed in this order). */
const placed: { id: number; total: number }[] = [];

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, auth = ownerAuth, body?: object) =>
  call(method, `/api/v1/admin${path}`, auth, body);

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  call = callAs(t.app);
  ownerAuth = await login(t.app, owner);
  managerAuth = await login(t.app, manager);
  expect(
    (await admin('POST', '/staff', ownerAuth, { telegram_id: manager.id, role: 'manager' })).statusCode,
  ).toBe(200);
  s = await shopper(t.app);
  for (const price of [1200, 3400, 2300, 900, 5000]) {
    const { orderId } = await placeOrder(t.app, s, { price });
    placed.push({ id: orderId, total: price });
  }
});
afterAll(() => t.close());

const badge = async () => result<{ needs_refund: number }>(await admin('GET', '/badges')).needs_refund;

describe('the «Нужен возврат» counter on «Заказы»', () => {
  it('counts canceled paid orders, and a refund takes one off at once', async () => {
    expect(await badge()).toBe(0);
    // Another shopper (one may hold only five unpaid orders).
    const { orderId } = await placeAndPay(t.app, await shopper(t.app), { price: 2000 });
    const cancel = await admin('POST', `/orders/${orderId}/status`, ownerAuth, { status: 'canceled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await badge()).toBe(1);
    // Any staff member sees it (the navigation is everyone's).
    expect(result<{ needs_refund: number }>(await admin('GET', '/badges', managerAuth)).needs_refund).toBe(1);
    const refund = await admin('POST', `/orders/${orderId}/refund`, ownerAuth, { reason: 'Отмена' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await badge()).toBe(0);
    // A canceled order that was never paid owes nothing.
    expect(
      (await admin('POST', `/orders/${placed[0]!.id}/status`, ownerAuth, { status: 'canceled' })).statusCode,
    ).toBe(200);
    expect(await badge()).toBe(0);
  });
});

/** Every page of the list under a query, following its cursors, ids in order. */
async function allPages(query: string, limit = 2) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i += 1) {
    const res: Res = await admin(
      'GET',
      `/orders?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page: AdminOrderList = result<AdminOrderList>(res);
    ids.push(...page.orders.map((o) => o.id));
    if (!page.more) return ids;
    cursor = page.cursor;
  }
  throw new Error('too many pages');
}

describe('sorting the order list', () => {
  const mine = (ids: number[]) => ids.filter((id) => placed.some((p) => p.id === id));
  const byTotal = (dir: 1 | -1) =>
    [...placed].sort((a, b) => dir * (a.total - b.total) || dir * (a.id - b.id)).map((p) => p.id);

  it('pages through every sort in its order, two at a time, without gaps or repeats', async () => {
    const ids = placed.map((p) => p.id);
    expect(mine(await allPages('sort=newest'))).toEqual([...ids].reverse());
    expect(mine(await allPages('sort=oldest'))).toEqual(ids);
    expect(mine(await allPages('sort=total_desc'))).toEqual(byTotal(-1));
    expect(mine(await allPages('sort=total_asc'))).toEqual(byTotal(1));
    // No sort given: newest first, as before.
    expect(mine(await allPages(''))).toEqual([...ids].reverse());
  });

  it('«Изменённые» puts the last changed first (equal times broken by id)', async () => {
    const touched = placed[2]!.id;
    expect(
      (await admin('POST', `/orders/${touched}/notes`, ownerAuth, { text: 'без смены' })).statusCode,
    ).toBe(201);
    await admin('POST', `/orders/${touched}/status`, ownerAuth, { status: 'canceled' });
    const ids = await allPages('sort=updated');
    expect(ids[0]).toBe(touched);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mine(ids).sort()).toEqual(placed.map((p) => p.id).sort());
  });

  it('a cursor of one sort is a 400 under another, and a forged one is a 400 — never a 500', async () => {
    const first = result<AdminOrderList>(await admin('GET', '/orders?sort=total_desc&limit=1'));
    expect(first.cursor).toBeTruthy();
    const other = await admin(
      'GET',
      `/orders?sort=newest&limit=1&cursor=${encodeURIComponent(first.cursor!)}`,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json<{ error: { message: string } }>().error.message).toContain('другой сортировки');
    for (const cursor of [
      'newest::99999999999',
      'total_desc:-5:1',
      'updated:99999999999999999999:1',
      'x',
      '12',
      'total_asc:1e3:2',
    ]) {
      const res = await admin(
        'GET',
        `/orders?sort=${cursor.split(':')[0] === 'x' || cursor === '12' ? 'newest' : cursor.split(':')[0]}&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.statusCode, cursor).toBe(400);
    }
    const unknown = await admin('GET', '/orders?sort=price');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { message: string } }>().error.message).toContain('сортировка');
  });
});

describe('saved filters', () => {
  it('are kept per staff member on the server, replaced by name, and removed', async () => {
    const saved = await admin('PUT', '/order-views', ownerAuth, {
      name: 'Дорогие оплаченные',
      query: 'status=paid,purchasing&sort=total_desc&from=2026-11-01',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = result<AdminOrderView>(saved);
    expect(view).toMatchObject({
      name: 'Дорогие оплаченные',
      query: 'status=paid%2Cpurchasing&sort=total_desc&from=2026-11-01',
    });
    // The same name replaces the query; the manager sees none of the owner's.
    const again = await admin('PUT', '/order-views', ownerAuth, {
      name: 'Дорогие оплаченные',
      query: 'sort=total_desc',
    });
    expect(result<AdminOrderView>(again).id).toBe(view.id);
    expect(result<AdminOrderView[]>(await admin('GET', '/order-views', ownerAuth))).toEqual([
      expect.objectContaining({ name: 'Дорогие оплаченные', query: 'sort=total_desc' }),
    ]);
    expect(result<AdminOrderView[]>(await admin('GET', '/order-views', managerAuth))).toEqual([]);
    expect((await admin('DELETE', `/order-views/${view.id}`, managerAuth)).statusCode).toBe(404);
    expect((await admin('DELETE', `/order-views/${view.id}`, ownerAuth)).statusCode).toBe(200);
    expect(result<AdminOrderView[]>(await admin('GET', '/order-views', ownerAuth))).toEqual([]);
  });

  it('refuses a query the list would not take, in Russian', async () => {
    for (const query of ['status=nope', 'sort=price', 'cursor=12', 'evil=1', 'from=2026-13-45']) {
      const res = await admin('PUT', '/order-views', ownerAuth, { name: 'Плохой', query });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/[а-я]/);
    }
    expect((await admin('PUT', '/order-views', ownerAuth, { name: ' ', query: '' })).statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  type Page = { entries: AdminAuditEntry[]; cursor: string | null; more: boolean };
  const audit = async (query: string) => {
    const res = await admin('GET', `/audit?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return result<Page>(res).entries;
  };

  it('filters by who, by kind or family of action, by object and by day, with names', async () => {
    const noteByManager = await admin('POST', `/orders/${placed[1]!.id}/notes`, managerAuth, {
      text: 'звонил',
    });
    expect(noteByManager.statusCode).toBe(201);

    const byManager = await audit(`actor=${manager.id}`);
    expect(byManager.length).toBeGreaterThan(0);
    expect(byManager.every((e) => e.actor?.telegram_id === manager.id)).toBe(true);
    expect(byManager[0]!.actor?.name).toBe('Максим Менеджер');

    const refunds = await audit('action=order.refund');
    expect(refunds.map((e) => e.action)).toEqual(['order.refund']);
    const orderFamily = await audit('action=order');
    expect(new Set(orderFamily.map((e) => e.action))).toEqual(
      new Set(['order.status', 'order.note', 'order.refund']),
    );

    const onOrder = await audit(`entity=order&entity_id=${placed[1]!.id}`);
    expect(onOrder.map((e) => [e.action, e.entity_id])).toEqual([['order.note', String(placed[1]!.id)]]);

    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
    expect((await audit(`from=${today}&to=${today}`)).length).toBe((await audit('')).length);
    expect(await audit('from=2001-01-01&to=2001-01-02')).toEqual([]);

    const actors = result<{ telegram_id: number; name: string | null }[]>(
      await admin('GET', '/audit/actors'),
    );
    expect(actors).toEqual([
      { telegram_id: manager.id, name: 'Максим Менеджер' },
      { telegram_id: owner.id, name: 'Ольга Владелец' },
    ]);
  });

  it('refuses a malformed filter with a 400, not a 500', async () => {
    for (const q of ['actor=abc', 'action=DROP TABLE', 'from=2026-02-30', 'entity=a.b']) {
      expect((await admin('GET', `/audit?${q}`)).statusCode, q).toBe(400);
    }
  });
});
