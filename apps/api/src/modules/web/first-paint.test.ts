// The first screen painted by the HTML (first-paint.ts, docs/decisions/051): home and a category's
// grid come painted from the catalogue's answers, before <div id="root">, inert and hidden from
// assistive technology, with every catalogue text escaped and the page's stylesheets inline; a
// page the answers do not give (unknown category) is served as before. That React replaces it
// without a jump is e2e/first-paint.spec.ts.
import { eq } from 'drizzle-orm';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { escapeHtml } from './first-paint.ts';

const PARENT = 7101;
const CHILD = 7102;
const EVIL = 'Кеды </script><script>alert(1)</script> "$&" $1 <img src=x onerror=alert(2)>';
const html = [
  '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>Магазин</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '</head><body><div id="root"><div class="fullscreen-center" role="status"></div></div></body></html>',
].join('');
const manifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true },
  'src/app/render-app.tsx': { file: 'assets/render-app-1.js', css: ['assets/app-1.css'] },
  'src/app/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_shop-1.js'] },
  'src/app/routes/home-prefetch.ts': { file: 'assets/home-prefetch-1.js' },
  'src/app/routes/catalog.tsx': { file: 'assets/catalog-1.js' },
  'src/app/routes/catalog-category.tsx': { file: 'assets/catalog-category-1.js', imports: ['_shop-1.js'] },
  'src/app/product-drawer-composed.tsx': { file: 'assets/drawer-1.js', css: ['assets/drawer-1.css'] },
  '_shop-1.js': { file: 'assets/shop-1.js', css: ['assets/shop-1.css'] },
};

let t: TestApp;
let webDist: string;
let evil: number;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'shop-web-paint-'));
  await mkdir(path.join(webDist, 'assets'));
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(path.join(webDist, 'index.html'), html);
  await writeFile(path.join(webDist, 'assets/app-1.css'), '.layout{margin:0 auto}');
  await writeFile(path.join(webDist, 'assets/shop-1.css'), '.product-card{display:flex}');
  await writeFile(path.join(webDist, 'assets/drawer-1.css'), '.drawer{position:fixed}');
  await writeFile(path.join(webDist, '.vite/manifest.json'), JSON.stringify(manifest));
  t = await buildTestApp({ webDist, firstScreenBudgetMs: 30_000 });
  await t.app.db.insert(categories).values([
    { id: PARENT, name: 'Обувь <b>&</b>', position: 900 },
    { id: CHILD, name: 'Кеды "для бега"', parentId: PARENT, position: 0 },
  ]);
  const plain = await insertProduct(t.app.db, { variants: [{ price: 4100, color: 'синий' }] });
  const bad = await insertProduct(t.app.db, { title: EVIL });
  for (const { product } of [plain, bad]) {
    await t.app.db
      .update(products)
      .set({ categoryIds: [CHILD] })
      .where(eq(products.id, product.id));
  }
  evil = bad.product.id;
  t.app.catalogCache.invalidate();
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const page = async (url: string) => (await t.app.inject({ url })).body;
/** The painted screen: what stands between <body> and <div id="root">. */
const paintOf = (body: string) => /<body>(.*?)<div id="root">/s.exec(body)?.[1] ?? '';

