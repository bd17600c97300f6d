// Passport data over HTTP: stored encrypted, answered masked, validated; no plaintext at rest.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { passports } from '../../db/schema/index.ts';
import { buildTestApp, callAs, login, type TestApp, testEnv } from '../../test/app.ts';
import { testDatabaseUrl } from '../../test/database.ts';
import { makeInn, PASSPORT } from '../../test/fixtures.ts';
import { openForUser } from './passport-crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(t.app)(...args);

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
