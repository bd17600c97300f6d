import { expect, test } from './support.ts';

test('opens the shop at a phone size, signs in through dev login and shows the five tabs', async ({
  page,
}, testInfo) => {
  const authAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/tg/auth')) authAnswers.push(response.status());
  });

  await page.goto('/');

  const bar = page.getByRole('navigation', { name: 'Основная навигация' });
  await expect(bar).toBeVisible();
  const tabs = bar.getByRole('link');
  // The basket tab carries the cart's count when earlier specs left lines in the demo cart
  // (its own test: shell.spec.ts «the basket tab shows the cart count…»).
  await expect(tabs).toHaveText(['Главная', 'Избранное', 'Каталог', /^\d*Корзина$/, 'Профиль']);
  await expect(page.getByText('Здравствуйте, Анна!')).toBeVisible();
  expect(authAnswers).toEqual([200]);

  // The token is kept where the spec says, and the app told Telegram it is ready.
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const calls = await page.evaluate(() => (window.__telegramCalls ?? []).map((c) => c.name));
  expect(calls).toContain('web_app_ready');
  expect(calls).toContain('web_app_expand');

  // The page never grows wider than 640 px.
  await page.setViewportSize({ width: 1024, height: 800 });
  const width = await bar.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(640);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.screenshot({ path: testInfo.outputPath('home-390x844.png') });
});

test('an unbuilt page shows its title without navigation; a built one loads with navigation', async ({
  page,
}) => {
  await page.goto('/bonus');
  await expect(page.getByRole('heading', { name: 'Бонусы' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toHaveCount(0);
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { name: 'Избранное' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();
});

test('outside Telegram without dev login the page shows "error"', async ({ page }) => {
  await page.route('**/api/v1/dev/init-data', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"error":{"code":"not_found","message":"no"}}',
    }),
  );
  await page.goto('/');
  await expect(page.getByText('error', { exact: true })).toBeVisible();
});

test('the home page loads its code in a few scripts, each once, and never the stylesheet it has inline', async ({
  page,
}) => {
  const scripts: { file: string; at: number }[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (file.endsWith('.js')) scripts.push({ file, at: Date.now() });
    if (file.endsWith('.css')) stylesheets.push(file);
  });
  await page.goto('/');
  await expect(page.locator('.product-row__card[data-product-id]').first()).toBeVisible();
  // Code asked for once the first screen is idle (the SDK, the drawers, the search overlay) comes
  // after this mark (lib/first-screen-idle.ts), and is not the first screen's.
  await page.waitForFunction(() => performance.getEntriesByName('shop:preload').length > 0);
  const idleAt = await page.evaluate(
    () => performance.timeOrigin + performance.getEntriesByName('shop:preload')[0]!.startTime,
  );
  // The first screen's code comes in a handful of chunks, not thirty (docs/decisions/043).
  expect(scripts.filter((s) => s.at < idleAt).length).toBeLessThanOrEqual(8);
  await page.waitForLoadState('networkidle');
  const files = scripts.map((s) => s.file);
  expect(new Set(files).size).toBe(files.length);
  expect(new Set(stylesheets).size).toBe(stylesheets.length);
  // The entry stylesheet is inline, and on a page the server paints (decision 051) the app's and
  // the page's too; each link is kept disabled, so neither the page nor Vite's loader asks for it.
  const inline = await page
    .locator('link[rel="stylesheet"][disabled]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(inline.length).toBeGreaterThanOrEqual(1);
  for (const href of inline) {
    expect(href).toMatch(/^\/assets\/.+\.css$/);
    expect(stylesheets).not.toContain(href);
  }
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
});
