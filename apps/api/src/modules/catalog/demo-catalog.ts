// The demo catalogue: generated deterministically (product i always comes out the same), so the
// seed, the tests and the picture endpoint (which redraws product i's pictures from its path
// `/media/demo/<i>/<k>.svg`) agree without storing anything.
import type { ImportBrand, ImportCategory, ImportFile, ImportProduct } from './import-format.ts';

export const DEMO_PRODUCT_COUNT = 480;

export type Kind =
  | 'sneaker'
  | 'boot'
  | 'hoodie'
  | 'tshirt'
  | 'jacket'
  | 'pants'
  | 'dress'
  | 'bag'
  | 'backpack'
  | 'cap'
  | 'belt'
  | 'glasses'
  | 'headphones'
  | 'watch';

type SizeScheme = 'shoes' | 'kidsShoes' | 'men' | 'women' | 'kids' | 'none';
type Leaf = {
  id: number;
  parent: number;
  name: string;
  kind: Kind;
  noun: string;
  sizes: SizeScheme;
  fit: ImportProduct['fit_people'][];
};

const ROOTS: ImportCategory[] = [
  { id: 1, name: 'Обувь', position: 0 },
  { id: 2, name: 'Мужская одежда', position: 1 },
  { id: 3, name: 'Женская одежда', position: 2 },
  { id: 4, name: 'Детская одежда', position: 3 },
  { id: 17, name: 'Сумки', position: 4 },
  { id: 8, name: 'Аксессуары', position: 5 },
  { id: 374, name: 'Электроника', position: 6 },
];

const LEAVES: Leaf[] = [
  {
    id: 101,
    parent: 1,
    name: 'Кроссовки',
    kind: 'sneaker',
    noun: 'Кроссовки',
    sizes: 'shoes',
    fit: ['men', 'women', 'unisex'],
  },
  {
    id: 102,
    parent: 1,
    name: 'Кеды',
    kind: 'sneaker',
    noun: 'Кеды',
    sizes: 'shoes',
    fit: ['unisex', 'women', 'men'],
  },
  {
    id: 103,
    parent: 1,
    name: 'Ботинки',
    kind: 'boot',
    noun: 'Ботинки',
    sizes: 'shoes',
    fit: ['men', 'women'],
  },
  { id: 201, parent: 2, name: 'Худи и свитшоты', kind: 'hoodie', noun: 'Худи', sizes: 'men', fit: ['men'] },
  { id: 202, parent: 2, name: 'Футболки', kind: 'tshirt', noun: 'Футболка', sizes: 'men', fit: ['men'] },
  { id: 203, parent: 2, name: 'Куртки', kind: 'jacket', noun: 'Куртка', sizes: 'men', fit: ['men'] },
  { id: 204, parent: 2, name: 'Брюки и джинсы', kind: 'pants', noun: 'Брюки', sizes: 'men', fit: ['men'] },
  { id: 301, parent: 3, name: 'Платья', kind: 'dress', noun: 'Платье', sizes: 'women', fit: ['women'] },
  {
    id: 302,
    parent: 3,
    name: 'Худи и свитшоты',
    kind: 'hoodie',
    noun: 'Свитшот',
    sizes: 'women',
    fit: ['women'],
  },
  {
    id: 303,
    parent: 3,
    name: 'Футболки и топы',
    kind: 'tshirt',
    noun: 'Футболка',
    sizes: 'women',
    fit: ['women'],
  },
  { id: 304, parent: 3, name: 'Куртки', kind: 'jacket', noun: 'Куртка', sizes: 'women', fit: ['women'] },
  {
    id: 401,
    parent: 4,
    name: 'Футболки',
    kind: 'tshirt',
    noun: 'Детская футболка',
    sizes: 'kids',
    fit: ['kids'],
  },
  {
    id: 402,
    parent: 4,
    name: 'Куртки',
    kind: 'jacket',
    noun: 'Детская куртка',
    sizes: 'kids',
    fit: ['kids'],
  },
  {
    id: 403,
    parent: 4,
    name: 'Обувь',
    kind: 'sneaker',
    noun: 'Детские кроссовки',
    sizes: 'kidsShoes',
    fit: ['kids'],
  },
  { id: 171, parent: 17, name: 'Рюкзаки', kind: 'backpack', noun: 'Рюкзак', sizes: 'none', fit: ['unisex'] },
  {
    id: 172,
    parent: 17,
    name: 'Сумки через плечо',
    kind: 'bag',
    noun: 'Сумка',
    sizes: 'none',
    fit: ['women', 'unisex'],
  },
  { id: 81, parent: 8, name: 'Кепки и панамы', kind: 'cap', noun: 'Кепка', sizes: 'none', fit: ['unisex'] },
  { id: 82, parent: 8, name: 'Ремни', kind: 'belt', noun: 'Ремень', sizes: 'none', fit: ['men', 'women'] },
  {
    id: 83,
    parent: 8,
    name: 'Солнцезащитные очки',
    kind: 'glasses',
    noun: 'Солнцезащитные очки',
    sizes: 'none',
    fit: ['unisex'],
  },
  {
    id: 375,
    parent: 374,
    name: 'Наушники',
    kind: 'headphones',
    noun: 'Наушники',
    sizes: 'none',
    fit: ['unisex'],
  },
  {
    id: 376,
    parent: 374,
    name: 'Умные часы',
    kind: 'watch',
    noun: 'Умные часы',
    sizes: 'none',
    fit: ['unisex'],
  },
];

