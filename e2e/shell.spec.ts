// The app shell in Chromium at 390×844: the search overlay, Telegram's back button through the
// mocked environment, start parameters, toasts, the debug console and the onboarding cards, with
// screenshots in light and dark Telegram themes.
import type { Page } from '@playwright/test';
import { emptyCart, expect, idle, pressTelegramBack, shot, shotBothSchemes, test } from './support.ts';

/** What the app told Telegram about its back button, in order. */
async function backButtonCalls(page: Page) {
  return page.evaluate(() =>
    (window.__telegramCalls ?? [])
      .filter((c) => c.name === 'web_app_setup_back_button')
      .map((c) => c.params as { is_visible?: boolean }),
  );
}

async function lastBackButtonVisibility(page: Page) {
  return (await backButtonCalls(page)).at(-1)?.is_visible;
}

test('search overlay: type, see suggestions, Enter goes to search?q= and the query is remembered', async ({
  page,
}) => {
  const prefixes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/search-suggest') prefixes.push(url.searchParams.get('prefix') ?? '');
  });
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Поиск товаров' }).click();

  const overlay = page.getByRole('dialog', { name: 'Поиск' });
  await expect(overlay).toBeVisible();
  const input = overlay.getByRole('searchbox', { name: 'Поиск' });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', 'Товар, бренд, пользователь');
  await expect(overlay.getByRole('heading', { name: 'Рекомендуемые бренды' })).toBeVisible();
  await expect(overlay.getByRole('list').last().getByRole('button')).toHaveText([
    'Nike',
    'Adidas',
    'Zara',
    'Uniqlo',
    'Guess',
    'Mango',
    'Uzefi',
    'Tommy Hilfiger',
    'Puma',
  ]);
  // Page scroll is locked while the overlay is open.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  expect(prefixes).toEqual([]);
  await shotBothSchemes(page, 'search-overlay-empty');

  await input.fill('Nik');
  const suggestions = overlay.getByRole('list', { name: 'Подсказки' }).getByRole('button');
  await expect(suggestions.first()).toBeVisible();
  expect(prefixes).toContain('Nik');
  const texts = await suggestions.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.length).toBeLessThanOrEqual(20);
  for (const text of texts) expect(text.toLowerCase()).toContain('nik');
  await shotBothSchemes(page, 'search-overlay-suggestions');

  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Nik$/);
  await expect(overlay).toHaveCount(0);
  await expect(page.getByText('Результаты по запросу «Nik»')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  await page.getByRole('link', { name: 'Главная' }).click();
  await page.getByRole('searchbox', { name: 'Поиск товаров' }).click();
  // The query was cleared on close, and the search is in "Вы недавно искали".
  await expect(overlay.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('');
  const recent = overlay.getByRole('region', { name: 'Вы недавно искали' });
  await expect(recent.getByRole('button', { name: 'Nik' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    local: JSON.parse(localStorage.getItem('search_history') ?? 'null') as { searches: string[] } | null,
    cloud: JSON.parse(localStorage.getItem('shop/dev-cloud/search_history') ?? 'null') as {
      searches: string[];
    } | null,
  }));
  expect(stored.local?.searches).toEqual(['Nik']);
  expect(stored.cloud?.searches).toEqual(['Nik']);
  await shotBothSchemes(page, 'search-overlay-history');

  // "Отменить" closes the overlay.
  await overlay.getByRole('button', { name: 'Отменить' }).click();
  await expect(overlay).toHaveCount(0);
});

test('Telegram back button: hidden on home, closes the overlay first, then follows the route rules', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();
  // Never shown on home: the app's first word on the back button (back-button.tsx, on mount) hides
  // it, and nothing has shown it by the time the page is idle.
  await expect.poll(() => backButtonCalls(page)).not.toHaveLength(0);
  await idle(page);
  expect(await backButtonCalls(page)).toEqual([{ is_visible: false }]);

  await page.getByRole('link', { name: 'Каталог' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect.poll(() => lastBackButtonVisibility(page)).toBe(true);
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => lastBackButtonVisibility(page)).toBe(false);

  await page.goto('/catalog/15');
  await expect(page.getByRole('heading', { name: 'Каталог' })).toBeVisible();
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/catalog$/);
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/find/poizon/search');
  await expect(page.getByRole('heading', { name: 'Поиск на Poizon' })).toBeVisible();
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/find\/poizon$/);
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/orders/placing?step=2');
  await expect(page.getByRole('heading', { name: 'Оформление заказа' })).toBeVisible();
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/orders\/placing\?step=1$/);
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/orders\/placing\?step=0$/);
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/payment-await?transaction_guid=abc');
  await expect(page.getByRole('heading', { name: 'Оплата заказа' })).toBeVisible();
  await pressTelegramBack(page);
  await expect(page).toHaveURL(/\/orders\/history$/);

  // An open layer is closed before any route rule applies.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Поиск товаров' }).click();
  await expect(page.getByRole('dialog', { name: 'Поиск' })).toBeVisible();
  await expect.poll(() => lastBackButtonVisibility(page)).toBe(true);
  await pressTelegramBack(page);
  await expect(page.getByRole('dialog', { name: 'Поиск' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);

  // Navigation history is kept in session storage.
  const history = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('navigationHistory') ?? '{}') as { history?: string[] }).history,
  );
  expect(history?.at(-1)).toBe('/');
  expect(history?.length).toBeLessThanOrEqual(25);
});

