// Cart, favourites, delivery addresses and passport data over HTTP.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { passports } from '../../db/schema/index.ts';
import { buildTestApp, login, testEnv, type TestApp } from '../../test/app.ts';
import { testDatabaseUrl } from '../../test/database.ts';
import { ADDRESS, insertProduct, makeInn, PASSPORT } from '../../test/fixtures.ts';
import { openForUser } from '../passport/passport-crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  authorization: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

describe('cart', () => {
  it('adds (incrementing), lists entries with their variants, changes and removes lines', async () => {
    const authorization = await login(t.app);
    const {
      product,
      variants: [v1, v2],
    } = await insertProduct(t.database.db, {
      title: 'Худи',
      variants: [
        { price: 3000, qty: 3, size: 'M' },
        { price: 3200, qty: 1, size: 'L' },
      ],
    });
    const add = (variantId: number) =>
      call('POST', '/api/v1/cart', authorization, {
        product_id: product.id,
        variant_id: variantId,
        quantity: 1,
      });
    expect((await add(v1!.id)).json()).toEqual({
      result: { product_id: product.id, variant_id: v1!.id, quantity: 1 },
    });
    expect((await add(v1!.id)).json()).toMatchObject({ result: { quantity: 2 } });
    expect((await add(v2!.id)).statusCode).toBe(200);
    // Only one L in stock.
    const tooMany = await add(v2!.id);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      error: { code: 'out_of_stock', message: 'Столько нет в наличии: доступно 1 шт.' },
    });

    const cart = await call('GET', '/api/v1/cart', authorization);
    expect(cart.statusCode).toBe(200);
    const entries = cart.json<{
      result: {
        product_id: number;
        product: { title: string };
        variants: { id: number; quantity: number; size: string }[];
      }[];
    }>().result;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ product_id: product.id, product: { title: 'Худи' } });
    expect(entries[0]!.variants.map((v) => [v.id, v.quantity]).sort()).toEqual(
      [
        [v1!.id, 2],
        [v2!.id, 1],
      ].sort(),
    );
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 2 } });

    expect(
      (await call('PATCH', `/api/v1/cart/${v1!.id}`, authorization, { quantity: 3 })).json(),
    ).toMatchObject({
      result: { quantity: 3 },
    });
    const overStock = await call('PATCH', `/api/v1/cart/${v1!.id}`, authorization, { quantity: 4 });
    expect(overStock.statusCode).toBe(409);
    expect(overStock.json()).toEqual({
      error: { code: 'out_of_stock', message: 'Столько нет в наличии: доступно 3 шт.' },
    });
    expect((await call('DELETE', `/api/v1/cart/${v2!.id}`, authorization)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/cart/${v2!.id}`, authorization)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 1 } });
  });

  it('refuses a sold-out variant with 409 and a Russian message', async () => {
    const authorization = await login(t.app);
    const {
      product,
      variants: [v],
    } = await insertProduct(t.database.db, { variants: [{ qty: 0 }] });
    const res = await call('POST', '/api/v1/cart', authorization, {
      product_id: product.id,
      variant_id: v!.id,
      quantity: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'out_of_stock', message: 'Этого товара нет в наличии' } });
    expect((await call('GET', '/api/v1/cart/len', authorization)).json()).toEqual({ result: { len: 0 } });
  });
});

describe('favourites', () => {
  it('pages newest first with a cursor; re-adding moves to the top; removal by product', async () => {
    const authorization = await login(t.app);
    const made: Awaited<ReturnType<typeof insertProduct>>[] = [];
    for (let i = 0; i < 5; i++) made.push(await insertProduct(t.database.db, { title: `Товар ${i}` }));
    for (const m of made) {
      const res = await call('POST', '/api/v1/favorites', authorization, {
        product_id: m.product.id,
        variant_id: m.variants[0]!.id,
      });
      expect(res.statusCode).toBe(200);
    }
    // Re-adding the first one makes it the newest.
    await call('POST', '/api/v1/favorites', authorization, {
      product_id: made[0]!.product.id,
      variant_id: made[0]!.variants[0]!.id,
    });

    type Page = {
      result: {
        favoriteList: { product: { id: number }; variant_id: number }[];
        more: boolean;
        cursor: number | null;
      };
    };
    const first = (await call('GET', '/api/v1/favorites?size=3', authorization)).json<Page>().result;
    expect(first.favoriteList.map((f) => f.product.id)).toEqual(
      [made[0], made[4], made[3]].map((m) => m!.product.id),
    );
    expect(first.more).toBe(true);
    const second = (
      await call('GET', `/api/v1/favorites?size=3&cursor=${first.cursor}`, authorization)
    ).json<Page>().result;
    expect(second.favoriteList.map((f) => f.product.id)).toEqual(
      [made[2], made[1]].map((m) => m!.product.id),
    );
    expect(second).toMatchObject({ more: false, cursor: null });

    expect((await call('DELETE', `/api/v1/favorites/${made[2]!.product.id}`, authorization)).statusCode).toBe(
      200,
    );
    const all = (await call('GET', '/api/v1/favorites', authorization)).json<Page>().result;
    expect(all.favoriteList).toHaveLength(4);
    // Concurrent adds of the same product keep one favourite.
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/v1/favorites', authorization, {
          product_id: made[3]!.product.id,
          variant_id: made[3]!.variants[0]!.id,
        }),
      ),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const after = (await call('GET', '/api/v1/favorites', authorization)).json<Page>().result;
    expect(after.favoriteList.map((f) => f.product.id)).toEqual(
      [made[3], made[0], made[4], made[1]].map((m) => m!.product.id),
    );
    // A variant of another product is refused.
    const wrong = await call('POST', '/api/v1/favorites', authorization, {
      product_id: made[1]!.product.id,
      variant_id: made[2]!.variants[0]!.id,
    });
    expect(wrong.statusCode).toBe(404);
  });
});

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

describe('passport data', () => {
  it('is saved encrypted, answered masked, and in full only with reveal=1', async () => {
    const authorization = await login(t.app);
    expect((await call('GET', '/api/v1/passport', authorization)).json()).toEqual({ result: null });
    const saved = await call('PUT', '/api/v1/passport', authorization, PASSPORT);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    const masked = (await call('GET', '/api/v1/passport', authorization)).json<{
      result: Record<string, unknown>;
    }>().result;
    expect(masked).toMatchObject({
      series: '****',
      number: '****54',
      inn: '**********24',
      masked: true,
      last_name: 'Тестова',
    });
    expect(JSON.stringify(masked)).not.toContain('987654');
    expect(JSON.stringify(masked)).not.toContain('4517');
    const full = (await call('GET', '/api/v1/passport?reveal=1', authorization)).json<{
      result: Record<string, unknown>;
    }>().result;
    expect(full).toEqual({ ...PASSPORT, series: '4517', masked: false });

    // Ciphertext under DATA_KEY, bound to its owner.
    const [row] = await t.database.db.select().from(passports);
    const userId = row!.userId;
    expect(JSON.parse(openForUser(testEnv().dataKey, userId, row!.encrypted))).toMatchObject({
      number: '987654',
    });
    expect(() => openForUser(testEnv().dataKey, userId + 1, row!.encrypted)).toThrow();
    expect(() => openForUser(Buffer.alloc(32, 1), userId, row!.encrypted)).toThrow();
  });

  it('validates every field', async () => {
    const authorization = await login(t.app);
    const bad: [string, unknown][] = [
      ['series', '123'],
      ['series', '12a4'],
      ['number', '12345'],
      ['number', '1234567'],
      ['inn', '770708389325'],
      ['inn', '7707083893'],
      ['birth_date', '1990-02-30'],
      ['birth_date', '12.04.1990'],
      ['birth_date', '2999-01-01'],
      ['issue_date', '1989-01-01'],
      ['email', 'not-an-email'],
      ['first_name', ''],
      ['last_name', '1234'],
      ['number', 987654],
    ];
    for (const [field, value] of bad) {
      const res = await call('PUT', '/api/v1/passport', authorization, { ...PASSPORT, [field]: value });
      expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(res.json<{ error: { field: string } }>().error.field, `${field}=${String(value)}`).toBe(
        `body.${field}`,
      );
    }
    expect((await call('GET', '/api/v1/passport', authorization)).json()).toEqual({ result: null });
    expect(makeInn('5001234567')).toMatch(/^\d{12}$/);
  });

  it('leaves no passport series or number in plain text in the database', async () => {
    // The values as plain text would stand: a token of their own (in a column, in JSON, in a dump
    // line). Random ids or ciphertext may contain the same digits inside a longer token.
    const PLAINTEXT_PASSPORT = /(?<![0-9A-Za-z])(413579|6203|62 03|987654)(?![0-9A-Za-z])/;
    const authorization = await login(t.app);
    await call('PUT', '/api/v1/passport', authorization, { ...PASSPORT, series: '6203', number: '413579' });
    // Every text-like column of every table, as text.
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      t.database.db,
      (await import('drizzle-orm')).sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea')`,
    );
    expect(columns.some((c) => c.table_name === 'passports')).toBe(true);
    const sql = (await import('drizzle-orm')).sql;
    let cells = 0;
    for (const c of columns) {
      const rows = await queryRows<{ v: string | null }>(
        t.database.db,
        sql`select ${sql.identifier(c.column_name)}::text as v from ${sql.identifier(c.table_name)}`,
      );
      for (const r of rows) {
        cells += 1;
        const v = r.v ?? '';
        expect(v, `${c.table_name}.${c.column_name}`).not.toMatch(PLAINTEXT_PASSPORT);
      }
    }
    expect(cells).toBeGreaterThan(0);

    // And the real thing where a server is there: pg_dump of the whole test database.
    const url = testDatabaseUrl();
    if (url) {
      const name = await queryRows<{ db: string }>(t.database.db, sql`select current_database() as db`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name[0]!.db}`;
      let dump: string | undefined;
      try {
        dump = (
          await promisify(execFile)('pg_dump', ['--data-only', dbUrl.toString()], {
            maxBuffer: 64 * 1024 * 1024,
          })
        ).stdout;
      } catch (err) {
        // Only a missing pg_dump binary is tolerated: the column scan above stands then.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        dump = undefined;
      }
      if (dump !== undefined) {
        expect(dump).toContain('COPY public.passports');
        expect(dump).not.toMatch(PLAINTEXT_PASSPORT);
      }
    }
  });
});
