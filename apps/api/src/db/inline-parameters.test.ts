// A catalogue read's parameters written into its text (decision 081): the same values reach
// PostgreSQL as when they are sent apart, whatever they hold, and nothing that merely looks like a
// placeholder is touched. PGlite is PostgreSQL: the texts are run on it beside the parameterised
// statements.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  inlineParameters,
  openDatabase,
  queryRows,
  readRows,
  statementTemplate,
  type Database,
  type DatabaseHandle,
} from './client.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({});
});
afterAll(() => handle.close());

const TEXTS = [
  'кроссовки nike',
  "o'neil",
  "''",
  'back\\slash',
  "\\'; DROP TABLE x; --",
  "E'x'",
  '$1 $2 $$',
  '$tag$ inside $tag$',
  '-- comment',
  '/* not a comment */',
  '"quoted"',
  '{1,2,"a\\"b"}',
  '😀 emoji',
  '',
];

const run = (query: SQL) => queryRows<Record<string, unknown>>(handle.db, query);
const inlined = (query: SQL) => {
  const text = inlineParameters(query);
  expect(text).toBeDefined();
  return sql.raw(text!);
};

describe('parameters written into the statement', () => {
  it('give PostgreSQL the same texts and numbers as parameters do', async () => {
    for (const value of TEXTS) {
      const query = sql`SELECT ${value}::text AS v, length(${value}) AS n, ${value} = ${value} AS same, ${42}::int + ${1.5}::numeric AS sum`;
      expect(await run(inlined(query)), value).toEqual(await run(query));
    }
  });

  it('mean the same with standard_conforming_strings off', async () => {
    await handle.db.execute(sql.raw('SET standard_conforming_strings = off'));
    try {
      for (const value of TEXTS) {
        const [row] = await run(inlined(sql`SELECT ${value}::text AS v`));
        expect(row?.v, value).toBe(value);
      }
    } finally {
      await handle.db.execute(sql.raw('SET standard_conforming_strings = on'));
    }
  });

  it('leave placeholders inside quoted strings, identifiers, dollar quotes and comments alone', async () => {
    const query = sql`SELECT '$1' AS "a$1", E'\\'$1' AS b, $q$ $1 $q$ AS c, ${'x'}::text AS d /* $1 */ -- $1
      , ${null}::int AS e, ${7} AS f`;
    const text = inlineParameters(query)!;
    expect(text).toContain(
      `SELECT '$1' AS "a$1", E'\\'$1' AS b, $q$ $1 $q$ AS c, E'x'::text AS d /* $1 */ -- $1`,
    );
    expect(await run(sql.raw(text))).toEqual([{ a$1: '$1', b: "'$1", c: ' $1 ', d: 'x', e: null, f: '7' }]);
  });

  it('are not written for a value a statement cannot hold or whose type the driver sets', () => {
    expect(inlineParameters(sql`SELECT ${'a\0b'}::text`)).toBeUndefined();
    expect(inlineParameters(sql`SELECT ${true}`)).toBeUndefined();
    expect(inlineParameters(sql`SELECT ${new Date(0)}`)).toBeUndefined();
    expect(inlineParameters(sql`SELECT ${Number.NaN}`)).toBeUndefined();
    expect(inlineParameters(sql`SELECT 1`)).toBe('SELECT 1');
  });

  it('are sent in the text to a PostgreSQL server (postgres.js), apart on PGlite', async () => {
    // While it runs, traces are given the statement with its placeholders (lib/tracing.ts).
    statementTemplate('');
    const seen: string[] = [];
    const execute = vi.fn(async (query: SQL) => {
      seen.push(statementTemplate(new PgDialect().sqlToQuery(query).sql));
      return [{ v: 'ok' }];
    });
    const server = { $client: () => undefined, execute } as unknown as Database;
    expect(await readRows(server, sql`SELECT ${"o'neil"}::text AS v WHERE ${1} = 1`)).toEqual([{ v: 'ok' }]);
    const sent = new PgDialect().sqlToQuery(execute.mock.calls[0]![0]);
    expect(sent).toEqual({ sql: `SELECT E'o''neil'::text AS v WHERE '1' = 1`, params: [] });
    expect(seen).toEqual(['SELECT $1::text AS v WHERE $2 = 1']);
    expect(statementTemplate(sent.sql)).toBe(sent.sql);

    const spy = vi.spyOn(handle.db, 'execute');
    try {
      expect(await readRows(handle.db, sql`SELECT ${'x'}::text AS v`)).toEqual([{ v: 'x' }]);
      expect(new PgDialect().sqlToQuery(spy.mock.calls[0]![0] as SQL).params).toEqual(['x']);
    } finally {
      spy.mockRestore();
    }
  });
});
