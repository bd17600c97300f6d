// Search by photo through real HTTP on a real database with the demo catalogue's pictures.
import type { PhotoSearchResult } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { buildTestApp, login, type TestApp } from '../../test/app.ts';
import { importCatalog } from '../catalog/catalog-import.repository.ts';
import { demoCatalog, demoPicture, demoSpu } from '../catalog/demo/demo-catalog.ts';
import { drawDemoPicture } from '../catalog/demo/demo-pictures.ts';
import { screenshotLike } from './photo-transforms.ts';
import { multipart } from '../../test/multipart.ts';

const PRODUCTS = 40;
/** Demo product index by its spu (most demo products carry a numeric Poizon spuId). */
const demoIndexOfSpu = new Map(Array.from({ length: PRODUCTS }, (_, i) => [demoSpu(i), i]));

/** Picture k of demo product i as the shop draws it, rendered to an 800 px PNG. */
const renderDemo = (i: number, k = 0) =>
  sharp(Buffer.from(drawDemoPicture(demoPicture(i, k)!)))
    .png()
    .toBuffer();

describe('POST /api/v1/find/photo', () => {
  let t: TestApp;
  let auth: string;
  const idOf = new Map<number, number>();

  const search = (image: Buffer, extra: { crop?: string; type?: string; filename?: string } = {}) => {
    const { payload, headers } = multipart([
      ...(extra.crop ? [{ name: 'crop', value: extra.crop }] : []),
      {
        name: 'image',
        value: image,
        filename: extra.filename ?? 'photo.jpg',
        type: extra.type ?? 'image/jpeg',
      },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/find/photo',
      payload,
      headers: { ...headers, authorization: auth },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await importCatalog(t.database.db, demoCatalog(PRODUCTS));
    for (const row of await t.database.db.select({ id: products.id, spu: products.spu }).from(products))
      idOf.set(demoIndexOfSpu.get(row.spu)!, row.id);
    await t.app.photoSearch.refresh();
  }, 300_000);
  afterAll(() => t.close());
  // A shopper may search 10 times a minute: each case is a new shopper.
  beforeEach(async () => {
    auth = await login(t.app);
  });

  it('indexes the first two pictures of every published product', () => {
    expect(t.app.photoSearch.size).toBe(PRODUCTS * 2);
  });

  it('finds screenshot-like copies (50 % size, white frame, JPEG q60) in the top 3 at least 7 times of 8', async () => {
    const picked = [0, 5, 10, 15, 20, 25, 30, 35];
    let found = 0;
    for (const i of picked) {
      const query = await screenshotLike.apply(await renderDemo(i));
      const res = await search(query);
      expect(res.statusCode).toBe(200);
      const top3 = res
        .json<{ result: PhotoSearchResult }>()
        .result.items.slice(0, 3)
        .map((m) => m.product_id);
      if (top3.includes(idOf.get(i)!)) found++;
    }
    expect(found).toBeGreaterThanOrEqual(7);
  }, 60_000);

  it('puts the product of an unchanged catalogue picture first, marked exact, with its card', async () => {
    const res = await search(await renderDemo(3), { type: 'image/png', filename: 'a.png' });
    expect(res.statusCode).toBe(200);
    const { items, indexed } = res.json<{ result: PhotoSearchResult }>().result;
    expect(indexed).toBe(PRODUCTS * 2);
    const mine = items.find((m) => m.product_id === idOf.get(3));
    expect(mine?.exact).toBe(true);
    // Products whose first picture is drawn the same (same kind and colour) tie with it.
    expect(mine!.score).toBe(items[0]!.score);
    expect(mine!.product.title).toMatch(/\S/);
    expect(items.length).toBeLessThanOrEqual(20);
  });

  it('searches only inside the crop box', async () => {
    // The catalogue picture in the right half of a wide collage, a different product on the left.
    const [left, right] = await Promise.all([renderDemo(10), renderDemo(20)]);
    const collage = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#fff' } })
      .composite([
        { input: left, left: 0, top: 0 },
        { input: right, left: 800, top: 0 },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const res = await search(collage, { crop: '0.5,0,0.5,1' });
    expect(res.statusCode).toBe(200);
    const top3 = res
      .json<{ result: PhotoSearchResult }>()
      .result.items.slice(0, 3)
      .map((m) => m.product_id);
    expect(top3).toContain(idOf.get(20));
  });

  it('refuses a file that is not a picture with 415 and a Russian message', async () => {
    const res = await search(Buffer.from('%PDF-1.4 not a picture at all'), {
      type: 'application/pdf',
      filename: 'a.pdf',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'Файл не похож на картинку — выберите фото' },
    });
  });

  it('refuses picture formats other than JPEG, PNG and WebP (GIF) with 415', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const res = await search(gif, { type: 'image/gif', filename: 'a.gif' });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Этот формат не поддерживается — выберите JPEG или PNG',
    );
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0xff);
    const res = await search(big);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { code: string; message: string; field?: string } }>().error).toEqual({
      code: 'payload_too_large',
      message: 'Файл слишком большой (до 10 МБ)',
    });
  });

  it('refuses a decompression bomb (a small PNG claiming 30 000 × 30 000 pixels) without decoding it', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    // IHDR starts at byte 8: length (4), "IHDR" (4), width (4), height (4), …, CRC over type+data.
    png.writeUInt32BE(30_000, 16);
    png.writeUInt32BE(30_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const res = await search(png, { type: 'image/png', filename: 'bomb.png' });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Картинка слишком большая — выберите фото поменьше',
    );
  });

  it('answers 400 for a bad crop and for a request without a file', async () => {
    const picture = await renderDemo(1);
    const bad = await search(picture, { crop: '0.5,0.5,0.9,0.9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string; message: string; field?: string } }>().error.field).toBe(
      'body.crop',
    );
    const { payload, headers } = multipart([{ name: 'crop', value: '0,0,1,1' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/find/photo',
      payload,
      headers: { ...headers, authorization: auth },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: { code: string; message: string; field?: string } }>().error.message).toBe(
      'Выберите фото',
    );
  });

  it('needs a signed-in shopper', async () => {
    const { payload, headers } = multipart([
      { name: 'image', value: await renderDemo(1), filename: 'a.png' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/find/photo', payload, headers });
    expect(res.statusCode).toBe(401);
  });

  it('stops showing a product once it is hidden, and shows it again when published', async () => {
    const id = idOf.get(3)!;
    const ids = async () =>
      (await search(await renderDemo(3)))
        .json<{ result: PhotoSearchResult }>()
        .result.items.map((m) => m.product_id);
    await t.database.db.update(products).set({ isPublished: false }).where(eq(products.id, id));
    await t.app.photoSearch.refresh();
    expect(t.app.photoSearch.size).toBe(PRODUCTS * 2 - 2);
    expect(await ids()).not.toContain(id);
    await t.database.db.update(products).set({ isPublished: true }).where(eq(products.id, id));
    await t.app.photoSearch.refresh();
    expect(await ids()).toContain(id);
  });
});
