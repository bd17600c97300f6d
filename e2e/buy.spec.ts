// The buying half in Chromium at 390×844 against the real API and database: a cart filled through
// the API, the basket (quantity change, removal undone from its toast), order placing with a new
// address and passport data typed as a shopper types them (masks, date picker), the sandbox
// payment page ("Оплатить" / "Отменить"), payment-await and the orders. Screenshots of every page
// in light and dark: each walk runs once, in light, and photographs each page in both themes
// (shotBothSchemes in support.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import {
  auth,
  deleteAddresses,
  emptyCart,
  expect,
  pressTelegramBack,
  saveAddress,
  savePassport,
  shotBothSchemes,
  signIn,
  test,
  validInn,
} from './support.ts';

// 390×844 CSS pixels at 1×: the screenshots stay small enough for docs/screenshots.
test.use({ deviceScaleFactor: 1 });

/** Screenshots without a passing toast over the page title. */
async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}
const norm = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

type Variant = { id: number; qty: number; price: number };
type Product = { id: number; title: string; variants: Variant[] };

/** In-stock products (with a variant of at least `minQty` units), skipping `skip` of them. */
async function stockedProducts(request: APIRequestContext, count: number, skip = 0, minQty = 3) {
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_ASC')).json()) as {
    result: { products: { id: number }[] };
  };
  const found: { product: Product; variant: Variant }[] = [];
  for (const { id } of list.result.products.slice(skip)) {
    const product = ((await (await request.get(`/api/v1/product/${id}`)).json()) as { result: Product })
      .result;
    const variant = product.variants.find((v) => v.qty >= minQty);
    if (variant) found.push({ product, variant });
    if (found.length === count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

async function addToCart(request: APIRequestContext, token: string, productId: number, variantId: number) {
  const res = await request.post('/api/v1/cart', {
    headers: auth(token),
    data: { product_id: productId, variant_id: variantId, quantity: 1 },
  });
  expect(res.ok()).toBe(true);
}

async function cartQuantities(request: APIRequestContext, token: string) {
  const cart = (await (await request.get('/api/v1/cart', { headers: auth(token) })).json()) as {
    result: { variants: { id: number; quantity: number }[] }[];
  };
  return Object.fromEntries(cart.result.flatMap((e) => e.variants.map((v) => [v.id, v.quantity])));
}

test('basket → quantity and removal → placing with a new address and passport → sandbox "Оплатить" → paid order in history', async ({
  page,
  request,
}) => {
  // The whole purchase, two pages of forms and the payment page: 20 s on a quiet machine, over
  // the default 60 s once when two test runs shared two cores with other work.
  test.setTimeout(120_000);
  const token = await signIn(page);
  await emptyCart(request, token);
  const [a, b] = await stockedProducts(request, 2);
  await addToCart(request, token, a!.product.id, a!.variant.id);
  await addToCart(request, token, b!.product.id, b!.variant.id);

  // Basket: both lines selected, total of both.
  await page.goto('/basket');
  const lines = page.getByRole('list', { name: 'Товары в корзине' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(page.getByLabel(`Товаров в корзине: 2`)).toBeVisible();
  const total = page.getByTestId('basket-total');
  await expect
    .poll(async () => norm(await total.textContent()))
    .toBe(norm(`${(a!.variant.price + b!.variant.price).toLocaleString('ru-RU')} ₽`));
  await shotBothSchemes(page, 'basket');

  // Quantity +1 on line A: PATCH reaches the server and the total follows.
  const lineA = page.locator(`[data-variant-id="${a!.variant.id}"]`);
  await lineA.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(lineA.locator('output')).toHaveText('2');
  await expect.poll(() => cartQuantities(request, token)).toMatchObject({ [a!.variant.id]: 2 });
  await expect
    .poll(async () => norm(await total.textContent()))
    .toBe(norm(`${(2 * a!.variant.price + b!.variant.price).toLocaleString('ru-RU')} ₽`));

  // Removal asks nothing: the line goes at once, and the toast's «Вернуть» brings it back.
  const lineB = page.locator(`[data-variant-id="${b!.variant.id}"]`);
  await lineB.getByRole('button', { name: /^Удалить:/ }).click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Товар удалён из корзины' });
  await expect(toast).toBeVisible();
  await shotBothSchemes(page, 'basket-remove-undo');
  await toast.getByRole('button', { name: 'Вернуть' }).click();
  await expect(lines).toHaveCount(2);
  await expect.poll(() => cartQuantities(request, token)).toEqual({ [a!.variant.id]: 2, [b!.variant.id]: 1 });
  await toastsGone(page);
  await lineB.getByRole('button', { name: /^Удалить:/ }).click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByLabel('Товаров в корзине: 1')).toBeVisible();
  expect(await cartQuantities(request, token)).toEqual({ [a!.variant.id]: 2 });

  // Order placing, step 0: the chosen line with the server's price.
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/orders\/placing\?step=0$/);
  await expect(page.getByRole('heading', { name: 'Оформление заказа' })).toBeVisible();
  await expect(page.getByText('Шаг 1 из 4')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Товары заказа' }).getByRole('listitem')).toHaveCount(1);
  expect(norm(await page.getByTestId('placing-total').textContent())).toBe(
    norm(`${(2 * a!.variant.price).toLocaleString('ru-RU')} ₽`),
  );
  await toastsGone(page);
  await shotBothSchemes(page, 'placing-0-items');
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 1: the new-address form (straight away on a first order, else after "Новый адрес");
  // an incomplete phone is refused.
  await expect(page).toHaveURL(/step=1$/);
  const newAddress = page.getByRole('button', { name: 'Новый адрес' });
  await expect(page.getByLabel('Город').or(newAddress)).toBeVisible();
  if (await newAddress.isVisible()) await newAddress.click();
  await page.getByRole('radio', { name: 'Курьер', exact: true }).click();
  await page.getByLabel('Город').fill('Москва');
  await page.getByLabel('Улица, дом, квартира').fill('ул. Тверская, д. 7, кв. 12');
  await page.getByLabel('Фамилия').fill('Петров');
  await page.getByLabel('Имя и отчество').fill('Иван Сергеевич');
  const phone = page.getByLabel('Телефон');
  await phone.pressSequentially('8912345');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Введите российский номер телефона', { exact: false })).toBeVisible();
  // A shopper taps back into the field and goes on typing at its end.
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('6789');
  await expect(phone).toHaveValue('+7 912 345-67-89');
  await toastsGone(page);
  await shotBothSchemes(page, 'placing-1-delivery');
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 2: passport with the masks and the date picker.
  await expect(page).toHaveURL(/step=2$/);
  await page.getByLabel('Фамилия').fill('Петров');
  await page.getByLabel('Имя', { exact: true }).fill('Иван');
  await page.getByLabel('Отчество (если есть)').fill('Сергеевич');
  const birth = page.getByLabel('Дата рождения');
  // A second run finds the form prefilled: clear what the shopper retypes.
  for (const label of ['Дата рождения', 'Серия', 'Номер', 'ИНН']) await page.getByLabel(label).fill('');
  await birth.pressSequentially('05151990');
  await expect(birth).toHaveValue('05/15/1990');
  const series = page.getByLabel('Серия');
  await series.pressSequentially('45a106');
  await expect(series).toHaveValue('45 10');
  const number = page.getByLabel('Номер');
  await number.pressSequentially('12-34-56-7');
  await expect(number).toHaveValue('123456');
  // The issue date through the calendar: the 1st of the month shown.
  await page.getByRole('button', { name: 'Выбрать дату в календаре' }).nth(1).click();
  await page
    .locator('.date-picker__calendar .rdp-day:not(.rdp-outside) button', { hasText: /^1$/ })
    .first()
    .click();
  await expect(page.getByLabel('Дата выдачи')).toHaveValue(/^\d{2}\/01\/\d{4}$/);
  const inn = validInn('7707083893'.slice(0, 10));
  const innField = page.getByLabel('ИНН');
  await innField.pressSequentially(`${inn}99`);
  await expect(innField).toHaveValue(inn);
  await page.getByLabel('E-mail для чека').fill('ivan.petrov@example.com');
  await shotBothSchemes(page, 'placing-2-passport', { fullPage: true });
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 3: summary and pay. The payment page opens through Telegram's openLink (a new tab in
  // dev login); the app waits on payment-await.
  await expect(page).toHaveURL(/step=3$/);
  await expect(page.getByText('Москва, ул. Тверская, д. 7, кв. 12')).toBeVisible();
  await shotBothSchemes(page, 'placing-3-confirm');
  const orderKeys: (string | undefined)[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/order')
      orderKeys.push(r.headers()['idempotency-key']);
  });
  const checkoutKey = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('shop/checkout') ?? '{}') as { idempotencyKey?: string })
        .idempotencyKey,
  );
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  const popup = await popupPromise;
  await expect(page).toHaveURL(/\/payment-await\?transaction_guid=/);
  // One POST /order carrying this checkout attempt's key; the next attempt gets a new one.
  expect(orderKeys).toEqual([checkoutKey]);
  expect(checkoutKey).toMatch(/^checkout-/);
  expect(
    await page.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('shop/checkout') ?? '{}') as { idempotencyKey?: string })
          .idempotencyKey,
    ),
  ).not.toBe(checkoutKey);
  await expect(page.getByRole('heading', { name: 'Ждём подтверждения оплаты' })).toBeVisible();
  await shotBothSchemes(page, 'payment-await-pending');
  const openLinks = await page.evaluate(() =>
    (window.__telegramCalls ?? []).filter((c) => c.name === 'web_app_open_link').map((c) => c.params),
  );
  expect(openLinks).toHaveLength(1);

  await popup.getByRole('button', { name: 'Оплатить' }).click();
  await expect(popup).toHaveURL(/\/payment-await\?transaction_guid=/);
  await expect(popup.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  await popup.close();
  await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  await shotBothSchemes(page, 'payment-await-success');

  // The cart no longer holds the ordered line; the order is in history as paid.
  expect(await cartQuantities(request, token)).toEqual({});
  await page.getByRole('link', { name: 'Мои заказы' }).click();
  await expect(page).toHaveURL(/\/orders\/history$/);
  const card = page.locator('.order-card').first();
  await expect(card).toContainText('Оплачен');
  await expect(card).toContainText(
    `${(2 * a!.variant.price).toLocaleString('ru-RU')}`.replace(/\s/g, '\u00a0'),
  );
  await shotBothSchemes(page, 'orders-history');
  await card.click();
  await expect(page).toHaveURL(/\/orders\/details\/\d+$/);
  await expect(page.getByText('Оплачен').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Оплатить/ })).toHaveCount(0);
  await shotBothSchemes(page, 'order-details-paid', { fullPage: true });
});

