// The profile answer carries the shopper's invite code, which shared product links append
// (`productId_<id>__ref_<code>`, docs/product.md §13): a friend who opens such a link is invited.
import type { BonusAccount, Profile, Referral } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { get, signIn } from '../../test/programmes-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/profile', () => {
  it("answers the shopper's invite code, the same on every call and the same as GET /referral", async () => {
    const auth = await login(t.app);
    const first = await get<Profile>(t.app, '/api/v1/profile', auth);
    expect(first.referral_code).toMatch(/^[0-9A-Z]{8}$/);
    expect((await get<Profile>(t.app, '/api/v1/profile', auth)).referral_code).toBe(first.referral_code);
    expect((await get<Referral>(t.app, '/api/v1/referral', auth)).code).toBe(first.referral_code);
  });

  it('a friend who opens a product link shared with that code is invited and gets the welcome bonus', async () => {
    const sharer = await login(t.app);
    const { referral_code } = await get<Profile>(t.app, '/api/v1/profile', sharer);
    const friend = await signIn(t.app, makeTelegramUser(), `productId_12__ref_${referral_code}`);
    expect((await get<BonusAccount>(t.app, '/api/v1/bonus', friend)).balance).toBe(500);
    expect((await get<Referral>(t.app, '/api/v1/referral', sharer)).stats.invited).toBe(1);
  });
});
