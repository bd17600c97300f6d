// Opens the database: a PostgreSQL server when a URL is given, otherwise embedded PGlite (real
// PostgreSQL in WASM) in a directory or in memory. Both serve the same Drizzle schema.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import type { Env } from '../env.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Most connections this handle opens (1 for PGlite). */
  poolMax: number;
  /** `application_name` of this handle's PostgreSQL connections (pool usage in /metrics). */
  applicationName?: string;
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type OpenDatabaseOptions =
  | { url: string; maxConnections?: number }
  | {
      /** Directory for the data files; omitted: in memory. */
      dir?: string;
      /** A data directory dumped by PGlite's `dumpDataDir` to start from (tests: a migrated template). */
      loadDataDir?: Blob;
    };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const poolMax = options.maxConnections ?? 10;
    const applicationName = `shop-api:${hostname().slice(0, 30)}:${process.pid}`;
    const client = postgres(options.url, {
      max: poolMax,
      onnotice: () => {},
      connection: { application_name: applicationName },
    });
    const db = drizzlePostgres(client, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      poolMax,
      applicationName,
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  // One process at a time on an embedded database directory (a second one would corrupt it).
  const unlock = options.dir ? lockEmbeddedDir(options.dir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(options.dir ?? 'memory://', {
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    poolMax: 1,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

export class DatabaseInUseError extends Error {}

/** Locks this process holds (to tell a second open here from a stale lock of a previous pid). */
const heldHere = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<dir>.lock` (the holder's pid) for this process; a lock left by a dead process is taken
 * over. Returns the release function.
 */
export function lockEmbeddedDir(dir: string): () => void {
  const lock = `${path.resolve(dir)}.lock`;
  mkdirSync(path.dirname(lock), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      heldHere.add(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = Number(readFileSync(lock, 'utf8'));
      // Our own pid in a lock we did not take is a previous life of this process (a container
      // restarted as pid 1 again): stale.
      const ours = holder === process.pid && !heldHere.has(lock);
      if (Number.isInteger(holder) && holder > 0 && !ours && alive(holder)) {
        throw new DatabaseInUseError(
          `The embedded database ${dir} is in use by process ${holder} (stop the server first; if none runs, delete ${lock})`,
        );
      }
      rmSync(lock, { force: true });
    }
  }
  return () => {
    heldHere.delete(lock);
    try {
      if (readFileSync(lock, 'utf8') === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The database the environment names: DATABASE_URL, or embedded PGlite in DATA_DIR/db. */
export function openDatabaseFromEnv(env: Pick<Env, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  return env.databaseUrl
    ? openDatabase({ url: env.databaseUrl })
    : openDatabase({ dir: path.join(env.dataDir, 'db') });
}

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

const dialect = new PgDialect();

/**
 * A parameter as a quoted SQL literal, or undefined when it is not a plain text or number (the
 * statement then keeps its parameters). A string or number parameter is sent by postgres.js with
 * no type (PostgreSQL resolves it from its context), which is what a quoted literal is too.
 * `E'…'` with both the backslash and the quote doubled means the same whatever the server's
 * `standard_conforming_strings`; a NUL cannot be written in a statement's text.
 */
function literal(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${String(value)}'` : undefined;
  if (typeof value !== 'string' || value.includes('\0')) return undefined;
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** Set when a parameter could not be written as a literal (a statement is built synchronously). */
let unwritable = false;

/** Drizzle's PostgreSQL dialect with each parameter written as a literal where its `$n` would be. */
class LiteralDialect extends PgDialect {
  // Drizzle passes this method unbound: no `this` here.
  override escapeParam(_num: number, value?: unknown): string {
    const written = literal(value);
    if (written === undefined) unwritable = true;
    return written ?? 'NULL';
  }
}
const literalDialect = new LiteralDialect();

/**
 * The SQL text of `query` with its parameters written in as literals (`literal`), where Drizzle
 * would put its `$n` placeholders; undefined when a parameter cannot be written as a literal.
 */
export function inlineParameters(query: SQL): string | undefined {
  unwritable = false;
  const { sql: text } = literalDialect.sqlToQuery(query);
  return unwritable ? undefined : text;
}

/**
 * `queryRows` for a read that should cost one round trip: on PostgreSQL its parameters are
 * written into the text (`inlineParameters`, decision 081). postgres.js sends a statement with
 * parameters and no name in two round trips (parse and describe, wait for the parameters' types,
 * then bind and execute), one without parameters in one; PostgreSQL plans both for the values
 * given, as it does now. On PGlite, or when a parameter is not a text or a number, as `queryRows`.
 */
export async function readRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  const text = typeof client === 'function' ? inlineParameters(query) : undefined;
  if (text === undefined) return queryRows<T>(db, query);
  if (!templatesKept) return queryRows<T>(db, sql.raw(text));
  // Traces show a statement with its placeholders, never its values (lib/tracing.ts).
  const held = inlined.get(text);
  inlined.set(text, { query, count: (held?.count ?? 0) + 1 });
  try {
    return await queryRows<T>(db, sql.raw(text));
  } finally {
    const now = inlined.get(text);
    if (now && now.count > 1) now.count -= 1;
    else inlined.delete(text);
  }
}

/**
 * `queryRows` for a read whose best plan does not depend on its values — rows by a list of ids,
 * led by the primary key, whatever the list (decision 087): on PostgreSQL a named prepared
 * statement, parsed once per connection and then bound and executed in one round trip, with the
 * plan PostgreSQL keeps for it (after five runs a generic plan when it costs no more than the
 * custom ones). Planning such a statement for its values cost PostgreSQL about as much as running
 * it. Never for a statement whose plan should follow its values (a filter on a rare brand, a
 * search's words): those keep `readRows`. On PGlite, as `queryRows`.
 */
export async function readPrepared<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  if (typeof (db as { $client?: unknown }).$client !== 'function') return queryRows<T>(db, query);
  // Drizzle's postgres.js session prepares a query given a name (its own driver call, so traces
  // see it as any other statement).
  const session = (db as unknown as { session: PreparingSession }).session;
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, 'catalog', false);
  return (await prepared.execute()) as T[];
}

type PreparingSession = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
};

/** Texts `readRows` is running with their values written in, and the same with placeholders. */
const inlined = new Map<string, { query: SQL; count: number }>();

/** Whether `readRows` keeps its statements' placeholders for `statementTemplate` (traces on). */
let templatesKept = false;

/**
 * A statement's text as traces may show it: with placeholders where `readRows` wrote values. The
 * first call makes `readRows` keep them (lib/tracing.ts calls it once when it starts).
 */
export function statementTemplate(text: string): string {
  templatesKept = true;
  const held = inlined.get(text);
  return held ? dialect.sqlToQuery(held.query).sql : text;
}
