// Sharing a product or an invite as a rich card the bot prepared (issue 27 item 3, docs/decisions/055)
// in Chromium at 390×844: this worker's server has a bot whose Bot API calls go to a local fake
// (e2e/support.ts `withBotApi`), so POST /share/prepare really calls savePreparedInlineMessage; the
// app then asks Telegram's share dialog for that card (web_app_send_prepared_message), and shares
// the link when the dialog fails to send it.
import type { Page } from '@playwright/test';
import { expect, test } from './support.ts';

test.use({ withBotApi: true });

const calls = (page: Page, name: string) =>
  page.evaluate(
    (wanted) => (window.__telegramCalls ?? []).filter((c) => c.name === wanted).map((c) => c.params),
    name,
  );

type Card = {
  input_message_content: { message_text: string };
  reply_markup: { inline_keyboard: { url: string }[][] };
};

test('a product goes as the card the bot prepared; when the dialog fails, as the link', async ({
  page,
  request,
  botApi,
}) => {
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_ASC')).json()) as {
    result: { products: { id: number; title: string }[] };
  };
  const product = list.result.products[0]!;
  await page.goto(`/?id=${product.id}`);
  const drawer = page.getByRole('dialog', { name: product.title });
  await expect(
    drawer.getByRole('button', { name: 'В корзину' }).or(drawer.getByText('Нет в наличии')),
  ).toBeVisible();
  const prepared = () => botApi!.calls.filter((c) => c.method === 'savePreparedInlineMessage');
  const before = prepared().length;

  await drawer.getByRole('button', { name: 'Поделиться' }).click();
  await expect.poll(() => calls(page, 'web_app_send_prepared_message')).toHaveLength(1);
  expect(prepared()).toHaveLength(before + 1);
  const call = prepared().at(-1)!;
  const card = call.body.result as Card;
  expect(card.input_message_content.message_text).toContain(product.title);
  expect(card.reply_markup.inline_keyboard[0]![0]!.url).toContain(`startapp=productId_${product.id}`);
  // The card Telegram is asked to share is the one the bot prepared for this shopper.
  const [sent] = (await calls(page, 'web_app_send_prepared_message')) as { id: string }[];
  expect(sent!.id).toMatch(/^prepared-\d+$/);
  const initUser = await page.evaluate(() => {
    const raw = JSON.parse(sessionStorage.getItem('tapps/launchParams') ?? '""') as string;
    const data = new URLSearchParams(raw).get('tgWebAppData') ?? '';
    return (JSON.parse(new URLSearchParams(data).get('user') ?? '{}') as { id?: number }).id;
  });
  expect(call.body.user_id).toBe(initUser);
  expect(await calls(page, 'web_app_open_tg_link')).toEqual([]);

  // The dialog fails to send it: the link goes through the plain share dialog instead.
  await page.evaluate(() => sessionStorage.setItem('shop/dev-share', 'fail'));
  await drawer.getByRole('button', { name: 'Поделиться' }).click();
  await expect.poll(() => calls(page, 'web_app_send_prepared_message')).toHaveLength(2);
  await expect
    .poll(async () => JSON.stringify(await calls(page, 'web_app_open_tg_link')))
    .toContain(`startapp%3DproductId_${product.id}`);
});

test('an invite goes as the card the bot prepared, with the invite link', async ({
  page,
  request,
  botApi,
}) => {
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Приглашайте друзей' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const referral = (
    (await (
      await request.get('/api/v1/referral', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      result: { link: string };
    }
  ).result;
  const before = botApi!.calls.length;
  await page.getByRole('button', { name: 'Поделиться с другом' }).click();
  await expect.poll(() => calls(page, 'web_app_send_prepared_message')).toHaveLength(1);
  const card = botApi!.calls.slice(before).find((c) => c.method === 'savePreparedInlineMessage')!.body
    .result as Card;
  expect(card.reply_markup.inline_keyboard[0]![0]!.url).toBe(referral.link);
  expect(await calls(page, 'web_app_open_tg_link')).toEqual([]);
});
