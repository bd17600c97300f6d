// Benchmark (docs/benchmarks.md, issues 13 and 24): the server's floor and the catalogue's reads,
// 10 connections each, in one run on one machine:
// - a bare Fastify 5 (one route answering `{"status":"ok"}`, nothing else) beside the shop's
//   `/healthz`, measured alternately: the shop's floor as a share of what Fastify itself does here;
// - the same pair during the shop's first minute (its photo index describes the demo pictures then);
// - catalogue reads with varied queries (every request another brand + size, product, prefix…),
//   each as a share of the shop's `/healthz`.
// Without `--base` it starts both servers itself (the shop on PGlite with the demo catalogue, a
// fresh data directory, photo index on start as in production, rate limits off); with `--base` it
// measures a running shop (no first minute) and still starts the bare Fastify.
// Prints requests/s, p50/p99 and the load average with every row.
// Usage: npm run bench:throughput -w @shop/api -- [--base http://127.0.0.1:8080] [--port 18790]
//        [--duration 5] [--connections 10] [--no-first-minute] [--api-dir ../other/apps/api]
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoShopEnv, removeDataDir } from './demo-shop.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const given = arg('base', process.env.BASE ?? '');
const port = Number(arg('port', '18790'));
const duration = Number(arg('duration', '5'));
// The floor is read as pairs (bare Fastify, then the shop), each `pair-duration` s: the median of
// several pairs, since on a shared machine one pair alone can be off by a factor of two.
const pairDuration = Number(arg('pair-duration', '3'));
const pairsEachSide = Number(arg('pairs', '3'));
const connections = Number(arg('connections', '10'));
const firstMinute = !given && !args.includes('--no-first-minute');
const benchDir = fileURLToPath(new URL('..', import.meta.url));
// `--api-dir DIR`: start the shop from another checkout's apps/api (a baseline, measured in turn).
const apiDir = path.resolve(arg('api-dir', benchDir));
const load = () => loadavg()[0]!.toFixed(2);
const log = (...parts: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

const children: ChildProcess[] = [];
let dataDir: string | undefined;
const stop = () => {
  for (const child of children) child.kill();
  if (dataDir) removeDataDir(dataDir);
};
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

async function waitFor(url: string) {
  for (let i = 0; ; i++) {
    // Three minutes: on a shared machine under a load of 40 the shop took more than one to start.
    if (i > 1800) throw new Error(`${url} did not answer`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const bareBase = `http://127.0.0.1:${port + 1}`;
children.push(
  spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts'], {
    cwd: benchDir,
    env: { ...process.env, PORT: String(port + 1) },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);
let base = given;
let startedAt = Date.now();
if (!base) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-throughput-'));
  const env = demoShopEnv(port, dataDir);
  startedAt = Date.now();
  children.push(
    spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  base = `http://127.0.0.1:${port}`;
}
await Promise.all([waitFor(`${base}/healthz`), waitFor(`${bareBase}/healthz`)]);
const sinceStart = () => (Date.now() - startedAt) / 1000;
log(`shop answers /healthz ${sinceStart().toFixed(1)} s after its start`);

type Row = {
  query: string;
  paths: number;
  'req/s': number;
  p50: number;
  p99: number;
  share: string;
  load: string;
  non2xx: number;
};
const rows: Row[] = [];

async function measure(query: string, url: string, paths?: string[], seconds = duration) {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(paths
      ? {
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[next++ % paths.length] }),
            },
          ],
        }
      : {}),
  });
  const row: Row = {
    query,
    paths: paths?.length ?? 1,
    'req/s': Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    share: '',
    load: load(),
    non2xx: result.non2xx,
  };
  rows.push(row);
  return row;
}
const pct = (a: number, b: number) => `${Math.round((a / b) * 100)} %`;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** One pair: bare Fastify, then the shop's /healthz; the shop's share of bare. */
async function pair(label: string) {
  const bare = await measure(`bare Fastify /healthz${label}`, `${bareBase}/healthz`, undefined, pairDuration);
  const shop = await measure(`shop /healthz${label}`, `${base}/healthz`, undefined, pairDuration);
  shop.share = `${pct(shop['req/s'], bare['req/s'])} of bare`;
  return { bare: bare['req/s'], shop: shop['req/s'], ratio: shop['req/s'] / bare['req/s'] };
}

// 1. The first minute: the photo index starts describing the demo pictures 3 s after start.
const firstPairs: { ratio: number; shop: number; bare: number }[] = [];
if (firstMinute) {
  log('first minute: bare Fastify and the shop /healthz alternately');
  while (sinceStart() < 60 - 2 * pairDuration)
    firstPairs.push(await pair(` (shop's second ${sinceStart().toFixed(0)})`));
  // Past the first minute; the index may still be describing (a pause is what it waits for).
  while (sinceStart() < 62) await new Promise((r) => setTimeout(r, 250));
}

