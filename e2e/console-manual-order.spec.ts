// A manual order (issue 28 item 6) in Chromium against the real API and database: a shopper who
// ordered in a chat (passport and an address saved through the shop's API); the demo owner opens
// «Заказы» → «Новый заказ», finds the shopper by @username, adds a line found by search, picks a new
// pickup point (a city, then a point, as at checkout) and places the order: the order card shows it
// awaiting payment and the bot's payment link among «Сообщения покупателю» (the dev server's
// outbox: with the made-up dev token messages wait there). Then «Изменить доставку» moves it back
// to the shopper's saved address and the shopper's message says so. Both pages are photographed at
// 390×844 and 1440×900 (`console-order-new-*.png`, `console-order-delivery-*.png`).
import { sign } from '@tma.js/init-data-node';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, shot, test, validInn } from './support.ts';

test.use({ deviceScaleFactor: 1 });

/** The made-up dev token the server checks init data against without BOT_TOKEN (not a secret). */
const DEV_BOT_TOKEN = '1234567890:DEV-made-up-token-not-a-real-bot-xx';
const SHOPPER_ID = 920_000_128;
const USERNAME = `chat_${SHOPPER_ID}`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function chatShopper(request: APIRequestContext): Promise<string> {
  const initData = sign(
    {
      user: {
        id: SHOPPER_ID,
        first_name: 'Лиза',
        last_name: 'Чатова',
        username: USERNAME,
        language_code: 'ru',
      },
      signature: 'e2e',
      chat_type: 'sender',
      chat_instance: '1',
    },
    DEV_BOT_TOKEN,
    new Date(),
  );
  const res = await request.post('/api/v1/tg/auth', { data: { initData } });
  expect(res.ok(), await res.text()).toBe(true);
  const token = ((await res.json()) as { result: string }).result;
  const passport = await request.put('/api/v1/passport', {
    headers: auth(token),
    data: {
      last_name: 'Чатова',
      first_name: 'Лиза',
      middle_name: '',
      birth_date: '1992-05-06',
      series: '4511',
      number: '123128',
      issue_date: '2012-07-08',
      inn: validInn('7707000128'),
      email: 'liza@example.com',
    },
  });
  expect(passport.ok(), await passport.text()).toBe(true);
  const address = await request.post('/api/v1/delivery', {
    headers: auth(token),
    data: {
      city: 'Казань',
      address: 'ул. Пушкина, 12',
      fio: 'Лиза',
      last_name: 'Чатова',
      phone_number: '+79170000128',
    },
  });
  expect(address.ok(), await address.text()).toBe(true);
  return token;
}

/** A product on sale with a variant of at least two units: its title. */
async function productInStock(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_DESC')).json()) as {
    result: { products: { id: number; title: string }[] };
  };
  for (const { id, title } of list.result.products) {
    const product = (await (await request.get(`/api/v1/product/${id}`)).json()) as {
      result: { variants: { qty: number }[] };
    };
    if (product.result.variants.some((v) => v.qty >= 2)) return title;
  }
  throw new Error('no product in stock');
}

async function photograph(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot(`console-${name}-390`) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: shot(`console-${name}-1440`) });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('console: «Новый заказ» for a shopper from a chat sends the payment link; the delivery changes before it ships', async ({
  page,
  request,
}) => {
  const shopperToken = await chatShopper(request);
  const title = await productInStock(request);

  await page.goto('/admin/orders');
  await page.getByRole('link', { name: '+ Новый заказ' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/new$/);

  await page.getByRole('searchbox', { name: 'Поиск покупателя' }).fill(`@${USERNAME}`);
  const found = page.getByRole('list', { name: 'Найденные покупатели' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Лиза Чатова');
  await found.getByRole('button', { name: 'Выбрать' }).click();
  await expect(page.getByTestId('manual-shopper')).toContainText('Лиза Чатова');

  await page.getByRole('searchbox', { name: 'Поиск товара' }).fill(title);
  await page
    .getByRole('list', { name: 'Найденные товары' })
    .getByRole('button', { name: title })
    .first()
    .click();
  const variants = page.getByRole('list', { name: `Варианты: ${title}` });
  await variants.getByRole('button', { name: 'Добавить' }).and(page.locator(':enabled')).first().click();
  const lines = page.getByRole('list', { name: 'Товары заказа' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await lines.getByRole('spinbutton').fill('2');

  // A new pickup point, as at checkout: a city by its first letters, then a point.
  await page.getByRole('radio', { name: 'Новый пункт выдачи' }).check();
  await page.getByRole('searchbox', { name: 'Город' }).fill('моск');
  await page.getByRole('list', { name: 'Города' }).getByRole('button', { name: 'Москва, Россия', exact: true }).click();
  const point = page.getByRole('combobox', { name: 'Пункт выдачи' });
  await expect(point.locator('option').nth(1)).toBeAttached();
  await point.selectOption({ index: 1 });
  await expect(page.getByRole('textbox', { name: 'Имя получателя' })).toHaveValue('Лиза');
  await expect(page.getByRole('textbox', { name: 'Телефон получателя' })).toHaveValue('+79170000128');
  await photograph(page, 'order-new');

  await page.getByRole('button', { name: 'Оформить и отправить ссылку' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  const orderId = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText('Ожидает оплаты').first()).toBeVisible();
  const messages = page.locator('section[aria-labelledby="notifications-title"]');
  await expect(messages).toContainText(`Мы оформили для вас заказ №${orderId}`);

  // The shopper sees it among their orders, awaiting payment, with the point chosen.
  const mine = (await (
    await request.get('/api/v1/order/detail', { headers: auth(shopperToken) })
  ).json()) as {
    result: { orders: { id: number; status: string; delivery: { kind: string } }[] };
  };
  const placed = mine.result.orders.find((o) => o.id === orderId);
  expect(placed).toMatchObject({ status: 'awaiting_payment', delivery: { kind: 'pickup' } });

  // Before it ships the delivery may change: back to the shopper's saved address in Kazan.
  await page.getByRole('button', { name: 'Изменить доставку' }).click();
  await page.getByRole('radio', { name: /Казань, ул\. Пушкина, 12/ }).check();
  await photograph(page, 'order-delivery');
  await page.getByRole('button', { name: 'Сохранить доставку' }).click();
  await expect(page.locator('section[aria-labelledby="delivery-title"]')).toContainText(
    'Казань, ул. Пушкина, 12',
  );
  await expect(messages).toContainText(
    `Мы изменили доставку заказа №${orderId}: адрес — Казань, ул. Пушкина, 12.`,
  );
});
