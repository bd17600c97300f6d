// A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
// database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** `url` is set on PostgreSQL: a second instance opens its own pool on the same database with it. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 20 });
  try {
    await handle.migrate();
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
