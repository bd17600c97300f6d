// The programmes (docs/product.md §13) in Chromium at 390×844 against the real API: a friend
// arrives by the demo shopper's invite link and completes a first order (the reward arrives and
// its sheet opens by itself), the demo shopper applies as a blogger and approves themself in the
// console (they own the demo shop), a new buyer arrives by the blogger's link and orders, the
// blogger withdraws and the console pays it, the blogger's picks show on their public page found
// through the search, and the demo shopper pays part of an order with bonuses. Every page is
// photographed in light and dark (`shot()` in support.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import {
  auth,
  expect as baseExpect,
  emptyCart,
  pressTelegramBack,
  rewardCheck,
  saveAddress,
  savePassport,
  shot,
  shotBothSchemes,
  signInShopper,
  test,
  validInn,
} from './support.ts';

// Sessions start slowly on a busy machine (dev login, then the page's own calls).
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ deviceScaleFactor: 1 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

type Json = Record<string, unknown>;

async function getJson<T = Json>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { result: T }).result;
}

/** Signs another shopper in as Telegram would, opened by a start parameter. */
const signInTester = (request: APIRequestContext, id: number, firstName: string, startParam: string) =>
  signInShopper(
    request,
    { id, first_name: firstName, last_name: 'Тестова', username: `user_${id}` },
    startParam,
  );

/** Passport and a delivery address, so that the shopper may order; returns the address id. */
async function readyToOrder(request: APIRequestContext, token: string, last: string) {
  await savePassport(request, token, { last_name: last });
  return saveAddress(request, token, {
    address: 'ул. Баумана, 1',
    last_name: last,
    phone_number: '+79170000000',
  });
}

type Line = { product_id: number; variant_id: number; quantity: number };

/** Lines of in-stock variants, the dearest first, worth at least `minRub` in all. */
async function linesWorth(request: APIRequestContext, minRub: number): Promise<Line[]> {
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_DESC')).json()) as {
    result: { products: { id: number }[] };
  };
  const lines: Line[] = [];
  let sum = 0;
  for (const { id } of list.result.products) {
    const product = (
      (await (await request.get(`/api/v1/product/${id}`)).json()) as {
        result: { variants: { id: number; qty: number; price: number }[] };
      }
    ).result;
    const variant = product.variants.find((v) => v.qty >= 3);
    if (!variant) continue;
    const quantity = Math.min(3, Math.ceil((minRub - sum) / variant.price));
    lines.push({ product_id: id, variant_id: variant.id, quantity });
    sum += quantity * variant.price;
    if (sum >= minRub) return lines;
  }
  throw new Error(`no stock worth ${minRub} ₽`);
}

