// Framing (docs/product.md §16): the app opens inside a page served as https://web.telegram.org
// (Telegram's web client frames Mini Apps), and the browser refuses to show it framed by any other
// origin; the sandbox payment page and the API are framed by nobody. The outer pages are served by
// Playwright's route fulfilment, so no network is needed.
import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';
import config from '../playwright.config.ts';

// The test server is on 127.0.0.1 while the framing page claims a public origin: Chromium's
// private/local network checks would refuse that frame before the CSP is even read.
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessForNavigations,PrivateNetworkAccessForIframes,LocalNetworkAccessChecks',
    ],
  },
});

const framer = (appUrl: string) =>
  `<!doctype html><title>outer</title><iframe id="app" src="${appUrl}" width="390" height="700"></iframe>`;

/** Serves `origin` with a page framing `appPath` of the shop; resolves with the frame's document state. */
async function frameFrom(page: Page, origin: string, appPath: string, baseURL: string) {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: framer(`${baseURL}${appPath}`) }),
  );
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors|Refused to frame|X-Frame-Options/i.test(m.text())) refused.push(m.text());
  });
  await page.goto(`${origin}/k/`);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  return { frame, refused };
}

test('the app opens framed by https://web.telegram.org', async ({ page, baseURL }) => {
  const { frame, refused } = await frameFrom(page, 'https://web.telegram.org', '/', baseURL!);
  expect(frame).toBeDefined();
  await expect
    .poll(async () => frame!.evaluate(() => document.title).catch(() => ''), { timeout: 15_000 })
    .toBe('Магазин');
  // The app itself rendered inside the frame (not just its HTML).
  await expect(frame!.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible({ timeout: 15_000 });
  expect(refused).toEqual([]);
});

test('any other origin cannot frame the app', async ({ page, baseURL }) => {
  const { frame, refused } = await frameFrom(page, 'https://evil.example', '/', baseURL!);
  await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(refused.join('\n')).toContain('frame-ancestors');
  const title = await frame?.evaluate(() => document.title).catch(() => 'blocked');
  expect(title).not.toBe('Магазин');
});

test('nothing under /api can be framed, not even by Telegram (no clickjacking of «Оплатить»)', async ({
  page,
  baseURL,
}) => {
  const { refused } = await frameFrom(page, 'https://web.telegram.org', '/api/docs', baseURL!);
  await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
});

test('the API docs still work under their policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByText('Shop mini-app API')).toBeVisible({ timeout: 15_000 });
  expect(violations).toEqual([]);
});
