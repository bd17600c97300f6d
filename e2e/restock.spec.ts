// Shopper care (issue 27 item 2) in Chromium at 390×844 against the real API, light and dark:
// «В избранное» takes a basket line into the favourites; «Сообщить о поступлении» on a sold-out
// size, the size restocked in the console's inventory, and the shopper's subscription told (the
// `stock_events` job queues the one bot message in the transaction that marks it; the API suite,
// apps/api/src/modules/stock-watch/stock-watch.test.ts, counts the message itself).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, emptyCart, shotBothSchemes, test } from './support.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ deviceScaleFactor: 1 });
test.describe.configure({ timeout: 120_000 });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type Variant = { id: number; qty: number; size: string | null; size_eu: string | null };
type Product = { id: number; title: string; variants: Variant[] };

async function demoToken(page: Page): Promise<string> {
  await page.goto('/profile');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('access_token')))!;
}

/** A product with at least two sizes in stock, skipping `skip` of them. */
async function sizedProduct(request: APIRequestContext, skip: number): Promise<Product> {
  const list = (await (await request.get('/api/v2/product?sorting=PRICE_DESC')).json()) as {
    result: { products: { id: number }[] };
  };
  let seen = 0;
  for (const { id } of list.result.products) {
    const product = ((await (await request.get(`/api/v1/product/${id}`)).json()) as { result: Product })
      .result;
    if (product.variants.filter((v) => v.qty > 0 && (v.size_eu ?? v.size)).length >= 2 && seen++ >= skip)
      return product;
  }
  throw new Error('no product with two sizes in stock');
}

const favouriteIds = async (request: APIRequestContext, token: string) =>
  (
    (await (await request.get('/api/v1/favorites', { headers: auth(token) })).json()) as {
      result: { favoriteList: { product: { id: number } }[] };
    }
  ).result.favoriteList.map((f) => f.product.id);

test('a basket line moves to the favourites', async ({ page, request }) => {
  const token = await demoToken(page);
  await emptyCart(request, token);
  const product = await sizedProduct(request, 2);
  const variant = product.variants.find((v) => v.qty > 0)!;
  const added = await request.post('/api/v1/cart', {
    headers: auth(token),
    data: { product_id: product.id, variant_id: variant.id, quantity: 1 },
  });
  expect(added.ok()).toBe(true);

  await page.goto('/basket');
  const line = page.locator(`[data-variant-id="${variant.id}"]`);
  await expect(line).toBeVisible();
  await line.getByRole('button', { name: `В избранное: ${product.title}` }).click();
  await expect(line).toHaveCount(0);
  await expect(page.getByText('В корзине пока пусто')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Товар перенесён в избранное' })).toBeVisible();
  await shotBothSchemes(page, 'basket-to-favourites');
  expect(await favouriteIds(request, token)).toContain(product.id);
});

test('«Сообщить о поступлении» on a sold-out size; restocked in the console, the subscription is told', async ({
  page,
  request,
}) => {
  const token = await demoToken(page);
  const product = await sizedProduct(request, 0);
  const variant = product.variants.find((v) => v.qty > 0 && (v.size_eu ?? v.size))!;
  const size = (variant.size_eu ?? variant.size)!;
  // The demo shopper is the shop's owner under the dev login: the size is sold out first.
  const soldOut = await request.patch(`/api/v1/admin/variants/${variant.id}`, {
    headers: auth(token),
    data: { qty_delta: -variant.qty },
  });
  expect(soldOut.ok(), await soldOut.text()).toBe(true);
  const waiting = async () =>
    (
      (await (
        await request.get(`/api/v1/product/${product.id}/subscriptions`, { headers: auth(token) })
      ).json()) as {
        result: { variant_ids: number[] };
      }
    ).result.variant_ids;

  await page.goto(`/?id=${product.id}`);
  const sizes = page.getByRole('radiogroup', { name: 'Размер' });
  await expect(sizes.getByRole('radio', { name: new RegExp(`^${size}\\s*нет$`) })).toBeDisabled();
  await page.getByRole('button', { name: 'Сообщить о поступлении' }).click();
  await expect(
    page.locator('[data-sonner-toast]', { hasText: 'Сообщим в боте, когда размер появится' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сообщим в боте, когда размер появится' })).toBeDisabled();
  await shotBothSchemes(page, 'restock-subscribed');
  expect(await waiting()).toEqual([variant.id]);

  // Restocked in the console's inventory.
  await page.goto('/admin/inventory');
  await page.getByRole('searchbox', { name: 'Поиск по складу' }).fill(product.title);
  const row = page.locator(`.admin-list[aria-label="Склад"] [data-variant-id="${variant.id}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('textbox').fill(String(variant.qty));
  await row.getByRole('button', { name: 'ОК' }).click();
  await expect(row.locator('.admin-badge')).toContainText(`${variant.qty} шт.`);

  // The job tells the subscription (once) and it no longer waits.
  await expect.poll(waiting, { timeout: 60_000 }).toEqual([]);
  await page.goto(`/?id=${product.id}`);
  await expect(sizes.getByRole('radio', { name: new RegExp(`^${size}`) })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Сообщить о поступлении' })).toHaveCount(0);
});
