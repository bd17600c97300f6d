import { ProfileResponseSchema } from '@shop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, buildUrl } from './api-client.ts';

const profile = {
  id: 1,
  telegram_id: 42,
  first_name: 'Анна',
  last_name: null,
  username: null,
  language_code: 'ru',
  photo_url: null,
  is_premium: false,
  created_at: '2026-01-01T00:00:00.000Z',
  referral_code: 'K7M2QX9D',
  bot_may_write: true,
};

function mockFetch(status: number, body: unknown) {
  const fn = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the bearer token stored under access_token', async () => {
    localStorage.setItem('access_token', 'tok-123');
    const fetchMock = mockFetch(200, { result: profile });
    const result = await api('/v1/profile', { schema: ProfileResponseSchema });
    expect(result.result.first_name).toBe('Анна');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/profile');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-123');
  });

  it('sends no authorization header without a token', async () => {
    const fetchMock = mockFetch(200, { result: profile });
    await api('/v1/profile', { schema: ProfileResponseSchema });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("turns the API's error shape into an ApiRequestError with its message", async () => {
    mockFetch(409, { error: { code: 'conflict', message: 'Товар закончился' } });
    const error = await api('/v1/profile', { schema: ProfileResponseSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'Товар закончился' });
  });

  it('rejects an answer that does not match the contract', async () => {
    mockFetch(200, { result: { id: 'not a number' } });
    await expect(api('/v1/profile', { schema: ProfileResponseSchema })).rejects.toThrow();
  });

  it('leaves empty query values out of the URL', () => {
    expect(buildUrl('/v2/product', { cursor: undefined, brand_ids: '1,2', search_string: '' })).toBe(
      '/api/v2/product?brand_ids=1%2C2',
    );
  });
});
