// `npm run bench:photo -- [--products N] [--queries N] [--sizes 10000,100000] [--latency-only] [--screenshots-only]`
// Search by photo (docs/product.md §14.2, docs/benchmarks.md):
// 1. Quality. Builds the real app on an in-memory database with the demo catalogue (N products,
//    480 by default), indexes it the way the server does (each product's first two pictures read
//    through /img/w320), then searches with transformed copies of each product's first picture
//    (every transform separately) and prints top-1 and top-3. Demo products of the same kind and
//    colour have the very same drawing, so a second column ranks among distinct pictures (other
//    products with an identical first picture are left out of the ranking).
// 2. Latency. The in-memory scan over 10 000 and 100 000 pictures (synthesised from the real rows
//    with random bit flips and histogram noise, so scores spread like real ones), the feature
//    extraction of a query, and whole HTTP requests against the real index; with the load average.
import { performance } from 'node:perf_hooks';
import { loadavg, cpus } from 'node:os';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { products } from '../src/db/schema/index.ts';
import { importCatalog } from '../src/modules/catalog/catalog-import.repository.ts';
import { demoCatalog, demoPicture, demoSpu } from '../src/modules/catalog/demo/demo-catalog.ts';
import { drawDemoPicture } from '../src/modules/catalog/demo/demo-pictures.ts';
import { hashFeatures } from '../src/modules/find-photo/hash-features.ts';
import { loadIndexRows } from '../src/modules/find-photo/photo-features.repository.ts';
import type { PictureFeatures } from '../src/modules/find-photo/photo-features.ts';
import { PhotoIndex, type IndexEntry } from '../src/modules/find-photo/photo-index.ts';
import { TRANSFORMS } from '../src/modules/find-photo/photo-transforms.ts';
import { SCREENSHOT_KINDS, screenshotSetProducts } from '../src/modules/find-photo/screenshot-set.ts';
import { demoProduct } from '../src/modules/catalog/demo/demo-catalog.ts';
import { createTestDatabase } from '../src/test/database.ts';
import { login, testEnv } from '../src/test/app.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const N = Number(option('products', '480'));
const QUERIES = Number(option('queries', String(N)));
const SIZES = option('sizes', '10000,100000').split(',').map(Number);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

console.log(`bench:photo — ${N} demo products, ${cpus().length} CPUs, load average ${load()}`);
const database = await createTestDatabase();
// Limits off: the bench is one shopper searching far more than 10 times a minute.
const app = await buildApp({
  env: testEnv({ rateLimits: { ...testEnv().rateLimits, enabled: false } }),
  database,
  logger: false,
  authRateLimitPerMin: 1_000_000,
  // No load shedding: on a loaded machine it answers the index's own picture reads with 503 and the
  // index is left with a few pictures.
  pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0, maxRssBytes: 0 },
});
await app.ready();
await importCatalog(database.db, demoCatalog(N));
const idOf = new Map<number, number>();
const demoIndexOfSpu = new Map(Array.from({ length: N }, (_, i) => [demoSpu(i), i]));
for (const row of await database.db.select({ id: products.id, spu: products.spu }).from(products))
  idOf.set(demoIndexOfSpu.get(row.spu)!, row.id);

let t0 = performance.now();
const rssBefore = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
await app.photoSearch.refresh();
const indexMs = performance.now() - t0;
const cpu = process.cpuUsage(cpuBefore);
console.log(
  `index build: CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms of this process in ${indexMs.toFixed(0)} ms wall, RSS +${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`,
);
console.log(
  `indexed ${app.photoSearch.size} pictures in ${(indexMs / 1000).toFixed(1)} s (${ms(indexMs / app.photoSearch.size)} a picture, through /img/w320), load ${load()}`,
);

