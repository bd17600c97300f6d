// The demo catalogue: generated deterministically (product i always comes out the same), so the
// seed, the tests and the picture endpoint (which redraws product i's pictures from its path
// `/media/demo/<i>/<k>.svg`) agree without storing anything.
import type { ImportCategory, ImportFile, ImportProduct } from '../import-format.ts';
import {
  type Kind,
  type SizeScheme,
  type Leaf,
  ROOTS,
  LEAVES,
  FASHION_BRANDS,
  TECH_BRANDS,
  ACCESSORY_EXTRA,
  COLOR_NAMES,
  MODELS,
  PRICE,
  MATERIALS,
  COUNTRIES,
  SEASONS,
  SENTENCES,
  SHOE_EU,
  SHOE_RU,
  SHOE_US,
  SHOE_CM,
  KIDS_EU,
  KIDS_CM,
  MEN,
  WOMEN,
  KIDS,
} from './demo-data.ts';

export const DEMO_PRODUCT_COUNT = 480;

/** mulberry32: a tiny seeded generator, so product i is the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

type SizeRow = { size: string; eu: string };
function sizesFor(
  scheme: SizeScheme,
  r: ReturnType<typeof rng>,
): { rows: SizeRow[]; table: ImportProduct['size_table'] } {
  const window = <T>(items: T[], min: number, max: number) => {
    const n = Math.min(items.length, r.int(min, max));
    const start = r.int(0, items.length - n);
    return [start, start + n] as const;
  };
  switch (scheme) {
    case 'shoes': {
      const [a, b] = window(SHOE_EU, 5, 8);
      const rows = SHOE_EU.slice(a, b).map((eu) => ({ size: eu, eu }));
      return {
        rows,
        table: {
          columns: [
            { key: 'EU', long: 'Европейский размер', values: SHOE_EU.slice(a, b) },
            { key: 'RU', long: 'Российский размер', values: SHOE_RU.slice(a, b) },
            { key: 'US', long: 'Американский размер', values: SHOE_US.slice(a, b) },
            { key: 'СМ', long: 'Длина стопы, см', values: SHOE_CM.slice(a, b) },
          ],
          tips: [
            'Измерьте длину стопы вечером, стоя, от пятки до самого длинного пальца.',
            r.next() < 0.4
              ? 'Модель маломерит: берите на полразмера больше.'
              : 'Модель соответствует размеру.',
          ],
        },
      };
    }
    case 'kidsShoes': {
      const [a, b] = window(KIDS_EU, 4, 6);
      return {
        rows: KIDS_EU.slice(a, b).map((eu) => ({ size: eu, eu })),
        table: {
          columns: [
            { key: 'EU', long: 'Европейский размер', values: KIDS_EU.slice(a, b) },
            { key: 'СМ', long: 'Длина стопы, см', values: KIDS_CM.slice(a, b) },
          ],
          tips: ['Оставьте запас 0,5–1 см на рост ноги.'],
        },
      };
    }
    case 'men':
    case 'women': {
      const t = scheme === 'men' ? MEN : WOMEN;
      const [a, b] = window(t.letters, 3, t.letters.length);
      return {
        rows: t.letters.slice(a, b).map((size, i) => ({ size, eu: t.eu[a + i]! })),
        table: {
          columns: [
            { key: 'INT', long: 'Международный размер', values: t.letters.slice(a, b) },
            { key: 'EU', long: 'Европейский размер', values: t.eu.slice(a, b) },
            { key: 'Грудь', long: 'Обхват груди, см', values: t.chest.slice(a, b) },
            { key: 'Талия', long: 'Обхват талии, см', values: t.waist.slice(a, b) },
          ],
          tips: [
            'Если вы между размерами, выберите больший.',
            r.next() < 0.5 ? 'Свободный крой: можно взять на размер меньше.' : 'Посадка по фигуре.',
          ],
        },
      };
    }
    case 'kids': {
      const [a, b] = window(KIDS, 3, 6);
      return {
        rows: KIDS.slice(a, b).map((h) => ({ size: h, eu: h })),
        table: {
          columns: [{ key: 'Рост', long: 'Рост ребёнка, см', values: KIDS.slice(a, b) }],
          tips: ['Размер соответствует росту ребёнка в сантиметрах.'],
        },
      };
    }
    default:
      return { rows: [], table: null };
  }
}

const brandsFor = (leaf: Leaf) =>
  leaf.parent === 374
    ? TECH_BRANDS
    : leaf.kind === 'glasses'
      ? [...ACCESSORY_EXTRA, ...FASHION_BRANDS.slice(0, 9)]
      : FASHION_BRANDS;

export const demoSrc = (index: number, picture: number) => `/media/demo/${index}/${picture + 1}.svg`;

export type DemoPicture = { kind: Kind; color: string; picture: number };

/**
 * The demo product's spu: a realistic 7-digit Poizon spuId for nine products in ten (goods bought on
 * Poizon, found by their Poizon link, docs/product.md §14.1), `DEMO-000nn` for the rest.
 */
export const demoSpu = (index: number): string =>
  index % 10 === 9
    ? `DEMO-${String(index + 1).padStart(5, '0')}`
    : String(1_000_000 + ((index * 104_729) % 9_000_000));

