// The merchant's console in Chromium at 390×844 against the real API and database: a second
// shopper places and pays an order through the API (the sandbox payment page), and the demo
// shopper — an owner of the demo shop under the dev login — finds it from the profile, opens the
// card, moves it on and refunds it. Screenshots in light and dark go where `shot()` says (support.ts).
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { auth, expect, shot, shotBothSchemes, signInShopper, test, validInn } from './support.ts';

// 390×844 CSS pixels at 1×, like the other screenshots in docs/screenshots.
test.use({ deviceScaleFactor: 1 });

/** Signs in another shopper, Ольга Консольная. */
const signInOlga = (request: APIRequestContext, id: number) =>
  signInShopper(request, { id, first_name: 'Ольга', last_name: 'Консольная', username: `olga_${id}` });

/** Places and pays (sandbox «Оплатить») an order of one in-stock unit; returns its id and total. */
async function paidOrder(request: APIRequestContext, token: string, run: string) {
  expect(
    (
      await request.put('/api/v1/passport', {
        headers: auth(token),
        data: {
          last_name: 'Консольная',
          first_name: 'Ольга',
          middle_name: '',
          birth_date: '1991-02-03',
          series: '4510',
          number: '123456',
          issue_date: '2011-03-04',
          inn: validInn('7707000000'),
          email: 'olga@example.com',
        },
      })
    ).ok(),
  ).toBe(true);
  const delivery = await request.post('/api/v1/delivery', {
    headers: auth(token),
    data: {
      city: 'Пермь',
      address: 'ул. Ленина, 5',
      fio: 'Ольга',
      last_name: 'Консольная',
      phone_number: '+79120000000',
    },
  });
  expect(delivery.ok()).toBe(true);
  const deliveryId = ((await delivery.json()) as { result: { id: number } }).result.id;

  const list = (await (await request.get('/api/v2/product?sorting=PRICE_ASC')).json()) as {
    result: { products: { id: number }[] };
  };
  for (const { id } of list.result.products.slice(3)) {
    const product = (
      (await (await request.get(`/api/v1/product/${id}`)).json()) as {
        result: { variants: { id: number; qty: number }[] };
      }
    ).result;
    const variant = product.variants.find((v) => v.qty >= 2);
    if (!variant) continue;
    const placed = await request.post('/api/v1/order', {
      headers: { ...auth(token), 'idempotency-key': `e2e-admin-${run}-${Date.now()}` },
      data: { items: [{ product_id: id, variant_id: variant.id, quantity: 1 }], delivery_id: deliveryId },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const order = ((await placed.json()) as { result: { id: number; total: number } }).result;
    const link = await request.get(`/api/v1/order/payment_url/${order.id}`, { headers: auth(token) });
    expect(link.ok()).toBe(true);
    const path = new URL(((await link.json()) as { result: { url: string } }).result.url).pathname;
    const pay = await request.post(`${path}/pay`, { form: {}, maxRedirects: 0 });
    expect(pay.status()).toBe(303);
    return order;
  }
  throw new Error('no product in stock');
}

async function shopperOrderStatus(request: APIRequestContext, token: string, id: number) {
  const res = await request.get(`/api/v1/order/detail/${id}`, { headers: auth(token) });
  return ((await res.json()) as { result: { status: string } }).result.status;
}

/** The demo shopper's token, once the session has started and stored it. */
async function adminToken(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('access_token')))!;
}

