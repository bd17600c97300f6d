import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, signInitData, makeTelegramUser, type TestApp } from '../../test/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const redisUrl = process.env.TEST_REDIS_URL || undefined;

async function signInTimes(app: TestApp['app'], n: number, remoteAddress: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tg/auth',
      payload: { initData: signInitData(makeTelegramUser()) },
      remoteAddress,
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) {
      expect(res.json()).toMatchObject({ error: { code: 'too_many_requests' } });
    }
  }
  return statuses;
}

describe('sign-in rate limit', () => {
  it('answers 429 in the JSON error shape once an address exceeds the limit (memory store)', async () => {
    t = await buildTestApp({}, { authRateLimitPerMin: 3 });
    expect(await signInTimes(t.app, 5, '10.1.2.3')).toEqual([200, 200, 200, 429, 429]);
  });

  it('keeps counting a client that rotates X-Forwarded-For: only a listed proxy may set the address', async () => {
    t = await buildTestApp({ trustProxy: ['10.9.9.9'] }, { authRateLimitPerMin: 3 });
    const spoofed: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tg/auth',
        payload: { initData: signInitData(makeTelegramUser()) },
        remoteAddress: '10.1.2.4',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      spoofed.push(res.statusCode);
    }
    expect(spoofed).toEqual([200, 200, 200, 429, 429]);

    // Through the listed proxy the forwarded address counts: five clients, five fresh budgets.
    const proxied: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tg/auth',
        payload: { initData: signInitData(makeTelegramUser()) },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      proxied.push(res.statusCode);
    }
    expect(proxied).toEqual([200, 200, 200, 200, 200]);
  });

  it.skipIf(!redisUrl)(
    'shares the count through Redis when REDIS_URL is set',
    async () => {
      // A fresh address per run, so counts left in Redis by earlier runs do not matter.
      const address = `10.${process.pid % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      t = await buildTestApp({ redisUrl }, { authRateLimitPerMin: 2 });
      const other = await buildTestApp({ redisUrl }, { authRateLimitPerMin: 2 });
      try {
        // Two instances, one address: the second instance sees the first one's requests.
        const first = await signInTimes(t.app, 2, address);
        const second = await signInTimes(other.app, 1, address);
        expect([...first, ...second]).toEqual([200, 200, 429]);
      } finally {
        await other.close();
      }
      // Two apps with their migrations: 42 s in CI with both Node versions' suites side by side.
    },
    90_000,
  );
});
