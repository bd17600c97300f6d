// The `fixture` Poizon provider: three dozen items shipped in the repository (prices in fen, sizes)
// for the demo and the tests. Their pictures are drawn locally by the demo picture generator and
// written once under DATA_DIR/media/poizon, served like every shop picture; nothing is downloaded.
import { drawDemoPicture } from '../catalog/index.ts';
import type { Kind } from '../catalog/index.ts';
import type { MediaStore } from '../media/index.ts';
import type { PoizonProvider, ProviderItem } from './poizon-provider.ts';

type Row = [
  brand: string,
  model: string,
  article: string,
  kind: Kind,
  color: string,
  yuan: number,
  words: string,
];

// prettier-ignore
const ROWS: Row[] = [
  ['Nike', 'Air Force 1 \'07 Low', 'CW2288-111', 'sneaker', 'Белый', 699, 'кроссовки найк форс'],
  ['Nike', 'Dunk Low Retro Panda', 'DD1391-100', 'sneaker', 'Черный', 759, 'кроссовки найк данк панда'],
  ['Nike', 'Air Max 90', 'DH8010-100', 'sneaker', 'Серый', 899, 'кроссовки найк аир макс'],
  ['Nike', 'Air Jordan 1 Mid', '554724-124', 'sneaker', 'Красный', 1099, 'кроссовки джордан'],
  ['adidas', 'Samba OG', 'B75806', 'sneaker', 'Белый', 829, 'кроссовки адидас самба'],
  ['adidas', 'Gazelle Indoor', 'IG4996', 'sneaker', 'Синий', 799, 'кроссовки адидас газель'],
  ['adidas', 'Campus 00s', 'HQ8708', 'sneaker', 'Зеленый', 729, 'кроссовки адидас кампус'],
  ['New Balance', '530', 'MR530SG', 'sneaker', 'Серый', 619, 'кроссовки нью баланс'],
  ['New Balance', '9060', 'U9060GRY', 'sneaker', 'Бежевый', 1059, 'кроссовки нью баланс'],
  ['New Balance', '2002R', 'M2002RDA', 'sneaker', 'Серый', 989, 'кроссовки нью баланс'],
  ['ASICS', 'Gel-Kayano 14', '1201A019-108', 'sneaker', 'Белый', 909, 'кроссовки асикс'],
  ['ASICS', 'Gel-1130', '1201A256-116', 'sneaker', 'Голубой', 569, 'кроссовки асикс'],
  ['Converse', 'Chuck 70 Hi', '162050C', 'sneaker', 'Черный', 469, 'кеды конверс'],
  ['Vans', 'Old Skool', 'VN000D3HY28', 'sneaker', 'Черный', 389, 'кеды ванс'],
  ['Puma', 'Suede Classic XXI', '374915-01', 'sneaker', 'Красный', 429, 'кроссовки пума'],
  ['Salomon', 'XT-6', 'L41086600', 'sneaker', 'Хаки', 1299, 'кроссовки саломон'],
  ['Nike', 'Tech Fleece Hoodie', 'FB7921-063', 'hoodie', 'Серый', 729, 'худи толстовка найк'],
  ['Stussy', 'Basic Logo Hoodie', '1924905', 'hoodie', 'Черный', 899, 'худи стусси'],
  ['Essentials', 'Fear of God Hoodie', '192BT212050F', 'hoodie', 'Бежевый', 759, 'худи эссеншиалс'],
  ['Carhartt WIP', 'Chase T-Shirt', 'I026391', 'tshirt', 'Белый', 299, 'футболка кархарт'],
  ['Stussy', 'World Tour Tee', '1904934', 'tshirt', 'Черный', 399, 'футболка стусси'],
  ['The North Face', '1996 Retro Nuptse', 'NF0A3C8D', 'jacket', 'Черный', 1699, 'пуховик куртка норт фейс'],
  ['Arc\'teryx', 'Beta Jacket', 'X000007301', 'jacket', 'Синий', 2899, 'куртка арктерикс'],
  ['Nike', 'Club Fleece Pants', 'BV2737-010', 'pants', 'Черный', 359, 'штаны брюки найк'],
  ['Carhartt WIP', 'Double Knee Pant', 'I031501', 'pants', 'Коричневый', 699, 'штаны брюки кархарт'],
  ['adidas', 'Firebird Track Pants', 'IJ7055', 'pants', 'Синий', 459, 'штаны брюки адидас'],
  ['Coach', 'Tabby Shoulder Bag 26', 'CH857', 'bag', 'Черный', 2499, 'сумка коуч'],
  ['Michael Kors', 'Jet Set Crossbody', '32T0GT9C8L', 'bag', 'Коричневый', 1199, 'сумка майкл корс'],
  ['The North Face', 'Borealis Backpack', 'NF0A52SE', 'backpack', 'Черный', 699, 'рюкзак норт фейс'],
  ['Herschel', 'Little America', '10014-00001', 'backpack', 'Серый', 549, 'рюкзак хершел'],
  ['Longchamp', 'Le Pliage Tote', 'L1899089', 'bag', 'Бежевый', 899, 'сумка лоншан'],
  ['New Era', '9FORTY NY Yankees', '10531941', 'cap', 'Синий', 199, 'кепка бейсболка нью эра'],
  ['Carhartt WIP', 'Acrylic Watch Hat', 'I020222', 'cap', 'Хаки', 179, 'шапка кархарт'],
  ['Casio', 'G-Shock GA-2100', 'GA-2100-1A1', 'watch', 'Черный', 699, 'часы касио'],
  ['Ray-Ban', 'Wayfarer Classic', 'RB2140-901', 'glasses', 'Черный', 1099, 'очки рейбан'],
  ['Apple', 'AirPods Pro 2', 'MTJV3', 'headphones', 'Белый', 1599, 'наушники эпл'],
];

