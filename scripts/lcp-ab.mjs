// Benchmark (docs/benchmarks.md, «React again»): the largest contentful paint of two running shops
// side by side, on a phone profile — Chromium at 390×844, 4× CPU slowdown, 150 ms round trip,
// 1.6 Mbps down / 750 kbps up (the profile of issue 24). Runs alternate A, B, A, B… on each page,
// each in a fresh browser context (empty cache, new sign-in), so that the machine's load meets both
// alike; it prints each run, the medians and the ratio B / A, and the JavaScript fetched before the
// largest paint (gzip bytes of every script requested before it, re-fetched with gzip to count them
// as the issue's budget does, whatever the browser negotiated).
// It also prints when the app took over: the moment the server's painted copy (#first-paint, and a
// product's #first-paint-drawer) left the page, i.e. the app's own page was on screen (0 when the
// HTML painted nothing).
// Usage: npm run perf:lcp-ab -- <base-a> <base-b>   (RUNS=5, CATEGORY=1, PAGES=home,catalog,product,
// CPU_SLOWDOWN=4, RTT_MS=150, DOWN_KBPS=1600, UP_KBPS=750)
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { loadavg } from 'node:os';
import { phonePage } from './phone-page.mjs';

const [baseA, baseB] = process.argv.slice(2);
if (!baseA || !baseB) {
  console.error('usage: npm run perf:lcp-ab -- <base-a> <base-b>');
  process.exit(2);
}
const runs = Number(process.env.RUNS ?? 5);
const category = process.env.CATEGORY ?? '1';
const slowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
const rtt = Number(process.env.RTT_MS ?? 150);
const downKbps = Number(process.env.DOWN_KBPS ?? 1600);
const upKbps = Number(process.env.UP_KBPS ?? 750);

async function firstProduct(base) {
  const answer = await fetch(`${base}/api/v2/product?category_ids=${category}&limit=1`);
  return (await answer.json()).result.products[0].id;
}
// The same product on both sides: both shops run the demo catalogue.
const product = process.env.PRODUCT ?? (await firstProduct(baseA));
const allPages = {
  home: '/',
  catalog: `/catalog/${category}`,
  product: `/catalog/${category}?id=${product}`,
};
const only = process.env.PAGES?.split(',');
const pages = Object.entries(allPages).filter(([name]) => !only || only.includes(name));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
});

const gzipSizes = new Map();
async function gzipSize(url) {
  if (!gzipSizes.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipSizes.set(url, gzipSync(body, { level: 9 }).length);
  }
  return gzipSizes.get(url);
}

/** One cold load: LCP (ms from navigation start) and the scripts asked for before it. */
async function load(base, path) {
  const { context, page } = await phonePage(browser, { network: { rtt, downKbps, upKbps }, cpu: slowdown });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The app's take-over: the last painted copy present at DOMContentLoaded leaving the page.
    window.__shown = 0;
    document.addEventListener('DOMContentLoaded', () => {
      const painted = () => document.querySelector('#first-paint, #first-paint-drawer');
      if (!painted()) return;
      const observer = new MutationObserver(() => {
        if (painted()) return;
        window.__shown = performance.now();
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  await page.goto(base + path, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  // LCP stops at the first input; none comes, so wait until it has not moved for 3 s.
  let last = -1;
  for (let i = 0; i < 40; i += 1) {
    const lcp = await page.evaluate(() => window.__lcp);
    if (lcp > 0 && lcp === last) break;
    last = lcp;
    await page.waitForTimeout(1500);
  }
  const result = await page.evaluate(() => ({
    lcp: window.__lcp,
    shown: window.__shown,
    scripts: performance
      .getEntriesByType('resource')
      .filter(
        (e) => e.initiatorType === 'script' || e.initiatorType === 'link' || /\.m?js(\?|$)/.test(e.name),
      )
      .filter((e) => /\.m?js(\?|$)/.test(e.name))
      .map((e) => ({ url: e.name, start: e.startTime })),
  }));
  await context.close();
  const before = result.scripts.filter((s) => s.start < result.lcp);
  let bytes = 0;
  for (const s of before) bytes += await gzipSize(s.url);
  return { lcp: result.lcp, shown: result.shown, scripts: before.length, kb: bytes / 1024 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Runs where the take-over was seen (a painted copy was there to leave), in seconds; – if none. */
const shownMedian = (side) => {
  const seen = side.map((r) => r.shown).filter((ms) => ms > 0);
  return seen.length ? (median(seen) / 1000).toFixed(2) : '–';
};

console.log(
  `A ${baseA}\nB ${baseB}\n${runs} runs each, alternating; CPU ${slowdown}×, RTT ${rtt} ms, ` +
    `${downKbps}/${upKbps} kbps; load average ${loadavg()[0].toFixed(1)}`,
);
const summary = [];
for (const [name, path] of pages) {
  const a = [];
  const b = [];
  // A warm-up load of each (server caches, the image resizer), not counted.
  await load(baseA, path);
  await load(baseB, path);
  for (let run = 0; run < runs; run += 1) {
    // Alternate which goes first, so neither always meets the other's leftovers.
    const order = run % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (const side of order) {
      const r = await load(side === 'A' ? baseA : baseB, path);
      (side === 'A' ? a : b).push(r);
      console.log(
        `${name.padEnd(8)} ${side} run ${run + 1}: LCP ${r.lcp.toFixed(0).padStart(5)} ms, ` +
          `app shown ${r.shown.toFixed(0).padStart(5)} ms, ` +
          `${r.scripts} scripts ${r.kb.toFixed(1)} KB gzip before it`,
      );
    }
  }
  const lcpA = median(a.map((r) => r.lcp));
  const lcpB = median(b.map((r) => r.lcp));
  summary.push({
    page: name,
    lcpA: (lcpA / 1000).toFixed(2),
    lcpB: (lcpB / 1000).toFixed(2),
    ratio: (lcpB / lcpA).toFixed(2),
    shownA: shownMedian(a),
    shownB: shownMedian(b),
    jsA: median(a.map((r) => r.kb)).toFixed(1),
    jsB: median(b.map((r) => r.kb)).toFixed(1),
  });
}
await browser.close();
console.log('\npage      LCP A (s)  LCP B (s)  B/A   JS before LCP A / B (KB gzip)  app shown A / B (s)');
for (const s of summary) {
  console.log(
    `${s.page.padEnd(9)} ${s.lcpA.padStart(9)}  ${s.lcpB.padStart(9)}  ${s.ratio}  ` +
      `${`${s.jsA} / ${s.jsB}`.padEnd(29)}  ${s.shownA} / ${s.shownB}`,
  );
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
