// The console for a growing shop (issue 28) in Chromium against the real API and database: a shopper
// pays two orders through the sandbox page; the demo shopper (an owner under the dev login) opens
// the console on its dashboard, whose figures match the stats API for the same day, walks the Poizon
// purchase list (marks a line bought, its order moves to «Выкупаем товар», downloads the XLSX) and
// the customers (finds the shopper, opens the card with the paid total) and the inventory (the
// «мало» filter, a stock change by a delta checked through the shop's API); then a product made in
// the console with its brand picked as typed, four variants and two pictures, published, found by
// search, pictures resized. Each page is photographed
// at 390×844 and 1440×900 (`console-*-390.png`, `console-*-1440.png`; SCREENSHOTS_DIR=docs/screenshots).
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { auth, expect, shot, signInShopper, test, validInn } from './support.ts';

test.use({ deviceScaleFactor: 1 });

const SHOPPER_ID = 920_000_028;
/** «1 490 ₽» with the non-breaking spaces of lib/price.ts. */
const rub = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0₽`;

/** Signs in the shopper of this spec, Вера Закупкина. */
const signInVera = (request: APIRequestContext) =>
  signInShopper(request, {
    id: SHOPPER_ID,
    first_name: 'Вера',
    last_name: 'Закупкина',
    username: `vera_${SHOPPER_ID}`,
  });

/** Passport, address, then `count` paid orders of one in-stock unit each. */
async function paidOrders(request: APIRequestContext, token: string, count: number) {
  const passport = await request.put('/api/v1/passport', {
    headers: auth(token),
    data: {
      last_name: 'Закупкина',
      first_name: 'Вера',
      middle_name: '',
      birth_date: '1990-01-02',
      series: '4510',
      number: '654321',
      issue_date: '2010-03-04',
      inn: validInn('7707000001'),
      email: 'vera@example.com',
    },
  });
  expect(passport.ok(), await passport.text()).toBe(true);
  const delivery = await request.post('/api/v1/delivery', {
    headers: auth(token),
    data: {
      city: 'Казань',
      address: 'ул. Баумана, 1',
      fio: 'Вера',
      last_name: 'Закупкина',
      phone_number: '+79170000028',
    },
  });
  expect(delivery.ok()).toBe(true);
  const deliveryId = ((await delivery.json()) as { result: { id: number } }).result.id;
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_ASC')).json()) as {
    result: { products: { id: number }[] };
  };
  const orders: { id: number; total: number }[] = [];
  for (const { id } of list.result.products.slice(6)) {
    if (orders.length === count) break;
    const product = (
      (await (await request.get(`/api/v1/product/${id}`)).json()) as {
        result: { variants: { id: number; qty: number }[] };
      }
    ).result;
    const variant = product.variants.find((v) => v.qty >= 2);
    if (!variant) continue;
    const placed = await request.post('/api/v1/order', {
      headers: { ...auth(token), 'idempotency-key': `e2e-console-${id}-${Date.now()}` },
      data: { items: [{ product_id: id, variant_id: variant.id, quantity: 1 }], delivery_id: deliveryId },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const order = ((await placed.json()) as { result: { id: number; total: number } }).result;
    const link = await request.get(`/api/v1/order/payment_url/${order.id}`, { headers: auth(token) });
    const path = new URL(((await link.json()) as { result: { url: string } }).result.url).pathname;
    expect((await request.post(`${path}/pay`, { form: {}, maxRedirects: 0 })).status()).toBe(303);
    orders.push(order);
  }
  expect(orders).toHaveLength(count);
  return orders;
}

async function adminToken(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('access_token')))!;
}

/** The page at a phone's and a desktop's size. */
async function photograph(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot(`console-${name}-390`) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: shot(`console-${name}-1440`) });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The toast slides over the sections; go on once it has gone (the pointer off it, or it stays). */
async function toastsGone(page: Page) {
  await page.mouse.move(200, 700);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

const moscowToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());

test('console: dashboard → saved order filter → purchase list → customers → inventory', async ({
  page,
  request,
}) => {
  const shopperToken = await signInVera(request);
  const [first, second] = await paidOrders(request, shopperToken, 2);

  // The dashboard is the console's first page; today's figures are the stats API's.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Панель магазина' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const token = await adminToken(page);
  const today = moscowToday();
  const stats = (
    (await (
      await request.get(`/api/v1/admin/stats?from=${today}&to=${today}`, { headers: auth(token) })
    ).json()) as { result: { revenue: number; orders: number; average: number } }
  ).result;
  expect(stats.orders).toBeGreaterThanOrEqual(2);
  const kpis = page.locator('.admin-kpis');
  await expect(kpis.locator('.admin-kpi', { hasText: 'Выручка' })).toContainText(rub(stats.revenue));
  await expect(kpis.locator('.admin-kpi', { hasText: 'Средний чек' })).toContainText(rub(stats.average));
  // The chart is drawn by uPlot, whose script came with the dashboard only.
  await expect(page.locator('.admin-chart canvas')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ждёт работы' })).toContainText('Выкупить на Poizon');
  await page.getByRole('tab', { name: '30 дней' }).click();
  await expect(page.getByRole('tab', { name: '30 дней' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.admin-kpis')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('.admin-top').first()).toBeVisible();
  await photograph(page, 'dashboard');
  await page.getByRole('tab', { name: 'Период' }).click();
  await expect(page.getByLabel('С', { exact: true })).toBeVisible();

  // Orders: a saved filter (the paid tab) brings the list back; the page size reaches the API.
  await page.getByRole('link', { name: 'Заказы', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.getByRole('tab', { name: /^Оплачен/ }).click();
  await expect(page).toHaveURL(/status=paid/);
  await page.getByRole('button', { name: 'Сохранить фильтр' }).click();
  await page.getByRole('textbox', { name: 'Название фильтра' }).fill('К выкупу');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await page.getByRole('tab', { name: /^Все/ }).click();
  await expect(page).not.toHaveURL(/status=/);
  await page
    .getByRole('group', { name: 'Сохранённые фильтры' })
    .getByRole('button', { name: 'К выкупу', exact: true })
    .click();
  await expect(page).toHaveURL(/status=paid/);
  await expect(page.locator(`tr[data-order-id="${first!.id}"]`)).toBeVisible();
  const [withLimit] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/api/v1/admin/orders?') && r.url().includes('limit=100')),
    page.getByRole('combobox', { name: 'На странице' }).selectOption('100'),
  ]);
  expect(new URL(withLimit.url()).searchParams.get('status')).toBe('paid');
  await photograph(page, 'orders');

  // The purchase list: both orders wait; mark the first one's line bought.
  await page.getByRole('link', { name: 'Закупка' }).click();
  await expect(page).toHaveURL(/\/admin\/purchase-list$/);
  const firstLine = page.getByRole('checkbox', { name: `Строка заказа №${first!.id}` });
  await expect(firstLine).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Строка заказа №${second!.id}` })).toBeVisible();
  await photograph(page, 'purchase-list');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^purchase-list-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // An XLSX is a zip: it starts with «PK».
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  await firstLine.check();
  await expect(page.getByRole('region', { name: 'Выкуп' })).toContainText('Выбрано: 1');
  await page.getByRole('button', { name: 'Выкуплено' }).click();
  await expect(page.getByText('«Выкупаем товар»')).toBeVisible();
  await expect(firstLine).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Строка заказа №${second!.id}` })).toBeVisible();
  const card = (await (
    await request.get(`/api/v1/admin/orders/${first!.id}`, { headers: auth(token) })
  ).json()) as { result: { status: string } };
  expect(card.result.status).toBe('purchasing');
  await toastsGone(page);

  // Customers: the shopper by @username, then the card with both orders and the paid total.
  await page.getByRole('link', { name: 'Покупатели' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByRole('list', { name: 'Покупатели' })).toBeVisible();
  await photograph(page, 'customers');
  await page.getByRole('searchbox', { name: 'Поиск покупателей' }).fill(`@vera_${SHOPPER_ID}`);
  await expect(page).toHaveURL(/q=/);
  const row = page.locator('.admin-list__item[data-customer-id]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Вера Закупкина');
  await expect(row).toContainText(rub(first!.total + second!.total));
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Вера Закупкина' })).toBeVisible();
  await expect(page.getByTestId('paid-total')).toHaveText(rub(first!.total + second!.total));
  const orders = page.getByRole('list', { name: 'Заказы покупателя' });
  await expect(orders.locator('[data-order-id]')).toHaveCount(2);
  await expect(orders.locator(`[data-order-id="${first!.id}"]`)).toContainText('Выкупаем товар');
  await photograph(page, 'customer');

  // Inventory: the «мало» tab holds only variants under the threshold; +3 on the first variant.
  await page.getByRole('link', { name: 'Склад' }).click();
  await expect(page).toHaveURL(/\/admin\/inventory$/);
  const stock = page.getByRole('list', { name: 'Склад' });
  await expect(stock.locator('[data-variant-id]').first()).toBeVisible();
  await photograph(page, 'inventory');
  await page.getByRole('tab', { name: /^Мало/ }).click();
  await expect(page.getByRole('tab', { name: /^Мало/ })).toHaveAttribute('aria-selected', 'true');
  const lowRows = page.locator('.admin-list[aria-label="Склад"] [data-variant-id], .admin-empty');
  await expect(lowRows.first()).toBeVisible();
  for (const badge of await page.locator('[data-variant-id] .admin-badge').allTextContents())
    expect(badge).toMatch(/^мало: \d+ шт\.$/);
  await page.getByRole('tab', { name: 'Все' }).click();
  const row0 = stock.locator('[data-variant-id]').first();
  const variantId = Number(await row0.getAttribute('data-variant-id'));
  const before = Number(/(\d+) шт/.exec((await row0.locator('.admin-badge').textContent())!)![1]);
  await row0.getByRole('textbox').fill('3');
  await row0.getByRole('button', { name: 'ОК' }).click();
  await expect(row0.locator('.admin-badge')).toContainText(`${before + 3} шт.`);
  const productId = Number(await row0.getAttribute('data-product-id'));
  const shopProduct = (await (await request.get(`/api/v1/product/${productId}`)).json()) as {
    result: { variants: { id: number; qty: number }[] };
  };
  expect(shopProduct.result.variants.find((v) => v.id === variantId)?.qty).toBe(before + 3);
});

test('console: a product made in the console, with pictures, on sale and found by search', async ({
  page,
  request,
}) => {
  const title = `Кеды Консольные ${Date.now() % 100_000}`;
  await page.goto('/admin');
  const token = await adminToken(page);
  await page.getByRole('link', { name: 'Новый товар' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await page.getByRole('textbox', { name: 'Название' }).fill(title);
  await page.getByRole('textbox', { name: 'Описание' }).fill('Лёгкие кеды из канваса');
  const category = page.getByRole('combobox', { name: 'Категория' });
  await expect(category.locator('option').nth(1)).toBeAttached();
  await category.selectOption({ index: 1 });
  // The brand: typed text the shop lacks is offered as a new brand; a few letters of one it has
  // find it, and it is picked.
  const brandsAnswer = (await (
    await request.get('/api/v1/admin/brands?limit=1', { headers: auth(token) })
  ).json()) as { result: { brands: { name: string }[] } };
  const existing = brandsAnswer.result.brands[0]!.name;
  const brand = page.getByRole('combobox', { name: 'Бренд' });
  await brand.fill('Жжжбренд');
  await expect(page.getByRole('option', { name: 'Новый бренд «Жжжбренд»' })).toBeVisible();
  await brand.fill(existing.slice(0, 3));
  const option = page
    .getByRole('listbox', { name: 'Бренды' })
    .getByRole('option')
    .filter({ hasText: existing });
  await expect(option.first()).toBeVisible();
  await option.first().click();
  await expect(brand).toHaveValue(existing);
  await expect(page.getByText(`Бренд: ${existing}`)).toBeVisible();
  const rows = [
    ['Белый', '40', '5990', '3', 'KK-W-40'],
    ['Белый', '41', '5990', '2', 'KK-W-41'],
    ['Чёрный', '40', '6190', '4', 'KK-B-40'],
    ['Чёрный', '41', '6190', '1', 'KK-B-41'],
  ];
  for (const [i, values] of rows.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Добавить вариант' }).click();
    const group = page.getByRole('group', { name: `Вариант ${i + 1}` });
    for (const [k, name] of ['Цвет', 'Размер', 'Цена', 'Остаток', 'Артикул'].entries())
      await group.getByRole('textbox', { name }).fill(values[k]!);
  }
  await photograph(page, 'product-new');
  await page.getByRole('button', { name: 'Создать товар' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(`${existing} · Скрыт от покупателей`)).toBeVisible();

  // Two pictures from the «phone»; the second is dragged (here: ↑) to the front.
  const picture = (background: string) =>
    sharp({ create: { width: 900, height: 900, channels: 3, background } })
      .png()
      .toBuffer();
  await page.getByLabel('Добавить картинки').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await picture('#d33') },
    { name: 'two.png', mimeType: 'image/png', buffer: await picture('#36c') },
  ]);
  const pictures = page.getByRole('list', { name: 'Картинки товара' }).locator('li');
  await expect(pictures).toHaveCount(2);
  const [first, second] = await pictures.evaluateAll((els) => els.map((e) => e.getAttribute('data-src')!));
  await page.getByRole('button', { name: 'Картинку 2 раньше' }).click();
  await expect(pictures.first()).toHaveAttribute('data-src', second!);
  await toastsGone(page);
  await photograph(page, 'product-pictures');
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByText('Товар в продаже').first()).toBeVisible();

  // On sale, found by search, its pictures served resized, in the new order.
  const found = (await (
    await request.get(`/api/v2/product?search_string=${encodeURIComponent(title)}&limit=20`)
  ).json()) as { result: { products: { id: number; title: string }[] } };
  const product = found.result.products.find((p) => p.title === title);
  expect(product, 'found by search').toBeDefined();
  const detail = (await (
    await request.get(`/api/v1/product/${product!.id}`, { headers: auth(token) })
  ).json()) as { result: { variants: unknown[]; images: unknown } };
  expect(detail.result.variants).toHaveLength(4);
  for (const src of [first!, second!]) expect(JSON.stringify(detail.result.images)).toContain(src);
  expect(JSON.stringify(detail.result.images).indexOf(second!)).toBeLessThan(
    JSON.stringify(detail.result.images).indexOf(first!),
  );
  for (const src of [first!, second!]) {
    const img = await request.get(`/img/w324${src}`);
    expect(img.status()).toBe(200);
    expect((await sharp(await img.body()).metadata()).width).toBe(324);
  }
});

test('console order work: «Нужен возврат» counted on «Заказы» until refunded; sort kept by a reload; a saved filter from the server; the audit log filtered in Russian', async ({
  page,
  request,
}) => {
  const shopperToken = await signInVera(request);
  const [owed, other] = await paidOrders(request, shopperToken, 2);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Панель магазина' }).click();
  const token = await adminToken(page);
  const canceled = await request.post(`/api/v1/admin/orders/${owed!.id}/status`, {
    headers: auth(token),
    data: { status: 'canceled' },
  });
  expect(canceled.ok(), await canceled.text()).toBe(true);
  const count = (
    (await (await request.get('/api/v1/admin/badges', { headers: auth(token) })).json()) as {
      result: { needs_refund: number };
    }
  ).result.needs_refund;
  expect(count).toBeGreaterThanOrEqual(1);

  // «Заказы» carries the count wherever the staff member is (here: the dashboard).
  await page.reload();
  const ordersLink = page.getByRole('link', { name: 'Заказы', exact: true });
  await expect(ordersLink).toHaveAccessibleDescription(`Нужен возврат: ${count}`);
  await expect(page.getByTestId('owed-badge')).toHaveText(String(count));

  // Sorting: total high to low, in the address, kept by a reload, and the API is asked so.
  await ordersLink.click();
  const [sorted] = await Promise.all([
    page.waitForRequest(
      (r) => r.url().includes('/api/v1/admin/orders?') && r.url().includes('sort=total_desc'),
    ),
    page.getByRole('combobox', { name: 'Сортировка' }).selectOption('total_desc'),
  ]);
  expect(new URL(sorted.url()).searchParams.get('sort')).toBe('total_desc');
  await expect(page).toHaveURL(/sort=total_desc/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('total_desc');
  // The rows come after the reload's request: wait for them, then read the «Сумма» column.
  await expect(page.locator('tr[data-order-id]').nth(1)).toBeVisible();
  const totals = await page
    .locator('tr[data-order-id]')
    .evaluateAll((rows) =>
      rows.map((r) => Number((r.querySelectorAll('td')[4]?.textContent ?? '').replace(/\D/g, ''))),
    );
  expect(totals.length).toBeGreaterThan(1);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  // Page sizes are 25, 50 and 100.
  await expect(page.getByRole('combobox', { name: 'На странице' }).locator('option')).toHaveText([
    '25',
    '50',
    '100',
  ]);

  // A saved filter lives on the server: after a reload it is there, and it brings the sort back.
  await page.getByRole('button', { name: 'Сохранить фильтр' }).click();
  await page.getByRole('textbox', { name: 'Название фильтра' }).fill('Дорогие сначала');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  const views = page.getByRole('group', { name: 'Сохранённые фильтры' });
  await expect(views.getByRole('button', { name: 'Дорогие сначала', exact: true })).toBeVisible();
  await page.goto('/admin/orders');
  await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('newest');
  await views.getByRole('button', { name: 'Дорогие сначала', exact: true }).click();
  await expect(page).toHaveURL(/sort=total_desc/);
  await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('total_desc');

  // The refund from the order card takes one off the counter at once, without a reload.
  await page.goto(`/admin/orders/${owed!.id}`);
  await page.getByRole('textbox', { name: 'Причина возврата' }).fill('Отмена после оплаты');
  await page.getByRole('button', { name: 'Оформить возврат' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Вернуть' }).click();
  if (count > 1) await expect(page.getByTestId('owed-badge')).toHaveText(String(count - 1));
  else await expect(page.getByTestId('owed-badge')).toHaveCount(0);

  // The audit log: filtered to refunds, then to this order, in Russian and with a name.
  await toastsGone(page);
  await page.getByRole('link', { name: 'Журнал' }).click();
  const entries = page.getByRole('list', { name: 'Записи журнала' });
  await expect(entries.getByRole('listitem').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Что' }).selectOption('order.refund');
  await expect(page).toHaveURL(/action=order\.refund/);
  await expect(entries.getByText(`Возврат денег · заказ №${owed!.id}`)).toBeVisible();
  await expect(entries.getByText(/^Статус заказа/)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Что' }).selectOption('');
  await page.getByRole('combobox', { name: 'Объект' }).selectOption('order');
  await page.getByRole('textbox', { name: 'Номер объекта' }).fill(String(owed!.id));
  await expect(entries.getByText(`Статус заказа · заказ №${owed!.id}`)).toBeVisible();
  await expect(entries.getByText('Статус: Оплачен → Отменён')).toBeVisible();
  await expect(entries.getByText(`заказ №${other!.id}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Номер объекта' })).toHaveValue(String(owed!.id));
  await expect(page.getByRole('combobox', { name: 'Кто' }).locator('option')).not.toHaveCount(1);
  await photograph(page, 'audit');
});
