// Benchmark (docs/benchmarks.md): the JavaScript the first screen loads, gzip-compressed as a
// server would send it. Opens BASE (default http://127.0.0.1:8080) at 390×844 in Debian's
// Chromium, waits until the home page shows its product rows and the network is idle, and sums
// the gzip size (zlib level 9) of every script it fetched from apps/web/dist.
// Brotli (what the server now sends to browsers that accept it) is shown beside.
// Usage: npm run perf:first-screen-js -- [path]   (server running: npm start; BASE)
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const path = process.argv[2] ?? '/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const scripts = new Set();
page.on('response', (r) => {
  if (r.request().resourceType() === 'script' && new URL(r.url()).pathname.startsWith('/assets/')) {
    scripts.add(new URL(r.url()).pathname);
  }
});
await page.goto(base + path);
if (path === '/') await page.locator('.product-row__card[data-product-id]').first().waitFor();
await page.waitForLoadState('networkidle');
await browser.close();

let total = 0;
let totalBr = 0;
const rows = [...scripts].map((file) => {
  const raw = readFileSync(new URL(`../apps/web/dist${file}`, import.meta.url));
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
console.log(
  `first screen ${path}: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip, ${(totalBr / 1024).toFixed(1)} KB brotli`,
);