test('"Отменить" on the sandbox page shows the failure with the way on; the order still awaits payment', async ({
  page,
  request,
}) => {
  const token = await signIn(page);
  // Saved address and passport (this test does not depend on the first one).
  await saveAddress(request, token);
  await savePassport(request, token);
  await emptyCart(request, token);
  const [c] = await stockedProducts(request, 1, 5);
  await addToCart(request, token, c!.product.id, c!.variant.id);

  await page.goto('/basket');
  await expect(page.getByRole('list', { name: 'Товары в корзине' }).getByRole('listitem')).toHaveCount(1);
  await shotBothSchemes(page, 'basket-one');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page.getByRole('list', { name: 'Товары заказа' })).toBeVisible();
  await shotBothSchemes(page, 'placing-0-one');
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/step=1$/);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  await shotBothSchemes(page, 'placing-1-saved-address');
  await page.getByRole('button', { name: 'Далее' }).click();
  // Step 2 is prefilled from GET /passport?reveal=1.
  await expect(page.getByLabel('Серия')).toHaveValue('92 04');
  await expect(page.getByLabel('Дата рождения')).toHaveValue('03/04/1992');
  await shotBothSchemes(page, 'placing-2-prefilled', { fullPage: true });
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/step=3$/);
  await shotBothSchemes(page, 'placing-3-saved');

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Отменить' }).click();
  await expect(popup.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();
  await popup.close();
  await expect(page.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Оплатить снова' })).toBeVisible();
  await shotBothSchemes(page, 'payment-await-failure');

  await page.getByRole('link', { name: 'К заказу' }).click();
  await expect(page).toHaveURL(/\/orders\/details\/\d+$/);
  await expect(page.getByText('Ожидает оплаты').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Оплатить/ })).toBeVisible();
  await shotBothSchemes(page, 'order-details-awaiting', { fullPage: true });

  // Paying again from the order: a new payment of the same order, this time paid.
  const retryPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  const retry = await retryPopup;
  await retry.getByRole('button', { name: 'Оплатить' }).click();
  await expect(retry.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  await retry.close();
  await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  await page.getByRole('link', { name: 'К заказу' }).click();
  await expect(page.getByText('Оплачен').first()).toBeVisible();
});

