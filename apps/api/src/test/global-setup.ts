// Vitest global setup of the API projects: migrates one template database per run, so that each
// test file starts from a copy instead of creating and migrating its own. On PGlite a fresh
// instance runs initdb (2–4 s of WASM) and the migrations; loading a dumped, migrated data
// directory takes a fraction of that (and less with the copies' smaller shared buffers, below). On PostgreSQL each file's database is
// `CREATE DATABASE … TEMPLATE` of a migrated one. The migrations themselves are still run and
// tested: here once per run, and by the client and backup suites on their own databases.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A file with PGlite's dump of a migrated data directory (the `api` project). */
    pgliteTemplate?: string;
    /** A migrated database on the server to copy (the `api-postgres` project). */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = project.config.env?.TEST_DATABASE_URL || undefined;
  if (!serverUrl) {
    const handle = await openDatabase({});
    await handle.migrate();
    const client = (
      handle.db as unknown as {
        $client: { dumpDataDir(c: 'none'): Promise<Blob>; exec(sql: string): Promise<unknown> };
      }
    ).$client;
    // Cheaper copies (≈ 130 a run; apps/api/bench/test-database.ts): each starts with 16 MB of
    // shared buffers instead of the default 128 MB (the test databases hold a few MB), and the
    // dump leaves out the databases `template0` and `template1` (15 of its 43 MB), which PGlite,
    // opening `postgres` only, never reads. Together ≈ 0.6 CPU-s less per copy. Settings of the
    // copies only, never of the server's own database.
    await client.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
    await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    await client.exec('DROP DATABASE template0');
    await client.exec('DROP DATABASE template1');
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    await handle.close();
    const file = path.join(tmpdir(), `shop-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return async () => rmSync(file, { force: true });
  }
  const name = `shop_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    // A template may have no open connection while it is copied.
    await handle.close();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}
