// The first screen from the HTML (docs/decisions/033). The server knows the route when it serves
// index.html, so for the four first-screen pages (home, the catalogue, a category, a product over
// a category) it writes into the HTML:
// - the public catalogue answers that page asks for first, as the API would send them (the same
//   functions and the same read cache, decision 024), in one `application/json` block the web
//   app's API client takes them from once instead of fetching them. Never anything of a shopper:
//   only public catalogue answers exist here, and nothing reads the request's identity;
// - a `preload` of the picture that becomes the page's largest paint, at the address the app will
//   render (the contract's `imageUrl`, `cardPicture`, `galleryFor`), with high priority;
// - `modulepreload` of the page's lazy chunks (from the build's manifest), so they arrive with the
//   entry script instead of after it.
// A product that is hidden or unknown, a slow database (over ANSWER_BUDGET_MS) or a failing query
// injects nothing for it: the app then fetches as it always did.
import {
  CARD_IMAGE_HEIGHT,
  cardPicture,
  CatalogFilterQuerySchema,
  colorsOf,
  GALLERY_WIDTH,
  galleryFor,
  imageUrl,
  ProductListQuerySchema,
  type CategoryNode,
  type ImageSize,
  type Product,
  type ProductCard,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { categoriesJson, filtersJson, listingJson, productJson } from '../catalog/index.ts';
import { firstPaintHtml } from './first-paint.ts';

/**
 * An answer that takes longer than this is left to the app to fetch: the HTML is not held up (the
 * default of FIRST_SCREEN_BUDGET_MS).
 */
export const ANSWER_BUDGET_MS = 400;
/** Pictures preloaded per grid or row: the first two cards share the first screen's row. */
const PRELOADED_CARDS = 2;

/** The id of the JSON block the web app's API client reads (apps/web/src/lib/first-screen-answers.ts). */
export const ANSWERS_ELEMENT_ID = 'first-screen-answers';

export type FirstScreenPage =
  | { kind: 'home' }
  | { kind: 'catalogue' }
  | { kind: 'category'; categoryId: number; productId: number | null };

/** The first-screen page an address opens, or null for any other page. */
export function firstScreenPage(url: string): FirstScreenPage | null {
  const [path = '/', search = ''] = url.split('?', 2);
  if (path === '/') return { kind: 'home' };
  if (path === '/catalog' || path === '/catalog/') return { kind: 'catalogue' };
  const category = /^\/catalog\/(\d{1,9})\/?$/.exec(path);
  if (!category) return null;
  const id = new URLSearchParams(search).get('id');
  return {
    kind: 'category',
    categoryId: Number(category[1]),
    productId: id && /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null,
  };
}

/** The app's own requests (apps/web/src: home-prefetch, the category page, the product drawer). */
const HOME_POPULAR = '/api/v2/product?sorting=POPULARITY&limit=10';
const HOME_NEWEST = '/api/v2/product?sorting=NEWEST&limit=10';
const CATEGORIES = '/api/v1/categories';
const ALL_FILTERS = '/api/v2/product/filters';
const categoryListing = (id: number) => `/api/v2/product?category_ids=${id}`;
const categoryFilters = (id: number) => `/api/v2/product/filters?category_ids=${id}`;
const productAnswer = (id: number) => `/api/v1/product/${id}`;

const queryOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

/** An answer's JSON text, exactly as its API route would send it for this address. */
function answerFor(app: FastifyInstance, url: string): Promise<string> {
  const path = url.split('?')[0];
  if (path === '/api/v2/product') return listingJson(app, ProductListQuerySchema.parse(queryOf(url)));
  if (path === '/api/v2/product/filters')
    return filtersJson(app, CatalogFilterQuerySchema.parse(queryOf(url)));
  if (path === CATEGORIES) return categoriesJson(app);
  const product = /^\/api\/v1\/product\/(\d+)$/.exec(path ?? '');
  if (product) return productJson(app, Number(product[1]));
  return Promise.reject(new Error(`No first-screen answer for ${url}`));
}

const withinBudget = <T>(work: Promise<T>, budgetMs: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('first-screen answer over budget')), budgetMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

export type Preload = { href: string };

export type FirstScreen = {
  /** Address → the answer's JSON text. */
  answers: Map<string, string>;
  /** Pictures of the largest paint, in order. */
  pictures: Preload[];
};

const picture = (src: string | null | undefined, size: ImageSize): Preload[] => {
  if (!src) return [];
  try {
    return [{ href: imageUrl(src, size) }];
  } catch {
    return [];
  }
};

const cardPictures = (json: string | undefined): Preload[] => {
  if (!json) return [];
  const answer = JSON.parse(json) as { result: { products: ProductCard[] } };
  return answer.result.products
    .slice(0, PRELOADED_CARDS)
    .flatMap((card) => picture(cardPicture(card), { height: CARD_IMAGE_HEIGHT }));
};

/** The product drawer's first gallery picture: the first colour is preselected (docs/product.md §4). */
const drawerPicture = (json: string | undefined): Preload[] => {
  if (!json) return [];
  const { result: product } = JSON.parse(json) as { result: Product };
  const [first] = galleryFor(product, colorsOf(product)[0] ?? null, 1);
  return picture(first, { width: GALLERY_WIDTH });
};

/** What the HTML of `page` carries: the answers that were ready in time, and the pictures. */
export async function firstScreen(
  app: FastifyInstance,
  page: FirstScreenPage,
  budgetMs: number,
): Promise<FirstScreen> {
  const urls =
    page.kind === 'home'
      ? [HOME_POPULAR, CATEGORIES, HOME_NEWEST, ALL_FILTERS]
      : page.kind === 'catalogue'
        ? [CATEGORIES]
        : [
            ...(page.productId ? [productAnswer(page.productId)] : []),
            CATEGORIES,
            categoryListing(page.categoryId),
            categoryFilters(page.categoryId),
          ];
  // A query the contract refuses (`/catalog/0`) throws while parsing: left out like a failure.
  const settled = await Promise.allSettled(
    urls.map((url) =>
      withinBudget(
        Promise.resolve().then(() => answerFor(app, url)),
        budgetMs,
      ),
    ),
  );
  const answers = new Map<string, string>();
  settled.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') answers.set(urls[i]!, outcome.value);
  });
  // A product's drawer opens over the grid, full-screen and at rest (decision 064): its first
  // picture alone. The grid's cards lie under the sheet, unseen until it closes; preloaded, they
  // would share the link with the sheet's picture (decision 069). A hidden or unknown product: the
  // drawer does not open, the grid's cards.
  const drawer =
    page.kind === 'category' && page.productId ? answers.get(productAnswer(page.productId)) : undefined;
  const pictures =
    page.kind === 'home'
      ? cardPictures(answers.get(HOME_POPULAR))
      : page.kind === 'category'
        ? drawer
          ? drawerPicture(drawer)
          : cardPictures(answers.get(categoryListing(page.categoryId)))
        : [];
  return { answers, pictures };
}