// Demo products are drawn from their kind and colour only, so several products show the very same
// item: "twins" of product i are the products whose first two pictures (the indexed ones) include
// i's kind in i's first colour. The "distinct" columns rank i among the other products only.
const drawing = new Map<number, string>();
const look = new Map<number, Set<string>>();
for (let i = 0; i < N; i++) {
  drawing.set(i, drawDemoPicture(demoPicture(i, 0)!));
  const looks = new Set<string>();
  for (const k of [0, 1]) {
    const p = demoPicture(i, k);
    if (p) looks.add(`${p.kind}/${p.color}`);
  }
  look.set(i, looks);
}
const twinsOf = (i: number) => {
  const first = demoPicture(i, 0)!;
  const key = `${first.kind}/${first.color}`;
  const ids = new Set<number>();
  for (const [j, looks] of look) if (j !== i && looks.has(key)) ids.add(idOf.get(j)!);
  return ids;
};
const withTwins = [...drawing.keys()].filter((i) => twinsOf(i).size > 0).length;
console.log(`${withTwins} of ${N} products show the same item in the same colour as another product`);

// 0. The screenshot set (decision 056): 8 kinds of what shoppers send, built from the first
// pictures of the products among the first 40 that no other of those 40 looks like (one a kind of
// item); ranked among products that do not show the same item (the "distinct" rank). With more than
// 40 products, the same kinds again for a held-out set the matcher was not developed on: products
// 40 and on that no other indexed product looks like.
async function screenshotSet(label: string, picked: number[]) {
  const times: number[] = [];
  let all = 0;
  console.log(
    `\n${label}: ${SCREENSHOT_KINDS.length} kinds × ${picked.length} products (${picked.join(', ')}), load ${load()}`,
  );
  console.log('| Kind | top-1 distinct | top-3 distinct |\n|---|---|---|');
  for (const kind of SCREENSHOT_KINDS) {
    let top1 = 0;
    let top3 = 0;
    for (const i of picked) {
      const png = await sharp(Buffer.from(drawing.get(i)!))
        .png()
        .toBuffer();
      const query = await kind.apply(png, { title: demoProduct(i).title, price: '12 990 ₽' });
      t0 = performance.now();
      const hits = await app.photoSearch.search(query, undefined, 20);
      times.push(performance.now() - t0);
      const twins = twinsOf(i);
      const rank = hits
        .map((h) => h.productId)
        .filter((x) => !twins.has(x))
        .indexOf(idOf.get(i)!);
      if (rank === 0) top1++;
      if (rank >= 0 && rank < 3) top3++;
    }
    all += top3;
    console.log(`| ${kind.name} | ${top1} of ${picked.length} | ${top3} of ${picked.length} |`);
  }
  console.log(
    `top 3 over the set: ${all} of ${picked.length * SCREENSHOT_KINDS.length}; query (decode + regions + features + scan of ${app.photoSearch.size}): p50 ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}, load ${load()}`,
  );
}
await screenshotSet('screenshot set', screenshotSetProducts(Math.min(40, N)));
if (N > 40)
  await screenshotSet(
    'held-out screenshot set',
    Array.from({ length: N - 40 }, (_, k) => 40 + k).filter((i) => twinsOf(i).size === 0),
  );
if (args.includes('--screenshots-only')) {
  await app.close();
  await database.close();
  process.exit(0);
}

// 1. Quality.
const step = Math.max(1, Math.floor(N / QUERIES));
const sample = Array.from({ length: Math.min(QUERIES, N) }, (_, k) => k * step);
const extractTimes: number[] = [];
const rows: string[] = [];
for (const transform of args.includes('--latency-only') ? [] : TRANSFORMS) {
  let top1 = 0;
  let top3 = 0;
  let distinct1 = 0;
  let distinct3 = 0;
  let exactFirst = 0;
  let wrongExact = 0;
  for (const i of sample) {
    const svg = drawing.get(i)!;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const query = await transform.apply(png, svg);
    t0 = performance.now();
    const hits = await app.photoSearch.search(query, undefined, 20);
    extractTimes.push(performance.now() - t0);
    const ids = hits.map((h) => h.productId);
    const id = idOf.get(i)!;
    const rank = ids.indexOf(id);
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    const twins = twinsOf(i);
    const distinctRank = ids.filter((x) => !twins.has(x)).indexOf(id);
    if (distinctRank === 0) distinct1++;
    if (distinctRank >= 0 && distinctRank < 3) distinct3++;
    if (hits[0]?.exact && (hits[0].productId === id || twins.has(hits[0].productId))) exactFirst++;
    if (hits.some((h) => h.exact && h.productId !== id && !twins.has(h.productId))) wrongExact++;
  }
  const n = sample.length;
  const row = `| ${transform.name} | ${pct(top1, n)} | ${pct(top3, n)} | ${pct(distinct1, n)} | ${pct(distinct3, n)} | ${pct(exactFirst, n)} | ${pct(wrongExact, n)} |`;
  rows.push(row);
  console.log(row);
}
console.log(
  `\n| Transform (${sample.length} queries each) | top-1 | top-3 | top-1 distinct | top-3 distinct | first is «exact» | «exact» on another product |`,
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);

