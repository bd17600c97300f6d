// Screenshots on find requests, the quote's bot button and the Poizon cache shared through Redis
// (docs/product.md §14.1–§14.3), over real HTTP on a real database, a fake Bot API and the real Redis.
import {
  FIND_SCREENSHOT_URL,
  PHOTO_ERRORS,
  SCREENSHOT_GONE_MESSAGE,
  type AdminFindRequestList,
  type FindRequest,
  type FindRequestList,
  type FindUpload,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, callAs, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { startFakeBotApi, waitFor, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { FIXTURE_ITEMS } from './fixture-provider.ts';
import type { PoizonProvider, ProviderItem } from './poizon-provider.ts';
import { createPoizonShared, type PoizonShared } from './poizon-shared.ts';
import { createPoizonService } from './poizon.service.ts';
import { ORPHAN_SCREENSHOT_MS, sweepOrphanScreenshots } from './screenshots.ts';
import { multipart } from '../../test/multipart.ts';

type Res = { statusCode: number; json<T>(): T };
const result = <T = unknown>(res: Res): T => res.json<{ result: T }>().result;
const apiError = (res: Res) => res.json<{ error: { code: string; message: string; field?: string } }>().error;

const PUBLIC_URL = 'https://shop.example.test';
const owner = makeTelegramUser({ first_name: 'Ольга' });
let t: TestApp;
let fake: FakeBotApi;
let dataDir: string;
let call: ReturnType<typeof callAs>;
let ownerAuth: string;

const upload = (auth: string, image: Buffer, type = 'image/png', filename = 'screenshot.png') => {
  const { payload, headers } = multipart([{ name: 'image', value: image, filename, type }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/find/uploads',
    payload,
    headers: { ...headers, authorization: auth },
  });
};

/** A phone screenshot: 1170×2532 PNG with a coloured block where the item would be. */
const phoneScreenshot = () =>
  sharp({ create: { width: 1170, height: 2532, channels: 4, background: '#f4f4f4' } })
    .composite([
      {
        input: { create: { width: 900, height: 900, channels: 3, background: '#1f6feb' } },
        left: 135,
        top: 400,
      },
    ])
    .png()
    .toBuffer();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'find-shots-'));
  fake = await startFakeBotApi();
  t = await buildTestApp(
    {
      dataDir,
      adminTelegramIds: [owner.id],
      botApiRoot: fake.apiRoot,
      botCanSend: true,
      publicUrl: PUBLIC_URL,
      poizon: { provider: 'fixture', minIntervalMs: 0 },
    },
    // A send that takes longer than its timeout counts as lost and is tried again: 10 s, so that a
    // loaded machine's slow database (PGlite shares this thread) cannot make one message two.
    { bot: { outbox: { pollMs: 20, backoffMs: 50, timeoutSeconds: 10 } } },
  );
  call = callAs(t.app);
  ownerAuth = await login(t.app, owner);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a screenshot for a request (POST /api/v1/find/uploads)', () => {
  it('keeps only a re-encoded JPEG of at most 1600 px without metadata, served under /media/find', async () => {
    const auth = await login(t.app);
    const res = await upload(auth, await phoneScreenshot());
    expect(res.statusCode).toBe(201);
    const up = result<FindUpload>(res);
    expect(up.image_url).toMatch(FIND_SCREENSHOT_URL);
    expect([up.width, up.height]).toEqual([739, 1600]);

    const stored = await readFile(path.join(dataDir, up.image_url.slice(1)));
    expect(stored.length).toBe(up.bytes);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 739, height: 1600 });
    // The only file written is the re-encoding: no copy of the raw upload anywhere.
    expect(await readdir(path.join(dataDir, 'media', 'find'))).toEqual([path.basename(up.image_url)]);

    const served = await t.app.inject({ url: up.image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('turns a camera photo upright and drops its EXIF (GPS, camera)', async () => {
    const auth = await login(t.app);
    // 300×200 stored, orientation 6: shown 200×300.
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const up = result<FindUpload>(await upload(auth, photo, 'image/jpeg', 'IMG_0001.jpg'));
    const meta = await sharp(await readFile(path.join(dataDir, up.image_url.slice(1)))).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses what is not a fit picture with the messages of search by photo', async () => {
    const auth = await login(t.app);
    const notPicture = await upload(auth, Buffer.from('%PDF-1.4 not a picture'), 'application/pdf', 'a.pdf');
    expect(notPicture.statusCode).toBe(415);
    expect(apiError(notPicture).message).toBe(PHOTO_ERRORS.notPicture);

    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await upload(auth, gif, 'image/gif', 'a.gif');
    expect(gifRes.statusCode).toBe(415);
    expect(apiError(gifRes).message).toBe(PHOTO_ERRORS.unsupported);

    const big = await upload(auth, Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'image/jpeg', 'big.jpg');
    expect(big.statusCode).toBe(413);
    expect(apiError(big).message).toBe(PHOTO_ERRORS.tooLarge);

    const { payload, headers } = multipart([{ name: 'comment', value: 'без файла' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/find/uploads',
      payload,
      headers: { ...headers, authorization: auth },
    });
    expect(none.statusCode).toBe(400);
    expect(apiError(none).message).toBe(PHOTO_ERRORS.noFile);

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/find/uploads', payload, headers });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a request with its screenshot', () => {
  it('carries the stored picture to the shopper list and the console; outside or unknown pictures are 400', async () => {
    const shopper = makeTelegramUser();
    const auth = await login(t.app, shopper);
    const up = result<FindUpload>(await upload(auth, await phoneScreenshot()));

    const created = await call('POST', '/api/v1/find/requests', auth, {
      source: 'photo',
      image_url: up.image_url,
      size: 'M',
      comment: 'Вот такая куртка',
    });
    expect(created.statusCode).toBe(201);
    const r = result<FindRequest>(created);
    expect(r).toMatchObject({ source: 'photo', image_url: up.image_url, url: null, status: 'new' });

    const mine = result<FindRequestList>(await call('GET', '/api/v1/find/requests', auth));
    expect(mine.items).toEqual([expect.objectContaining({ id: r.id, image_url: up.image_url })]);
    const console = result<AdminFindRequestList>(
      await call('GET', '/api/v1/admin/find-requests?status=new', ownerAuth),
    );
    expect(console.items.find((i) => i.id === r.id)).toMatchObject({
      image_url: up.image_url,
      user: { telegram_id: shopper.id },
    });

    const outside = await call('POST', '/api/v1/find/requests', auth, {
      source: 'link',
      url: 'https://dw4.co/t/A/Abc',
      image_url: 'https://evil.example/tracker.jpg',
    });
    expect(outside.statusCode).toBe(400);
    expect(apiError(outside)).toEqual({
      code: 'bad_request',
      message: `body.image_url: ${SCREENSHOT_GONE_MESSAGE}`,
      field: 'body.image_url',
    });

    const gone = await call('POST', '/api/v1/find/requests', auth, {
      source: 'photo',
      image_url: `/media/find/${'0'.repeat(32)}.jpg`,
    });
    expect(gone.statusCode).toBe(400);
    expect(apiError(gone)).toMatchObject({ message: SCREENSHOT_GONE_MESSAGE, field: 'body.image_url' });

    // Someone else's upload (its URL seen on a shared screen, say) cannot be attached: only by its uploader.
    const other = await login(t.app, makeTelegramUser());
    const stolen = await call('POST', '/api/v1/find/requests', other, {
      source: 'photo',
      image_url: up.image_url,
    });
    expect(stolen.statusCode).toBe(400);
    expect(apiError(stolen)).toMatchObject({ message: SCREENSHOT_GONE_MESSAGE, field: 'body.image_url' });
  });

  it('a quote reaches the shopper with an «Открыть» button that opens the Mini App on the request', async () => {
    const shopper = makeTelegramUser();
    const auth = await login(t.app, shopper);
    const { id } = result<FindRequest>(
      await call('POST', '/api/v1/find/requests', auth, { source: 'link', url: 'https://dw4.co/t/A/Quote1' }),
    );
    const quoted = await call('POST', `/api/v1/admin/find-requests/${id}/quote`, ownerAuth, {
      price_cny: 699,
      weight_kg: 1,
    });
    expect(quoted.statusCode).toBe(200);

    const [message] = await waitFor(() => {
      const m = fake
        .delivered()
        .filter((c) => Number(c.body.chat_id) === shopper.id && String(c.body.text).includes(`№${id}`));
      return m.length > 0 && m;
    }, 'the quote message');
    expect(String(message!.body.text)).toContain('10\u00a0510\u00a0₽');
    expect(message!.body.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Открыть', web_app: { url: `${PUBLIC_URL}/find/poizon?request=${id}` } }]],
    });
    // The outbox row keeps the button's text and path, not a link to one host.
    const [row] = await t.app.db
      .select({ replyMarkup: notifications.replyMarkup })
      .from(notifications)
      .where(
        eq(
          notifications.dedupeKey,
          `find:${id}:quoted:${Date.parse(result<FindRequest>(quoted).quote_valid_until!)}`,
        ),
      );
    expect(row?.replyMarkup).toEqual({ text: 'Открыть', path: `/find/poizon?request=${id}` });
  });
});

describe('the hourly sweep of screenshots', () => {
  it('deletes a day-old upload no request took and crash leftovers; keeps sent and recent ones', async () => {
    const auth = await login(t.app);
    const [sent, unsent, recent] = [
      result<FindUpload>(await upload(auth, await phoneScreenshot())),
      result<FindUpload>(await upload(auth, await phoneScreenshot())),
      result<FindUpload>(await upload(auth, await phoneScreenshot())),
    ];
    const created = await call('POST', '/api/v1/find/requests', auth, {
      source: 'photo',
      image_url: sent.image_url,
    });
    expect(created.statusCode).toBe(201);
    const dir = path.join(dataDir, 'media', 'find');
    const leftover = `${path.basename(unsent.image_url)}.4242.tmp`;
    await writeFile(path.join(dir, leftover), 'half');
    const dayAgo = new Date(Date.now() - ORPHAN_SCREENSHOT_MS - 60_000);
    for (const name of [sent.image_url, unsent.image_url].map((u) => path.basename(u)).concat(leftover))
      await utimes(path.join(dir, name), dayAgo, dayAgo);

    expect((await sweepOrphanScreenshots(t.app.db, t.app.media)).sort()).toEqual(
      [path.basename(unsent.image_url), leftover].sort(),
    );
    const left = await readdir(dir);
    expect(left).toContain(path.basename(sent.image_url));
    expect(left).toContain(path.basename(recent.image_url));
    expect(left).not.toContain(path.basename(unsent.image_url));
    expect((await t.app.inject({ url: sent.image_url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: unsent.image_url })).statusCode).toBe(404);
    // A second sweep (another instance on the same folder) finds nothing more to do.
    expect(await sweepOrphanScreenshots(t.app.db, t.app.media)).toEqual([]);
  });
});

describe('the Poizon cache shared through Redis (REDIS_URL)', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const log = pino({ level: 'silent' });
  const opened: PoizonShared[] = [];
  afterAll(() => Promise.all(opened.map((s) => s.close())));

  /** A provider that counts its calls. */
  const countingProvider = () => {
    const calls: string[] = [];
    const item: ProviderItem = FIXTURE_ITEMS[0]!;
    const provider: PoizonProvider = {
      kind: 'fixture',
      resolveLink: async () => null,
      getProduct: async (spuId) => {
        calls.push(`item ${spuId}`);
        return spuId === item.spuId ? item : null;
      },
      search: async (q, page) => {
        calls.push(`search ${q} ${page}`);
        return { items: [item], more: false };
      },
    };
    return { provider, calls };
  };

  it('two instances call the provider once for the same search and item; without Redis each calls it', async () => {
    const prefix = `test:poizon:${randomUUID()}:`;
    const [a, b] = [countingProvider(), countingProvider()];
    const sharedA = createPoizonShared(REDIS_URL, { prefix });
    const sharedB = createPoizonShared(REDIS_URL, { prefix });
    opened.push(sharedA, sharedB);
    const first = createPoizonService(t.app.db, a.provider, log, sharedA);
    const second = createPoizonService(t.app.db, b.provider, log, sharedB);

    const fromA = await first.search('Nike  Dunk', 1);
    const fromB = await second.search('nike dunk', 1);
    expect(fromB).toEqual(fromA);
    expect(fromA.items).toHaveLength(1);
    const spu = FIXTURE_ITEMS[0]!.spuId;
    expect((await first.item(spu))?.spu_id).toBe(spu);
    expect((await second.item(spu))?.spu_id).toBe(spu);
    expect(await second.item('999999999')).toBeNull();
    expect(await first.item('999999999')).toBeNull();
    expect([...a.calls, ...b.calls].sort()).toEqual(
      [`item ${spu}`, 'item 999999999', 'search Nike  Dunk 1'].sort(),
    );

    // Without Redis the cache is the instance's own.
    const [c, d] = [countingProvider(), countingProvider()];
    await createPoizonService(t.app.db, c.provider, log).search('nike dunk', 1);
    await createPoizonService(t.app.db, d.provider, log).search('nike dunk', 1);
    expect([c.calls, d.calls]).toEqual([['search nike dunk 1'], ['search nike dunk 1']]);
  });

  it('an unreachable Redis falls back to calling the provider', async () => {
    const down = createPoizonShared('redis://127.0.0.1:1', { prefix: 'test:poizon:down:' });
    opened.push(down);
    const { provider, calls } = countingProvider();
    const service = createPoizonService(t.app.db, provider, log, down);
    expect((await service.search('jordan', 1)).items).toHaveLength(1);
    expect(calls).toEqual(['search jordan 1']);
    expect(await down.takeTurn(100)).toBeNull();
  }, 20_000);

  it('paces provider calls across instances: one turn per interval, whoever asks', async () => {
    const prefix = `test:poizon:${randomUUID()}:`;
    const one = createPoizonShared(REDIS_URL, { prefix });
    const two = createPoizonShared(REDIS_URL, { prefix });
    opened.push(one, two);
    // An interval long enough that a loaded machine's event-loop lag (over 300 ms seen in CI with
    // two suites side by side, and PGlite holding the thread for seconds) cannot let a turn expire
    // between two calls the test makes in a row.
    const interval = 5000;
    // Both connected first, then four calls at once from two instances: Redis orders them.
    await Promise.all([one.get('warm-up'), two.get('warm-up')]);
    const answers = await Promise.all([
      one.takeTurn(interval),
      two.takeTurn(interval),
      one.takeTurn(interval),
      two.takeTurn(interval),
    ]);
    // One call has the turn; the others are told to ask again when it frees, within the interval.
    expect(answers.filter((a) => a === 0)).toHaveLength(1);
    const waits = answers.filter((a) => a !== 0);
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(interval);
    }
    // Free once the longest wait has passed; taken again at once by the next caller.
    await new Promise((resolve) => setTimeout(resolve, Math.max(...(waits as number[])) + 20));
    expect(await two.takeTurn(interval)).toBe(0);
    expect(await one.takeTurn(interval)).toBeGreaterThan(0);
  });
});
