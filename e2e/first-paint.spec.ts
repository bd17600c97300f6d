// The first screen the server's HTML paints (docs/decisions/051): home and a category's grid show
// before any script has run, under §4's spinner, and React's page replaces them in place — every
// element where the painted one was, in the very commit that removes the painted copy (not only a
// frame later), no layout shift, the painted copy gone; also for a shopper whose cart, favourites,
// orders and onboarding are not those of a first visit.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  auth,
  deleteAddresses,
  expect,
  saveAddress,
  shot,
  shotBothSchemes,
  signIn,
  test,
  validInn,
} from './support.ts';

type Box = [string, number, number, number, number] | [string, 'missing'];

/** Elements of the first screen, in order, as [class, x, y, width, height] under `root`. */
async function boxes(page: Page, root: string, selectors: string[]): Promise<Box[]> {
  return page.evaluate(
    ({ root, selectors }) =>
      selectors.map((selector): Box => {
        const element = document.querySelector(`${root} ${selector}`);
        if (!element) return [selector, 'missing'];
        const r = element.getBoundingClientRect();
        return [selector, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
      }),
    { root, selectors },
  );
}

/**
 * The app's elements at the hand-off itself: measured as soon as the painted element `id` leaves
 * the document, before any later task (the next frame, the effects React runs after it) can move
 * them; stored in `window[key]`. A page that is right only a commit later has shown its wrong
 * layout for a frame.
 */
async function watchHandOff(page: Page, id: string, root: string, selectors: string[], key: string) {
  await page.addInitScript(
    ({ id, root, selectors, key }) => {
      const w = window as unknown as Record<string, unknown>;
      let painted = false;
      new MutationObserver((_, observer) => {
        const there = document.getElementById(id) !== null;
        if (there) painted = true;
        if (!painted || there) return;
        observer.disconnect();
        w[key] = selectors.map((selector) => {
          const element = document.querySelector(`${root} ${selector}`);
          if (!element) return [selector, 'missing'];
          const r = element.getBoundingClientRect();
          return [selector, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
        });
        // The root itself animating (a sheet sliding in) would move everything after the hand-off.
        w[`${key}Animations`] = (document.querySelector(root)?.getAnimations() ?? []).map((a) =>
          a instanceof CSSAnimation ? a.animationName : a.constructor.name,
        );
      }).observe(document, { childList: true, subtree: true });
    },
    { id, root, selectors, key },
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
    type Shift = PerformanceEntry & {
      value: number;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const w = window as unknown as { __shifts: number; __shiftSources: string[] };
    w.__shifts = 0;
    w.__shiftSources = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        w.__shifts += entry.value;
        // What moved, for the failure's message.
        for (const { node, previousRect: a, currentRect: b } of entry.sources) {
          // An SVG's className is no string: its class attribute, and where it sits.
          const name =
            node instanceof Element
              ? `${node.parentElement?.getAttribute('class') ?? ''} > ${node.tagName}.${node.getAttribute('class') ?? ''}`
              : String(node?.nodeName);
          w.__shiftSources.push(
            `${name} ${a.x},${a.y} ${a.width}×${a.height} → ${b.x},${b.y} ${b.width}×${b.height}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts so far: none. */
async function expectNoShift(page: Page) {
  const { shifts, sources } = await page.evaluate(() => {
    const w = window as unknown as { __shifts: number; __shiftSources: string[] };
    return { shifts: w.__shifts, sources: w.__shiftSources };
  });
  expect(shifts, sources.join('; ')).toBe(0);
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

/** The product drawer's sheet as the HTML paints it for a product's address (decision 064). */
const SHEET = ['.drawer__handle', '.drawer__body', '.gallery__slide img', '.gallery__counter'];
/** The app's sheet (vaul's content, in a portal outside #root). */
const APP_SHEET = '[data-vaul-drawer]';

/**
 * Loads `path` with the sign-in held: the painted screen, then React's page in its place; with
 * `sheet`, a painted product sheet over it, then React's sheet in its place.
 */
async function paintedThenHandedOff(
  page: Page,
  name: string,
  path: string,
  selectors: string[],
  sheet = false,
) {
  await watchLayoutShifts(page);
  await watchHandOff(page, 'first-paint', '#root', selectors, '__atHandOff');
  if (sheet) await watchHandOff(page, 'first-paint-drawer', APP_SHEET, SHEET, '__atSheetHandOff');
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
  expect(painted.every((box) => box[1] !== 'missing')).toBe(true);
  const paintedSheet = sheet ? await paintedDrawer(page) : [];
  await page.screenshot({ path: shot(`first-paint-${name}-painted`) });

  release();
  await expect(paint).toHaveCount(0);
  await expect(page.locator('.page-title')).toBeVisible();
  // In the commit that removed the copy, every element already where the painted one was...
  expect(await page.evaluate(() => (window as unknown as { __atHandOff?: unknown }).__atHandOff)).toEqual(
    painted,
  );
  // ...and still there once the page has settled, having never moved.
  await expect(page.locator('#root .product-card__price, #root .product-row__price').first()).toBeVisible();
  expect(await boxes(page, '#root', selectors)).toEqual(painted);
  if (sheet) await drawerHandedOff(page, paintedSheet);
  await expectNoShift(page);
  await page.screenshot({ path: shot(`first-paint-${name}-app`) });
}

/** The painted sheet: over the grid and the spinner's page, at rest, its picture loaded; its boxes. */
async function paintedDrawer(page: Page): Promise<Box[]> {
  const drawer = page.locator('#first-paint-drawer');
  await expect(drawer.locator('.drawer')).toBeVisible();
  await expect(drawer).toHaveAttribute('aria-hidden', 'true');
  expect(await drawer.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
  const picture = drawer.locator('.gallery__slide img');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(await picture.getAttribute('fetchpriority')).toBe('high');
  // The spinner turns above the sheet while the session starts (both fixed, in the page's stacking).
  const zIndex = (selector: string) =>
    page.locator(selector).evaluate((el) => Number(getComputedStyle(el).zIndex));
  await expect(page.locator('#first-paint .first-paint__spinner .spinner')).toBeVisible();
  expect(await zIndex('#first-paint .first-paint__spinner')).toBeGreaterThan(
    await zIndex('#first-paint-drawer .drawer'),
  );
  const painted = await boxes(page, '#first-paint-drawer', SHEET);
  expect(painted.every((b) => b[1] !== 'missing')).toBe(true);
  return painted;
}

/**
 * React's sheet takes the painted one's place: opened at rest (nothing sliding), every element
 * where the painted one was in the commit that removed it, and the product shown.
 */
async function drawerHandedOff(page: Page, painted: Box[]) {
  await expect(page.locator('#first-paint-drawer')).toHaveCount(0);
  await expect(page.locator(APP_SHEET).getByTestId('product-price')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __atSheetHandOff?: unknown }).__atSheetHandOff),
  ).toEqual(painted);
  expect(
    await page.evaluate(
      () => (window as unknown as { __atSheetHandOffAnimations?: string[] }).__atSheetHandOffAnimations,
    ),
  ).toEqual([]);
  // Nor later (vaul's own no-animation flag turned off at the next render and started the slide then).
  expect(await page.locator(APP_SHEET).evaluate((el) => el.getAnimations().length)).toBe(0);
  expect(await boxes(page, APP_SHEET, SHEET)).toEqual(painted);
}

for (const { name, path, selectors } of PAGES) {
  test(`${name}: the HTML paints the first screen under the spinner; React replaces it in place`, async ({
    page,
  }) => {
    await paintedThenHandedOff(page, name, path, selectors);
  });
}

test("product page: the HTML paints the drawer over the grid at rest; React's own sheet replaces it in place, no slide", async ({
  page,
  request,
}) => {
  const listing = (await (await request.get('/api/v2/product?category_ids=1&limit=1')).json()) as {
    result: { products: { id: number }[] };
  };
  const id = listing.result.products[0]!.id;
  const category = PAGES[1]!;
  await paintedThenHandedOff(page, 'product', `/catalog/1?id=${id}`, category.selectors, true);
  // The sheet stays put once the product's parts below the picture have come in.
  await expect(page.locator(`${APP_SHEET} .product-drawer__title`)).toBeVisible();
  await expectNoShift(page);
});

test('product page for a shopper with a saved address: the delivery dates come in under the title and move nothing', async ({
  page,
  request,
}) => {
  const token = await signIn(page);
  await deleteAddresses(request, token);
  const cities = (await (
    await request.get('/api/v1/delivery/cities?q=моск', { headers: auth(token) })
  ).json()) as {
    result: { code: number; name: string }[];
  };
  const city = cities.result[0]!;
  await saveAddress(request, token, { city: city.name, city_code: city.code, is_default: true });
  try {
    const listing = (await (await request.get('/api/v2/product?category_ids=1&limit=1')).json()) as {
      result: { products: { id: number }[] };
    };
    const id = listing.result.products[0]!.id;
    await paintedThenHandedOff(page, 'product-delivery', `/catalog/1?id=${id}`, PAGES[1]!.selectors, true);
    // The dates arrive after the sheet (the addresses, then the carrier's quote), into a line kept for them.
    await expect(page.locator(`${APP_SHEET} [data-testid="delivery-estimate"]`)).toContainText(
      /^Доставим .+ курьером$/,
    );
    await expectNoShift(page);
    await shotBothSchemes(page, 'first-paint-product-delivery-dates');
  } finally {
    await deleteAddresses(request, token);
  }
});

type Variant = { id: number; qty: number };

/**
 * The demo shopper as earlier specs leave them (the full suite's case, where home once shifted by
 * 0.036 at the hand-off): a cart line, a favourite in «Популярное», an order awaiting payment, an
 * onboarding card read. Returns the clean-up of what later specs expect empty.
 */
async function shopperWithState(page: Page, request: APIRequestContext) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();
  const token = (await page.evaluate(() => localStorage.getItem('access_token')))!;
  expect(token).toBeTruthy();
  const headers = auth(token);
  const send = async (method: 'post' | 'put', url: string, data: unknown) => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { result: { id: number } }).result;
  };
  const popular = (await (await request.get('/api/v2/product?sorting=POPULARITY&limit=10')).json()) as {
    result: { products: { id: number }[] };
  };
  const stocked: { productId: number; variantId: number }[] = [];
  for (const { id } of popular.result.products) {
    const product = (
      (await (await request.get(`/api/v1/product/${id}`)).json()) as {
        result: { variants: Variant[] };
      }
    ).result;
    const variant = product.variants.find((v) => v.qty >= 2);
    if (variant) stocked.push({ productId: id, variantId: variant.id });
    if (stocked.length === 2) break;
  }
  const [first, second] = stocked;
  expect(second).toBeDefined();
  await send('post', '/api/v1/cart', {
    product_id: first!.productId,
    variant_id: first!.variantId,
    quantity: 1,
  });
  await send('post', '/api/v1/favorites', { product_id: second!.productId, variant_id: second!.variantId });
  const delivery = await send('post', '/api/v1/delivery', {
    city: 'Москва',
    address: 'ул. Тверская, 7, кв. 12',
    fio: 'Анна',
    last_name: 'Петрова',
    phone_number: '+79161234567',
  });
  await send('put', '/api/v1/passport', {
    last_name: 'Петрова',
    first_name: 'Анна',
    middle_name: '',
    birth_date: '1992-02-03',
    series: '4510',
    number: '123456',
    issue_date: '2012-03-04',
    inn: validInn('7707000011'),
    email: 'anna@example.com',
  });
  const order = await request.post('/api/v1/order', {
    headers: { ...headers, 'idempotency-key': `first-paint-${Date.now()}` },
    data: {
      items: [{ product_id: second!.productId, variant_id: second!.variantId, quantity: 1 }],
      delivery_id: delivery.id,
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  await page.evaluate(() =>
    localStorage.setItem(
      'history_progress',
      JSON.stringify({ readCards: ['guarantee'], currentActive: 'delivery', lastUpdated: Date.now() }),
    ),
  );
  return async () => {
    await request.delete(`/api/v1/cart/${first!.variantId}`, { headers });
    await request.delete(`/api/v1/favorites/${second!.productId}`, { headers });
    await request.delete(`/api/v1/delivery/${delivery.id}`, { headers });
  };
}

test('home for a shopper with a cart, a favourite, an unpaid order and a card read: replaced in place too', async ({
  page,
  request,
}) => {
  const cleanUp = await shopperWithState(page, request);
  try {
    const home = PAGES[0]!;
    await paintedThenHandedOff(page, `${home.name}-returning`, home.path, home.selectors);
    // The shopper's own state arrives after the hand-off, in place.
    await expect(page.locator('.bottom-bar__badge')).toBeVisible();
    await expect(page.locator('.onboarding-card--guarantee')).toHaveAttribute('data-read', 'true');
    await expectNoShift(page);
  } finally {
    await cleanUp();
  }
});

test('the painted screen is gone when the session start fails: "error" shows alone', async ({ page }) => {
  await page.route('**/api/v1/tg/auth', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/catalog/1');
  await expect(page.getByText('error', { exact: true })).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
});

/**
 * Lays the painted copy out as the HTML parser may have it at each step of the stream (a browser
 * may lay a page out between two tags; a loaded one does): the body's run from the copy's opening
 * style to its closing one, cut after every tag, everything before the cut written, nothing after.
 * Returns, for each cut, whatever a shopper could see that is not where the whole copy puts it (a
 * layout shift before any script), as `cut: tag.class x,y → x,y`.
 */
async function movesWhileParsed(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const first = document.querySelector('style[data-first-paint="parsing"]')!;
    const last = document.querySelector('style[data-first-paint="parsed"]')!;
    const run: Element[] = [first];
    while (run.at(-1) !== last) run.push(run.at(-1)!.nextElementSibling!);
    const html = run.map((e) => e.outerHTML).join('');
    // One box that adds none of its own, in the run's place.
    const stage = document.createElement('div');
    stage.style.display = 'contents';
    first.before(stage);
    run.forEach((e) => e.remove());
    const name = (e: Element) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`;
    // What a shopper sees move (as the browser's layout-shift entries count it): pictures, icons,
    // text and filled boxes that are visible, not an empty frame; and not what an animation turns
    // (the spinner), whose box turns with it.
    const paints = (e: Element) =>
      ['IMG', 'svg'].includes(e.tagName) ||
      getComputedStyle(e).backgroundColor !== 'rgba(0, 0, 0, 0)' ||
      [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
    const places = () => {
      const animated = document.getAnimations().map((a) => (a.effect as KeyframeEffect).target);
      const turning = (e: Element) => animated.some((t) => t instanceof Element && t.contains(e));
      return [...stage.querySelectorAll('*')].map((e) => {
        const r = e.getBoundingClientRect();
        const shown =
          r.width > 0 &&
          r.height > 0 &&
          getComputedStyle(e).visibility === 'visible' &&
          paints(e) &&
          !turning(e);
        return { name: name(e), x: Math.round(r.x), y: Math.round(r.y), shown };
      });
    };
    stage.innerHTML = html;
    const whole = places();
    const moved: string[] = [];
    let cuts = 0;
    for (let cut = html.indexOf('>') + 1; cut > 0 && cut < html.length; cut = html.indexOf('>', cut) + 1) {
      cuts += 1;
      stage.innerHTML = html.slice(0, cut);
      places().forEach((at, i) => {
        const end = whole[i]!;
        // The same element (document order is the same in a prefix), where the whole copy has it.
        if (at.name !== end.name) moved.push(`cut ${cut}: ${at.name} is not ${end.name}`);
        else if (at.shown && (at.x !== end.x || at.y !== end.y))
          moved.push(`cut ${cut}: ${at.name} ${at.x},${at.y} → ${end.x},${end.y}`);
      });
    }
    stage.innerHTML = html;
    stage.replaceWith(...stage.childNodes);
    // Every tag of the copy was a cut, and the whole copy shows.
    if (cuts < 100 || !whole.some((p) => p.shown)) moved.push(`only ${cuts} cuts, or nothing shown`);
    return [...new Set(moved)].slice(0, 20);
  });
}

for (const { name, path } of [...PAGES, { name: 'product page', path: '/catalog/1?id=' }]) {
  test(`${name}: nothing the HTML has painted moves while the rest of it is still being parsed`, async ({
    page,
    request,
  }) => {
    // CI once measured the bottom bar's profile icon moving 8.7 px up when its label arrived.
    let address = path;
    if (path.endsWith('?id=')) {
      const listing = (await (await request.get('/api/v2/product?category_ids=1&limit=1')).json()) as {
        result: { products: { id: number }[] };
      };
      address += listing.result.products[0]!.id;
    }
    const release = await holdSignIn(page);
    await page.goto(address);
    await expect(page.locator('#first-paint img').first()).toBeVisible();
    if (address.includes('?id=')) await expect(page.locator('#first-paint-drawer img')).toBeVisible();
    expect(await movesWhileParsed(page)).toEqual([]);
    release();
  });
}