const SHOE_SIZES = ['38', '39', '40', '40.5', '41', '42', '42.5', '43', '44', '45'];
const CLOTHES_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const ONE_SIZE = ['Один размер'];
const PICTURES = 3;

const category = (kind: Kind): ProviderItem['category'] =>
  kind === 'sneaker' || kind === 'boot'
    ? 'sneakers'
    : kind === 'bag' || kind === 'backpack'
      ? 'bag'
      : ['cap', 'belt', 'glasses', 'headphones', 'watch'].includes(kind)
        ? 'accessories'
        : 'clothing';

/** The fixture's spuIds start here (the demo catalogue's own spuIds stay below 10 000 000). */
export const FIXTURE_SPU_BASE = 20_000_001;

export const FIXTURE_ITEMS: readonly (ProviderItem & { kind: Kind; color: string; words: string })[] =
  ROWS.map(([brand, model, article, kind, color, yuan, words], i) => {
    const spuId = String(FIXTURE_SPU_BASE + i * 37);
    const cat = category(kind);
    const sizes = cat === 'sneakers' ? SHOE_SIZES : cat === 'clothing' ? CLOTHES_SIZES : ONE_SIZE;
    return {
      spuId,
      title: `${brand} ${model}`,
      brand,
      article,
      category: cat,
      kind,
      color,
      words,
      images: Array.from({ length: PICTURES }, (_, k) => `/media/poizon/${spuId}-${k + 1}.svg`),
      // Popular sizes cost a little more, as on Poizon; prices in fen.
      sizes: sizes.map((size, si) => ({
        size,
        priceFen: (yuan + (sizes.length > 1 ? [0, 20, 40, 60, 0, -20][si % 6]! : 0)) * 100,
      })),
    };
  });

/** A short link the fixture "knows": `https://dw4.co/t/A/PZ<spuId>` (the demo's share links). */
export const fixtureShortLink = (spuId: string) => `https://dw4.co/t/A/PZ${spuId}`;

const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е');

/** Draws the fixture's pictures into the media store's media/poizon once (no-op when they are there). */
export async function writeFixturePictures(media: MediaStore): Promise<void> {
  const last = FIXTURE_ITEMS[FIXTURE_ITEMS.length - 1]!;
  if (await media.exists(`media/poizon/${last.spuId}-${PICTURES}.svg`)) return;
  for (const item of FIXTURE_ITEMS) {
    for (let k = 0; k < PICTURES; k++) {
      const svg = drawDemoPicture({ kind: item.kind, color: item.color, picture: k });
      await media.put(`media/poizon/${item.spuId}-${k + 1}.svg`, Buffer.from(svg), 'image/svg+xml');
    }
  }
}

export const fixtureProvider: PoizonProvider = {
  kind: 'fixture',
  async resolveLink(url) {
    const m = /^https:\/\/dw4\.co\/t\/A\/PZ(\d{5,12})$/.exec(url);
    const item = m && FIXTURE_ITEMS.find((i) => i.spuId === m[1]);
    return item ? { spuId: item.spuId } : null;
  },
  async getProduct(spuId) {
    const item = FIXTURE_ITEMS.find((i) => i.spuId === spuId);
    if (!item) return null;
    const { kind: _k, color: _c, words: _w, ...rest } = item;
    return rest;
  },
  async search(q, page, limit) {
    const words = norm(q).split(/\s+/).filter(Boolean);
    const hits = FIXTURE_ITEMS.filter((i) => {
      const hay = norm(`${i.title} ${i.article ?? ''} ${i.words}`);
      return words.every((w) => hay.includes(w));
    });
    const slice = hits.slice((page - 1) * limit, page * limit);
    return {
      items: slice.map(({ kind: _k, color: _c, words: _w, ...rest }) => rest),
      more: hits.length > page * limit,
    };
  },
};
