// find/photo (docs/product.md §14.2) in the browser: a screenshot-like copy of a catalogue picture
// finds its product first with «Точное совпадение»; a file that is not a picture gets the server's
// message; screenshots of the page in both themes go where `shot()` says (support.ts).
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, shotBothSchemes, test } from './support.ts';

// 390×844 CSS pixels at 1×, like the other screenshots in docs/screenshots.
test.use({ deviceScaleFactor: 1 });

async function signIn(page: Page): Promise<string> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible({ timeout: 30_000 });
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  return token!;
}

/** The first demo product (its pictures are described first when the server starts). */
async function firstProduct(page: Page) {
  const list = (await (await page.request.get('/api/v2/product?sorting=NEWEST&limit=60')).json()) as {
    result: { products: { id: number; image_src: string }[] };
  };
  const product = list.result.products.reduce((a, b) => (a.id < b.id ? a : b));
  return product;
}

/** Waits until the background index covers the first products' pictures. */
async function waitForIndex(page: Page, token: string) {
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/v1/find/photo', {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { result: { indexed: number } }).result.indexed;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(2);
}

/** Picture 1 of the product as a shopper's screenshot: half size, white margins, JPEG q60. */
async function screenshotOf(page: Page, imageSrc: string): Promise<Buffer> {
  const src = imageSrc.replace(/^\//, '');
  const webp = await (await page.request.get(`/img/w800/${src}`)).body();
  const small = await sharp(webp).resize(400).png().toBuffer();
  return sharp(small)
    .extend({ top: 90, bottom: 160, left: 24, right: 24, background: '#ffffff' })
    .jpeg({ quality: 60 })
    .toBuffer();
}

test('a screenshot of a catalogue picture finds its product first, marked exact', async ({ page }) => {
  test.setTimeout(150_000);
  const token = await signIn(page);
  const product = await firstProduct(page);
  await waitForIndex(page, token);

  await page.goto('/find/photo');
  await expect(page.getByRole('heading', { name: 'Поиск по фото' })).toBeVisible();
  await expect(page.getByText('Сфотографируйте вещь или загрузите скриншот')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сделать фото' })).toBeVisible();
  await shotBothSchemes(page, 'find-photo-start');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Выбрать из галереи' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'screenshot.jpg',
    mimeType: 'image/jpeg',
    buffer: await screenshotOf(page, product.image_src),
  });
  await expect(page.getByRole('img', { name: 'Выбранное фото' })).toBeVisible();
  await expect(page.getByRole('group', { name: /Рамка поиска/ })).toBeVisible();
  await shotBothSchemes(page, 'find-photo-crop');

  const upload = page.waitForRequest((r) => r.url().endsWith('/api/v1/find/photo') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Искать' }).click();
  expect(await (await upload).headerValue('content-type')).toMatch(/^multipart\/form-data/);
  const results = page.getByRole('list', { name: 'Похожие товары' });
  await expect(results).toBeVisible({ timeout: 20_000 });
  const first = results.getByRole('listitem').first();
  await expect(first.locator('[data-product-id]')).toHaveAttribute('data-product-id', String(product.id));
  await expect(first.getByText('Точное совпадение')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Найти на Poizon по ссылке' })).toHaveAttribute(
    'href',
    '/find/poizon',
  );
  await expect(page.getByRole('heading', { name: 'Похожие товары' })).toBeInViewport();
  await page.waitForLoadState('networkidle');
  await shotBothSchemes(page, 'find-photo-results');

  // A tap opens the product drawer.
  await first.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${product.id}`));
});

test('a file that is not a picture gets the server’s message and a way to pick again', async ({ page }) => {
  await signIn(page);
  await page.goto('/find/photo');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Выбрать из галереи' }).click();
  await (
    await chooser
  ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByRole('alert')).toHaveText('Файл не похож на картинку — выберите фото');
  await expect(page.getByRole('button', { name: 'Выбрать из галереи' })).toBeVisible();
});
