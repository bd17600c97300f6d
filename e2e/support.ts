// Helpers shared by the browser tests: a `test` whose worker has its own shop server and whose
// page starts a fresh session, Telegram events into the page, the demo shopper's cart through the
// API, valid test data. Every spec imports `test` and `expect` from here.
import path from 'node:path';
import { test as base, type APIRequestContext, type Page } from '@playwright/test';
import { innControlDigits } from '@shop/contract';
import { resultsDir, startServer, type ShopServer } from './servers.ts';

export const test = base.extend<object, { shop: ShopServer }>({
  /** This worker's own server (e2e/servers.ts): started with the worker, stopped with it. */
  shop: [
    // Playwright reads a fixture's dependencies from this pattern: it must be written, and empty.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(workerInfo.parallelIndex, 240_000);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.url);
  },
  /**
   * Every test starts as a new app session: session storage and the stored filters are cleared on
   * the test's first page load (later loads of the same test keep them, as a reload would).
   */
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e/started')) {
        sessionStorage.clear();
        localStorage.removeItem('filter-storage');
        sessionStorage.setItem('e2e/started', '1');
      }
    });
    await use(page);
  },
});
export { expect } from '@playwright/test';

/**
 * Where a spec's screenshot goes: `screenshots` in the run's results folder, or the folder in `SCREENSHOTS_DIR`
 * (`SCREENSHOTS_DIR=docs/screenshots npx playwright test` refreshes the documentation's pictures).
 * A test run never changes tracked files.
 */
export const shot = (name: string): string =>
  path.join(process.env.SCREENSHOTS_DIR ?? path.join(resultsDir, 'screenshots'), `${name}.png`);

/**
 * Serves the app's pages without the catalogue answers the server writes into the HTML
 * (docs/decisions/033) and the first screen it paints from them (051), as it does when they are over their time budget: the page then fetches
 * them, so a test can hold or fail those calls.
 */
export async function withoutFirstScreenAnswers(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    // Without its answers the server paints no first screen either (docs/decisions/051).
    const body = html
      .replace(/<script type="application\/json" id="first-screen-answers">[\s\S]*?<\/script>/, '')
      .replace(/<div id="first-paint"[\s\S]*?(?=<div id="root">)/, '');
    if (body === html && html.includes('id="first-screen-answers"'))
      throw new Error('answers block not removed');
    await route.fulfill({ response, body });
  });
}

/** Sends Telegram's back_button_pressed event, as the client would. */
export async function pressTelegramBack(page: Page) {
  await page.evaluate(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ eventType: 'back_button_pressed' }),
        source: window.parent,
      }),
    );
  });
}

/** Empties the demo shopper's cart through the API: with the page's own token, or a given one. */
export async function emptyCart(page: Page): Promise<void>;
export async function emptyCart(request: APIRequestContext, token: string): Promise<void>;
export async function emptyCart(target: Page | APIRequestContext, token?: string) {
  if (token !== undefined) {
    const request = target as APIRequestContext;
    const headers = { authorization: `Bearer ${token}` };
    const cart = (await (await request.get('/api/v1/cart', { headers })).json()) as {
      result: { variants: { id: number }[] }[];
    };
    for (const entry of cart.result)
      for (const v of entry.variants)
        if (!(await request.delete(`/api/v1/cart/${v.id}`, { headers })).ok())
          throw new Error(`cart ${v.id}`);
    return;
  }
  const page = target as Page;
  await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const cart = (await (await fetch('/api/v1/cart', { headers })).json()) as {
      result: { variants: { id: number }[] }[];
    };
    for (const entry of cart.result) {
      for (const v of entry.variants) await fetch(`/api/v1/cart/${v.id}`, { method: 'DELETE', headers });
    }
  });
}

/** A valid 12-digit personal INN (both control digits) built from 10 digits. */
export const validInn = (first10: string): string => `${first10}${innControlDigits(first10)}`;