const FASHION_BRANDS: ImportBrand[] = [
  ['Nike', 100, ['найк', 'найки']],
  ['Adidas', 95, ['адидас']],
  ['Zara', 90, ['зара']],
  ['Uniqlo', 85, ['юникло']],
  ['Guess', 80, ['гесс', 'гэс']],
  ['Mango', 78, ['манго']],
  ['Uzefi', 75, ['узефи']],
  ['Tommy Hilfiger', 74, ['томми хилфигер', 'томми']],
  ['Puma', 72, ['пума']],
  ['New Balance', 70, ['нью баланс']],
  ['Reebok', 60, ['рибок']],
  ['The North Face', 58, ['норт фейс']],
  ["Levi's", 55, ['левайс', 'ливайс']],
  ['Converse', 50, ['конверс']],
  ['Calvin Klein', 48, ['кельвин кляйн', 'калвин кляйн']],
  ['Lacoste', 45, ['лакост']],
].map(([name, popularity, aliases]) => ({
  name: name as string,
  popularity: popularity as number,
  aliases: aliases as string[],
  logo_url: null,
}));
const TECH_BRANDS: ImportBrand[] = [
  ['Apple', 90, ['эпл', 'эппл']],
  ['Xiaomi', 70, ['сяоми', 'ксиаоми']],
  ['Sony', 65, ['сони']],
  ['Huawei', 60, ['хуавей']],
].map(([name, popularity, aliases]) => ({
  name: name as string,
  popularity: popularity as number,
  aliases: aliases as string[],
  logo_url: null,
}));
const ACCESSORY_EXTRA: ImportBrand[] = [
  { name: 'Ray-Ban', popularity: 50, aliases: ['рэй бэн', 'рейбан'], logo_url: null },
];

export const DEMO_COLORS: Record<string, string> = {
  Черный: '#222222',
  Белый: '#f3f3f0',
  Серый: '#9a9ca0',
  Бежевый: '#d9c4a3',
  Синий: '#2f5fb3',
  Голубой: '#86bde8',
  Красный: '#cf3a3a',
  Зеленый: '#3f8f55',
  Хаки: '#7d7a4f',
  Розовый: '#f0a4c2',
  Коричневый: '#7a5232',
  Желтый: '#efc64a',
  Фиолетовый: '#7b5cc4',
};
const COLOR_NAMES = Object.keys(DEMO_COLORS);

const MODELS: Record<Kind, string[]> = {
  sneaker: [
    'Air Runner',
    'Street Pro',
    'Classic Low',
    'Court Legacy',
    'Retro 90',
    'Ultra Boost',
    'Cloud Step',
    'Vector',
  ],
  boot: ['Trail Winter', 'Chelsea', 'Combat High', 'Urban Hike', 'Nordic'],
  hoodie: ['Essential', 'Oversize Logo', 'Tech Fleece', 'Club', 'Heritage'],
  tshirt: ['Basic', 'Graphic', 'Oversize', 'Sport Dry', 'Polo Classic'],
  jacket: ['Puffer', 'Windbreaker', 'Denim', 'Parka', 'Bomber'],
  pants: ['Slim Fit', 'Cargo', 'Jogger', 'Straight 501', 'Chino'],
  dress: ['Midi', 'Maxi Floral', 'Wrap', 'Knit', 'Slip'],
  bag: ['Crossbody', 'Tote', 'Mini Shoulder', 'Saddle'],
  backpack: ['City', 'Campus', 'Trail 25L', 'Roll Top'],
  cap: ['Baseball', 'Heritage 86', 'Bucket', 'Trucker'],
  belt: ['Leather Classic', 'Reversible', 'Canvas'],
  glasses: ['Aviator', 'Wayfarer', 'Round', 'Sport Shield'],
  headphones: ['Buds Pro', 'Studio Max', 'Sport Wireless', 'Noise Cancel 5'],
  watch: ['Watch Series', 'Band 8', 'Active 2', 'GT Sport'],
};

