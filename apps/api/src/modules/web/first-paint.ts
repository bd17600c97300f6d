// The first screen painted by the HTML itself (docs/decisions/051). For a category's grid (and the
// grid under a product's drawer) the server writes, beside the answers of first-screen.ts, a
// paint-only copy of what the app will draw first: the same elements, classes and pictures as
// the React page (apps/web/src/app/routes/catalog-category.tsx, product-card.tsx, bottom-bar.tsx),
// built from the same answers, so the largest picture paints as soon as the HTML and the preloaded
// picture have arrived instead of after React DOM has downloaded and rendered. It sits in
// `#first-paint`, `inert` and hidden from assistive technology, under §4's spinner (the session
// still starts as before, and the spinner shows until it is done); the app removes it in the
// commit that reveals the page (apps/web/src/app/first-paint.ts). Every text and address from the
// catalogue is escaped here.
import {
  CARD_IMAGE_HEIGHT,
  cardPicture,
  colorsOf,
  GALLERY_WIDTH,
  galleryFor,
  imageUrl,
  type CategoryNode,
  type ImageSize,
  type Product,
  type ProductCard,
} from '@shop/contract';

/** The id the web app removes when it reveals the page. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';
/** The id of the painted product sheet, which the web app removes once its own sheet shows the product. */
export const PAINTED_DRAWER_ELEMENT_ID = 'first-paint-drawer';
/** apps/web/src/features/product/components/product-drawer.tsx GALLERY_IMAGES. */
const GALLERY_IMAGES = 10;
/** Cards painted: the first screen's two rows at a phone's width. */
const PAINTED_CARDS = 4;
const CARD_IMAGES = 5;

/** Text and attribute values: no markup, no quote of an attribute, survive the HTML as written. */
export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const NBSP = '\u00a0';
const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
/** apps/web/src/lib/price.ts `formatPrice`. */
const formatPrice = (price: number) => {
  const whole = Math.round(Math.abs(price));
  return `${price < 0 && whole !== 0 ? '-' : ''}${groupDigits(whole)}${NBSP}₽`;
};
/** apps/web/src/lib/plural.ts with ITEM_FORMS. */
const items = (n: number) => {
  const tens = n % 100;
  const ones = n % 10;
  const form =
    tens >= 11 && tens <= 14
      ? 'товаров'
      : ones === 1
        ? 'товар'
        : ones >= 2 && ones <= 4
          ? 'товара'
          : 'товаров';
  return `${n} ${form}`;
};

const SPINNER =
  '<svg class="spinner" viewBox="0 0 32 32" aria-hidden="true"><circle cx="16" cy="16" r="14.5" /><circle cx="16" cy="16" r="14.5" pathLength="4" stroke-dasharray="1 3" /></svg>';
const HEART =
  '<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20Z"></path></svg>';
const SORT_ICON =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" stroke-linecap="round" stroke-linejoin="round"></path></svg>';
const ICON = (body: string) =>
  `<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="bottom-bar__icon">${body}</svg>`;
/** apps/web/src/app/layouts/bottom-bar.tsx: its five tabs (no counters before the session). */
const TABS = [
  {
    href: '/',
    label: 'Главная',
    icon: '<path d="M3.5 10.5 12 3.5l8.5 7"></path><path d="M5.5 9v10.5h13V9"></path><path d="M10 19.5v-5h4v5"></path>',
  },
  {
    href: '/favorites',
    label: 'Избранное',
    icon: '<path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20Z"></path>',
  },
  {
    href: '/catalog',
    label: 'Каталог',
    icon: '<rect x="4" y="4" width="6.5" height="6.5" rx="1.5"></rect><rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5"></rect><rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5"></rect><rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5"></rect>',
  },
  {
    href: '/basket',
    label: 'Корзина',
    icon: '<path d="M5 8h14l-1 12H6L5 8Z"></path><path d="M9 8V6.5a3 3 0 0 1 6 0V8"></path>',
  },
  {
    href: '/profile',
    label: 'Профиль',
    icon: '<circle cx="12" cy="8.5" r="3.5"></circle><path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5"></path>',
  },
];

function bottomBar(active: string): string {
  const tabs = TABS.map(
    (tab) =>
      `<a${tab.href === active ? ' aria-current="page"' : ''} class="bottom-bar__tab${tab.href === active ? ' active' : ''}" href="${tab.href}"><span class="bottom-bar__icon-wrap">${ICON(tab.icon)}</span><span class="bottom-bar__label">${tab.label}</span></a>`,
  ).join('');
  return `<nav class="bottom-bar" aria-label="Основная навигация">${tabs}</nav>`;
}

