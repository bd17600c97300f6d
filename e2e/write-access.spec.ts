// Telegram's «allow messages» prompt after an order (docs/decisions/068), in Chromium at 390×844.
// Not under the dev login (which never asks): the page runs inside a stand-in Telegram client
// installed before it loads — launch parameters signed as Telegram signs them for a new shopper
// the bot may not write to, and a webview proxy that records what the app posts and answers it as
// a client does, `web_app_request_write_access` with `write_access_requested`.
import type { APIRequestContext, Page } from '@playwright/test';
import { sign } from '@tma.js/init-data-node';
import { LIGHT_THEME } from '../apps/web/src/telegram/theme.ts';
import { auth, DEV_BOT_TOKEN, expect, saveAddress, savePassport, signInShopper, test, type TelegramUser } from './support.ts';

/** The stand-in's answer to the prompt, per session: `rejected` unless the test says otherwise. */
const ANSWER_KEY = 'e2e/write-access-answer';

function installTelegramClient(page: Page) {
  return page.addInitScript(
    ({ theme, answerKey }) => {
      const calls: { name: string; params: unknown }[] = [];
      window.__telegramCalls = calls;
      const emit = (eventType: string, eventData?: unknown) =>
        window.dispatchEvent(
          new MessageEvent('message', { data: JSON.stringify({ eventType, eventData }), source: window.parent }),
        );
      const answer = (name: string, params: Record<string, unknown> | undefined) => {
        const inset = { top: 0, bottom: 0, left: 0, right: 0 };
        if (name === 'web_app_request_theme') emit('theme_changed', { theme_params: theme });
        else if (name === 'web_app_request_viewport')
          emit('viewport_changed', { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true });
        else if (name === 'web_app_request_safe_area') emit('safe_area_changed', inset);
        else if (name === 'web_app_request_content_safe_area') emit('content_safe_area_changed', inset);
        else if (name === 'web_app_check_home_screen') emit('home_screen_checked', { status: 'added' });
        else if (name === 'web_app_request_write_access')
          emit('write_access_requested', { status: sessionStorage.getItem(answerKey) ?? 'rejected' });
        else if (name === 'web_app_invoke_custom_method') {
          const { method, req_id } = params as { method: string; req_id: string };
          const result = method === 'getStorageValues' ? {} : method === 'getStorageKeys' ? [] : true;
          emit('custom_method_invoked', { req_id, result });
        }
      };
      window.TelegramWebviewProxy = {
        postEvent(name, data) {
          const params = data ? (JSON.parse(data) as Record<string, unknown>) : undefined;
          calls.push({ name, params });
          setTimeout(() => answer(name, params), 0);
        },
      };
    },
    { theme: LIGHT_THEME, answerKey: ANSWER_KEY },
  );
}

/** A paid order of `token`'s shopper (placed and paid through the API); its payment's guid. */
async function paidOrder(request: APIRequestContext, token: string): Promise<string> {
  const deliveryId = await saveAddress(request, token, { is_default: true });
  await savePassport(request, token);
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_ASC')).json()) as {
    result: { products: { id: number }[] };
  };
  for (const { id } of list.result.products.slice(2)) {
    const product = (
      (await (await request.get(`/api/v1/product/${id}`)).json()) as {
        result: { variants: { id: number; qty: number }[] };
      }
    ).result;
    const variant = product.variants.find((v) => v.qty >= 2);
    if (!variant) continue;
    const placed = await request.post('/api/v1/order', {
      headers: { ...auth(token), 'idempotency-key': `write-access-${Date.now()}` },
      data: { items: [{ product_id: id, variant_id: variant.id, quantity: 1 }], delivery_id: deliveryId },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const order = ((await placed.json()) as { result: { id: number } }).result;
    const link = await request.get(`/api/v1/order/payment_url/${order.id}`, { headers: auth(token) });
    expect(link.ok()).toBe(true);
    const { url, transaction_guid } = ((await link.json()) as { result: { url: string; transaction_guid: string } })
      .result;
    const pay = await request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
    expect(pay.status()).toBe(303);
    return transaction_guid;
  }
  throw new Error('no product in stock');
}

const mayWrite = async (request: APIRequestContext, token: string) =>
  ((await (await request.get('/api/v1/profile', { headers: auth(token) })).json()) as {
    result: { bot_may_write: boolean };
  }).result.bot_may_write;

const calls = (page: Page, name: string) =>
  page.evaluate((wanted) => (window.__telegramCalls ?? []).filter((c) => c.name === wanted).length, name);

test('after a paid order inside Telegram the app asks once per session; «allowed» reaches the shop', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user: TelegramUser = { id: 930_000_000 + Math.floor(Math.random() * 1_000_000), first_name: 'Вера' };
  const token = await signInShopper(request, user);
  expect(await mayWrite(request, token)).toBe(false);
  const guid = await paidOrder(request, token);

  const initData = sign(
    { user: { ...user, language_code: 'ru' }, signature: 'e2e', chat_type: 'sender', chat_instance: '1' },
    DEV_BOT_TOKEN,
    new Date(),
  );
  const launch = new URLSearchParams({
    tgWebAppPlatform: 'ios',
    tgWebAppVersion: '8.4',
    tgWebAppData: initData,
    tgWebAppThemeParams: JSON.stringify(LIGHT_THEME),
  });
  const allowedPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/profile/write-access')) allowedPosts.push(r.url());
  });
  await installTelegramClient(page);
  await page.goto(`/payment-await?transaction_guid=${guid}#${launch.toString()}`);
  await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  // Not the dev login: the page is the stand-in client's.
  expect(await page.evaluate(() => sessionStorage.getItem('shop/dev-mock'))).toBeNull();

  // Asked once; the shopper said no: nothing is sent, the bot still may not write.
  await expect.poll(() => calls(page, 'web_app_request_write_access')).toBe(1);
  await expect.poll(() => calls(page, 'web_app_check_home_screen')).toBe(1);
  expect(allowedPosts).toEqual([]);
  expect(await mayWrite(request, token)).toBe(false);

  // The same session again: «Заказ оплачен» without the prompt.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  await expect.poll(() => calls(page, 'web_app_check_home_screen')).toBe(1);
  expect(await calls(page, 'web_app_request_write_access')).toBe(0);

  // A new session (the app opened again) asks again; this time the shopper allows it.
  await page.evaluate((key) => {
    sessionStorage.removeItem('write_access_asked');
    sessionStorage.setItem(key, 'allowed');
  }, ANSWER_KEY);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  await expect.poll(() => calls(page, 'web_app_request_write_access')).toBe(1);
  await expect.poll(() => allowedPosts.length).toBe(1);
  await expect.poll(() => mayWrite(request, token)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
});
