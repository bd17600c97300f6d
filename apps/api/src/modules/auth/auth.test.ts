import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  login,
  makeTelegramUser,
  signInitData,
  testEnv,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const auth = (initData: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/tg/auth', payload: { initData, initDataUnsafe: {} } });

function expectJsonError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(typeof body.error.code).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
}

describe('POST /api/v1/tg/auth and GET /api/v1/profile', () => {
  it('signs in a Telegram user and returns their profile', async () => {
    const user = makeTelegramUser({ first_name: 'Ольга', username: 'olga_shop' });
    const res = await auth(signInitData(user));
    expect(res.statusCode).toBe(200);
    const token = res.json<{ result: string }>().result;
    expect(token.split('.')).toHaveLength(3);

    const profile = await t.app.inject({
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      result: { telegram_id: user.id, first_name: 'Ольга', username: 'olga_shop' },
    });
  });

  it('keeps one account per Telegram id and refreshes its name', async () => {
    const user = makeTelegramUser();
    const first = await t.app.inject({
      url: '/api/v1/profile',
      headers: { authorization: await login(t.app, user) },
    });
    const again = await t.app.inject({
      url: '/api/v1/profile',
      headers: { authorization: await login(t.app, { ...user, first_name: 'Пётр' }) },
    });
    const a = first.json<{ result: { id: number } }>();
    const b = again.json<{ result: { id: number; first_name: string } }>();
    expect(b.result.id).toBe(a.result.id);
    expect(b.result.first_name).toBe('Пётр');
  });

  it('stores Telegram ids above 32 bits', async () => {
    const user = makeTelegramUser({ id: 7_123_456_789_012 });
    const res = await t.app.inject({
      url: '/api/v1/profile',
      headers: { authorization: await login(t.app, user) },
    });
    expect(res.json<{ result: { telegram_id: number } }>().result.telegram_id).toBe(7_123_456_789_012);
  });

  it('answers 401 for a changed byte, another token, an old auth_date and a missing hash', async () => {
    const user = makeTelegramUser();
    const good = signInitData(user);
    expectJsonError(await auth(good.replace(String(user.id), String(user.id + 1))), 401);
    expectJsonError(
      await auth(signInitData(user, { token: '7000000002:ANOTHER-made-up-token-for-tests_xx' })),
      401,
    );
    expectJsonError(await auth(signInitData(user, { authDate: new Date(Date.now() - 2 * 3600_000) })), 401);
    expectJsonError(await auth(good.replace(/&?hash=[0-9a-f]+/, '')), 401);
    expectJsonError(await auth(signInitData(undefined)), 401);
  });

  it('answers 4xx with a JSON error for bodies that are not the contract', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/tg/auth',
        payload,
        headers: { 'content-type': contentType },
      });
    expectJsonError(await post('{not json'), 400);
    expectJsonError(await post('{}'), 400);
    expectJsonError(await post(JSON.stringify({ initData: 42 })), 400);
    expectJsonError(await post('initData=x', 'application/x-www-form-urlencoded'), 415);
    expectJsonError(await post('initData=x', 'text/plain'), 400);
    expectJsonError(await post(JSON.stringify({ initData: 'a'.repeat(1024 * 1024) })), 413);
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    expectJsonError(await t.app.inject({ url: '/api/v1/profile' }), 401);
    expectJsonError(
      await t.app.inject({ url: '/api/v1/profile', headers: { authorization: 'Bearer abc.def.ghi' } }),
      401,
    );
    expectJsonError(
      await t.app.inject({ url: '/api/v1/profile', headers: { authorization: 'Basic Zm9vOmJhcg==' } }),
      401,
    );
    const otherKey = new TextEncoder().encode('some-other-secret-that-is-long-enough-000');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('shop-api')
      .setExpirationTime('1h')
      .sign(otherKey);
    expectJsonError(
      await t.app.inject({ url: '/api/v1/profile', headers: { authorization: `Bearer ${forged}` } }),
      401,
    );
    const key = new TextEncoder().encode(testEnv().jwtSecret);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('shop-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expectJsonError(
      await t.app.inject({ url: '/api/v1/profile', headers: { authorization: `Bearer ${expired}` } }),
      401,
    );
  });

  it('answers 401 for a valid token of a user that does not exist', async () => {
    const key = new TextEncoder().encode(testEnv().jwtSecret);
    const ghost = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('999999')
      .setIssuer('shop-api')
      .setExpirationTime('1h')
      .sign(key);
    expectJsonError(
      await t.app.inject({ url: '/api/v1/profile', headers: { authorization: `Bearer ${ghost}` } }),
      401,
    );
  });
});