/** Product i of the demo catalogue (0-based), as an import row. */
export function demoProduct(index: number): ImportProduct & { pictureColors: string[]; kind: Kind } {
  const r = rng(0x5eed + index * 7919);
  const leaf = LEAVES[index % LEAVES.length]!;
  // The first products cover the spec's recommended brands, the rest are drawn by weight.
  const pool = brandsFor(leaf);
  const brand =
    index < 9
      ? FASHION_BRANDS[index]!
      : pool[Math.min(pool.length - 1, Math.floor(r.next() ** 1.6 * pool.length))]!;
  const model =
    `${r.pick(MODELS[leaf.kind])} ${r.int(1, 9)}${r.pick(['', '0', ' Pro', ' Lite', ' SE'])}`.trim();
  const title = `${leaf.noun} ${brand.name} ${model}`;
  const pictures = r.int(3, 10);
  // Every colour gets its own picture (a variant's `image` is its colour's first picture).
  const colorCount = Math.min(r.int(1, 4), pictures);
  const colors: string[] = [];
  while (colors.length < colorCount) {
    const c = r.pick(COLOR_NAMES);
    if (!colors.includes(c)) colors.push(c);
  }
  const pictureColors = Array.from({ length: pictures }, (_, k) => colors[k % colors.length]!);
  const images = pictureColors.map((_, k) => demoSrc(index, k));
  const { rows: sizes, table } = sizesFor(leaf.sizes, r);
  const [low, high] = PRICE[leaf.kind];
  const base = Math.round((low + r.next() ** 2 * (high - low)) / 100) * 100 - 10;
  const spu = demoSpu(index);

  const variants: ImportProduct['variants'] = [];
  colors.forEach((color, ci) => {
    const colorDelta = ci === 0 ? 0 : r.pick([0, 0, 300, 500, -200]);
    const sizeRows = sizes.length ? sizes : [null];
    sizeRows.forEach((s, si) => {
      const price = Math.max(
        490,
        base + colorDelta + (s && si >= sizeRows.length - 2 ? r.pick([0, 200, 500]) : 0),
      );
      const qty = r.next() < 0.12 ? 0 : r.int(1, 50);
      variants.push({
        sku: `${spu}-${ci + 1}${s ? `-${s.eu}` : ''}`,
        title: s ? `${title}, ${color.toLowerCase()}, ${s.size}` : `${title}, ${color.toLowerCase()}`,
        price,
        qty,
        color,
        size: s?.size ?? null,
        size_eu: s?.eu ?? null,
        image: ci,
        options: s ? { Color: color, Size: s.size } : { Color: color },
      });
    });
  });

  const sentences = [r.pick(SENTENCES), r.pick(SENTENCES), r.pick(SENTENCES)].filter(
    (s, i, a) => a.indexOf(s) === i,
  );
  const material = r.pick(MATERIALS[leaf.kind]);
  let description = `${title}. ${sentences.join(' ')}`;
  if (index === 5) {
    description = `<p>${title}.</p><p><img src="${demoSrc(index, 1)}" alt="${title}"></p><p>${sentences.join(' ')}</p>`;
  } else if (index % 37 === 3) {
    description = `<p><b>${title}</b></p><p>${sentences.join(' ')}</p><ul><li>Материал: ${material}</li><li>Оригинал с проверкой подлинности</li></ul>`;
  }

  const published = Date.UTC(2026, 9, 1) - Math.floor(r.next() * 300 * 86400) * 1000;
  return {
    spu,
    title,
    computed_title: `${brand.name} ${model}`,
    description,
    brand: brand.name,
    categories: [leaf.id],
    fit_people: r.pick(leaf.fit),
    characteristics: [
      { key: 'Материал', value: material },
      { key: 'Страна производства', value: r.pick(COUNTRIES) },
      { key: 'Сезон', value: r.pick(SEASONS) },
      { key: 'Артикул', value: spu },
    ],
    options: [
      { name: 'Color', name_ru: 'Цвет', values: colors },
      ...(sizes.length ? [{ name: 'Size', name_ru: 'Размер', values: sizes.map((s) => s.size) }] : []),
    ],
    size_table: table,
    images,
    popularity: Math.floor(r.next() ** 3 * 10000),
    sales: Math.floor(r.next() ** 2 * 3000),
    published_at: new Date(published).toISOString(),
    variants,
    pictureColors,
    kind: leaf.kind,
  };
}

/** What picture k of demo product i shows; undefined outside the demo catalogue. */
export function demoPicture(index: number, picture: number): DemoPicture | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= DEMO_PRODUCT_COUNT) return undefined;
  const product = demoProduct(index);
  const color = product.pictureColors[picture];
  return color ? { kind: product.kind, color, picture } : undefined;
}

export function demoCatalog(count = DEMO_PRODUCT_COUNT): ImportFile {
  const categories: ImportCategory[] = [
    ...ROOTS,
    ...LEAVES.map((l, i) => ({ id: l.id, parent_id: l.parent, name: l.name, position: i })),
  ];
  const products = Array.from({ length: count }, (_, i) => {
    const { pictureColors: _colors, kind: _kind, ...product } = demoProduct(i);
    return product;
  });
  return { brands: [...FASHION_BRANDS, ...TECH_BRANDS, ...ACCESSORY_EXTRA], categories, products };
}