// 2. Varied queries, from the shop's own catalogue.
// A busy shop (its first minutes on a loaded machine) may answer 503 for a while: asked again.
const json = async <T>(p: string): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(base + p).catch((error: unknown) => error as Error);
    if (!(res instanceof Error) && res.ok) return (await res.json()) as T;
    const status = res instanceof Error ? res.message : String(res.status);
    const body = res instanceof Error ? '' : await res.text();
    if (attempt >= 60) throw new Error(`${p}: ${status} ${body.slice(0, 200)}`);
    log(`${p}: ${status} ${body.slice(0, 120)}; asking again`);
    await new Promise((r) => setTimeout(r, 1000));
  }
};
const facets = await json<{
  result: { brands: { id: number }[]; sizes_eu: { value: string }[]; colors: { value: string }[] };
}>('/api/v2/product/filters');
const productIds: number[] = [];
let cursor: string | null = null;
do {
  const page: { result: { products: { id: number }[]; cursor: string | null } } = await json(
    `/api/v2/product?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
  productIds.push(...page.result.products.map((p) => p.id));
  cursor = page.result.cursor;
} while (cursor && productIds.length < 2000);
const brands = facets.result.brands.map((b) => b.id);
const sizes = facets.result.sizes_eu.map((s) => s.value);
const colors = facets.result.colors.map((c) => c.value);
if (!productIds.length || !brands.length) throw new Error('no products listed: seed the catalogue first');
const sorts = ['POPULARITY', 'PRICE_ASC', 'PRICE_DESC', 'NEWEST', 'SALES'];
const brandSize: string[] = [];
for (const b of brands)
  for (const s of sizes) brandSize.push(`/api/v2/product?brand_ids=${b}&sizes_eu=${encodeURIComponent(s)}`);
const colourSort = colors.flatMap((c) =>
  sorts.map((sort) => `/api/v2/product?colors=${encodeURIComponent(c)}&sorting=${sort}`),
);
const cards = productIds.map((id) => `/api/v1/product/${id}`);
const prefixes = ['н', 'на', 'най', 'ni', 'nik', 'ad', 'ади', 'адид', 'кр', 'кро', 'фу', 'пл', 'ку', 'ке', 'ру', 'ша'];
const suggestions = prefixes.map((p) => `/api/v1/search-suggest?prefix=${encodeURIComponent(p)}`);
const brandFacets = brands.flatMap((b) =>
  sizes.slice(0, 10).map((s) => `/api/v2/product/filters?brand_ids=${b}&sizes_eu=${encodeURIComponent(s)}`),
);
log(
  `varied queries: ${brandSize.length} brand+size listings, ${colourSort.length} colour listings, ${cards.length} cards, ${suggestions.length} prefixes, ${brandFacets.length} facet selections`,
);

const firstRow = rows.length;
const floorPairs: { ratio: number; shop: number; bare: number }[] = [];
for (let i = 0; i < pairsEachSide; i++) floorPairs.push(await pair(''));
const reads: Row[] = [
  await measure('listing (default)', `${base}/api/v2/product`),
  await measure('listing brand + size (varied)', base, brandSize),
  await measure('listing colour + sort (varied)', base, colourSort),
  await measure('product card (varied)', base, cards),
  await measure('suggestions (varied prefixes)', base, suggestions),
  await measure('facets brand + size (varied)', base, brandFacets),
];
for (let i = 0; i < pairsEachSide; i++) floorPairs.push(await pair(' (after the reads)'));
const health = median(floorPairs.map((p) => p.shop));
const bare = median(floorPairs.map((p) => p.bare));
for (const r of reads) r.share = `${pct(r['req/s'], health)} of /healthz`;

console.log(
  `${base} (${given ? 'running shop' : `PGlite, demo catalogue, ${apiDir}`}), bare Fastify ${bareBase}: ${connections} connections, ${duration} s a row; Node ${process.version}`,
);
if (firstMinute) {
  console.log('The first minute after the shop started:');
  console.table(rows.slice(0, firstRow));
}
console.log('After the first minute:');
console.table(rows.slice(firstRow));
if (firstPairs.length) {
  console.log(
    `first minute: shop /healthz at ${firstPairs.map((p) => pct(p.ratio, 1)).join(', ')} of bare Fastify (median ${pct(median(firstPairs.map((p) => p.ratio)), 1)})`,
  );
  // In the first minute the shop's photo index describes pictures whenever the shop itself is not
  // asked: it yields to the shop's requests, not to the bare Fastify's, so the bare rows of that
  // minute run beside it and a pair can exceed 100 %. Read beside the bare Fastify after it too.
  const firstShop = median(firstPairs.map((p) => p.shop));
  console.log(
    `first minute: shop /healthz median ${Math.round(firstShop)} req/s, ${pct(firstShop, bare)} of the bare Fastify's median after it (${Math.round(bare)}; its own first-minute median ${Math.round(median(firstPairs.map((p) => p.bare)))}, beside the shop's photo index)`,
  );
}
console.log(
  `after it: shop /healthz at ${floorPairs.map((p) => pct(p.ratio, 1)).join(', ')} of bare Fastify (median ${pct(median(floorPairs.map((p) => p.ratio)), 1)}); median ${Math.round(health)} req/s against ${Math.round(bare)}`,
);
console.log(
  `reads as a share of the shop's median /healthz: ${reads.map((r) => `${r.query} ${r.share.replace(' of /healthz', '')}`).join('; ')}`,
);
if (rows.some((r) => r.non2xx > 0)) {
  console.log(
    'Some answers were not 2xx (a 429 is the rate limit): their req/s are not reads. Start the server with RATE_LIMITS=off.',
  );
}
stop();
process.exit(0);
