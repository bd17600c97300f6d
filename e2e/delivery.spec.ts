// Delivery in Chromium at 390×844, light and dark (docs/product.md §11.9), against the real API with
// the demo carrier (DELIVERY_PROVIDER=fake, CDEK's shapes): in checkout the shopper finds «Москва»
// by «моск», chooses a pickup point from the list, sees the price and «Доставим …» before paying,
// pays on the sandbox page; staff add the China leg and register the Russian leg with CDEK, move
// the order on; the order page shows its way with a date per step and the tracking link.
import type { APIRequestContext, Page } from '@playwright/test';
import { auth, emptyCart, expect, shotBothSchemes, signIn, test, validInn } from './support.ts';

test.use({ deviceScaleFactor: 1 });

/** One in-stock variant of the catalogue, put in the cart. */
async function cartOfOne(request: APIRequestContext, token: string) {
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_ASC')).json()) as {
    result: { products: { id: number }[] };
  };
  for (const { id } of list.result.products) {
    const product = (
      (await (await request.get(`/api/v1/product/${id}`)).json()) as {
        result: { id: number; variants: { id: number; qty: number; price: number }[] };
      }
    ).result;
    const variant = product.variants.find((v) => v.qty >= 2);
    if (!variant) continue;
    const res = await request.post('/api/v1/cart', {
      headers: auth(token),
      data: { product_id: product.id, variant_id: variant.id, quantity: 1 },
    });
    expect(res.ok()).toBe(true);
    return variant;
  }
  throw new Error('no product in stock');
}

async function savePassport(request: APIRequestContext, token: string) {
  const res = await request.put('/api/v1/passport', {
    headers: auth(token),
    data: {
      last_name: 'Доставкина',
      first_name: 'Мария',
      middle_name: '',
      birth_date: '1992-05-06',
      series: '4511',
      number: '654321',
      issue_date: '2012-06-07',
      inn: validInn('7707000001'),
      email: 'maria@example.com',
    },
  });
  expect(res.ok()).toBe(true);
}

async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

