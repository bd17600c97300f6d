// A search's title-tier query made in JavaScript from the plan's tsquery (decision 087) is the one
// the statement made with regexp_replace before, for any query text.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.ts';
import { weightA } from './listing.sql.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({});
});
afterAll(() => handle.close());

it('weightA gives what regexp_replace gives, and PostgreSQL reads it as the same tsquery', async () => {
  const texts = [
    'Nike',
    'кроссовки nike',
    'nike -air',
    '"air max" or jordan',
    "o'neil",
    'д\'артаньян кеды',
    'рюкзак, сумка; 42',
    'new balance 574 -kids',
  ];
  for (const text of texts) {
    const [row] = await queryRows<{ q: string; a: string }>(
      handle.db,
      sql`SELECT q::text AS q, regexp_replace(q::text, ${"'(?:[^']|'')*'"}, ${'\\&:A'}, 'g') AS a
          FROM websearch_to_tsquery('russian', ${text}) q`,
    );
    expect(weightA(row!.q), text).toBe(row!.a);
    const [parsed] = await queryRows<{ mine: string; theirs: string }>(
      handle.db,
      sql`SELECT ${weightA(row!.q)}::tsquery::text AS mine, ${row!.a}::tsquery::text AS theirs`,
    );
    expect(parsed!.mine, text).toBe(parsed!.theirs);
  }
});
