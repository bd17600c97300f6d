// Helpers shared by the browser tests: a `test` whose worker has its own shop server and whose
// page starts a fresh session, signing in (the demo shopper's page, another shopper through the
// API), Telegram events into the page, the demo shopper's cart through the API, valid test data.
// Every spec imports `test` and `expect` from here.
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { innControlDigits } from '@shop/contract';
import { sign } from '@tma.js/init-data-node';
import { startFakeBotApi, type FakeBotApi } from '../apps/api/src/test/fake-bot-api.ts';
import { DARK_THEME, LIGHT_THEME } from '../apps/web/src/telegram/theme.ts';
import { resultsDir, startServer, type ShopServer } from './servers.ts';

/** A made-up token for a worker whose bot talks to the local fake Bot API. */
const FAKE_BOT_TOKEN = '7000000001:e2e-fake-bot-api-token';

type WorkerFixtures = {
  shop: ShopServer;
  /** `test.use({ withBotApi: true })`: the worker's server has a bot, whose calls go to `botApi`. */
  withBotApi: boolean;
  /** The local fake Bot API of such a worker (apps/api/src/test/fake-bot-api.ts); else undefined. */
  botApi: FakeBotApi | undefined;
};

export const test = base.extend<object, WorkerFixtures>({
  withBotApi: [false, { scope: 'worker', option: true }],
  botApi: [
    async ({ withBotApi }, use) => {
      const fake = withBotApi ? await startFakeBotApi() : undefined;
      try {
        await use(fake);
      } finally {
        await fake?.close();
      }
    },
    { scope: 'worker' },
  ],
  /** This worker's own server (e2e/servers.ts): started with the worker, stopped with it. */
  shop: [
    async ({ botApi }, use, workerInfo) => {
      const server = await startServer(
        workerInfo.parallelIndex,
        240_000,
        botApi ? { BOT_TOKEN: FAKE_BOT_TOKEN, BOT_API_ROOT: botApi.apiRoot } : {},
      );
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
export { expect };

/** The made-up dev token the server checks init data against without BOT_TOKEN (apps/api/src/env.ts; not a secret, never a real bot). */
export const DEV_BOT_TOKEN = '1234567890:DEV-made-up-token-not-a-real-bot-xx';

/** The API's bearer header for a session token. */
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The demo shopper's session token, once the app has signed in on the profile page. */
export async function signIn(page: Page): Promise<string> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  return token!;
}

export type TelegramUser = { id: number; first_name: string; last_name?: string; username?: string };

/**
 * Signs another shopper in with init data signed by the dev bot token, as Telegram would (opened
 * by `startParam` when given); returns the session token.
 */
export async function signInShopper(
  request: APIRequestContext,
  user: TelegramUser,
  startParam?: string,
): Promise<string> {
  const initData = sign(
    {
      user: { ...user, language_code: 'ru' },
      signature: 'e2e',
      chat_type: 'sender',
      chat_instance: '1',
      ...(startParam ? { start_param: startParam } : {}),
    },
    DEV_BOT_TOKEN,
    new Date(),
  );
  const res = await request.post('/api/v1/tg/auth', { data: { initData } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { result: string }).result;
}

/**
 * Where a spec's screenshot goes: `screenshots` in the run's results folder, or the folder in `SCREENSHOTS_DIR`
 * (`SCREENSHOTS_DIR=docs/screenshots npx playwright test` refreshes the documentation's pictures).
 * A test run never changes tracked files.
 */
export const shot = (name: string): string =>
  path.join(process.env.SCREENSHOTS_DIR ?? path.join(resultsDir, 'screenshots'), `${name}.png`);

/**
 * Turns Telegram's theme to `scheme` on the open page, as a phone switched to it does (the system's
 * scheme changes, the client sends the other palette: the dev mock, telegram/mock-env.ts), and
 * waits until the page paints with it.
 */
export async function switchScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const bg = (scheme === 'dark' ? DARK_THEME : LIGHT_THEME).bg_color;
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color')),
    )
    .toBe(bg);
}

/**
 * One state of a page photographed in both of Telegram's themes: `${name}-light` as it is, then the
 * theme switched to dark (`switchScheme`) for `${name}-dark` with transitions finished, and back
 * to light. A walk that only photographs in dark runs once, in light, instead of twice.
 */
export async function shotBothSchemes(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  await page.screenshot({ ...options, path: shot(`${name}-light`) });
  await switchScheme(page, 'dark');
  await page.screenshot({ ...options, animations: 'disabled', path: shot(`${name}-dark`) });
  await switchScheme(page, 'light');
}

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

/**
 * The signal that the app has decided on the invite-reward sheet (app-shell.tsx): starts waiting
 * for its one question to the server, `GET /api/v1/referral/unseen-reward`, asked once the first
 * screen is idle. The returned function resolves with the answer's reward (or null), the rewards
 * this device has already shown, once the page's main thread has gone idle after the answer, so a
 * sheet the app meant to open would have started loading: a test that proves the sheet did not
 * open waits on this, not on a fixed sleep.
 */
export function rewardCheck(page: Page): () => Promise<{ reward: { id: number } | null; seen: number[] }> {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/referral/unseen-reward' && r.request().method() === 'GET',
  );
  return async () => {
    const response = await answered;
    expect(response.status()).toBe(200);
    const { result } = (await response.json()) as { result: { id: number } | null };
    await idle(page);
    const seen = await page.evaluate(
      () => JSON.parse(localStorage.getItem('shop/seen-invite-rewards') ?? '[]') as number[],
    );
    return { reward: result, seen };
  };
}

/**
 * Resolves once the page's main thread has gone idle: what the page had queued (React's effects,
 * the handling of an answer that came in, the navigation an effect started) has run. A test that
 * proves something did not happen waits on this after the event that would have caused it, not on
 * a fixed sleep.
 */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
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

type Person = { last_name?: string; first_name?: string };

/** A passport a checkout accepts (PUT /passport); `who` names the person where a test shows it. */
export async function savePassport(request: APIRequestContext, token: string, who: Person = {}) {
  const res = await request.put('/api/v1/passport', {
    headers: auth(token),
    data: {
      last_name: 'Смирнова',
      first_name: 'Анна',
      middle_name: '',
      birth_date: '1992-03-04',
      series: '9204',
      number: '654321',
      issue_date: '2012-04-10',
      inn: validInn('1655000000'),
      email: 'anna@example.com',
      ...who,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A delivery address (POST /delivery), by default in Kazan; returns its id. */
export async function saveAddress(
  request: APIRequestContext,
  token: string,
  fields: Person & {
    city?: string;
    /** The carrier's city (GET /delivery/cities): a product page then shows the delivery dates. */
    city_code?: number;
    address?: string;
    fio?: string;
    phone_number?: string;
    is_default?: boolean;
  } = {},
): Promise<number> {
  const { first_name: fio = 'Анна', ...rest } = fields;
  const res = await request.post('/api/v1/delivery', {
    headers: auth(token),
    data: {
      city: 'Казань',
      address: 'ул. Баумана, 10',
      fio,
      last_name: 'Смирнова',
      phone_number: '+79270000000',
      ...rest,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { result: { id: number } }).result.id;
}

/** Deletes every saved delivery address of the shopper. */
export async function deleteAddresses(request: APIRequestContext, token: string) {
  const list = (await (await request.get('/api/v1/delivery', { headers: auth(token) })).json()) as {
    result: { id: number }[];
  };
  for (const { id } of list.result)
    expect((await request.delete(`/api/v1/delivery/${id}`, { headers: auth(token) })).ok()).toBe(true);
}