test("checkout: a city by «моск», a pickup point from the list, price and dates before paying; the order's way with dates and the tracking link", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page);
  await emptyCart(request, token);
  await cartOfOne(request, token);
  await savePassport(request, token);

  await page.goto('/basket');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/orders\/placing\?step=0$/);
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 1: a new delivery; «Пункт выдачи» is the default way.
  await expect(page).toHaveURL(/step=1$/);
  const newAddress = page.getByRole('button', { name: 'Новый адрес' });
  await expect(page.getByLabel('Город').or(newAddress)).toBeVisible();
  if (await newAddress.isVisible()) await newAddress.click();
  await expect(page.getByRole('radio', { name: 'Пункт выдачи', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByLabel('Город').pressSequentially('моск');
  const suggestions = page.getByRole('list', { name: 'Города' });
  await expect(suggestions.getByRole('button').first()).toContainText('Москва');
  await shotBothSchemes(page, 'delivery-city-suggestions');
  await suggestions
    .getByRole('button', { name: /^Москва/ })
    .first()
    .click();
  await expect(page.getByLabel('Город')).toHaveValue('Москва');

  const points = page.getByRole('radiogroup', { name: 'Пункты выдачи' });
  await expect(points.getByRole('radio')).toHaveCount(4);
  // «Рядом со мной»: Telegram's LocationManager (the dev mock answers with a position near
  // пр. Вернадского) puts the nearest point first, with its distance.
  await page.evaluate(() =>
    sessionStorage.setItem('shop/dev-location', JSON.stringify({ lat: 55.6662, lon: 37.498 })),
  );
  await page.getByRole('button', { name: 'Рядом со мной' }).click();
  await expect(page.getByRole('button', { name: 'Ближайшие сверху' })).toBeVisible();
  await expect(points.getByRole('radio').first()).toContainText('пр. Вернадского, 86');
  await expect(points.getByRole('radio').first().locator('.point-card__distance')).toHaveText(/^\d+ м$/);
  const calls = await page.evaluate(() => (window.__telegramCalls ?? []).map((c) => c.name));
  expect(calls).toContain('web_app_request_location');
  const point = points.getByRole('radio', { name: /ул\. Тверская, 12/ });
  await point.click();
  await expect(point).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('Фамилия').fill('Доставкина');
  await page.getByLabel('Имя и отчество').fill('Мария');
  await page.getByLabel('Телефон').pressSequentially('9161112233');
  await toastsGone(page);
  await shotBothSchemes(page, 'delivery-checkout-point', { fullPage: true });
  await page.getByRole('button', { name: 'Далее' }).click();

  // Step 2 (passport saved already) → step 3: the point, the price and the dates before paying.
  await expect(page).toHaveURL(/step=2$/);
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/step=3$/);
  await expect(page.getByText('Пункт выдачи: Россия, Москва, ул. Тверская, 12')).toBeVisible();
  const lines = page.locator('dl[aria-label="Доставка и пошлина"]');
  const quote = lines.getByRole('definition').first();
  await expect(lines).toContainText(/Доставим \d{1,2}(–\d{1,2})? [а-я]+/);
  await expect(quote).toHaveText('290\u00a0₽');
  await toastsGone(page);
  await shotBothSchemes(page, 'delivery-checkout-confirm', { fullPage: true });

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: 'Оплатить' }).click();
  await expect(popup.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  await popup.close();
  await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  const orderId = await page.evaluate(async (t) => {
    const res = await fetch('/api/v1/order/detail?size=1', { headers: { authorization: `Bearer ${t}` } });
    return ((await res.json()) as { result: { orders: { id: number }[] } }).result.orders[0]!.id;
  }, token);

  // Staff (the demo shopper owns the demo shop): the China leg by number, the Russian leg
  // registered with CDEK, and the order moved on.
  const admin = `/api/v1/admin/orders/${orderId}`;
  const china = await request.post(`${admin}/shipments`, {
    headers: auth(token),
    data: { leg: 'china', carrier: 'yunexpress', number: `YT${orderId}00001` },
  });
  expect(china.ok(), await china.text()).toBe(true);
  for (const status of ['purchasing', 'to_warehouse']) {
    const moved = await request.post(`${admin}/status`, {
      headers: auth(token),
      data: { status, notify: false },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const russia = await request.post(`${admin}/shipments`, {
    headers: auth(token),
    data: { leg: 'russia', carrier: 'cdek', register: true },
  });
  expect(russia.ok(), await russia.text()).toBe(true);
  const registered = ((await russia.json()) as { result: { number: string; link: string } }).result;
  expect(registered.link).toBe(`https://www.cdek.ru/ru/tracking?order_id=${registered.number}`);

  // The order page: its way with a date on each step reached, the parcels and the link.
  await page.goto(`/orders/details/${orderId}`);
  const way = page.getByRole('region', { name: 'Путь заказа' });
  await expect(way).toBeVisible();
  const steps = way.getByRole('listitem');
  await expect(steps).toHaveCount(8);
  for (const [i, label] of ['Оплата', 'Оплачен', 'Выкуп', 'Склад'].entries()) {
    await expect(steps.nth(i)).toContainText(label);
    await expect(steps.nth(i)).toContainText(/\d{1,2} [а-я]+( в|,)? \d{2}:\d{2}/);
  }
  await expect(steps.nth(4)).toContainText('—');
  await expect(way).toContainText(`yunexpress · YT${orderId}00001`);
  await expect(way).toContainText(`СДЭК · ${registered.number}`);
  await expect(way.getByRole('link', { name: 'Отследить посылку' })).toHaveAttribute('href', registered.link);
  await expect(page.getByText('Пункт выдачи: Россия, Москва, ул. Тверская, 12')).toBeVisible();
  await expect(page.getByText(/^Доставка 290\u00a0₽ · при получении$/)).toBeVisible();
  await shotBothSchemes(page, 'delivery-order-way', { fullPage: true });
});
