// An order's passport data in the console: masked for staff, revealed in full only to an owner,
// and every reveal (never a masked read) is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { PASSPORT } from '../../test/fixtures.ts';
import { addStaff, placeOrder, shopper, type Shopper } from '../../test/console-kit.ts';

const owner = makeTelegramUser();
const manager = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;
let managerAuth: string;
let buyer: Shopper;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  managerAuth = await addStaff(t.app, ownerAuth, manager, 'manager');
  buyer = await shopper(t.app);
});
afterAll(() => t.close());

const passport = (orderId: number, authorization: string, query = '') =>
  t.app.inject({ url: `/api/v1/admin/orders/${orderId}/passport${query}`, headers: { authorization } });

const reveals = async () =>
  (await t.app.inject({ url: '/api/v1/admin/audit', headers: { authorization: ownerAuth } }))
    .json<{
      result: { entries: { action: string; entity_id: string; actor: { telegram_id: number } | null }[] };
    }>()
    .result.entries.filter((e) => e.action === 'passport.reveal');

describe("an order's passport in the console", () => {
  it('is masked by default, revealed only to an owner, and each reveal is audit-logged', async () => {
    const { orderId } = await placeOrder(t.app, buyer);

    const masked = await passport(orderId, managerAuth);
    expect(masked.statusCode).toBe(200);
    expect(masked.headers['cache-control']).toBe('no-store');
    expect(masked.json()).toEqual({
      result: {
        ...PASSPORT,
        series: '****',
        number: '****54',
        inn: `**********${PASSPORT.inn.slice(-2)}`,
        masked: true,
      },
    });

    const refused = await passport(orderId, managerAuth, '?reveal=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect(await reveals()).toEqual([]);

    const full = await passport(orderId, ownerAuth, '?reveal=1');
    expect(full.statusCode).toBe(200);
    expect(full.json()).toEqual({ result: { ...PASSPORT, series: '4517', masked: false } });
    expect((await passport(orderId, ownerAuth)).json()).toMatchObject({ result: { masked: true } });
    const logged = await reveals();
    expect(logged.map((e) => [e.entity_id, e.actor?.telegram_id])).toEqual([[String(orderId), owner.id]]);

    expect((await passport(orderId, buyer.authorization)).statusCode).toBe(403);
    expect((await passport(987_654, ownerAuth, '?reveal=1')).statusCode).toBe(404);
    expect((await passport(orderId, ownerAuth, '?reveal=yes')).statusCode).toBe(400);
  });
});