async function toastsGone(page: Page) {
  // Sonner holds a toast while the pointer rests on it (the last tap may have been under it).
  await page.mouse.move(200, 700);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

const OLGA_ID = 910_000_001;

test('console: order list → order card → status change → refund', async ({ page, request }) => {
  const shopperToken = await signInOlga(request, OLGA_ID);
  const order = await paidOrder(request, shopperToken, 'walk');

  // The entry shows on the profile for staff only; the demo shopper is an owner.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Панель магазина' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Панель магазина' })).toBeVisible();
  await expect(page.getByText('Владелец')).toBeVisible();
  // The first page is the dashboard (e2e/console.spec.ts); the orders are one link away.
  await page.getByRole('link', { name: 'Заказы', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // Tabs with counts; the paid tab holds the new order.
  const paidTab = page.getByRole('tab', { name: /^Оплачен/ });
  await expect(paidTab.locator('.admin-tab__count')).not.toHaveText('0');
  await paidTab.click();
  await expect(page).toHaveURL(/status=paid/);
  await page.getByRole('searchbox', { name: 'Поиск заказов' }).fill(String(order.id));
  await expect(page).toHaveURL(new RegExp(`q=${order.id}`));
  const row = page.locator(`tr[data-order-id="${order.id}"]`);
  await expect(row).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row.getByText('Оплачен')).toBeVisible();
  await row.getByRole('checkbox').check();
  const bulk = page.getByRole('region', { name: 'Действия с выбранными' });
  await expect(bulk).toContainText('Выбрано: 1');
  // On a phone the status list keeps room for its placeholder (the checkbox and button wrap below).
  const statusList = bulk.getByRole('combobox', { name: 'Новый статус' });
  expect((await statusList.boundingBox())!.width).toBeGreaterThan(170);
  await shotBothSchemes(page, 'admin-orders');
  await row.getByRole('checkbox').uncheck();

  // CSV of the same filter, fetched with the bearer token and saved as a file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.trim().split(/\r?\n/);
  // A header and exactly the one order of the filter.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(String(order.id));
  expect(lines[1]).toContain('Консольная');

  // The card.
  await row.getByRole('link', { name: `№${order.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(page.getByRole('heading', { name: `Заказ №${order.id}` })).toBeVisible();
  await expect(page.getByText('Консольная Ольга')).toBeVisible();
  await expect(page.getByText(/Платёж · Проведён/)).toBeVisible();
  await shotBothSchemes(page, 'admin-order', { fullPage: true });

  // Status change: only the allowed next statuses are offered.
  const select = page.getByRole('combobox', { name: 'Новый статус' });
  await expect(select.locator('option', { hasText: 'Ожидает оплаты' })).toHaveCount(0);
  await expect(select.locator('option', { hasText: 'Возврат оформлен' })).toHaveCount(0);
  await select.selectOption({ label: 'Выкупаем товар' });
  await page.getByRole('textbox', { name: 'Внутренний комментарий' }).fill('Выкупили на Poizon');
  await page.getByRole('button', { name: 'Изменить статус' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Изменить' }).click();
  const history = page.getByRole('region', { name: 'История статусов' });
  await expect(history.getByText('Выкупили на Poizon')).toBeVisible();
  await expect(page.locator('.admin-order__title-row')).toContainText('Выкупаем товар');
  expect(await shopperOrderStatus(request, shopperToken, order.id)).toBe('purchasing');

  // An internal note.
  const notes = page.getByRole('region', { name: 'Заметки' });
  await notes.getByRole('textbox', { name: 'Новая заметка' }).fill('Позвонить перед отправкой');
  await notes.getByRole('button', { name: 'Добавить заметку' }).click();
  await expect(notes.getByText('Позвонить перед отправкой')).toBeVisible();
  await expect(notes.getByText(/Анна Покупкина/)).toBeVisible();

  // Refund in full, with a reason and a confirmation.
  const refund = page.getByRole('region', { name: 'Возврат' });
  await refund.getByRole('textbox', { name: 'Причина возврата' }).fill('Нет нужного размера');
  await refund.getByRole('button', { name: 'Оформить возврат' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Нет нужного размера');
  await toastsGone(page);
  await shotBothSchemes(page, 'admin-refund-confirm');
  await dialog.getByRole('button', { name: 'Вернуть' }).click();
  const money = page.getByRole('region', { name: 'Платежи и возвраты' });
  await expect(money.getByText(/Возврат · .* · Нет нужного размера/)).toBeVisible();
  await expect(page.locator('.admin-order__title-row')).toContainText('Возврат оформлен');
  expect(await shopperOrderStatus(request, shopperToken, order.id)).toBe('refunded');
  await toastsGone(page);
  await shotBothSchemes(page, 'admin-refunded', { fullPage: true });
});

const STAFF_ID = 920_000_001;

test('console: the owner adds a member, changes the role, removes them; the audit log shows it', async ({
  page,
  request,
}) => {
  await page.goto('/admin/staff');
  // The session has started (and stored its token) once the console shows.
  await expect(page.getByRole('heading', { name: 'Добавить сотрудника' })).toBeVisible();
  const token = (await page.evaluate(() => localStorage.getItem('access_token')))!;
  const id = STAFF_ID;
  const roleOf = async () => {
    const res = await request.get('/api/v1/admin/staff', { headers: auth(token) });
    const list = ((await res.json()) as { result: { telegram_id: number; role: string }[] }).result;
    return list.find((m) => m.telegram_id === id)?.role ?? null;
  };

  // The owner from the server's settings cannot be edited here.
  const owner = page.locator('li[data-telegram-id="100000001"]');
  await expect(owner).toContainText('Владелец');
  await expect(owner.getByRole('button', { name: 'Убрать' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Telegram id' }).fill(String(id));
  await page.getByRole('combobox', { name: 'Роль', exact: true }).selectOption({ label: 'Модератор' });
  await page.getByRole('button', { name: 'Добавить' }).click();
  const member = page.locator(`li[data-telegram-id="${id}"]`);
  await expect(member).toBeVisible();
  await expect.poll(roleOf).toBe('moderator');

  await member.getByRole('combobox').selectOption({ label: 'Наблюдатель' });
  await expect.poll(roleOf).toBe('viewer');
  await expect(member.getByRole('combobox')).toHaveValue('viewer');
  await toastsGone(page);
  await shotBothSchemes(page, 'admin-staff');

  await member.getByRole('button', { name: 'Убрать' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Убрать' }).click();
  await expect(member).toHaveCount(0);
  expect(await roleOf()).toBeNull();
  // The confirmation closes with an animation; a tap meanwhile lands on its overlay (it did on a
  // loaded machine), so go on once it is gone, as a person would.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // So does the toast «Доступ убран»: it slides in over the section tabs, and a tap on «Журнал»
  // as it arrived landed on the toast (CI, Node 22, dark). Tap once it has gone.
  await toastsGone(page);

  await page.getByRole('link', { name: 'Журнал' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  for (const action of ['Сотрудник добавлен', 'Роль сотрудника', 'Сотрудник удалён'])
    await expect(page.getByText(new RegExp(`^${action} · сотрудник №${id}$`))).toBeVisible();
  await toastsGone(page);
  await shotBothSchemes(page, 'admin-audit');
});

test("console: catalogue search, a variant's stock and a product's title edited and put back", async ({
  page,
  request,
}) => {
  // A product far down the price list, which the other tests do not buy.
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_DESC&limit=5')).json()) as {
    result: { products: { id: number; title: string }[] };
  };
  const target = list.result.products[3]!;
  const read = async () =>
    (
      (await (await request.get(`/api/v1/product/${target.id}`)).json()) as {
        result: { title: string; variants: { id: number; qty: number; price: number }[] };
      }
    ).result;
  const before = await read();
  const variant = before.variants[0]!;

  await page.goto('/admin/catalog');
  const token = await adminToken(page);
  try {
    await page.getByRole('searchbox', { name: 'Поиск товаров' }).fill(target.title);
    await page
      .getByRole('button', { name: new RegExp(`^${target.title}`) })
      .first()
      .click();
    const title = page.getByRole('textbox', { name: 'Название' });
    await expect(title).toHaveValue(before.title);

    // Stock of the first variant: one more, saved, checked through the shop's API, then put back.
    const qty = page
      .locator('.admin-variants tbody tr')
      .first()
      .getByRole('textbox', { name: /^Остаток/ });
    await expect(qty).toHaveValue(String(variant.qty));
    await qty.fill(String(variant.qty + 1));
    await page
      .locator('.admin-variants tbody tr')
      .first()
      .getByRole('button', { name: 'ОК', exact: true })
      .click();
    await expect.poll(async () => (await read()).variants[0]!.qty).toBe(variant.qty + 1);

    await title.fill(`${before.title} (витрина)`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await read()).title).toBe(`${before.title} (витрина)`);
    await toastsGone(page);
    await shotBothSchemes(page, 'admin-catalog');
  } finally {
    // Put the catalogue back even when a step failed: later tests read the same products.
    expect(
      // By a delta: a set would need the stock version read, and nothing else moved it.
      (
        await request.patch(`/api/v1/admin/variants/${variant.id}`, {
          headers: auth(token),
          data: { qty_delta: -1 },
        })
      ).ok(),
    ).toBe(true);
    expect(
      (
        await request.patch(`/api/v1/admin/products/${target.id}`, {
          headers: auth(token),
          data: { title: before.title },
        })
      ).ok(),
    ).toBe(true);
  }
});

test('console: catalogue import is checked as a dry run first; a file with an error cannot be applied', async ({
  page,
}) => {
  const product = (spu: string, title: string) => ({
    spu,
    title,
    description: '',
    brand: null,
    categories: [9001],
    images: [],
    variants: [{ sku: `${spu}-1`, title, price: 1990, qty: 3 }],
  });
  const catalog = (products: unknown[]) =>
    Buffer.from(
      JSON.stringify({
        brands: [],
        categories: [{ id: 9001, parent_id: null, name: 'Проверка', position: 0 }],
        products,
      }),
    );

  await page.goto('/admin/catalog/import');
  const input = page.getByLabel('Файл импорта');
  await input.setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: catalog([product('E2E-IMPORT-1', 'Футболка проверки'), product('E2E-IMPORT-2', '')]),
  });
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByRole('heading', { name: 'Результат проверки' })).toBeVisible();
  const errorRow = page
    .getByRole('table', { name: 'Ошибки в файле' })
    .getByRole('row', { name: /^Товар 2 название/ });
  await expect(errorRow.getByRole('cell')).toHaveText(['Товар 2', 'название', 'не может быть пустым']);
  await expect(page.getByRole('button', { name: 'Применить' })).toBeDisabled();
  await page.screenshot({ path: shot('admin-import-errors-light'), fullPage: true });

  await input.setInputFiles({
    name: 'good.json',
    mimeType: 'application/json',
    buffer: catalog([product('E2E-IMPORT-1', 'Футболка проверки')]),
  });
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByRole('heading', { name: 'Результат проверки' })).toBeVisible();
  await expect(page.locator('.admin-facts')).toContainText('Будет создано1');
  await expect(page.getByRole('button', { name: 'Применить' })).toBeEnabled();
  // Not applied: the other browser tests count the demo catalogue.
});

test('console: import of a table — a template to download, errors by row and column kept on the page, a category rename listed', async ({
  page,
  request,
}) => {
  type Tree = { result: { categories: { id: number; name: string }[] } };
  const category = ((await (await request.get('/api/v1/categories')).json()) as Tree).result.categories[0]!;
  await page.goto('/admin/catalog/import');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Шаблон .csv' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('catalog-template.csv');
  const header = readFileSync(await template.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0]!;
  expect(header.split(';')).toContain('Цена, ₽');

  // A CSV made from the template with a price of 0 on its second data row.
  const columns = header.split(';');
  const row = (cells: Record<string, string>) => columns.map((c) => cells[c] ?? '').join(';');
  const csv = [
    header,
    row({
      'Артикул товара (spu)': 'E2E-CSV',
      'Название товара': 'Кеды из таблицы',
      Категории: String(category.id),
      'Артикул варианта (sku)': 'a',
      'Цена, ₽': '1990',
      Остаток: '1',
    }),
    row({ 'Артикул товара (spu)': 'E2E-CSV', 'Артикул варианта (sku)': 'b', 'Цена, ₽': '0', Остаток: '1' }),
  ].join('\r\n');
  const input = page.getByLabel('Файл импорта');
  await input.setInputFiles({ name: 'goods.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
  await page.getByRole('button', { name: 'Проверить' }).click();
  const errors = page.getByRole('table', { name: 'Ошибки в файле' });
  await expect(errors.getByRole('row', { name: /не меньше 1/ }).getByRole('cell')).toHaveText([
    'Строка 3',
    'Цена, ₽',
    'не меньше 1 ₽',
  ]);
  // Kept on the page (not a passing toast): still there after the toasts have gone.
  await toastsGone(page);
  await expect(errors).toBeVisible();
  await expect(page.getByRole('button', { name: 'Применить' })).toBeDisabled();
  await page.screenshot({ path: shot('admin-import-table-errors-light'), fullPage: true });

  // A file that renames one of the shop's categories: the dry run lists that rename.
  await input.setInputFiles({
    name: 'rename.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({ categories: [{ id: category.id, name: `${category.name} (тест)` }], products: [] }),
    ),
  });
  await page.getByRole('button', { name: 'Проверить' }).click();
  const rename = page
    .getByRole('table', { name: 'Что изменится' })
    .getByRole('row', { name: /Категория изменится/ });
  await expect(rename).toContainText(`название «${category.name}» → «${category.name} (тест)»`);
  const after = ((await (await request.get('/api/v1/categories')).json()) as Tree).result.categories;
  expect(after.find((c) => c.id === category.id)!.name).toBe(category.name);
});

test('console: a hidden product is found under «Скрытые» and its price edited; hiding asked first', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_DESC&limit=8')).json()) as {
    result: { products: { id: number; title: string }[] };
  };
  const target = list.result.products[6]!;
  await page.goto('/admin/catalog');
  const token = await adminToken(page);
  const detail = async () =>
    (
      (await (await request.get(`/api/v1/admin/products/${target.id}`, { headers: auth(token) })).json()) as {
        result: { is_published: boolean; variants: { id: number; price: number }[] };
      }
    ).result;
  const before = await detail();
  try {
    await page.getByRole('searchbox', { name: 'Поиск товаров' }).fill(target.title);
    await page
      .getByRole('button', { name: new RegExp(`^${target.title}`) })
      .first()
      .click();
    await page.getByRole('switch', { name: 'Опубликован' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Скрыть' }).click();
    await expect.poll(async () => (await detail()).is_published).toBe(false);
    // The shop no longer has it; the console still finds it, under «Скрытые» too.
    expect((await request.get(`/api/v1/product/${target.id}`)).status()).toBe(404);
    await page.reload();
    await page.getByRole('checkbox', { name: 'Скрытые' }).check();
    await page.getByRole('searchbox', { name: 'Поиск товаров' }).fill(target.title);
    await page
      .getByRole('button', { name: new RegExp(`^${target.title}`) })
      .first()
      .click();
    const price = page.locator('.admin-variants tbody tr').first().getByRole('textbox', { name: /^Цена/ });
    await expect(price).toHaveValue(String(before.variants[0]!.price));
    await price.fill(String(before.variants[0]!.price + 10));
    await page
      .locator('.admin-variants tbody tr')
      .first()
      .getByRole('button', { name: 'ОК', exact: true })
      .click();
    await expect.poll(async () => (await detail()).variants[0]!.price).toBe(before.variants[0]!.price + 10);
  } finally {
    const v = before.variants[0]!;
    expect(
      (
        await request.patch(`/api/v1/admin/variants/${v.id}`, {
          headers: auth(token),
          data: { price: v.price },
        })
      ).ok(),
    ).toBe(true);
    expect(
      (
        await request.patch(`/api/v1/admin/products/${target.id}`, {
          headers: auth(token),
          data: { is_published: true },
        })
      ).ok(),
    ).toBe(true);
  }
});
