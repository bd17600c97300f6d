// Find on Poizon in Chromium at 390×844 against the real API (fixture Poizon provider, as `npm start`
// runs it): a catalogue product by its Poizon link opens in the product drawer, a Poizon item opens
// as a card and goes to the cart, an unknown short link becomes a request, staff quote it in the
// console and the shopper accepts it; Poizon search shows its grid. Screenshots go to
// docs/screenshots in light and dark.
import { expect, test, type Page } from '@playwright/test';

const shot = (name: string) => `docs/screenshots/${name}.png`;
test.use({ deviceScaleFactor: 1 });

const FIXTURE_SPU = '20000001'; // Nike Air Force 1 '07 Low in the fixture provider

async function toastsGone(page: Page) {
  await page.mouse.move(200, 700);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

async function findText(page: Page, text: string) {
  const field = page.getByPlaceholder('Вставьте ссылку или артикул');
  await field.fill(text);
  await page.getByRole('button', { name: 'Найти', exact: true }).click();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`find on Poizon: link → catalogue drawer, item card → cart, request → console quote → accepted (${scheme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/find/poizon');
    // The first lazy page may take a while on a loaded machine.
    await expect(page.getByRole('heading', { name: 'Найти товар на Poizon' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: 'Мои запросы' })).toBeVisible();

    // Text with no link or article: the Russian message, no call.
    await findText(page, 'хочу такие кроссовки');
    await expect(page.getByText('Не удалось распознать ссылку или артикул')).toBeVisible();

    // A catalogue product's Poizon link opens that product in the drawer.
    const listing = (await (await request.get('/api/v2/product?limit=40')).json()) as {
      result: { products: { id: number; spu: string }[] };
    };
    const own = listing.result.products.find((p) => /^\d{7}$/.test(p.spu))!;
    await findText(
      page,
      `https://m.dewu.com/router/product/ProductDetail?spuId=${own.spu}&sourceName=shareDetail`,
    );
    await expect(page).toHaveURL(new RegExp(`[?&]id=${own.id}`));
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]id=/);
    await toastsGone(page);

    // A Poizon item from the raw share text: the card with sizes, breakdown and validity.
    await findText(
      page,
      `【得物】发现一件好物，Nike Air Force 1 https://fast.dewu.com/page/productDetail?spuId=${FIXTURE_SPU}&skuId=1，点击链接直接打开。`,
    );
    const card = page.locator('.poizon-item');
    await expect(card.getByRole('heading', { name: "Nike Air Force 1 '07 Low" })).toBeVisible();
    await expect(card.getByText('Итого')).toBeVisible();
    await expect(card.getByText(/Цена действует до/)).toBeVisible();
    await card.getByRole('radio', { name: /^42 / }).click();
    await expect(page.getByRole('button', { name: /В корзину за/ })).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: shot(`find-poizon-item-${scheme}`) });
    await page.getByRole('button', { name: /В корзину за/ }).click();
    await expect(page.getByText('Товар добавлен в корзину')).toBeVisible();
    await page.keyboard.press('Escape');
    await toastsGone(page);

    // A short link nobody can follow: the request form.
    const code = `E2e${scheme}${Date.now()}`;
    await findText(page, `https://dw4.co/t/A/${code}`);
    const form = page.locator('.find-request-form');
    await expect(form.getByRole('heading', { name: 'Рассчитаем стоимость вручную' })).toBeVisible();
    await form.getByLabel('Размер').fill('42.5 EU');
    await form.getByLabel('Цвет / вариант').fill('Белый');
    await form.getByText('Бирюзовая — быстрая доставка').click();
    await form.getByPlaceholder('Например: нужна коробка, подойдёт другой цвет').fill('Нужна коробка');
    await page.screenshot({ path: shot(`find-poizon-request-${scheme}`), fullPage: true });
    await form.getByRole('button', { name: 'Отправить запрос' }).click();
    await expect(page.getByText('Запрос отправлен. Рассчитаем стоимость и пришлём сообщение')).toBeVisible();
    const row = page.locator('.find-request', { hasText: code });
    await expect(row.getByText('Новый')).toBeVisible();
    await toastsGone(page);
    await page.screenshot({ path: shot(`find-poizon-${scheme}`) });

    // Staff quote it in the console.
    await page.goto('/admin/find-requests');
    const tr = page.locator('tr', { hasText: code });
    await tr.click();
    const quote = page.locator('.admin-find__card');
    await quote.getByLabel('Цена на Poizon, ¥').fill('699');
    await quote.getByLabel('Вес, кг').fill('1');
    await expect(quote.getByText(/= 10\s510\s₽/)).toBeVisible();
    await page.screenshot({ path: shot(`admin-find-quote-${scheme}`), fullPage: true });
    await quote.getByRole('button', { name: 'Отправить цену' }).click();
    await expect(page.getByText('Цена отправлена покупателю')).toBeVisible();

    // The shopper sees the price in roubles and accepts it into the cart.
    await page.goto('/find/poizon');
    const quoted = page.locator('.find-request', { hasText: code });
    await expect(quoted.getByText('Цена готова')).toBeVisible();
    await expect(quoted.getByText(/10\s510\s₽/)).toBeVisible();
    await quoted.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`find-requests-${scheme}`) });
    await quoted.getByRole('button', { name: 'В корзину' }).click();
    await expect(quoted.getByText('В корзине')).toBeVisible();
    await page.goto('/basket');
    await expect(page.getByText(/10\s510\s₽/).first()).toBeVisible();
  });

  test(`Poizon search: grid, item card, empty state (${scheme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/find/poizon');
    await page.getByRole('link', { name: /Поиск по каталогу Poizon/ }).click();
    await expect(page).toHaveURL(/\/find\/poizon\/search$/);
    const input = page.getByPlaceholder('Поиск по Poizon: бренд, модель или артикул');
    await input.fill('nike');
    await input.press('Enter');
    await expect(page).toHaveURL(/[?&]q=nike/);
    const cards = page.locator('.find-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(3);
    await expect(page.locator('.find-card .product-image').first()).toHaveJSProperty('complete', true);
    await page.waitForTimeout(500);
    await page.screenshot({ path: shot(`find-search-${scheme}`) });
    await cards.first().click();
    await expect(page.locator('.poizon-item').getByText('Итого')).toBeVisible();
    await page.keyboard.press('Escape');
    await input.fill('zzzzqqq');
    await input.press('Enter');
    await expect(
      page.getByText('На Poizon ничего не нашлось. Попробуйте английское название или артикул'),
    ).toBeVisible();
  });
}
