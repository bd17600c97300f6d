// The bloggers among the suggestions from memory (decision 086): `BloggerSuggestions` answers what
// the statement (`suggestBloggers`) reads, for every prefix of every name and promo code, after
// each write that changes what it reads — by the moderation, by a user's new name, or straight to
// the tables — given the version read after the write; and through the route a suggestion is
// answered with the token index's log read alone, as fresh as it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { statementsOf } from '../../test/statements.ts';
import { tokenIndexOf } from '../catalog/index.ts';
import { suggestBloggers } from './blogger-pages.ts';
import { BloggerSuggestions } from './blogger-suggestions.ts';

let t: TestApp;
const people = new BloggerSuggestions();
let telegramId = 880_000_000;

beforeAll(async () => {
  // The catalogue cache off: every request computes its answer (the statements counted are its own).
  t = await buildTestApp({ catalogCache: false });
  for (const [first, last, followers, promo, status] of [
    ['Анна', 'Кедова', 5000, 'ANNA10', 'approved'],
    ['Анна', null, 5000, 'ANNAK', 'approved'],
    ['Аня', 'Смирнова', 12000, 'ANYA', 'approved'],
    ['Anna', 'Smith', 700, 'SMITH_5', 'approved'],
    ['Борис', 'Анненков', 300, 'BORIS%', 'approved'],
    ['Вера', 'Ан', 9000, 'VERA', 'pending'],
    ['Глеб', 'Аннушкин', 100, 'GLEB', 'rejected'],
  ] as const)
    await addBlogger(first, last, followers, promo, status);
  await tokenIndexOf(t.app.db)!.whenLoaded(t.app.db);
});
afterAll(() => t.close());

async function addBlogger(
  first: string,
  last: string | null,
  followers: number,
  promo: string,
  status: string,
) {
  telegramId += 1;
  await t.app.db.execute(sql`WITH u AS (
      INSERT INTO users (telegram_id, first_name, last_name, photo_url) VALUES (${telegramId}, ${first}, ${last}, ${`https://t.me/i/${telegramId}.jpg`})
      RETURNING id)
    INSERT INTO bloggers (user_id, status, platform, url, followers, topic, promo_code, contact)
    SELECT id, ${status}, 'telegram', 'https://t.me/x', ${followers}, 'мода', ${promo}, '@x' FROM u`);
}

const versionNow = async () =>
  (await readRows<{ v: string }>(t.app.db, sql`SELECT ${people.version} AS v`))[0]!.v;

/** Every one-, two- and three-letter prefix of every name and promo code, whole names, odd ones. */
async function prefixes(): Promise<string[]> {
  const rows = await readRows<{ texts: string[] }>(
    t.app.db,
    sql`SELECT ARRAY[u.first_name, coalesce(u.last_name, ''), u.first_name || ' ' || coalesce(u.last_name, ''), b.promo_code] AS texts
        FROM bloggers b JOIN users u ON u.id = b.user_id`,
  );
  const out = new Set([
    'ан',
    'АН',
    ' an ',
    'a',
    'boris%',
    'smith_',
    'smith%',
    'анна к',
    'zz',
    'анна кедова',
    '%',
    '_',
  ]);
  for (const { texts } of rows)
    for (const text of texts) for (const n of [1, 2, 3, 5, text.length]) out.add(text.slice(0, n));
  return [...out];
}

async function expectSame() {
  const version = await versionNow();
  for (const prefix of await prefixes())
    expect({ prefix, got: await people.suggest(t.app.db, prefix, 3, version) }).toEqual({
      prefix,
      got: await suggestBloggers(t.app.db, prefix, 3),
    });
}

describe('bloggers among the suggestions, from memory', () => {
  it('equal the statement after every write to what it reads', async () => {
    await expectSame();
    const before = await versionNow();
    const writes = [
      sql`UPDATE users SET first_name = 'Анастасия' WHERE telegram_id = 880000001`,
      sql`UPDATE users SET last_name = NULL, photo_url = NULL WHERE telegram_id = 880000003`,
      sql`UPDATE bloggers SET promo_code = 'NEWANNA' WHERE promo_code = 'ANNAK'`,
      sql`UPDATE bloggers SET followers = 20000 WHERE promo_code = 'SMITH_5'`,
      sql`UPDATE bloggers SET status = 'approved' WHERE promo_code = 'VERA'`,
      sql`UPDATE bloggers SET status = 'suspended' WHERE promo_code = 'ANYA'`,
      sql`DELETE FROM users WHERE telegram_id = 880000005`,
    ];
    for (const write of writes) {
      await t.app.db.execute(write);
      expect(await versionNow()).not.toBe(before);
      await expectSame();
    }
    await addBlogger('Анна', 'Новая', 5000, 'ANNANEW', 'approved');
    await expectSame();
    // A write to a blogger who is not approved changes nothing the suggestions read.
    const quiet = await versionNow();
    await t.app.db.execute(sql`UPDATE bloggers SET followers = 1 WHERE promo_code = 'GLEB'`);
    expect(await versionNow()).toBe(quiet);
    // Without a version (no token index), the statement answers.
    expect(await people.suggest(t.app.db, 'ан', 3, undefined)).toEqual(
      await suggestBloggers(t.app.db, 'ан', 3),
    );
  });

  it('through the route: the log read alone, a rename shown at once, on this instance and another', async () => {
    const other = await buildTestApp({ catalogCache: false }, { database: t.database });
    try {
      await tokenIndexOf(other.app.db)!.whenLoaded(other.app.db);
      const users = async (app: TestApp['app'], prefix: string) =>
        (await app.inject({ url: `/api/v1/search-suggest?prefix=${encodeURIComponent(prefix)}` }))
          .json<{ result: { suggestions: { kind?: string; text: string }[] } }>()
          .result.suggestions.filter((s) => s.kind === 'user')
          .map((s) => s.text);
      const want = (await suggestBloggers(t.app.db, 'ан', 3)).map((s) => s.text);
      expect(want.length).toBeGreaterThan(0);
      expect(await users(t.app, 'ан')).toEqual(want);
      const { texts } = await statementsOf(t.app.db, () => users(t.app, 'ан'));
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain('catalog_changes');
      expect(texts[0]).toContain('bloggers');
      // One letter asks for no blogger: the log read does not read their version either.
      const one = await statementsOf(t.app.db, () => users(t.app, 'а'));
      expect(one.texts).toHaveLength(1);
      expect(one.texts[0]).not.toContain('bloggers');
      expect(await users(other.app, 'ан')).toEqual(want);
      await t.app.db.execute(sql`UPDATE users SET first_name = 'Антонина' WHERE telegram_id = 880000002`);
      const renamed = (await suggestBloggers(t.app.db, 'ант', 3)).map((s) => s.text);
      expect(renamed).toContain('Антонина');
      expect(await users(t.app, 'ант')).toEqual(renamed);
      expect(await users(other.app, 'ант')).toEqual(renamed);
      expect(await users(other.app, 'ан')).toEqual(
        (await suggestBloggers(t.app.db, 'ан', 3)).map((s) => s.text),
      );
    } finally {
      await other.close();
    }
  });
});
