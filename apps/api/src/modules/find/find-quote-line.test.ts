// Issue 25 item 6 (review S10): a find quote carries its title, picture and size into the shopper's
// cart line (and so into the order), instead of «Товар Poizon по запросу №1».
import type { CartEntry, FindRequest } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callAs, login, makeTelegramUser, type TestApp } from '../../test/app.ts';

type Res = { statusCode: number; body: string; json<T>(): T };
const result = <T>(res: Res): T => res.json<{ result: T }>().result;

const owner = makeTelegramUser();
let t: TestApp;
let call: ReturnType<typeof callAs>;
let ownerAuth: string;

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id], poizon: { provider: 'fixture', minIntervalMs: 0 } });
  call = callAs(t.app);
  ownerAuth = await login(t.app, owner);
});
afterAll(() => t.close());

async function request(authorization: string, body: Record<string, unknown>) {
  const res = await call('POST', '/api/v1/find/requests', authorization, body);
  expect(res.statusCode, res.body).toBe(201);
  return result<FindRequest>(res).id;
}

describe('a find quote in the cart', () => {
  it('the cart line shows the quote’s title, picture and size', async () => {
    const shopperAuth = await login(t.app);
    const id = await request(shopperAuth, { url: 'https://dw4.co/t/A/QuoteLine1', size: '42' });
    const quote = await call('POST', `/api/v1/admin/find-requests/${id}/quote`, ownerAuth, {
      price_cny: 699,
      weight_kg: 1,
      title: 'Nike Dunk Low Panda',
      image_url: 'https://cdn.example.com/dunk-low.jpg',
      size: '43 EU',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(result<FindRequest>(quote)).toMatchObject({
      quote_title: 'Nike Dunk Low Panda',
      quote_image_url: 'https://cdn.example.com/dunk-low.jpg',
      quote_size: '43 EU',
    });
    const accepted = await call('POST', `/api/v1/find/requests/${id}/accept`, shopperAuth);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [entry] = result<CartEntry[]>(await call('GET', '/api/v1/cart', shopperAuth));
    expect(entry!.product.title).toBe('Nike Dunk Low Panda');
    expect(entry!.product.image_src).toBe('https://cdn.example.com/dunk-low.jpg');
    expect(entry!.variants[0]).toMatchObject({
      size: '43 EU',
      image: 'https://cdn.example.com/dunk-low.jpg',
      title: 'Nike Dunk Low Panda, 43 EU',
    });
  });

  it('without them, the request’s own words and size name the line', async () => {
    const shopperAuth = await login(t.app);
    const id = await request(shopperAuth, { query: 'Adidas Samba OG', size: '41' });
    const quote = await call('POST', `/api/v1/admin/find-requests/${id}/quote`, ownerAuth, {
      price_cny: 500,
      weight_kg: 1,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    await call('POST', `/api/v1/find/requests/${id}/accept`, shopperAuth);
    const [entry] = result<CartEntry[]>(await call('GET', '/api/v1/cart', shopperAuth));
    expect(entry!.product.title).toBe('Adidas Samba OG');
    expect(entry!.variants[0]).toMatchObject({ size: '41' });
  });

  it('a picture link that is not https is refused with a Russian message', async () => {
    const shopperAuth = await login(t.app);
    const id = await request(shopperAuth, { query: 'New Balance 550' });
    for (const image_url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/media/other.jpg']) {
      const res = await call('POST', `/api/v1/admin/find-requests/${id}/quote`, ownerAuth, {
        price_cny: 500,
        weight_kg: 1,
        image_url,
      });
      expect(res.statusCode, image_url).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toContain('https://');
    }
  });
});