test('a payment start parameter goes to payment-await once', async ({ page }) => {
  await page.goto('/?tgWebAppStartParam=payment_success__5f0c2a7e-1d2b-4c3d-9e8f-0a1b2c3d4e5f');
  await expect(page).toHaveURL(/\/payment-await\?transaction_guid=5f0c2a7e-1d2b-4c3d-9e8f-0a1b2c3d4e5f$/);
  await expect(page.getByRole('heading', { name: 'Оплата заказа' })).toBeVisible();

  // The same value again (a reopened link) does not redirect a second time.
  await page.goto('/catalog?tgWebAppStartParam=payment_success__5f0c2a7e-1d2b-4c3d-9e8f-0a1b2c3d4e5f');
  await expect(page.getByRole('heading', { name: 'Каталог' })).toBeVisible();
  // The start parameter is acted on in an effect of the app shell, whose redirect changes the
  // address at once (start-params-handler.tsx): by the time the page is idle it would have.
  await idle(page);
  await expect(page).toHaveURL(/\/catalog\?/);
});

test('debug console and a toast', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?debug=1');
  const button = page.getByRole('button', { name: 'Открыть консоль' });
  await expect(button).toBeVisible();
  // Start from an empty console, whatever the start-up logged.
  await button.click();
  const clearButton = page.getByRole('dialog', { name: 'Консоль' }).getByRole('button', { name: 'Очистить' });
  if (await clearButton.isEnabled()) await clearButton.click();
  await page.getByRole('button', { name: 'Закрыть консоль' }).click();
  await expect(button).toHaveAttribute('data-unseen', 'false');
  await page.evaluate(() => {
    console.info('Каталог загружен за 182 мс');
    console.warn('CloudStorage не ответил, используем локальные данные');
    console.error('Ошибка сети: /api/v1/cart/len');
  });
  await expect(button).toHaveAttribute('data-unseen', 'true');
  await expect(button).toHaveClass(/debug-console-button--pulse/);
  await shotBothSchemes(page, 'debug-button');

  await button.click();
  const consoleDialog = page.getByRole('dialog', { name: 'Консоль' });
  await expect(consoleDialog.getByText('Ошибка сети: /api/v1/cart/len')).toBeVisible();
  // Times are in the Russian locale (24-hour hh:mm:ss).
  await expect(consoleDialog.locator('time').first()).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await shotBothSchemes(page, 'debug-console');

  await consoleDialog.getByRole('tab', { name: /Warn/ }).click();
  await expect(consoleDialog.getByRole('listitem')).toHaveCount(1);
  await expect(consoleDialog.getByText('CloudStorage не ответил, используем локальные данные')).toBeVisible();

  await consoleDialog.getByRole('button', { name: 'Копировать' }).click();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toHaveText('Логи скопированы');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'WARN CloudStorage не ответил, используем локальные данные',
  );
  // The toast over the page, once its entry animation has settled (the toast covers the
  // console's close button, so the click is dispatched to it directly).
  await page.getByRole('button', { name: 'Закрыть консоль' }).dispatchEvent('click');
  await expect(toast).toBeVisible();
  await page.waitForTimeout(500);
  await shotBothSchemes(page, 'toast');
  await page.getByRole('button', { name: 'Открыть консоль' }).click();

  await consoleDialog.getByRole('button', { name: 'Очистить' }).click();
  await expect(consoleDialog.getByText('Нет логов типа WARN')).toBeVisible();
  await consoleDialog.getByRole('tab', { name: /Все/ }).click();
  await expect(consoleDialog.getByText('Консоль пуста. Логи будут появляться здесь.')).toBeVisible();
  await shotBothSchemes(page, 'debug-console-empty');

  // The toast closes itself after 4000 ms.
  await expect(toast).toHaveCount(0, { timeout: 6000 });
});