const PRICE: Record<Kind, [number, number]> = {
  sneaker: [5990, 24990],
  boot: [7990, 29990],
  hoodie: [2990, 14990],
  tshirt: [1290, 5990],
  jacket: [6990, 39990],
  pants: [2990, 11990],
  dress: [2990, 14990],
  bag: [3990, 29990],
  backpack: [2990, 14990],
  cap: [1290, 4990],
  belt: [1490, 7990],
  glasses: [2990, 19990],
  headphones: [2990, 34990],
  watch: [4990, 39990],
};

const MATERIALS: Record<Kind, string[]> = {
  sneaker: ['Текстиль, синтетическая кожа', 'Натуральная кожа', 'Замша, сетка'],
  boot: ['Натуральная кожа', 'Нубук', 'Замша'],
  hoodie: ['Хлопок 80%, полиэстер 20%', 'Хлопок 100%', 'Флис'],
  tshirt: ['Хлопок 100%', 'Хлопок 95%, эластан 5%', 'Полиэстер'],
  jacket: ['Полиэстер, утеплитель', 'Деним', 'Нейлон'],
  pants: ['Хлопок 98%, эластан 2%', 'Деним', 'Твил'],
  dress: ['Вискоза', 'Хлопок', 'Трикотаж'],
  bag: ['Натуральная кожа', 'Экокожа', 'Текстиль'],
  backpack: ['Полиэстер', 'Нейлон', 'Кордура'],
  cap: ['Хлопок', 'Полиэстер'],
  belt: ['Натуральная кожа', 'Текстиль'],
  glasses: ['Металл, стекло', 'Ацетат, поликарбонат'],
  headphones: ['Пластик, металл'],
  watch: ['Алюминий, силикон', 'Сталь, стекло'],
};

const COUNTRIES = ['Вьетнам', 'Китай', 'Индонезия', 'Турция', 'Италия', 'Португалия'];
const SEASONS = ['Всесезон', 'Лето', 'Зима', 'Демисезон'];

const SENTENCES = [
  'Оригинальный товар, доставка из Китая с проверкой подлинности.',
  'Удобная посадка на каждый день.',
  'Материалы приятные на ощупь и хорошо держат форму после стирки.',
  'Подходит и для города, и для поездок.',
  'Модель из новой коллекции сезона.',
  'Лаконичный дизайн легко сочетается с базовым гардеробом.',
  'Продуманные детали и аккуратные швы.',
  'Лёгкая и прочная конструкция.',
  'Хит продаж: эту модель часто берут в подарок.',
];

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

const SHOE_EU = ['36', '37', '38', '39', '40', '41', '42', '42.5', '43', '44', '45', '46'];
const SHOE_RU = ['35', '36', '37', '38', '39', '40', '41', '41.5', '42', '43', '44', '45'];
const SHOE_US = ['4', '5', '6', '6.5', '7.5', '8', '8.5', '9', '9.5', '10', '11', '12'];
const SHOE_CM = ['22.5', '23', '24', '24.5', '25', '26', '26.5', '27', '27.5', '28', '29', '29.5'];
const KIDS_EU = ['28', '29', '30', '31', '32', '33', '34', '35'];
const KIDS_CM = ['17.5', '18', '19', '19.5', '20', '21', '21.5', '22'];
const MEN = {
  letters: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  eu: ['44', '46', '48', '50', '52', '54'],
  chest: ['88', '92', '96', '100', '104', '108'],
  waist: ['76', '80', '84', '88', '92', '96'],
};
const WOMEN = {
  letters: ['XS', 'S', 'M', 'L', 'XL'],
  eu: ['40', '42', '44', '46', '48'],
  chest: ['80', '84', '88', '92', '96'],
  waist: ['62', '66', '70', '74', '78'],
};
const KIDS = ['110', '116', '122', '128', '134', '140', '146', '152'];

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
  const spu = `DEMO-${String(index + 1).padStart(5, '0')}`;

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
