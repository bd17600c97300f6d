// `npm run db:backup [-- <dir>]` and `npm run db:restore -- <dir>`: the embedded database of
// DATA_DIR, while the server is stopped (docs/operations.md). With DATABASE_URL, PostgreSQL's own
// pg_dump / pg_restore are the tools; this says so.
import path from 'node:path';
import { backupEmbedded, restoreEmbedded } from '../db/backup.ts';
import { EnvError, loadEnv } from '../env.ts';

async function main() {
  const [command, dir] = process.argv.slice(2);
  const env = await loadEnv();
  if (env.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (docs/operations.md).',
    );
    process.exit(2);
  }
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const target = dir ?? path.join(env.dataDir, '..', 'backups', `shop-${stamp}`);
    const manifest = await backupEmbedded(env.dataDir, target);
    console.log(`Backup written to ${path.resolve(target)}`);
    console.log(`  rows: ${JSON.stringify(manifest.counts)}`);
    if (!manifest.key_files.includes('data-key')) {
      console.log('  DATA_KEY comes from the environment: keep it with this backup, passports need it.');
    }
    return;
  }
  if (command === 'restore' && dir) {
    const { manifest, keptAs } = await restoreEmbedded(env.dataDir, dir);
    console.log(`Restored the backup of ${manifest.created_at} into ${path.resolve(env.dataDir)}`);
    console.log(`  rows: ${JSON.stringify(manifest.counts)}`);
    for (const p of keptAs) console.log(`  the replaced copy is kept as ${p}`);
    return;
  }
  console.error('Usage: npm run db:backup [-- <dir>] | npm run db:restore -- <dir>');
  process.exit(2);
}

main().catch((err: unknown) => {
  console.error(err instanceof EnvError || err instanceof Error ? err.message : err);
  process.exit(1);
});
