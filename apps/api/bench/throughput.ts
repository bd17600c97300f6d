// Benchmark (docs/benchmarks.md, issue 13 target 3): catalogue reads against `/healthz` of the same
// server, side by side in one run, 10 connections each: a listing (default and filtered+sorted),
// a product card, suggestions. Prints requests/s, p50/p99 and each read's share of /healthz, with
// the machine's load average.
// Usage: npm run bench:throughput -w @shop/api -- [--base http://127.0.0.1:8080] [--duration 5]
import autocannon from 'autocannon';
import { loadavg } from 'node:os';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const base = arg('base', process.env.BASE ?? 'http://127.0.0.1:8080');
const duration = Number(arg('duration', '5'));
const connections = Number(arg('connections', '10'));

const first = (await (await fetch(`${base}/api/v2/product?limit=1`)).json()) as {
  result: { products: { id: number }[] };
};
const productId = first.result.products[0]?.id;
if (!productId) throw new Error('no product listed: seed the catalogue first');

const targets: [string, string][] = [
  ['/healthz', '/healthz'],
  ['listing (default)', '/api/v2/product'],
  [
    'listing (colour + PRICE_ASC)',
    `/api/v2/product?colors=${encodeURIComponent('Черный')}&sorting=PRICE_ASC`,
  ],
  ['product card', `/api/v1/product/${productId}`],
  ['suggestions «на»', `/api/v1/search-suggest?prefix=${encodeURIComponent('на')}`],
];

const fmt = (n: number) => n.toFixed(2);
console.log(
  `${base}: ${connections} connections, ${duration} s each; load average ${loadavg().map(fmt).join(', ')}`,
);
const rows: {
  query: string;
  'req/s': number;
  p50: number;
  p99: number;
  'of /healthz': string;
  non2xx: number;
}[] = [];
let health = 0;
for (const [name, path] of targets) {
  const result = await autocannon({ url: base + path, connections, duration });
  const rps = Math.round(result.requests.average);
  if (path === '/healthz') health = rps;
  rows.push({
    query: name,
    'req/s': rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    'of /healthz': health ? `${Math.round((rps / health) * 100)} %` : '–',
    non2xx: result.non2xx,
  });
}
console.table(rows);
console.log(`load average after: ${loadavg().map(fmt).join(', ')}`);
if (rows.some((r) => r.non2xx > 0)) {
  console.log(
    'Some answers were not 2xx (a 429 is the rate limit): their req/s are not reads. Start the server with RATE_LIMITS=off.',
  );
}
