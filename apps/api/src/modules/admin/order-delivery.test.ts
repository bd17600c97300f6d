// An order's delivery changed in the console before it ships (issue 28 item 6, docs/product.md
// §12.6): staff with `operate` move a paid order to a new pickup point (saved to the shopper) or
// another saved address; the order card shows it, the shopper is told once, the audit log has it;
// once the order is handed to the carrier it is 409; viewers and others' addresses are refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, notifications } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { addStaff, placeAndPay, shopper, type Shopper } from '../../test/console-kit.ts';

const owner = makeTelegramUser();
const manager = makeTelegramUser();
const viewer = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;
let managerAuth: string;
let viewerAuth: string;
let buyer: Shopper;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  managerAuth = await addStaff(t.app, ownerAuth, manager, 'manager');
  viewerAuth = await addStaff(t.app, ownerAuth, viewer, 'viewer');
  buyer = await shopper(t.app);
});
afterAll(async () => {
  await t?.close();
});

const put = (orderId: number, authorization: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/orders/${orderId}/delivery`,
    headers: { authorization },
    payload,
  });
const point = {
  kind: 'pickup',
  city: 'Москва',
  city_code: 44,
  point_code: 'MSK205',
  fio: 'Анна',
  last_name: 'Тестова',
  phone_number: '+7 916 123-45-67',
};
type Card = {
  status: string;
  delivery: { id: number; kind: string; point_code: string | null; address: string };
};
const deliveryMessages = (orderId: number) =>
  t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.kind, 'order.delivery')));

describe('PUT /admin/orders/{id}/delivery', () => {
  it('moves a paid order to a new pickup point, tells the shopper once, audits; back to the saved address', async () => {
    const { orderId } = await placeAndPay(t.app, buyer);
    const res = await put(orderId, managerAuth, { delivery: point });
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json<{ result: Card }>().result;
    expect(card.status).toBe('paid');
    expect(card.delivery).toMatchObject({ kind: 'pickup', point_code: 'MSK205' });
    expect(card.delivery.id).not.toBe(buyer.deliveryId);

    const told = await deliveryMessages(orderId);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toBe(
      `Мы изменили доставку заказа №${orderId}: пункт выдачи — Москва, ${card.delivery.address}.`,
    );
    const audit = await t.app.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'order.delivery'), eq(adminAuditLog.entityId, String(orderId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorTelegramId).toBe(manager.id);

    // The same point again changes nothing and tells no one; the shopper's addresses gained it once.
    expect((await put(orderId, managerAuth, { delivery: point })).statusCode).toBe(200);
    expect(await deliveryMessages(orderId)).toHaveLength(1);
    const saved = await t.app.inject({
      url: '/api/v1/delivery',
      headers: { authorization: buyer.authorization },
    });
    expect(
      saved
        .json<{ result: { point_code: string | null }[] }>()
        .result.filter((a) => a.point_code === 'MSK205'),
    ).toHaveLength(1);

    const back = await put(orderId, managerAuth, { delivery_id: buyer.deliveryId });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ result: Card }>().result.delivery).toMatchObject({
      id: buyer.deliveryId,
      kind: 'courier',
    });
    expect(await deliveryMessages(orderId)).toHaveLength(2);
  });

  it('is 409 once the order is handed to the carrier; 403 for a viewer; 404 for another shopper’s address', async () => {
    const { orderId } = await placeAndPay(t.app, buyer);
    expect((await put(orderId, viewerAuth, { delivery: point })).statusCode).toBe(403);
    const stranger = await shopper(t.app);
    const foreign = await put(orderId, managerAuth, { delivery_id: stranger.deliveryId });
    expect(foreign.statusCode).toBe(404);
    expect((await put(2_000_000_000, managerAuth, { delivery: point })).statusCode).toBe(404);
    expect((await put(orderId, managerAuth, {})).statusCode).toBe(400);

    for (const status of ['purchasing', 'to_warehouse', 'customs', 'delivering']) {
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/status`,
        headers: { authorization: ownerAuth },
        payload: { status, notify: false },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const late = await put(orderId, managerAuth, { delivery: point });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      `Заказ №${orderId} уже передан в доставку или закрыт: адрес не изменить`,
    );
    expect(await deliveryMessages(orderId)).toHaveLength(0);
  });
});
