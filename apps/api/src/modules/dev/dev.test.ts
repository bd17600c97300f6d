import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { DEMO_SHOPPER } from './dev.routes.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('dev login', () => {
  it('signs init data for the demo shopper that the auth route accepts', async () => {
    t = await buildTestApp({ devLogin: true });
    const res = await t.app.inject({ url: '/api/v1/dev/init-data?user_id=1' });
    expect(res.statusCode).toBe(200);
    const { initData } = res.json<{ result: { initData: string } }>().result;
    expect(new URLSearchParams(initData).get('signature')).toBeTruthy();
    const auth = await t.app.inject({ method: 'POST', url: '/api/v1/tg/auth', payload: { initData } });
    const token = auth.json<{ result: string }>().result;
    const profile = await t.app.inject({
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    // Whatever the request asks, only the one fixed demo shopper is ever signed.
    expect(profile.json()).toMatchObject({
      result: { telegram_id: DEMO_SHOPPER.id, username: 'demo_shopper' },
    });
  });

  it('does not exist without DEV_LOGIN', async () => {
    t = await buildTestApp({ devLogin: false });
    expect((await t.app.inject({ url: '/api/v1/dev/init-data' })).statusCode).toBe(404);
  });
});
