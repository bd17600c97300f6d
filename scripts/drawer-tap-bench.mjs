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
// LAYER=favorites|search|sizechart|lightbox measures instead the *first* opening of another lazy
// layer, in RUNS fresh page loads (a new browser context each, nothing cached): tap → the first
// paint after the layer's element is in the page (a MutationObserver, then the frame's paint:
// requestAnimationFrame → setTimeout, as the drawer's own marks). The tap's time is its `pointerup`.
// favorites: the first «В избранное» heart on the home page; search: the home page's search field;
// sizechart / lightbox: in the product drawer (opened first, its content shown), the size-chart link
// or the gallery's first picture. EARLY=1 taps (the heart, the search field, the product card) as
// soon as they show, before the first screen is idle; otherwise after networkidle + 4 s.
// Usage: node scripts/drawer-tap-bench.mjs   (server running: npm start; BASE, RUNS, CATEGORY, EARLY, LAYER)
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
const layer = process.env.LAYER ?? 'drawer';
if (layer !== 'drawer') {
  await benchLayer(layer);
  process.exit(0);
}
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

/** Waits (on a fresh page) for the first screen to be idle, unless EARLY=1. */
async function settle(page) {
  if (process.env.EARLY === '1') return;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(4000);
}

/** Taps `trigger` and resolves to tap (pointerup) → the first paint with `selector` in the page. */
async function tapUntilShown(page, trigger, selector) {
  await trigger.scrollIntoViewIfNeeded();
  await page.evaluate((sel) => {
    window.__layerShown = new Promise((resolve) => {
      let start = null;
      document.addEventListener('pointerup', (e) => (start ??= e.timeStamp), { capture: true, once: true });
      const check = () => {
        if (!document.querySelector(sel)) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      };
      const observer = new MutationObserver(check);
      observer.observe(document.documentElement, { childList: true, subtree: true });
    });
  }, selector);
  await trigger.tap();
  return Math.round(await page.evaluate(() => window.__layerShown));
}

/** Opens the product drawer of the first card of CATEGORY whose drawer has `inside`; null if none. */
async function openDrawerWith(page, inside) {
  const cards = page.locator('.product-card__info');
  await cards.first().waitFor();
  await settle(page);
  for (let i = 0; i < 12; i += 1) {
    await cards.nth(i).scrollIntoViewIfNeeded();
    await cards.nth(i).tap();
    await page.waitForFunction(() => performance.getEntriesByName('product-drawer-content').length > 0);
    await page.locator('.product-drawer .gallery').waitFor();
    if ((await page.locator(inside).count()) > 0) return page.locator(inside).first();
    await page.evaluate(() => {
      performance.clearMarks('product-drawer-content');
      window.history.back();
    });
    await page.locator('.product-drawer').waitFor({ state: 'detached' });
  }
  return null;
}

async function benchLayer(name) {
  const results = [];
  for (let run = 1; run <= Math.max(runs, 1); run += 1) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    let ms;
    if (name === 'favorites') {
      await page.goto(`${base}/`);
      const heart = page
        .locator('.product-row__card .favorite-heart[aria-pressed="false"]:not([disabled])')
        .first();
      await heart.waitFor();
      await settle(page);
      ms = await tapUntilShown(page, heart, '.favorite-drawer');
    } else if (name === 'search') {
      await page.goto(`${base}/`);
      const field = page.getByRole('searchbox', { name: 'Поиск товаров' });
      await field.waitFor();
      await settle(page);
      ms = await tapUntilShown(page, field, '.search-overlay');
    } else if (name === 'sizechart' || name === 'lightbox') {
      await page.goto(`${base}/catalog/${category}`);
      const trigger = await openDrawerWith(
        page,
        name === 'sizechart' ? '.product-drawer__size-chart' : '.product-drawer .gallery__slide',
      );
      if (!trigger) throw new Error(`no product in category ${category} has a ${name}`);
      ms = await tapUntilShown(page, trigger, name === 'sizechart' ? '.size-chart' : '.yarl__root');
    } else {
      throw new Error(`LAYER=${name}: drawer, favorites, search, sizechart or lightbox`);
    }
    results.push({
      layer: name,
      run,
      firstOpenMs: ms,
      early: process.env.EARLY === '1',
      load: loadavg()[0].toFixed(1),
    });
    await context.close();
  }
  await browser.close();
  console.table(results);
  const sorted = results.map((r) => r.firstOpenMs).sort((a, b) => a - b);
  console.log(
    `${name} first opening: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
  );
}
