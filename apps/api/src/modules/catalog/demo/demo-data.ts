// The demo catalogue's tables: categories, brands, colours, models, prices, materials and size
// charts the generator (demo-catalog.ts) draws from. Long on purpose: data, not logic.
import type { ImportBrand, ImportCategory, ImportProduct } from '../import-format.ts';

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

export type SizeScheme = 'shoes' | 'kidsShoes' | 'men' | 'women' | 'kids' | 'none';
export type Leaf = {
  id: number;
  parent: number;
  name: string;
  kind: Kind;
  noun: string;
  sizes: SizeScheme;
  fit: ImportProduct['fit_people'][];
};

export const ROOTS: ImportCategory[] = [
  { id: 1, name: 'Обувь', position: 0 },
  { id: 2, name: 'Мужская одежда', position: 1 },
  { id: 3, name: 'Женская одежда', position: 2 },
  { id: 4, name: 'Детская одежда', position: 3 },
  { id: 17, name: 'Сумки', position: 4 },
  { id: 8, name: 'Аксессуары', position: 5 },
  { id: 374, name: 'Электроника', position: 6 },
];

export const LEAVES: Leaf[] = [
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

export const FASHION_BRANDS: ImportBrand[] = [
  ['Nike', 100, ['найк', 'найки', 'джордан', 'джорданы', 'jordan']],
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
export const TECH_BRANDS: ImportBrand[] = [
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
export const ACCESSORY_EXTRA: ImportBrand[] = [
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
export const COLOR_NAMES = Object.keys(DEMO_COLORS);

export const MODELS: Record<Kind, string[]> = {
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

export const PRICE: Record<Kind, [number, number]> = {
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

export const MATERIALS: Record<Kind, string[]> = {
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

export const COUNTRIES = ['Вьетнам', 'Китай', 'Индонезия', 'Турция', 'Италия', 'Португалия'];
export const SEASONS = ['Всесезон', 'Лето', 'Зима', 'Демисезон'];

export const SENTENCES = [
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

export const SHOE_EU = ['36', '37', '38', '39', '40', '41', '42', '42.5', '43', '44', '45', '46'];
export const SHOE_RU = ['35', '36', '37', '38', '39', '40', '41', '41.5', '42', '43', '44', '45'];
export const SHOE_US = ['4', '5', '6', '6.5', '7.5', '8', '8.5', '9', '9.5', '10', '11', '12'];
export const SHOE_CM = ['22.5', '23', '24', '24.5', '25', '26', '26.5', '27', '27.5', '28', '29', '29.5'];
export const KIDS_EU = ['28', '29', '30', '31', '32', '33', '34', '35'];
export const KIDS_CM = ['17.5', '18', '19', '19.5', '20', '21', '21.5', '22'];
export const MEN = {
  letters: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  eu: ['44', '46', '48', '50', '52', '54'],
  chest: ['88', '92', '96', '100', '104', '108'],
  waist: ['76', '80', '84', '88', '92', '96'],
};
export const WOMEN = {
  letters: ['XS', 'S', 'M', 'L', 'XL'],
  eu: ['40', '42', '44', '46', '48'],
  chest: ['80', '84', '88', '92', '96'],
  waist: ['62', '66', '70', '74', '78'],
};
export const KIDS = ['110', '116', '122', '128', '134', '140', '146', '152'];