const picture = (
  src: string | null | undefined,
  size: ImageSize = { height: CARD_IMAGE_HEIGHT },
): string | null => {
  if (!src) return null;
  try {
    return imageUrl(src, size);
  } catch {
    return null;
  }
};

/**
 * apps/web/src/features/catalog/components/product-card.tsx, its first picture only (the rest are
 * off-screen). `covered`: under a product's painted sheet, which hides the whole grid, so its
 * pictures ask for the link only after the sheet's (decision 069).
 */
function productCard(product: ProductCard, covered: boolean): string {
  const count = Math.max(1, Math.min(product.images.length, CARD_IMAGES));
  const title = escapeHtml(product.title);
  const url = picture(product.images[0]?.src ?? cardPicture(product));
  const image = url
    ? `<img loading="eager" fetchpriority="${covered ? 'low' : 'high'}" class="product-image" alt="" decoding="async" src="${escapeHtml(url)}">`
    : '<div class="product-image product-image--missing" role="img" aria-label="">Нет фото</div>';
  const dots =
    count > 1
      ? `<div class="product-card__dots" aria-hidden="true">${'<span></span>'.repeat(count).replace('<span>', '<span class="active">')}</div>`
      : '';
  const price = product.in_stock ? formatPrice(product.min_price || product.price) : 'Нет в наличии';
  const brand = product.brand?.name
    ? `<span class="product-card__brand">${escapeHtml(product.brand.name)}</span>`
    : '';
  return (
    `<li><article class="product-card" data-product-id="${product.id}"><div class="product-card__media">` +
    `<div class="product-card__viewport"><div class="product-card__track"><button type="button" class="product-card__slide" aria-label="${title}">${image}</button></div></div>` +
    `${dots}<div class="product-card__heart"><button type="button" class="favorite-heart favorite-heart--overlay" aria-label="В избранное" aria-pressed="false">${HEART}</button></div></div>` +
    `<button type="button" class="product-card__info"><span class="product-card__price">${escapeHtml(price)}</span>${brand}<span class="product-card__title">${title}</span></button></article></li>`
  );
}

function findPath(tree: readonly CategoryNode[], id: number): CategoryNode[] | null {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = findPath(node.children, id);
    if (below) return [node, ...below];
  }
  return null;
}

export type CategoryPaint = {
  categoryId: number;
  categories: CategoryNode[];
  products: ProductCard[];
  total: number;
};

/**
 * apps/web/src/app/routes/catalog-category.tsx with the store's filters empty, as a first visit has
 * them; `covered` when a product's painted sheet lies over it.
 */
function categoryPage(
  { categoryId, categories, products, total }: CategoryPaint,
  covered = false,
): string | null {
  const path = findPath(categories, categoryId);
  const node = path?.at(-1);
  if (!path || !node || products.length === 0) return null;
  const crumbs =
    path.length > 1
      ? `<nav class="breadcrumbs" aria-label="Путь"><a href="/catalog">Каталог</a>${path
          .slice(0, -1)
          .map((p) => `<a href="/catalog/${p.id}">${escapeHtml(p.name)}</a>`)
          .join('')}</nav>`
      : '';
  const chips =
    node.children.length > 0
      ? `<div class="subcategory-chips">${node.children
          .map((c) => `<a class="chip" href="/catalog/${c.id}">${escapeHtml(c.name)}</a>`)
          .join('')}</div>`
      : '';
  const sheets = [
    ...(node.children.length > 0 ? ['Категория'] : []),
    'Бренд',
    ...(node.sizeless ? [] : ['Размер']),
    'Цвет',
    'Для кого',
  ];
  const toolbar =
    `<div class="catalog-toolbar"><div class="catalog-toolbar__chips" role="toolbar" aria-label="Фильтры и сортировка">` +
    `<button type="button" class="chip" aria-label="Сортировка">${SORT_ICON} Сортировка</button>` +
    sheets.map((s) => `<button type="button" class="chip" aria-label="${s}">${s}</button>`).join('') +
    `</div><p class="catalog-toolbar__total">${items(total)}</p></div>`;
  const grid = `<ul class="card-grid product-grid" aria-label="Товары">${products
    .slice(0, PAINTED_CARDS)
    .map((product) => productCard(product, covered))
    .join('')}</ul>`;
  return (
    `<div class="layout layout--nav"><main class="page"><section class="catalog-page">` +
    `${crumbs}<h1 class="page-title">${escapeHtml(node.name)}</h1>${chips}${toolbar}${grid}` +
    `</section></main>${bottomBar('/catalog')}</div>`
  );
}

