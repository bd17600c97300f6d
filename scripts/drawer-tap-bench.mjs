// Benchmark (docs/benchmarks.md): the product drawer visible ≤ 150 ms after the tap. Opens
// BASE/catalog/{id} at 390×844 in Debian's Chromium (isMobile, touch), waits until the page is
// idle (the drawer's code preloads after the first screen), then taps RUNS different cards. The
// app marks `product-tap` on the tap and `product-drawer-visible` / `product-drawer-content`
// after the sheet's and the product's first paint; this prints tap→mark for each run.
// EARLY=1 first taps a card as soon as the cards show, before the page is idle (the drawer's code
// not preloaded yet): that tap is run 0. Each row carries the machine's load average.
// "Visible" is the first paint of the sheet (the frame in which it starts vaul's 0.5 s slide-in,
// the skeleton or the product in it); "content" the first paint with the product's body.
// Layout shifts: every `layout-shift` entry from the tap until SETTLE_MS (default 1500) after the
// content mark, while the pictures, the price and similar products arrive, is summed in `shift`
// (those within 0.5 s of the tap included, which CLS itself leaves out); `shifted` names the
// moved elements. Any shift fails the target.
// Usage: node scripts/drawer-tap-bench.mjs   (server running: npm start; BASE, RUNS, CATEGORY, EARLY)
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';

const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const runs = Number(process.env.RUNS ?? 10);
const category = process.env.CATEGORY ?? '1';
const settleMs = Number(process.env.SETTLE_MS ?? 1500);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
await page.goto(`${base}/catalog/${category}`);
const cards = page.locator('.product-card__info');
await cards.first().waitFor();
const early = process.env.EARLY === '1';
if (!early) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(4000);
}

const results = [];
for (let i = early ? -1 : 0; i < runs; i += 1) {
  if (i === 0 && early) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(4000);
  }
  const card = cards.nth(Math.max(i, 0) + (early ? 1 : 0));
  await card.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    performance.clearMarks();
    const shifts = [];
    window.__drawerShifts = shifts;
    window.__drawerShiftObserver?.disconnect();
    window.__drawerShiftObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const moved = entry.sources.map((s) => s.node?.className || s.node?.nodeName || '?').join(',');
        shifts.push({ value: entry.value, moved });
      }
    });
    window.__drawerShiftObserver.observe({ type: 'layout-shift' });
  });
  await card.tap();
  await page.locator('.product-drawer__head').waitFor();
  await page.waitForFunction(() => performance.getEntriesByName('product-drawer-content').length > 0);
  await page.waitForTimeout(settleMs);
  const [visible, content, shifts] = await page.evaluate(() => {
    const tap = performance.getEntriesByName('product-tap')[0].startTime;
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime - tap;
    window.__drawerShiftObserver.disconnect();
    return [at('product-drawer-visible'), at('product-drawer-content'), window.__drawerShifts];
  });
  results.push({
    run: i + 1,
    visibleMs: Math.round(visible),
    contentMs: Math.round(content),
    shift: Number(shifts.reduce((sum, s) => sum + s.value, 0).toFixed(4)),
    shifted: [...new Set(shifts.map((s) => s.moved))].join(' ').slice(0, 60),
    load: loadavg()[0].toFixed(1),
  });
  await page.evaluate(() =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ eventType: 'back_button_pressed' }),
        source: window.parent,
      }),
    ),
  );
  await page.locator('.product-drawer').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
}
await browser.close();
console.table(results);
const sorted = (key) => results.map((r) => r[key]).sort((a, b) => a - b);
const median = (key) => sorted(key)[Math.floor(results.length / 2)];
console.log(
  `visible: median ${median('visibleMs')} ms, max ${Math.max(...sorted('visibleMs'))} ms; ` +
    `content: median ${median('contentMs')} ms, max ${Math.max(...sorted('contentMs'))} ms; ` +
    `layout shift: max ${Math.max(...sorted('shift'))}`,
);
