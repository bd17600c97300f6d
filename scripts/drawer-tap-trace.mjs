// Diagnosis (docs/benchmarks.md, "Drawer first tap"): where the product drawer's FIRST tap of a
// page load spends its time. Opens BASE/catalog/{CATEGORY} like perf:drawer-tap, waits until the
// page is idle (EARLY=1: taps as soon as the cards show), records a Chromium trace of one tap
// (CDP Tracing through Playwright) and prints, from the `product-tap` mark on the main thread:
// the app's marks, every task of 1 ms or more, and the timers, script compilation and evaluation,
// style and layout work, requests and events in between. A long idle gap after a timer is a wait,
// not work. TRACE=path keeps the trace file (open it in Chrome's Performance panel).
// Usage: node scripts/drawer-tap-trace.mjs   (server running: npm start; BASE, CATEGORY, EARLY, TRACE)
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const category = process.env.CATEGORY ?? '1';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
await page.goto(`${base}/catalog/${category}`);
const cards = page.locator('.product-card__info');
await cards.first().waitFor();
if (process.env.EARLY !== '1') {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(4000);
}
const card = cards.nth(1);
await card.scrollIntoViewIfNeeded();
await browser.startTracing(page, {
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'blink.user_timing',
    'v8.execute',
  ],
});
await card.tap();
await page.waitForFunction(() => performance.getEntriesByName('product-drawer-content').length > 0);
await page.waitForTimeout(300);
const trace = await browser.stopTracing();
await browser.close();
if (process.env.TRACE) writeFileSync(process.env.TRACE, trace);

const events = JSON.parse(trace.toString()).traceEvents;
const tapEvent = events.find((e) => e.name === 'product-tap' && e.ph !== 'e');
const main = events.filter((e) => e.pid === tapEvent.pid && e.tid === tapEvent.tid);
const tap = tapEvent.ts;
const at = (ts) => `${((ts - tap) / 1000).toFixed(1).padStart(7)} ms`;
const ms = (us) => `${(us / 1000).toFixed(1)} ms`;
const lines = [];
for (const e of main) {
  if (e.ts < tap - 10_000 || e.ts > tap + 1_000_000) continue;
  const data = e.args?.data ?? e.args?.beginData ?? {};
  if (e.name === 'RunTask' && e.dur >= 1000) lines.push([e.ts, `task ${ms(e.dur)}`]);
  else if (['product-tap', 'product-drawer-visible', 'product-drawer-content'].includes(e.name))
    lines.push([e.ts, `mark ${e.name}`]);
  else if (e.name === 'TimerInstall') lines.push([e.ts, `  timer installed: ${data.timeout} ms`]);
  else if (e.name === 'TimerFire') lines.push([e.ts, `  timer fired`]);
  else if (e.name === 'v8.evaluateModule' && e.dur >= 1000)
    lines.push([e.ts, `  module evaluation ${ms(e.dur)}`]);
  else if (e.name === 'v8.compileModule') lines.push([e.ts, `  module compiled`]);
  else if ((e.name === 'UpdateLayoutTree' || e.name === 'Layout' || e.name === 'Paint') && e.dur >= 2000)
    lines.push([e.ts, `  ${e.name} ${ms(e.dur)}`]);
  else if (e.name === 'ResourceSendRequest') lines.push([e.ts, `  request ${new URL(data.url).pathname}`]);
  else if (e.name === 'EventDispatch' && ['pointerdown', 'click'].includes(data.type))
    lines.push([e.ts, `  event ${data.type}`]);
}
lines.sort((a, b) => a[0] - b[0]);
for (const [ts, text] of lines) console.log(`${at(ts)}  ${text}`);
console.log(`load average ${loadavg()[0].toFixed(1)}`);
