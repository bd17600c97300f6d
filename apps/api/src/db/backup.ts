// Backup and restore of the embedded database (docs/operations.md), while the server is stopped
// (the directory lock of client.ts refuses otherwise). A backup is a directory:
//   db.tar.gz      PGlite's own dump of its data directory (dumpDataDir), loaded back by restore
//   data-key       the passport key, when it was generated into DATA_DIR (not from DATA_KEY)
//   jwt-secret     the session key, likewise
//   manifest.json  when, from where, the PostgreSQL version and row counts to check a restore by
// Restore keeps what it replaces beside it (`db.before-restore-<time>`), never deletes it.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lockEmbeddedDir } from './client.ts';

const KEY_FILES = ['data-key', 'jwt-secret'] as const;
const COUNTED = ['users', 'products', 'variants', 'orders', 'payments', 'notifications'] as const;

export type Manifest = {
  created_at: string;
  source: string;
  /** PostgreSQL version of the embedded server (a restore needs the same major). */
  postgres: string;
  key_files: string[];
  counts: Record<string, number>;
};

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

async function counts(client: PGlite): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const res = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    out[table] = Number(res.rows[0]!.n);
  }
  return out;
}

/** Writes a backup of DATA_DIR's embedded database (and generated keys) into `target`. */
export async function backupEmbedded(dataDir: string, target: string): Promise<Manifest> {
  const dbDir = path.join(dataDir, 'db');
  if (!(await exists(dbDir))) throw new Error(`No embedded database in ${dbDir}`);
  if (await exists(target)) throw new Error(`${target} exists already; name a new directory`);
  const unlock = lockEmbeddedDir(dbDir);
  try {
    const client = await PGlite.create(dbDir, { extensions: { pg_trgm } });
    let dump: Blob;
    let counted: Record<string, number>;
    let version: string;
    try {
      counted = await counts(client);
      version = (await client.query<{ server_version: string }>('show server_version')).rows[0]!
        .server_version;
      dump = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, 'db.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    const keyFiles: string[] = [];
    for (const name of KEY_FILES) {
      if (await exists(path.join(dataDir, name))) {
        await copyFile(path.join(dataDir, name), path.join(target, name));
        keyFiles.push(name);
      }
    }
    const manifest: Manifest = {
      created_at: new Date().toISOString(),
      source: path.resolve(dataDir),
      postgres: version,
      key_files: keyFiles,
      counts: counted,
    };
    await writeFile(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    unlock();
  }
}

/**
 * Replaces DATA_DIR's embedded database (and generated keys) with the backup in `source`; what it
 * replaces is renamed `<name>.before-restore-<time>`. Checks the row counts against the manifest.
 */
export async function restoreEmbedded(
  dataDir: string,
  source: string,
): Promise<{ manifest: Manifest; keptAs: string[] }> {
  const manifest = JSON.parse(await readFile(path.join(source, 'manifest.json'), 'utf8')) as Manifest;
  const dump = await readFile(path.join(source, 'db.tar.gz'));
  const dbDir = path.join(dataDir, 'db');
  await mkdir(dataDir, { recursive: true });
  const unlock = lockEmbeddedDir(dbDir);
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const keptAs: string[] = [];
    for (const name of ['db', ...manifest.key_files]) {
      const current = path.join(dataDir, name);
      if (await exists(current)) {
        const aside = `${current}.before-restore-${stamp}`;
        await rename(current, aside);
        keptAs.push(aside);
      }
    }
    for (const name of manifest.key_files) await copyFile(path.join(source, name), path.join(dataDir, name));
    const client = await PGlite.create(dbDir, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([dump]),
    });
    try {
      const now = await counts(client);
      for (const table of COUNTED) {
        if (now[table] !== manifest.counts[table]) {
          throw new Error(`Restored ${table}: ${now[table]} rows, the backup had ${manifest.counts[table]}`);
        }
      }
    } finally {
      await client.close();
    }
    return { manifest, keptAs };
  } finally {
    unlock();
  }
}
