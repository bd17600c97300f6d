// Issue 25, the second attack's findings that live in the API: forged listing cursors past the id
// range are a 400 (they were a database error, 500), and CSV cells that begin with a tab or a
// carriage return are neutralised like those beginning with = + - @.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersCsv } from '../modules/admin/orders-csv.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../test/app.ts';

const owner = makeTelegramUser();
let t: TestApp;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

describe('forged cursors', () => {
  it.each([
    ['/api/v1/admin/orders?cursor=99999999999', 'admin'],
    ['/api/v1/admin/audit?cursor=99999999999', 'admin'],
    ['/api/v1/find/requests?cursor=9999999999', 'shopper'],
    ['/api/v1/admin/find-requests?cursor=9999999999', 'admin'],
  ])('%s is a 400 with the field named', async (url, who) => {
    const authorization = who === 'admin' ? ownerAuth : await login(t.app);
    const res = await t.app.inject({ url, headers: { authorization } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('bad_request');
  });
});

describe('the orders CSV', () => {
  it('neutralises cells that begin with a tab or a carriage return', () => {
    const row = {
      id: 1,
      created_at: '2026-11-26T13:28:38.481Z',
      status: 'paid',
      total: 100,
      items_count: 1,
      user: {
        telegram_id: 1,
        username: null,
        first_name: '\t=HYPERLINK("http://evil.example")',
        last_name: null,
      },
      recipient: '\r=1+1',
      phone_number: '+79161112233',
      city: 'Москва',
      tracking_number: null,
      needs_refund: false,
      discount: 0,
      bonus_used: 0,
      to_pay: 100,
      paid: 100,
      refunded: 0,
      lines: [],
    };
    const csv = ordersCsv([row] as unknown as Parameters<typeof ordersCsv>[0], 'Europe/Moscow');
    expect(csv).toContain(`'\t=HYPERLINK`);
    expect(csv).toContain(`"'\r=1+1`);
  });
});
