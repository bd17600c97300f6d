// Backup and restore (docs/operations.md): the embedded database through `npm run db:backup` /
// `db:restore` (back up, change data, restore, the data is back; refused while a server holds the
// database), and PostgreSQL through pg_dump -Fc / pg_restore when a server and the tools exist.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupEmbedded, restoreEmbedded } from './backup.ts';
import { DatabaseInUseError, openDatabase } from './client.ts';
import { products } from './schema/index.ts';
import { createTestDatabase, testDatabaseUrl } from '../test/database.ts';
import { insertProduct } from '../test/fixtures.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function npmRun(script: string, args: string[], dataDir: string) {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/db-backup.ts', script, ...args],
    {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

const titles = async (dataDir: string) => {
  const handle = await openDatabase({ dir: path.join(dataDir, 'db') });
  try {
    return (await handle.db.select({ title: products.title }).from(products)).map((r) => r.title).sort();
  } finally {
    await handle.close();
  }
};

describe.skipIf(testDatabaseUrl())('embedded database: npm run db:backup / db:restore', () => {
  it('back up, change the data, restore: the data and the generated keys are back', async () => {
    const dataDir = path.join(work, 'data');
    const handle = await openDatabase({ dir: path.join(dataDir, 'db') });
    await handle.migrate();
    const { product } = await insertProduct(handle.db, { title: 'Кеды до бэкапа' });
    await handle.close();
    writeFileSync(path.join(dataDir, 'data-key'), 'ab'.repeat(32));

    const backupDir = path.join(work, 'backup-1');
    const backup = npmRun('backup', [backupDir], dataDir);
    expect(backup.status, backup.out).toBe(0);
    expect(backup.out).toContain('"products":1');
    expect(readdirSync(backupDir).sort()).toEqual(['data-key', 'db.tar.gz', 'jwt-secret', 'manifest.json']);

    // Changes after the backup.
    const later = await openDatabase({ dir: path.join(dataDir, 'db') });
    await later.db.update(products).set({ title: 'Кеды после бэкапа' }).where(eq(products.id, product.id));
    await insertProduct(later.db, { title: 'Новые кеды' });
    // A running server holds the database: neither tool touches it.
    await expect(backupEmbedded(dataDir, path.join(work, 'refused'))).rejects.toThrow(DatabaseInUseError);
    await expect(restoreEmbedded(dataDir, backupDir)).rejects.toThrow(/in use by process/);
    expect(
      (await later.db.select({ title: products.title }).from(products)).map((r) => r.title).sort(),
    ).toEqual(['Кеды после бэкапа', 'Новые кеды']);
    await later.close();
    writeFileSync(path.join(dataDir, 'data-key'), 'cd'.repeat(32));

    const restore = npmRun('restore', [backupDir], dataDir);
    expect(restore.status, restore.out).toBe(0);
    expect(await titles(dataDir)).toEqual(['Кеды до бэкапа']);
    expect(readFileSync(path.join(dataDir, 'data-key'), 'utf8')).toBe('ab'.repeat(32));
    // What was replaced is kept beside it.
    const kept = readdirSync(dataDir).filter((n) => n.startsWith('db.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(existsSync(path.join(dataDir, kept[0]!))).toBe(true);
    // A bound on a hang: two CLI runs on a cold tsx cache took 184 s on CI's loaded cores.
  }, 360_000);
});

const pgTools = spawnSync('pg_dump', ['--version']).status === 0;

describe.skipIf(!testDatabaseUrl() || !pgTools)('PostgreSQL: pg_dump -Fc / pg_restore', () => {
  it('back up, change the data, restore: the data is back', async () => {
    const database = await createTestDatabase();
    try {
      const { product } = await insertProduct(database.db, { title: 'Кеды до дампа' });
      const file = path.join(work, 'shop.dump');
      const dump = spawnSync('pg_dump', ['-Fc', '-f', file, database.url!], { encoding: 'utf8' });
      expect(dump.status, dump.stderr).toBe(0);

      await database.db
        .update(products)
        .set({ title: 'Кеды после дампа' })
        .where(eq(products.id, product.id));
      await insertProduct(database.db, { title: 'Новые кеды' });

      const restore = spawnSync(
        'pg_restore',
        ['--clean', '--if-exists', '--single-transaction', '--no-owner', '-d', database.url!, file],
        { encoding: 'utf8' },
      );
      expect(restore.status, restore.stderr).toBe(0);
      const rows = await database.db.select({ title: products.title }).from(products);
      expect(rows.map((r) => r.title)).toEqual(['Кеды до дампа']);
    } finally {
      await database.close();
    }
  }, 120_000);
});