describe('first paint from the HTML', () => {
  it('a category page comes painted before the app: title, chips, count and the first cards, inert', async () => {
    const body = await page(`/catalog/${CHILD}`);
    const paint = paintOf(body);
    // Hidden while the parser writes it, shown whole once its end is written (nothing of it moves
    // as the rest arrives: e2e/first-paint.spec.ts lays every prefix out).
    expect(paint).toMatch(
      /^<style data-first-paint="parsing">\.first-paint,\.first-paint-drawer\{visibility:hidden\}<\/style><div id="first-paint" class="first-paint" aria-hidden="true" inert>/,
    );
    expect(paint).toMatch(
      /<\/div><style data-first-paint="parsed">\.first-paint,\.first-paint-drawer\{visibility:visible\}<\/style>$/,
    );
    expect(paint).toContain('<h1 class="page-title">Кеды &quot;для бега&quot;</h1>');
    // The breadcrumbs name the parent, escaped.
    expect(paint).toContain(`<a href="/catalog/${PARENT}">Обувь &lt;b&gt;&amp;&lt;/b&gt;</a>`);
    expect(paint).toContain('<p class="catalog-toolbar__total">2 товара</p>');
    expect(paint).toContain('4\u00a0100\u00a0₽');
    expect(paint.match(/<article class="product-card"/g)).toHaveLength(2);
    // §4's spinner shows over it until the session has started.
    expect(paint).toContain(
      '<div class="first-paint__spinner" role="status" aria-label="Загрузка"><svg class="spinner"',
    );
    // A leaf category has no category sheet, as the app's toolbar.
    expect(paint).not.toContain('aria-label="Категория"');
    // The app's and the page's stylesheets come inline (the paint needs them before any script),
    // each with its disabled link for Vite's loader, and are not preloaded as well.
    expect(body).toContain(
      '<style>.layout{margin:0 auto}</style><link rel="stylesheet" href="/assets/app-1.css" disabled>',
    );
    expect(body).toContain(
      '<style>.product-card{display:flex}</style><link rel="stylesheet" href="/assets/shop-1.css" disabled>',
    );
    expect(body).not.toContain('as="style" crossorigin href="/assets/app-1.css"');
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/catalog-category-1.js" fetchpriority="low">',
    );
  });

  it('every catalogue text is escaped: a title cannot open markup or end an attribute', async () => {
    const paint = paintOf(await page(`/catalog/${CHILD}`));
    const escaped = escapeHtml(EVIL);
    expect(escaped).toBe(
      'Кеды &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;$&amp;&quot; $1 &lt;img src=x onerror=alert(2)&gt;',
    );
    expect(paint).toContain(`<span class="product-card__title">${escaped}</span>`);
    expect(paint).toContain(`aria-label="${escaped}"`);
    expect(paint).not.toContain('<script>');
    expect(paint).not.toContain('<img src=x');
    // The only elements are the page's own: no tag the data brought.
    const tags = new Set([...paint.matchAll(/<([a-z0-9]+)[\s>]/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(
      [
        'a',
        'article',
        'button',
        'circle',
        'div',
        'h1',
        'img',
        'li',
        'main',
        'nav',
        'p',
        'path',
        'rect',
        'section',
        'span',
        'style',
        'svg',
        'ul',
      ].sort(),
    );
  });

  it('a product’s address: the grid and, over it, the drawer’s sheet at rest with its first picture (decision 064)', async () => {
    const body = await page(`/catalog/${CHILD}?id=${evil}`);
    const paint = paintOf(body);
    expect(paint).toContain('<ul class="card-grid product-grid"');
    // The sheet after the page's copy (the app removes the two apart), inert and hidden as well.
    const sheet = paint.slice(paint.indexOf('<div id="first-paint-drawer"'));
    expect(sheet).toMatch(
      /^<div id="first-paint-drawer" class="first-paint-drawer" aria-hidden="true" inert><div class="drawer-overlay"><\/div><div class="drawer drawer--full product-sheet">/,
    );
    expect(paint.indexOf('<div id="first-paint"')).toBeLessThan(
      paint.indexOf('<div id="first-paint-drawer"'),
    );
    // Its picture is the one the head preloads (the gallery's first, 600 wide), eager and first.
    const preloaded = /<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/.exec(body)?.[1];
    expect(preloaded).toMatch(/^\/img\/w600\//);
    expect(sheet).toContain(
      `<img loading="eager" fetchpriority="high" class="product-image" alt="${escapeHtml(EVIL)}" decoding="async" src="${preloaded}">`,
    );
    expect(sheet).not.toContain('<script>');
    // The sheet's stylesheet comes inline, as the page's, not preloaded.
    expect(body).toContain(
      '<style>.drawer{position:fixed}</style><link rel="stylesheet" href="/assets/drawer-1.css" disabled>',
    );
    expect(body).not.toContain('as="style" crossorigin href="/assets/drawer-1.css"');
    // The app's, the page's and the drawer's code: listed for the entry to ask for after the
    // picture's paint, not preloaded by the HTML (decision 069); the entry's own chunks are.
    expect(body).toContain(
      '<meta name="modules-after-paint" content="/assets/render-app-1.js /assets/catalog-category-1.js /assets/shop-1.js /assets/home-prefetch-1.js /assets/drawer-1.js">',
    );
    expect(body).not.toContain('rel="modulepreload"');
    expect(body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    // The grid under the sheet is hidden by it: its pictures are not preloaded and ask for the
    // link after the sheet's picture.
    expect(body.match(/<link rel="preload" as="image"/g)).toHaveLength(1);
    const grid = paint.slice(0, paint.indexOf('<div id="first-paint-drawer"'));
    expect(grid).toContain('<img loading="eager" fetchpriority="low" class="product-image"');
    expect(grid).not.toContain('fetchpriority="high"');
  });

  it('an unknown product’s address: the grid alone, the drawer’s stylesheet preloaded', async () => {
    const body = await page(`/catalog/${CHILD}?id=99999999`);
    expect(paintOf(body)).toContain('<ul class="card-grid product-grid"');
    expect(body).not.toContain('<div id="first-paint-drawer"');
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/drawer-1.css">');
  });

  it('home comes painted down to «Популярное», with a blank greeting line (the name comes with the session)', async () => {
    const body = await page('/');
    const paint = paintOf(body);
    expect(paint).toContain('<h1 class="page-title">Главная</h1><p class="home-greeting">\u00a0</p>');
    expect(paint).toContain('<section class="onboarding" aria-label="Знакомство с магазином">');
    expect(paint).toContain(`href="/catalog/${PARENT}" style="--tint: `);
    expect(paint).toContain('>Обувь &lt;b&gt;&amp;&lt;/b&gt;</span>');
    expect(paint).toContain('<section class="product-row" aria-label="Популярное">');
    expect(paint).toContain('<a aria-current="page" class="bottom-bar__tab active" href="/">');
  });

  it('a page the answers do not give is served as before: no paint, the stylesheets preloaded', async () => {
    for (const url of ['/catalog/999999', '/catalog', '/basket']) {
      const body = await page(url);
      expect(body, url).not.toContain('first-paint');
      expect(body, url).toContain('<link rel="preload" as="style" crossorigin href="/assets/app-1.css">');
    }
  });
});
