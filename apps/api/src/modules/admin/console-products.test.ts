// Products made in the console (docs/product.md §12.6) over HTTP: a product with four variants and
// two pictures from the phone (re-encoded, EXIF dropped, reordered), hidden until published, then on
// sale, found by search, its pictures served resized.
import type { AdminBrand, AdminCreatedProduct } from '@shop/contract';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';

const owner = makeTelegramUser();
let t: TestApp;
let dataDir: string;
let ownerAuth: string;
let madeId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'console-products-'));
  t = await buildTestApp({ dataDir, adminTelegramIds: [owner.id] });
  ownerAuth = await login(t.app, owner);
  await t.app.db.insert(categories).values([
    { id: 7001, name: 'Обувь' },
    { id: 7002, parentId: 7001, name: 'Кеды' },
  ]);
});
afterAll(() => t.close());

const upload = (productId: number, image: Buffer, type = 'image/jpeg') => {
  const { payload, headers } = multipart([{ name: 'image', value: image, filename: 'IMG_0001.jpg', type }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/${productId}/pictures`,
    payload,
    headers: { ...headers, authorization: ownerAuth },
  });
};
const admin = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `/api/v1/admin${url}`, headers: { authorization: ownerAuth }, payload });

describe('a product made in the console', () => {
  it('with two pictures and four variants is on sale once published, found by search, its pictures resized', async () => {
    const created = await admin('POST', '/products', {
      title: 'Кеды Пастилакс Классика',
      description: '<p>Лёгкие кеды на каждый день</p>',
      category_ids: [7002],
      variants: [
        { sku: 'PST-W-40', price: 5990, qty: 3, color: 'Белый', size: '40' },
        { sku: 'PST-W-41', price: 5990, qty: 2, color: 'Белый', size: '41' },
        { sku: 'PST-B-40', price: 6190, qty: 4, color: 'Чёрный', size: '40' },
        { sku: 'PST-B-41', price: 6190, qty: 0, color: 'Чёрный', size: '41' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<{ result: AdminCreatedProduct }>().result;
    madeId = product.id;
    expect(product).toMatchObject({ title: 'Кеды Пастилакс Классика', is_published: false, images: [] });
    expect(product.variants.map((v) => [v.sku, v.price, v.qty, v.color, v.size])).toEqual([
      ['PST-W-40', 5990, 3, 'Белый', '40'],
      ['PST-W-41', 5990, 2, 'Белый', '41'],
      ['PST-B-40', 6190, 4, 'Чёрный', '40'],
      ['PST-B-41', 6190, 0, 'Чёрный', '41'],
    ]);
    // Hidden until published.
    expect((await t.app.inject({ url: `/api/v1/product/${product.id}` })).statusCode).toBe(404);

    // Two pictures from the phone: a camera JPEG on its side with EXIF, and a PNG.
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' } } })
      .toBuffer();
    const first = await upload(product.id, photo);
    expect(first.statusCode).toBe(201);
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const second = await upload(product.id, png, 'image/png');
    const withPictures = second.json<{ result: AdminCreatedProduct }>().result;
    expect(withPictures.images).toHaveLength(2);
    const [a, b] = withPictures.images as [string, string];
    const stored = await sharp(await readFile(path.join(dataDir, a.slice(1)))).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 1067, height: 1600 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();

    // Reordered as by a drag: the PNG first, and it becomes the card picture.
    const ordered = await admin('PUT', `/products/${product.id}/pictures`, { images: [b, a] });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json<{ result: AdminCreatedProduct }>().result.images).toEqual([b, a]);
    const badOrder = await admin('PUT', `/products/${product.id}/pictures`, { images: [b, b] });
    expect(badOrder.statusCode).toBe(400);

    // Published: on sale with its four variants and pictures in order.
    const published = await admin('PATCH', `/products/${product.id}`, { is_published: true });
    expect(published.statusCode).toBe(200);
    const shop = await t.app.inject({ url: `/api/v1/product/${product.id}` });
    expect(shop.statusCode).toBe(200);
    const page = shop.json<{
      result: { title: string; images: { src: string }[] | string[]; variants: { id: number }[] };
    }>().result;
    expect(page.title).toBe('Кеды Пастилакс Классика');
    expect(page.variants).toHaveLength(4);
    expect(JSON.stringify(page.images)).toContain(b);

    // Found by search.
    const search = await t.app.inject({
      url: `/api/v2/product?search_string=${encodeURIComponent('пастилакс')}&limit=20`,
    });
    expect(search.statusCode).toBe(200);
    const found = search.json<{ result: { products: { id: number }[] } }>().result.products;
    expect(found.map((p) => p.id)).toContain(product.id);

    // Its pictures served resized.
    for (const src of [a, b]) {
      const img = await t.app.inject({ url: `/img/w324${src}` });
      expect(img.statusCode).toBe(200);
      expect((await sharp(img.rawPayload).metadata()).width).toBe(324);
    }
  });

  it('refuses what is not fit: no category, a repeated SKU, a file that is not a picture, an unknown product', async () => {
    const noCategory = await admin('POST', '/products', {
      title: 'Без категории',
      category_ids: [],
      variants: [{ sku: 'A', price: 1, qty: 1 }],
    });
    expect(noCategory.statusCode).toBe(400);
    const unknownCategory = await admin('POST', '/products', {
      title: 'Чужая категория',
      category_ids: [999_999],
      variants: [{ sku: 'A', price: 1, qty: 1 }],
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json()).toMatchObject({ error: { code: 'bad_request' } });
    const twice = await admin('POST', '/products', {
      title: 'Дважды',
      category_ids: [7002],
      variants: [
        { sku: 'A', price: 1, qty: 1 },
        { sku: 'A', price: 2, qty: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const text = await upload(madeId, Buffer.from('not a picture at all'), 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    const missing = await upload(
      999_999,
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('takes its brand from the picker: an existing one found as typed, or a new one typed in', async () => {
    await t.app.db.insert(brands).values([
      { name: 'Nike', popularity: 90, aliases: ['найк'] },
      { name: 'New Balance', popularity: 80, aliases: ['нью баланс'] },
      { name: 'Asics', popularity: 70 },
      { name: 'Anike_Lab', popularity: 1 },
    ]);
    const list = async (q?: string) => {
      const res = await t.app.inject({
        url: `/api/v1/admin/brands${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
        headers: { authorization: ownerAuth },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ result: { brands: AdminBrand[] } }>().result.brands;
    };
    // Typed: names and other spellings containing it, names starting with it first.
    expect((await list('n')).map((b) => b.name)).toEqual(['Nike', 'New Balance', 'Anike_Lab']);
    expect((await list('ник')).map((b) => b.name)).toEqual([]);
    expect((await list('НАЙ')).map((b) => b.name)).toEqual(['Nike']);
    expect((await list('e_l')).map((b) => b.name)).toEqual(['Anike_Lab']);
    expect((await list('%')).map((b) => b.name)).toEqual([]);
    expect((await list()).map((b) => b.name).slice(0, 3)).toEqual(['Nike', 'New Balance', 'Asics']);
    const nike = (await list('nike'))[0]!;
    expect(nike).toMatchObject({ name: 'Nike', products: 0 });

    const make = (sku: string, brand: object) =>
      admin('POST', '/products', {
        title: `Кроссовки ${sku}`,
        category_ids: [7002],
        variants: [{ sku, price: 9990, qty: 1 }],
        ...brand,
      });
    const picked = await make('BR-1', { brand_id: nike.id });
    expect(picked.statusCode, picked.body).toBe(201);
    expect(picked.json<{ result: AdminCreatedProduct }>().result.brand).toBe('Nike');
    expect((await list('nike'))[0]).toMatchObject({ name: 'Nike', products: 1 });

    // A new brand typed in is made with the product and is in the picker from then on.
    const typed = await make('BR-2', { brand_name: '  Пастилакс  ' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json<{ result: AdminCreatedProduct }>().result.brand).toBe('Пастилакс');
    expect((await list('пасти')).map((b) => [b.name, b.products])).toEqual([['Пастилакс', 1]]);
    // The same name in another case is the shop's brand, not a second one.
    const again = await make('BR-3', { brand_name: 'NEW BALANCE' });
    expect(again.json<{ result: AdminCreatedProduct }>().result.brand).toBe('New Balance');
    expect(await t.app.db.select().from(brands)).toHaveLength(5);

    const both = await make('BR-4', { brand_id: nike.id, brand_name: 'Nike' });
    expect(both.statusCode).toBe(400);
    const bothError = both.json<{ error: { code: string; message: string } }>().error;
    expect(bothError.code).toBe('bad_request');
    expect(bothError.message).toContain('оставьте один');
    const unknown = await make('BR-5', { brand_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { message: 'Нет такого бренда' } });
  });
});
