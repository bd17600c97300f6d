// Benchmark (docs/benchmarks.md): the JavaScript the first screen loads, gzip-compressed as a
// server would send it. Opens BASE (default http://127.0.0.1:8080) at 390×844 in Debian's
// Chromium, waits until the home page shows its product rows and the network is idle, and sums
// the gzip size (zlib level 9) of every script it fetched from apps/web/dist (WEB_DIST, as the
// server's, when that server serves another build).
// Brotli (what the server now sends to browsers that accept it) is shown beside.
// Scripts requested after the app's `shop:preload` mark (the product drawer's code, fetched once
// the first screen is idle so that the first tap does not wait) are listed apart, not counted:
// on a slow machine that preload can start before the network is idle.
// Usage: npm run perf:first-screen-js -- [path]   (server running: npm start; BASE)
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const distFile = (file) =>
  process.env.WEB_DIST
    ? `${process.env.WEB_DIST}${file}`
    : new URL(`../apps/web/dist${file}`, import.meta.url);
const path = process.argv[2] ?? '/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const requestedAt = new Map();
page.on('request', (r) => {
  const file = new URL(r.url()).pathname;
  if (r.resourceType() === 'script' && file.startsWith('/assets/') && !requestedAt.has(file)) {
    requestedAt.set(file, Date.now());
  }
});
await page.goto(base + path);
if (path === '/') await page.locator('.product-row__card[data-product-id]').first().waitFor();
await page.waitForLoadState('networkidle');
const preloadAt = await page.evaluate(() => {
  const mark = performance.getEntriesByName('shop:preload')[0];
  return mark ? performance.timeOrigin + mark.startTime : null;
});
await browser.close();
const scripts = new Set();
const preloaded = [];
for (const [file, at] of requestedAt) {
  if (preloadAt !== null && at >= preloadAt) preloaded.push(file);
  else scripts.add(file);
}

let total = 0;
let totalBr = 0;
const rows = [...scripts].map((file) => {
  const raw = readFileSync(distFile(file));
  const gz = gzipSync(raw, { level: 9 }).length;
  const br = brotliCompressSync(raw).length;
  total += gz;
  totalBr += br;
  return {
    file,
    kB: (raw.length / 1024).toFixed(1),
    gzipKB: (gz / 1024).toFixed(1),
    brKB: (br / 1024).toFixed(1),
  };
});
rows.sort((a, b) => Number(b.gzipKB) - Number(a.gzipKB));
console.table(rows);
if (preloaded.length) {
  const kb = preloaded.reduce(
    (sum, file) => sum + gzipSync(readFileSync(distFile(file)), { level: 9 }).length,
    0,
  );
  console.log(
    `preloaded after the first screen (not counted): ${preloaded.length} scripts, ${(kb / 1024).toFixed(1)} KB gzip`,
  );
}
console.log(
  `first screen ${path}: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip, ${(totalBr / 1024).toFixed(1)} KB brotli` +
    ` (${total} / ${totalBr} bytes; load average ${loadavg()[0].toFixed(1)})`,
);