test('profile, addresses, passport page, empty basket and orders', async ({ page, request }) => {
  const token = await signIn(page);
  await expect(page.getByRole('link', { name: /Мои заказы/ })).toBeVisible();
  await expect(page.getByText('Приглашайте друзей')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Помощь' })).toBeVisible();
  await shotBothSchemes(page, 'profile', { fullPage: true });

  // Empty basket with the way to the catalogue.
  await emptyCart(request, token);
  await page.goto('/basket');
  await expect(page.getByText('В корзине пока пусто')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toBeVisible();
  await shotBothSchemes(page, 'basket-empty');

  await page.goto('/orders/history');
  await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shotBothSchemes(page, 'orders-history-all', { fullPage: true });

  // Addresses: add one through the form, mark default, then delete after confirming.
  await page.goto('/profile/delivery/set');
  await page.getByRole('radio', { name: 'Курьер', exact: true }).click();
  await page.getByLabel('Город').fill('Санкт-Петербург');
  await page.getByLabel('Улица, дом, квартира').fill(`Невский пр., 1`);
  await page.getByLabel('Фамилия').fill('Иванова');
  await page.getByLabel('Имя и отчество').fill('Мария');
  await page.getByLabel('Телефон').pressSequentially('9110001122');
  await shotBothSchemes(page, 'profile-delivery-set');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/profile\/delivery$/);
  const address = page.getByRole('listitem').filter({ hasText: `Невский пр., 1` });
  await expect(address).toBeVisible();
  await toastsGone(page);
  await shotBothSchemes(page, 'profile-delivery');
  await address.getByRole('link').click();
  await expect(page).toHaveURL(/\/profile\/delivery\/set\/\d+$/);
  await expect(page.getByLabel('Телефон')).toHaveValue('+7 911 000-11-22');
  await page.getByRole('switch').check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(address.getByText('По умолчанию')).toBeVisible();
  await address.getByRole('button', { name: /^Удалить адрес/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Удалить адрес?' })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(address).toHaveCount(0);

  await page.goto('/profile/passport_data');
  await expect(page.getByLabel('Серия')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shotBothSchemes(page, 'profile-passport', { fullPage: true });
});

test.describe('order placing keeps what the shopper typed', () => {
  async function oneLineInCart(request: APIRequestContext, token: string) {
    await emptyCart(request, token);
    const [c] = await stockedProducts(request, 1, 2);
    await addToCart(request, token, c!.product.id, c!.variant.id);
  }

  test('an address typed on step 1 survives going back and a reload', async ({ page, request }) => {
    const token = await signIn(page);
    await deleteAddresses(request, token);
    await oneLineInCart(request, token);
    await page.goto('/orders/placing?step=0');
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page).toHaveURL(/step=1$/);
    await page.getByRole('radio', { name: 'Курьер', exact: true }).click();
    await page.getByLabel('Город').fill('Казань');
    await page.getByLabel('Улица, дом, квартира').fill('ул. Баумана, 10');
    await pressTelegramBack(page);
    await expect(page).toHaveURL(/step=0$/);
    await page.getByRole('button', { name: 'Далее' }).click();
    await expect(page.getByLabel('Город')).toHaveValue('Казань');
    await page.reload();
    await expect(page.getByLabel('Улица, дом, квартира')).toHaveValue('ул. Баумана, 10');
    await expect(page.getByLabel('Город')).toHaveValue('Казань');
  });

  test('step 3 opened in a new session shows the default address', async ({ page, request }) => {
    const token = await signIn(page);
    await deleteAddresses(request, token);
    const saved = await request.post('/api/v1/delivery', {
      headers: auth(token),
      data: {
        city: 'Самара',
        address: 'ул. Ленинградская, 5',
        fio: 'Анна',
        last_name: 'Смирнова',
        phone_number: '+79270000000',
        is_default: true,
      },
    });
    expect(saved.ok()).toBe(true);
    await savePassport(request, token);
    await oneLineInCart(request, token);
    await page.goto('/orders/placing?step=3');
    await expect(page.getByText('Самара, ул. Ленинградская, 5')).toBeVisible();
    await expect(page.getByText('Адрес не выбран')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Оплатить/ })).toBeEnabled();
  });

  test('passport edits on step 2 survive going back, and back closes the calendar first', async ({
    page,
    request,
  }) => {
    const token = await signIn(page);
    await savePassport(request, token);
    await oneLineInCart(request, token);
    await page.goto('/orders/placing?step=2');
    const email = page.getByLabel('E-mail для чека');
    await expect(email).toHaveValue('anna@example.com');
    await email.fill('anna.new@example.com');

    await page.getByRole('button', { name: 'Выбрать дату в календаре' }).first().click();
    const calendar = page.locator('.date-picker__calendar');
    await expect(calendar).toBeVisible();
    await pressTelegramBack(page);
    await expect(calendar).toHaveCount(0);
    await expect(page).toHaveURL(/step=2$/);

    await pressTelegramBack(page);
    await expect(page).toHaveURL(/step=1$/);
    await page.goBack();
    await expect(page).toHaveURL(/step=2$/);
    await expect(page.getByLabel('E-mail для чека')).toHaveValue('anna.new@example.com');
  });
});
