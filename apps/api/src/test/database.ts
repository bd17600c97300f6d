// A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
// database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** `url` is set on PostgreSQL: a second instance opens its own pool on the same database with it. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    // A copy of the run's migrated template (test/global-setup.ts), else migrated here.
    const template = await provided('pgliteTemplate');
    if (template) return openDatabase({ loadDataDir: templateBlob(template) });
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = await provided('postgresTemplate');
  await createDatabase(admin, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 20 });
  try {
    if (!template) await handle.migrate();
  } catch (err) {
    await handle.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    throw err;
  }
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Writes a migrated embedded database into `dir` (a copy of the run's template, else migrated
 * here), for a server process started on it (test/server-process.ts): it skips initdb and the
 * migrations.
 */
export async function createTestDataDir(dir: string): Promise<void> {
  const template = await provided('pgliteTemplate');
  const handle = await openDatabase({ dir, ...(template ? { loadDataDir: templateBlob(template) } : {}) });
  try {
    if (!template) await handle.migrate();
  } finally {
    await handle.close();
  }
}

/**
 * The template's dump (≈ 28 MB), read once per worker: the test files of a worker share this
 * module (vitest.config.ts, `isolate: false`), and PGlite only reads the blob.
 */
let templateBlobs: { file: string; blob: Blob } | undefined;
function templateBlob(file: string): Blob {
  if (templateBlobs?.file !== file) templateBlobs = { file, blob: new Blob([readFileSync(file)]) };
  return templateBlobs.blob;
}

/**
 * A template the run's global setup provided (test/global-setup.ts). Only inside Vitest: the
 * benchmarks build the same test app with plain `tsx`, where importing `vitest` throws.
 */
async function provided(key: 'pgliteTemplate' | 'postgresTemplate'): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject(key);
}

/** `CREATE DATABASE`, as a copy of `template` when given (retried while another copy holds it). */
async function createDatabase(admin: postgres.Sql, name: string, template: string | undefined): Promise<void> {
  // Until a deadline rather than a number of tries: on a loaded machine one copy can hold the
  // template for seconds, and many test files start at once.
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      await admin.unsafe(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      return;
    } catch (err) {
      // 55006: "source database is being accessed by other users" — a concurrent copy.
      if ((err as { code?: string }).code !== '55006' || Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}