// Unrelated pictures: how many results survive the threshold.
let noise = 0;
for (let k = 0; k < 20; k++) {
  const random = await sharp(
    Buffer.from(Uint8Array.from({ length: 64 * 64 * 3 }, () => Math.floor(Math.random() * 256))),
    {
      raw: { width: 64, height: 64, channels: 3 },
    },
  )
    .resize(400, 400, { kernel: 'nearest' })
    .jpeg()
    .toBuffer();
  noise += (await app.photoSearch.search(random, undefined, 20)).length;
}
console.log(`random-noise pictures: ${(noise / 20).toFixed(1)} results on average above the threshold`);

// 2. Latency.
if (extractTimes.length)
  console.log(
    `\nquery (decode + features + scan of ${app.photoSearch.size}): median ${ms(quantile(extractTimes, 0.5))}, p95 ${ms(quantile(extractTimes, 0.95))}`,
  );
const real = (await loadIndexRows(database.db, hashFeatures.id)).filter((r) => r.histogram.length > 0);
const flip = (h: bigint, bits: number) => {
  let out = h;
  for (let b = 0; b < bits; b++) out ^= 1n << BigInt(Math.floor(Math.random() * 64));
  return out;
};
const jitter = (bytes: Uint8Array) =>
  Uint8Array.from(bytes, (v) => Math.max(0, Math.min(255, v + Math.round((Math.random() - 0.5) * 12))));
const queryViews: PictureFeatures[][] = [];
for (const i of sample.slice(0, 50)) {
  const png = await sharp(Buffer.from(drawing.get(i)!))
    .png()
    .toBuffer();
  queryViews.push(await hashFeatures.extractQuery(await TRANSFORMS[3]!.apply(png)));
}
for (const size of SIZES) {
  const entries: IndexEntry[] = Array.from({ length: size }, (_, k) => {
    const r = real[k % real.length]!;
    return {
      productId: k + 1,
      phash: flip(r.phash, 12),
      dhash: flip(r.dhash, 12),
      histogram: jitter(r.histogram),
      shape: jitter(r.shape),
    };
  });
  const index = new PhotoIndex(entries);
  const times: number[] = [];
  for (let round = 0; round < 3; round++)
    for (const views of queryViews) {
      t0 = performance.now();
      index.search(views, 20);
      times.push(performance.now() - t0);
    }
  const memory = size * (4 + 16 + 72 + 256);
  console.log(
    `scan of ${size.toLocaleString('en')} pictures: median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} (${queryViews.length * 3} queries; index ≈ ${(memory / 1e6).toFixed(0)} MB), load ${load()}`,
  );
}

// Whole HTTP requests (multipart upload of a 450×650 JPEG, auth, briefs) against the real index.
const boundary = '----benchphoto';
const http: number[] = [];
for (const i of sample.slice(0, 30)) {
  const png = await sharp(Buffer.from(drawing.get(i)!))
    .png()
    .toBuffer();
  const jpeg = await TRANSFORMS[3]!.apply(png);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  // A shopper may search 10 times a minute: a new shopper each time.
  const auth = await login(app);
  t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/find/photo',
    payload,
    headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  http.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
}
console.log(
  `POST /api/v1/find/photo (app.inject, ${http.length} requests): median ${ms(quantile(http, 0.5))}, p95 ${ms(quantile(http, 0.95))}, load ${load()}`,
);

await app.close();
await database.close();
