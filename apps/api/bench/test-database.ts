// What one API test file's database costs to open on PGlite (test/database.ts: a copy of the
// run's migrated template, test/global-setup.ts), for three templates, copies opened in turns in
// one process so that the machine's load weighs on each alike: the default dump; with 16 MB of
// shared buffers instead of 128 MB; and also without the databases `template0` and `template1`
// (what global-setup.ts dumps). Prints the dump's size, wall ms and CPU-s per copy (open, one
// query, close), and the load average. `npx tsx apps/api/bench/test-database.ts [rounds]`.
import { loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from '../src/db/client.ts';

const rounds = Number(process.argv[2] ?? 3);
const perRound = 4;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const handle = await openDatabase({});
await handle.migrate();
const client = (handle.db as unknown as { $client: PGlite }).$client;
const templates: { name: string; dump: Blob; ms: number[]; cpu: number[] }[] = [];
const add = async (name: string) =>
  templates.push({ name, dump: await client.dumpDataDir('none'), ms: [], cpu: [] });
await add('default (128 MB shared buffers, template0/1)');
await client.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
await add('16 MB shared buffers');
await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
await client.exec('DROP DATABASE template0');
await client.exec('DROP DATABASE template1');
await client.exec('CHECKPOINT');
await add('16 MB, no template0/1 (global-setup.ts)');
await handle.close();

const open = async (dump: Blob) => {
  const copy = await PGlite.create('memory://', { extensions: { pg_trgm }, loadDataDir: dump });
  await copy.query('SELECT count(*) FROM products');
  await copy.close();
};
// One warm-up each (the WebAssembly module is compiled once per process).
for (const t of templates) await open(t.dump);
const loadBefore = loadavg()[0]!;
for (let round = 0; round < rounds; round++)
  for (const t of templates) {
    const started = performance.now();
    const cpuBefore = cpu();
    for (let i = 0; i < perRound; i++) await open(t.dump);
    t.ms.push((performance.now() - started) / perRound);
    t.cpu.push((cpu() - cpuBefore) / perRound);
  }
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}, ${rounds} × ${perRound} copies each`);
for (const t of templates)
  console.log(
    `${t.name.padEnd(46)} ${(t.dump.size / 1e6).toFixed(1).padStart(5)} MB  ${mean(t.ms).toFixed(0).padStart(5)} ms  ${mean(t.cpu).toFixed(3)} CPU-s per copy`,
  );