test('onboarding cards: tapping one opens it and marks it read', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Знакомство с магазином' }).getByRole('button');
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toHaveAttribute('aria-current', 'step');
  await shotBothSchemes(page, 'onboarding-cards');

  await cards.first().click();
  const sheet = page.getByRole('dialog', { name: 'Гарантия оригинала' });
  await expect(sheet).toBeVisible();
  await page.waitForTimeout(600);
  await shotBothSchemes(page, 'onboarding-sheet');
  await sheet.getByRole('button', { name: 'Понятно' }).click();
  await expect(sheet).toHaveCount(0);

  await expect(cards.nth(0)).toHaveAttribute('data-read', 'true');
  await expect(cards.nth(1)).toHaveAttribute('aria-current', 'step');
  const stored = await page.evaluate(() => ({
    local: JSON.parse(localStorage.getItem('history_progress') ?? 'null') as { readCards: string[] } | null,
    cloud: JSON.parse(localStorage.getItem('shop/dev-cloud/history_progress') ?? 'null') as {
      readCards: string[];
    } | null,
  }));
  expect(stored.local?.readCards).toEqual(['guarantee']);
  expect(stored.cloud?.readCards).toEqual(['guarantee']);
  await shotBothSchemes(page, 'onboarding-cards-read');
});

type ProductInfo = { id: number; title: string; price: number; variants: { id: number; qty: number }[] };

/** A real in-stock product of the demo catalogue, read through the API as the app reads it. */
async function demoProduct(page: Page): Promise<ProductInfo> {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();
  return page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const list = (await (await fetch('/api/v2/product', { headers })).json()) as {
      result: { products: { id: number; in_stock: boolean }[] };
    };
    const card = list.result.products.find((p) => p.in_stock)!;
    const product = (await (await fetch(`/api/v1/product/${card.id}`, { headers })).json()) as {
      result: ProductInfo;
    };
    return product.result;
  });
}

test('product drawer: opens from productId_ start parameter and ?id=, back closes the lightbox, then the drawer', async ({
  page,
}) => {
  const product = await demoProduct(page);
  await page.goto(`/?tgWebAppStartParam=productId_${product.id}`);
  const drawer = page.getByRole('dialog', { name: product.title });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${product.id}(&|$)`));
  const price = `${new Intl.NumberFormat('ru-RU').format(product.price)} ₽`;
  await expect(drawer.getByText(price)).toBeVisible();
  // The first picture comes through the resizing image endpoint as WebP.
  const image = drawer.getByRole('img', { name: product.title });
  await expect(image).toHaveAttribute('src', /^\/img\/w600\//);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect.poll(() => lastBackButtonVisibility(page)).toBe(true);
  await page.waitForTimeout(600);
  await page.screenshot({ path: shot('product-drawer-light') });

  // Share goes to Telegram's share dialog with the deep link and the title (this server has no
  // bot to prepare a card: e2e/telegram-share.spec.ts has one).
  await drawer.getByRole('button', { name: 'Поделиться' }).click();
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
    .toContain(`startapp%3DproductId_${product.id}`);

  await drawer.getByRole('button').first().click();
  const lightbox = page.locator('.yarl__root');
  await expect(lightbox).toBeVisible();
  await pressTelegramBack(page);
  await expect(lightbox).toHaveCount(0);
  await expect(drawer).toBeVisible();
  await pressTelegramBack(page);
  await expect(drawer).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]id=/);

  await page.goto(`/catalog?id=${product.id}`);
  await expect(page.getByRole('dialog', { name: product.title })).toBeVisible();
});

test('the basket tab shows the cart count from GET /cart/len when it is not zero', async ({ page }) => {
  const product = await demoProduct(page);
  // The demo shopper drives every spec: start from an empty cart whatever ran before.
  await emptyCart(page);
  await page.reload();
  const basket = page.getByRole('link', { name: /Корзина/ });
  await expect(basket).toBeVisible();
  await expect(page.getByLabel(/Товаров в корзине/)).toHaveCount(0);

  const variant = product.variants.find((v) => v.qty > 0)!;
  const status = await page.evaluate(
    async ({ productId, variantId }) => {
      const response = await fetch('/api/v1/cart', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('access_token')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ product_id: productId, variant_id: variantId, quantity: 1 }),
      });
      return response.status;
    },
    { productId: product.id, variantId: variant.id },
  );
  expect(status).toBeLessThan(300);
  await page.reload();
  await expect(page.getByLabel('Товаров в корзине: 1')).toHaveText('1');
});
