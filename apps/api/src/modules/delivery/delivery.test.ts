// Delivery addresses over HTTP: the default first, updates, deletion, phone numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, login, type TestApp } from '../../test/app.ts';
import { ADDRESS } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t.app)(...args);

describe('delivery addresses', () => {
  it('creates, lists default first, moves the default, updates, deletes', async () => {
    const authorization = await login(t.app);
    type Addr = { id: number; city: string; phone_number: string; is_default: boolean };
    const first = (
      await call('POST', '/api/v1/delivery', authorization, { ...ADDRESS, is_default: false })
    ).json<{ result: Addr }>().result;
    expect(first).toMatchObject({ is_default: true, phone_number: '+79161234567' });
    const second = (
      await call('POST', '/api/v1/delivery', authorization, {
        ...ADDRESS,
        city: 'Тула',
        phone_number: '8 903 111 22 33',
        is_default: true,
      })
    ).json<{ result: Addr }>().result;
    expect(second).toMatchObject({ is_default: true, phone_number: '+79031112233' });
    let list = (await call('GET', '/api/v1/delivery', authorization)).json<{ result: Addr[] }>().result;
    expect(list.map((a) => [a.id, a.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    const updated = await call('PUT', `/api/v1/delivery/${first.id}`, authorization, {
      ...ADDRESS,
      city: 'Сочи',
      is_default: true,
    });
    expect(updated.json()).toMatchObject({ result: { id: first.id, city: 'Сочи', is_default: true } });
    list = (await call('GET', '/api/v1/delivery', authorization)).json<{ result: Addr[] }>().result;
    expect(list.filter((a) => a.is_default).map((a) => a.id)).toEqual([first.id]);

    expect((await call('DELETE', `/api/v1/delivery/${first.id}`, authorization)).statusCode).toBe(200);
    list = (await call('GET', '/api/v1/delivery', authorization)).json<{ result: Addr[] }>().result;
    expect(list).toEqual([expect.objectContaining({ id: second.id, is_default: true })]);
  });

  it('accepts only Russian phone numbers', async () => {
    const authorization = await login(t.app);
    for (const phone of ['+1 202 555 0147', '+7 916 123 45', '12345', '+7 916 123 45 678', 'телефон']) {
      const res = await call('POST', '/api/v1/delivery', authorization, { ...ADDRESS, phone_number: phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toMatchObject({ error: { field: 'body.phone_number' } });
    }
    expect((await call('GET', '/api/v1/delivery', authorization)).json()).toEqual({ result: [] });
  });
});