const SEARCH_ICON =
  '<svg class="search-input__icon" viewBox="0 0 24 24" aria-hidden="true"><circle cx="11" cy="11" r="6.5"></circle><path d="m16 16 4 4"></path></svg>';
/** apps/web/src/features/onboarding: the four cards as a first visit shows them (none read, the first active). */
const ONBOARDING = [
  [
    'guarantee',
    'Гарантия оригинала',
    'Проверяем каждую вещь',
    'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  ],
  [
    'delivery',
    'Доставка',
    'Из Китая за 2–4 недели',
    'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1',
  ],
  ['payment', 'Оплата', 'Картой или через СБП', 'M3 7h18v11H3zM3 11h18M7 15h4'],
  ['introduction', 'Как заказать', 'Три шага до покупки', 'M6 7h12l-1 13H7L6 7Zm3 0a3 3 0 0 1 6 0'],
] as const;
/** apps/web/src/features/catalog/components/category-tiles.tsx */
const TINTS = ['#ffe3d6', '#dcecff', '#e7e0ff', '#d9f5e5', '#fff1c9', '#ffdbe7', '#e0f4f7'];
/** The home row's cards in its first render (product-row.tsx FIRST_CARDS). */
const ROW_CARDS = 3;

function onboarding(): string {
  const cards = ONBOARDING.map(
    ([card, title, short, icon], i) =>
      `<li><button type="button" class="onboarding-card onboarding-card--${card}${i === 0 ? ' onboarding-card--active' : ''}" data-card="${card}" data-read="false"${i === 0 ? ' aria-current="step"' : ''}><svg class="onboarding-card__icon" viewBox="0 0 24 24" aria-hidden="true"><path d="${icon}"></path></svg><span class="onboarding-card__title">${title}</span><span class="onboarding-card__short">${short}</span></button></li>`,
  ).join('');
  return `<section class="onboarding" aria-label="Знакомство с магазином"><ul class="onboarding__list">${cards}</ul></section>`;
}

function categoryTiles(categories: CategoryNode[]): string {
  const tiles = categories
    .map((c, i) => {
      let image = '';
      if (c.image_src) {
        try {
          image = `<img class="product-image category-tiles__image" alt="" decoding="async" src="${escapeHtml(imageUrl(c.image_src, { width: 160 }))}">`;
        } catch {
          image =
            '<div class="product-image product-image--missing category-tiles__image" role="img" aria-label="">Нет фото</div>';
        }
      }
      return `<li><a class="category-tiles__tile" href="/catalog/${c.id}" style="--tint: ${TINTS[i % TINTS.length]};"><span class="category-tiles__name">${escapeHtml(c.name)}</span>${image}</a></li>`;
    })
    .join('');
  return `<section aria-label="Категории"><div class="section-head"><h2 class="section-title">Категории</h2><a class="section-more" href="/catalog">Все</a></div><ul class="category-tiles">${tiles}</ul></section>`;
}

/** apps/web/src/features/catalog/components/product-row.tsx, eager, as home draws «Популярное». */
function rowCard(product: ProductCard, i: number): string {
  const url = picture(cardPicture(product));
  const image = url
    ? `<img loading="eager"${i < 2 ? ' fetchpriority="high"' : ''} class="product-image product-row__image" alt="" decoding="async" src="${escapeHtml(url)}">`
    : '<div class="product-image product-image--missing product-row__image" role="img" aria-label="">Нет фото</div>';
  const brand = product.brand?.name
    ? `<span class="product-row__brand">${escapeHtml(product.brand.name)}</span>`
    : '';
  return (
    `<li class="product-row__card" data-product-id="${product.id}"><button type="button">${image}` +
    `<span class="product-row__price">${escapeHtml(formatPrice(product.min_price || product.price))}</span>${brand}` +
    `<span class="product-row__title">${escapeHtml(product.title)}</span></button>` +
    `<div class="product-row__heart"><button type="button" class="favorite-heart favorite-heart--overlay" aria-label="В избранное" aria-pressed="false">${HEART}</button></div></li>`
  );
}

export type HomePaint = { categories: CategoryNode[]; popular: ProductCard[] };

/**
 * apps/web/src/app/routes/home.tsx down to «Популярное» (what a phone's first screen shows). The
 * greeting's line is kept blank: the shopper's name is known only once the session has started.
 */
function homePage({ categories, popular }: HomePaint): string | null {
  if (popular.length === 0) return null;
  const search = `<div class="home-search"><form class="search-input search-trigger" role="search"><label class="search-input__field">${SEARCH_ICON}<input aria-label="Поиск товаров" readonly enterkeyhint="search" autocomplete="off" placeholder="Товар, бренд, пользователь" maxlength="200" type="search" value=""></label></form></div>`;
  const row = `<section class="product-row" aria-label="Популярное"><div class="section-head"><h2 class="section-title">Популярное</h2></div><ul class="product-row__list">${popular
    .slice(0, ROW_CARDS)
    .map(rowCard)
    .join('')}</ul></section>`;
  return (
    `<div class="layout layout--nav"><main class="page"><section class="home"><h1 class="page-title">Главная</h1>` +
    `<p class="home-greeting">${NBSP}</p>${search}${onboarding()}${categoryTiles(categories)}${row}` +
    `</section></main>${bottomBar('/')}</div>`
  );
}

/**
 * The product drawer over a category (apps/web/src/components/ui/drawer.tsx, variant "full", and
 * product-drawer.tsx's gallery), at rest as the app opens it for a product's address: its sheet,
 * handle and first gallery picture (the page's largest paint) with the gallery's counter. The
 * price, the pickers and the rest come with the app's own sheet, below the picture.
 */
function productSheet(product: Product): string {
  const images = galleryFor(product, colorsOf(product)[0] ?? null, GALLERY_IMAGES);
  const title = escapeHtml(product.title);
  const url = picture(images[0], { width: GALLERY_WIDTH });
  const image = url
    ? `<img loading="eager" fetchpriority="high" class="product-image" alt="${title}" decoding="async" src="${escapeHtml(url)}">`
    : `<div class="product-image product-image--missing" role="img" aria-label="${title}">Нет фото</div>`;
  const count = Math.max(images.length, 1);
  const counter = count > 1 ? `<div class="gallery__counter" aria-hidden="true">1 / ${count}</div>` : '';
  return (
    `<div id="${PAINTED_DRAWER_ELEMENT_ID}" class="first-paint-drawer" aria-hidden="true" inert>` +
    `<div class="drawer-overlay"></div><div class="drawer drawer--full product-sheet">` +
    `<div class="drawer__handle" aria-hidden="true"></div><div class="drawer__body">` +
    `<div class="product-drawer" data-product-id="${product.id}"><div class="gallery"><div class="gallery__viewport"><div class="gallery__track">` +
    `<button type="button" class="gallery__slide" aria-label="Фото 1 из ${count}">${image}</button>` +
    `</div></div>${counter}</div></div></div></div></div>`
  );
}

/**
 * The painted first screen of home or a category (or of the grid under a product's drawer, and
 * the drawer's sheet when its product is given), with §4's spinner over it; null when the answers
 * do not give it (unknown category, an empty listing).
 */
export function firstPaintHtml(
  paint: ({ kind: 'home' } & HomePaint) | ({ kind: 'category'; product?: Product | null } & CategoryPaint),
): string | null {
  const product = paint.kind === 'category' ? paint.product : null;
  const page = paint.kind === 'home' ? homePage(paint) : categoryPage(paint, !!product);
  if (!page) return null;
  const sheet = product ? productSheet(product) : '';
  return (
    PARSING +
    `<div id="${FIRST_PAINT_ELEMENT_ID}" class="first-paint" aria-hidden="true" inert>${page}` +
    `<div class="first-paint__spinner" role="status" aria-label="Загрузка">${SPINNER}</div></div>${sheet}` +
    PARSED
  );
}

/**
 * The painted copy shows only once the parser has written all of it: a browser may lay a page out
 * between two of its tags (a loaded machine does), and whatever is centred or anchored to the
 * bottom would move as the rest arrived (CI saw the bottom bar's profile icon move 8.7 px up when
 * its label came; the onboarding cards' titles and a card's picture dots would too) — a layout
 * shift before any script. Hidden until then, it appears whole (e2e/first-paint.spec.ts lays out
 * every prefix).
 */
const PARSING =
  '<style data-first-paint="parsing">.first-paint,.first-paint-drawer{visibility:hidden}</style>';
const PARSED =
  '<style data-first-paint="parsed">.first-paint,.first-paint-drawer{visibility:visible}</style>';
