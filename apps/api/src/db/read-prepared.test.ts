// Reads by a list of ids as named prepared statements on PostgreSQL (decision 087): the same rows
// as the statement sent unnamed, parsed once per connection and reused for other values. On
// PGlite `readPrepared` is `queryRows`.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, readPrepared, type DatabaseHandle } from './client.ts';

const byIds = (ids: number[], above: number, label: string) =>
  sql`SELECT x AS id, ${label}::text || x AS label FROM unnest(${`{${ids.join(',')}}`}::int[]) AS x
      WHERE x > ${above}::int ORDER BY x`;

describe('readPrepared on PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(() => handle.close());

  it('gives the rows queryRows gives', async () => {
    const query = byIds([5, 1, 9], 2, "o'neil ");
    expect(await readPrepared(handle.db, query)).toEqual(await queryRows(handle.db, query));
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('readPrepared on PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // One connection, so that the session's prepared statements can be read back.
    handle = await openDatabase({ url: url!, maxConnections: 1 });
  });
  afterAll(() => handle.close());

  const prepared = () =>
    queryRows<{ statement: string }>(
      handle.db,
      sql`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%unnest(%'`,
    );

  it('gives the rows the unnamed statement gives, for any values, from one prepared statement', async () => {
    for (const [ids, above, label] of [
      [[5, 1, 9], 2, "o'neil "],
      [[3, 4], 0, '$1 '],
      [[], 0, ''],
      [[7, 8, 100], 7, 'кроссовки '],
    ] as const) {
      const query = byIds([...ids], above, label);
      expect(await readPrepared(handle.db, query)).toEqual(await queryRows(handle.db, query));
    }
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    // Its values are parameters, not written into the text.
    expect(statements[0]!.statement).toContain('$1');
    expect(statements[0]!.statement).not.toContain('neil');
  });
});