/** POST /order, then the sandbox payment page's «Оплатить». */
async function placeAndPay(
  request: APIRequestContext,
  token: string,
  deliveryId: number,
  items: Line[],
  key: string,
) {
  const placed = await request.post('/api/v1/order', {
    headers: { ...auth(token), 'idempotency-key': key },
    data: { items, delivery_id: deliveryId },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (
    (await placed.json()) as { result: { id: number; total: number; discount: number; to_pay: number } }
  ).result;
  const link = await getJson<{ url: string }>(request, `/api/v1/order/payment_url/${order.id}`, token);
  const pay = await request.post(`${new URL(link.url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  return order;
}

/** The owner completes an order in one step (skipping forward is allowed). */
async function complete(request: APIRequestContext, ownerToken: string, orderId: number) {
  const res = await request.post(`/api/v1/admin/orders/${orderId}/status`, {
    headers: auth(ownerToken),
    data: { status: 'completed', notify: false },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function demoToken(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('access_token')))!;
}

async function toastsGone(page: Page) {
  await page.mouse.move(200, 700);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * A screenshot in light, then the same page in Telegram's dark theme (shotBothSchemes: the phone
 * switched to dark, the open page follows it). `ready` waits for what the picture must show.
 */
async function lightAndDark(page: Page, name: string, ready: (p: Page) => Promise<void>, fullPage = true) {
  await ready(page);
  await toastsGone(page);
  await shotBothSchemes(page, name, { fullPage });
}

const FRIEND_ID = 930_000_001;
const BUYER_ID = 930_000_002;
const PROMO = 'ANNASTYLE';

test('invite → reward sheet → history → bonus account', async ({ page, request }) => {
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Приглашайте друзей' })).toBeVisible();
  const owner = await demoToken(page);
  const referral = await getJson<{ code: string; link: string }>(request, '/api/v1/referral', owner);
  await expect(page.getByTestId('referral-link')).toHaveText(referral.link);
  expect(referral.link).toContain(`startapp=ref_${referral.code}`);

  // «Поделиться с другом» goes to Telegram's share dialog with the link.
  await page.getByRole('button', { name: 'Поделиться с другом' }).click();
  // Without a bot to prepare a card (e2e/telegram-share.spec.ts has one), the link is shared.
  await expect
    .poll(async () =>
      JSON.stringify(
        await page.evaluate(() =>
          (window.__telegramCalls ?? [])
            .filter((c) => c.name === 'web_app_open_tg_link')
            .map((c) => c.params),
        ),
      ),
    )
    .toContain(encodeURIComponent(`ref_${referral.code}`));

  // A new friend opens the link: a welcome bonus, and the demo shopper has one invite more (another
  // spec in this worker, care.spec, may have invited a friend of its own before).
  const invited = (await getJson<{ stats: { invited: number } }>(request, '/api/v1/referral', owner)).stats
    .invited;
  const friend = await signInTester(request, FRIEND_ID, 'Мария', `ref_${referral.code}`);
  expect((await getJson<{ balance: number }>(request, '/api/v1/bonus', friend)).balance).toBe(500);
  await page.reload();
  const count = `Приглашено${invited + 1}`;
  await expect(page.getByText('Приглашено').locator('..')).toHaveText(count);
  await lightAndDark(page, 'referral', async (p) => {
    await expect(p.getByTestId('referral-link')).toBeVisible();
    await expect(p.getByText('Приглашено').locator('..')).toHaveText(count);
  });

  // The friend's first order (over 3 000 ₽) is paid, then completed by the owner — while the app
  // is closed, so that the next start is the one that finds the new reward.
  await page.goto('about:blank');
  const friendDelivery = await readyToOrder(request, friend, 'Друзьева');
  const order = await placeAndPay(
    request,
    friend,
    friendDelivery,
    await linesWorth(request, 3500),
    'e2e-prog-friend',
  );
  expect((await getJson<{ pending: number; balance: number }>(request, '/api/v1/bonus', owner)).pending).toBe(
    1000,
  );
  await complete(request, owner, order.id);
  const account = await getJson<{ pending: number; balance: number }>(request, '/api/v1/bonus', owner);
  expect(account).toMatchObject({ balance: 1000, pending: 0 });

  // The next session start opens the reward sheet by itself, once.
  await page.goto('/');
  const sheet = page.getByRole('dialog', { name: 'За приглашение вы получили 1000 рублей' });
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(sheet.getByText('Приглашайте больше друзей')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Удалить приглашение' })).toBeVisible();
  await page.waitForTimeout(600);
  await page.screenshot({ path: shot('referral-reward-sheet-light') });
  await pressTelegramBack(page);
  await expect(sheet).toHaveCount(0);
  // Once shown, never again: the next start asks, is told there is no reward left to show (the
  // sheet recorded it as shown), and opens nothing.
  const decided = rewardCheck(page);
  await page.reload();
  expect((await decided()).reward).toBeNull();
  await expect(page.getByRole('dialog', { name: /вы получили/ })).toHaveCount(0);

  // History: the friend, rewarded; the row opens the same sheet; delete asks what it means.
  await page.goto('/referral/history');
  const row = page
    .getByRole('list', { name: 'Приглашённые друзья' })
    .getByRole('button', { name: /Мария Т\./ });
  await lightAndDark(page, 'referral-history', async (p) => {
    await expect(p.getByRole('list', { name: 'Приглашённые друзья' })).toContainText('Начислено');
  });
  await row.click();
  await expect(page.getByRole('dialog', { name: 'За приглашение вы получили 1000 рублей' })).toBeVisible();
  await page.getByRole('button', { name: 'Удалить приглашение' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Бонусы останутся на вашем счёте.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Отмена' }).click();

  // The bonus account.
  await page.goto('/bonus');
  await lightAndDark(page, 'bonus', async (p) => {
    await expect(p.getByTestId('bonus-balance')).toHaveText('1\u00a0000\u00a0₽');
    await expect(p.getByText(/Приглашение друга/)).toBeVisible();
  });
});

test('blogger: application → console approval → dashboard → buyer by link → withdrawal → payout', async ({
  page,
  request,
}) => {
  await page.goto('/blogger');
  await expect(page).toHaveURL(/\/blogger\/initial$/);
  const owner = await demoToken(page);
  await page.getByLabel('Ссылка на канал').fill('https://t.me/anna_style');
  await page.getByLabel('Подписчиков').fill('12000');
  await page.getByLabel('Желаемый промокод').fill(PROMO.toLowerCase());
  await expect(page.getByLabel('Желаемый промокод')).toHaveValue(PROMO);
  await expect(page.getByText('✓ Промокод свободен')).toBeVisible();
  await page.getByLabel('Как с вами связаться').fill('@anna_style');
  await page.getByText('Принимаю условия оферты').click();
  await page.getByText('Понимаю, что рекламу нужно маркировать').click();
  await lightAndDark(page, 'blogger-initial', async (p) => {
    await expect(p.getByRole('heading', { name: 'Партнёрская программа для блогеров' })).toBeVisible();
  });
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page).toHaveURL(/\/blogger\/moder$/);
  await lightAndDark(page, 'blogger-moder', async (p) => {
    await expect(p.getByRole('heading', { name: 'Заявка на модерации' })).toBeVisible();
  });

  // Not approved yet: the public page is a 404.
  const me = await getJson<{ user_id: number }>(request, '/api/v1/blogger', owner);
  await page.goto(`/user?uid=${me.user_id}`);
  await expect(page.getByText('Страница не найдена')).toBeVisible();

  // The owner approves in the console with the commission and an erid.
  await page.goto('/admin/bloggers');
  const app = page.locator('tr', { hasText: PROMO });
  await expect(app).toBeVisible();
  await app.getByRole('button', { name: 'Открыть' }).click();
  const card = page.getByRole('article', { name: `Заявка ${PROMO}` });
  await card.getByLabel('erid').fill('2VtzqvXyZ1a');
  await page.screenshot({ path: shot('admin-bloggers-light'), fullPage: true });
  await card.getByRole('button', { name: 'Одобрить' }).click();
  await expect(page.getByText('Заявка одобрена')).toBeVisible();

  // The dashboard: promo code, link, caption with the ad marking.
  await page.goto('/blogger');
  await expect(page.getByTestId('blogger-promo')).toHaveText(PROMO);
  await expect(page.getByText(`startapp=b_${PROMO}`)).toBeVisible();

  // A new buyer arrives by the link: 5 % off the first order without typing the code.
  const buyer = await signInTester(request, BUYER_ID, 'Ирина', `b_${PROMO}`);
  const buyerDelivery = await readyToOrder(request, buyer, 'Покупаева');
  const order = await placeAndPay(
    request,
    buyer,
    buyerDelivery,
    await linesWorth(request, 26_000),
    'e2e-prog-buyer',
  );
  expect(order.discount).toBe(Math.min(1000, Math.floor(order.total * 0.05)));
  await complete(request, owner, order.id);
  const state = await getJson<{ balance: { available: number } }>(request, '/api/v1/blogger', owner);
  expect(state.balance.available).toBe(Math.floor(((order.total - order.discount) * 5) / 100));
  expect(state.balance.available).toBeGreaterThanOrEqual(1000);

  await page.reload();
  await lightAndDark(page, 'blogger', async (p) => {
    await expect(p.getByTestId('blogger-available')).not.toHaveText('0\u00a0₽');
    await expect(p.getByRole('list', { name: 'Начисления' })).toContainText(`Заказ №${order.id}`);
  });

  // A withdrawal under the minimum is refused; 1 000 ₽ goes on to the details.
  await page.goto('/blogger/conclusion');
  await page.getByLabel('Сумма, ₽').fill('999');
  await expect(page.getByText('Минимальная сумма вывода — 1\u00a0000\u00a0₽')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Продолжить' })).toBeDisabled();
  const refused = await request.post('/api/v1/blogger/payouts', {
    headers: { ...auth(owner), 'idempotency-key': 'e2e-under-min' },
    data: {
      amount: 999,
      method: 'sbp',
      phone: '+79991234567',
      bank: 'Т-Банк',
      full_name: 'Иванова Анна',
      tax_status: 'self_employed',
      inn: validInn('7707000022'),
    },
  });
  expect(refused.status()).toBe(409);
  await page.getByLabel('Сумма, ₽').fill('1000');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/blogger\/conclusion\/payment\?amount=1000$/);
  await page.getByLabel('Телефон').pressSequentially('9991234567');
  await page.getByLabel('Получатель (ФИО)').fill('Иванова Анна Сергеевна');
  await page.getByLabel('ИНН').fill('123456789012');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText(/ИНН|контрольные/).first()).toBeVisible();
  await page.getByLabel('ИНН').fill(validInn('7707000022'));
  await page.screenshot({ path: shot('blogger-payment-light'), fullPage: true });
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page).toHaveURL(/\/blogger\/conclusion$/);
  await lightAndDark(page, 'blogger-conclusion', async (p) => {
    await expect(p.getByRole('heading', { name: 'Активная заявка' })).toBeVisible();
  });

  // The console pays it.
  await page.goto('/admin/payouts');
  const payout = page.locator('tr', { hasText: PROMO });
  await expect(payout).toContainText('1\u00a0000\u00a0₽');
  await page.screenshot({ path: shot('admin-payouts-light'), fullPage: true });
  await payout.getByRole('button', { name: 'Выплачено' }).click();
  await payout.getByRole('button', { name: 'Отметить выплаченной' }).click();
  await expect(page.getByText('Выплата отмечена')).toBeVisible();
  const payouts = await getJson<{ items: { status: string }[] }>(request, '/api/v1/blogger/payouts', owner);
  expect(payouts.items[0]?.status).toBe('paid');
});

test('the blogger page: picks, found through the search', async ({ page, request }) => {
  await page.goto('/profile');
  const owner = await demoToken(page);
  const me = await getJson<{ user_id: number }>(request, '/api/v1/blogger', owner);
  const list = (await (await request.get('/api/v2/product?sorting=POPULARITY')).json()) as {
    result: { products: { id: number; title: string }[] };
  };
  const [first, second, third] = list.result.products;
  const picks = await request.put('/api/v1/blogger/picks', {
    headers: auth(owner),
    data: {
      items: [
        { product_id: first!.id, comment: 'Ношу сама — размер в размер' },
        { product_id: second!.id, comment: '' },
        { product_id: third!.id, comment: 'Лучшее на осень' },
      ],
    },
  });
  expect(picks.ok(), await picks.text()).toBe(true);

  // The search suggests the blogger by promo code; choosing it opens their page.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Поиск товаров' }).click();
  await page
    .getByRole('dialog', { name: 'Поиск' })
    .getByRole('searchbox', { name: 'Поиск' })
    .fill(PROMO.slice(0, 5));
  await page.getByRole('button', { name: /Автор/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/user\\?uid=${me.user_id}$`));
  const grid = page.getByRole('list', { name: 'Подборка' });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('«Ношу сама — размер в размер»')).toBeVisible();
  await lightAndDark(page, 'user', async (p) => {
    await expect(p.getByRole('list', { name: 'Подборка' }).getByRole('listitem')).toHaveCount(3);
    await p.waitForLoadState('networkidle');
  });

  // A pick opens the usual product drawer.
  await grid.getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${first!.id}`));
  await expect(page.getByRole('dialog', { name: first!.title })).toBeVisible();
});

test('checkout: «Списать бонусы» shows the exact usable amount and pays part of the order', async ({
  page,
  request,
}) => {
  await page.goto('/profile');
  const owner = await demoToken(page);
  const balance = (await getJson<{ balance: number }>(request, '/api/v1/bonus', owner)).balance;
  expect(balance).toBeGreaterThan(0);
  await readyToOrder(request, owner, 'Бонусова');
  await emptyCart(request, owner);
  const items = await linesWorth(request, 5000);
  for (const line of items) {
    const res = await request.post('/api/v1/cart', { headers: auth(owner), data: line });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.goto('/basket');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  for (const step of [1, 2, 3]) {
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page).toHaveURL(new RegExp(`step=${step}$`));
  }
  const quote = await request.post('/api/v1/checkout/quote', {
    headers: auth(owner),
    data: { items, bonus_amount: 1_000_000_000 },
  });
  const usable = ((await quote.json()) as { result: { bonus_usable: number; total: number } }).result;
  const rub = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n)}\u00a0₽`.replace(/\s/g, '\u00a0');
  await expect(page.getByText(`до ${rub(usable.bonus_usable)}`, { exact: false })).toBeVisible();
  await page.getByRole('switch').check();
  await expect(page.getByTestId('placing-total-bonus')).toHaveText(`−${rub(usable.bonus_usable)}`);
  await expect(page.getByTestId('placing-total')).toHaveText(rub(usable.total - usable.bonus_usable));
  await toastsGone(page);
  await page.screenshot({ path: shot('placing-bonus-light') });
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  // Closed once it has loaded: a tab closed mid-navigation can hang (journey.spec, CI).
  const payment = await popup;
  await payment.waitForLoadState();
  await payment.close();
  await expect(page).toHaveURL(/\/payment-await\?transaction_guid=/);
  const orders = await getJson<{ orders: { id: number }[] }>(request, '/api/v1/order/detail?page=0', owner);
  const last = orders.orders.sort((a, b) => b.id - a.id)[0];
  const order = await getJson<{ bonus_used: number; to_pay: number; total: number }>(
    request,
    `/api/v1/order/detail/${last!.id}`,
    owner,
  );
  expect(order.bonus_used).toBe(usable.bonus_usable);
  expect(order.to_pay).toBe(order.total - order.bonus_used);
});