// The JSON block sits in a <script> element: no `<` may reach the HTML raw (a title holding
// "</script>" would end it). `\u003c` is the same character to JSON.parse.
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The tags of a first screen: the pictures' preloads for <head> (found by the preload scanner
 * before any script), and the answers' JSON block for the end of <body> (read by the app's module
 * script, which runs once the document is parsed; at the end it does not delay the scripts' discovery).
 */
export function firstScreenTags({ answers, pictures }: FirstScreen): { head: string; body: string } {
  const head = pictures
    .map(({ href }) => `<link rel="preload" as="image" href="${attribute(href)}" fetchpriority="high">`)
    .join('');
  const entries = [...answers].map(([url, json]) => `${JSON.stringify(url)}:${json}`);
  const body =
    entries.length > 0
      ? `<script type="application/json" id="${ANSWERS_ELEMENT_ID}">${scriptSafe(`{${entries.join(',')}}`)}</script>`
      : '';
  return { head, body };
}

/**
 * The painted grid of a category page (first-paint.ts), from the answers the HTML carries: the
 * tree, the listing and the count. Null when one of them did not come in time (the app then paints
 * the page itself, behind the spinner, as before).
 */
export function categoryFirstPaint(
  { answers }: FirstScreen,
  categoryId: number,
  productId: number | null = null,
): string | null {
  const tree = answers.get(CATEGORIES);
  const listing = answers.get(categoryListing(categoryId));
  const filters = answers.get(categoryFilters(categoryId));
  if (!tree || !listing || !filters) return null;
  const { categories } = (JSON.parse(tree) as { result: { categories: CategoryNode[] } }).result;
  const { products } = (JSON.parse(listing) as { result: { products: ProductCard[] } }).result;
  const { total } = (JSON.parse(filters) as { result: { total: number } }).result;
  // A product's address opens its drawer over the grid: painted too when its answer came in time
  // (a hidden or unknown product has none, and the app opens no drawer for it).
  const drawer = productId ? answers.get(productAnswer(productId)) : undefined;
  const product = drawer ? (JSON.parse(drawer) as { result: Product }).result : null;
  return firstPaintHtml({ kind: 'category', categoryId, categories, products, total, product });
}

/** The painted home (first-paint.ts): the root categories and «Популярное». */
export function homeFirstPaint({ answers }: FirstScreen): string | null {
  const tree = answers.get(CATEGORIES);
  const popular = answers.get(HOME_POPULAR);
  if (!tree || !popular) return null;
  const { categories } = (JSON.parse(tree) as { result: { categories: CategoryNode[] } }).result;
  const { products } = (JSON.parse(popular) as { result: { products: ProductCard[] } }).result;
  return firstPaintHtml({ kind: 'home', categories, popular: products });
}
