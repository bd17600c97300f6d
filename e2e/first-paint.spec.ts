// The first screen the server's HTML paints (docs/decisions/051): home and a category's grid show
// before any script has run, under §4's spinner, and React's page replaces them in place — every
// element where the painted one was, no layout shift, the painted copy gone.
import type { Page } from '@playwright/test';
import { expect, shot, test } from './support.ts';

/** Elements of the first screen, in order, as [class, x, y, width, height] under `root`. */
async function boxes(page: Page, root: string, selectors: string[]) {
  return page.evaluate(
    ({ root, selectors }) =>
      selectors.map((selector) => {
        const element = document.querySelector(`${root} ${selector}`);
        if (!element) return [selector, 'missing'];
        const r = element.getBoundingClientRect();
        return [selector, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
      }),
    { root, selectors },
  );
}

/** Holds the session start's sign-in until `release` is called: the painted screen stays meanwhile. */
async function holdSignIn(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/tg/auth', async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __shifts: number }).__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        (window as unknown as { __shifts: number }).__shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const PAGES = [
  {
    name: 'home',
    path: '/',
    selectors: [
      '.page-title',
      '.home-search',
      '.onboarding-card--guarantee',
      '.category-tiles__tile',
      '.product-row .section-title',
      '.product-row__card:nth-child(1) .product-row__image',
      '.product-row__card:nth-child(2) .product-row__price',
      '.bottom-bar',
    ],
  },
  {
    name: 'category',
    path: '/catalog/1',
    selectors: [
      '.page-title',
      '.subcategory-chips',
      '.catalog-toolbar__chips',
      '.catalog-toolbar__total',
      'li:nth-child(1) .product-card__slide img',
      'li:nth-child(2) .product-card__price',
      'li:nth-child(3) .product-card__title',
      '.bottom-bar',
    ],
  },
];

for (const { name, path, selectors } of PAGES) {
  test(`${name}: the HTML paints the first screen under the spinner; React replaces it in place`, async ({
    page,
  }) => {
    await watchLayoutShifts(page);
    const release = await holdSignIn(page);
    await page.goto(path);

    // Painted by the HTML: its picture is there, the spinner over it, and it takes no input.
    const paint = page.locator('#first-paint');
    await expect(paint).toBeVisible();
    await expect(paint).toHaveAttribute('aria-hidden', 'true');
    expect(await paint.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await expect(paint.locator('.first-paint__spinner .spinner')).toBeVisible();
    const firstPicture = paint.locator('img').first();
    await expect(firstPicture).toBeVisible();
    expect(await firstPicture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // React has rendered the page behind the spinner by now, hidden: the painted copy is what shows.
    await expect(page.locator('#root').getByRole('status', { name: 'Загрузка' })).toBeHidden();
    const painted = await boxes(page, '#first-paint', selectors);
    await page.screenshot({ path: shot(`first-paint-${name}-painted`) });

    release();
    await expect(paint).toHaveCount(0);
    await expect(page.locator('.page-title')).toBeVisible();
    const drawn = await boxes(page, '#root', selectors);
    expect(drawn).toEqual(painted);
    expect(painted.every((box) => box[1] !== 'missing')).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBe(0);
    await page.screenshot({ path: shot(`first-paint-${name}-app`) });
  });
}

test('the painted screen is gone when the session start fails: "error" shows alone', async ({ page }) => {
  await page.route('**/api/v1/tg/auth', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/catalog/1');
  await expect(page.getByText('error', { exact: true })).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
});
