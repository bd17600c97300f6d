import type { Product, Variant } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import {
  chooseColor,
  chooseVariant,
  displayedPrice,
  galleryFor,
  hasExtraLevel,
  initialSelection,
  pictureForColor,
  showSizePicker,
  sizeTiles,
} from './variant-selection.ts';

let nextId = 1;
const variant = (over: Partial<Variant>): Variant => ({
  id: nextId++,
  price: 1000,
  title: '',
  size: null,
  size_eu: null,
  qty: 3,
  color: null,
  image: null,
  options: {},
  img_id: null,
  ...over,
});

const product = (variants: Variant[], categories: number[] = [1]): Product => ({
  id: 1,
  spu: 'x',
  title: 'Кроссовки',
  computed_title: { title: 'Кроссовки' },
  description: '',
  characteristics: [],
  brand: null,
  images: [],
  options: [],
  variants,
  categories: categories.map((id) => ({ id })),
  size_table: null,
  image_src: null,
  min_price: 900,
  price: 900,
  fit_people: 'men',
});

describe('variant selection', () => {
  const black42 = variant({ color: 'Черный', size_eu: '42', price: 9990 });
  const black43 = variant({ color: 'Черный', size_eu: '43', price: 10990, qty: 0 });
  const white42 = variant({ color: 'Белый', size_eu: '42', price: 8990 });
  const shoes = product([black42, black43, white42]);

  it('preselects the first colour and no size when a size level exists', () => {
    expect(hasExtraLevel(shoes)).toBe(true);
    expect(initialSelection(shoes)).toEqual({ color: 'Черный', variantId: null });
  });

  it('preselects the first colour and its variant when no extra level exists', () => {
    const bag = product([variant({ color: 'Красный', price: 5000 }), variant({ color: 'Синий' })], [17]);
    const first = bag.variants[0]!;
    expect(hasExtraLevel(bag)).toBe(false);
    expect(initialSelection(bag)).toEqual({ color: 'Красный', variantId: first.id });
    expect(chooseColor(bag, initialSelection(bag), 'Синий').variantId).toBe(bag.variants[1]!.id);
  });

  it('changing colour resets the size when an extra level exists', () => {
    const chosen = chooseVariant(shoes, initialSelection(shoes), black42.id);
    expect(chosen.variantId).toBe(black42.id);
    expect(chooseColor(shoes, chosen, 'Белый')).toEqual({ color: 'Белый', variantId: null });
  });

  it('never selects a variant with qty 0', () => {
    const start = initialSelection(shoes);
    expect(chooseVariant(shoes, start, black43.id)).toBe(start);
  });

  it('shows the size picker by the categories 17, 8, 374 rule', () => {
    const bag = product([variant({ size_eu: 'S' }), variant({ size_eu: 'M' })], [8]);
    expect(showSizePicker(bag, { color: null, variantId: null })).toBe(false);
    expect(showSizePicker(bag, { color: 'Черный', variantId: null })).toBe(true);
    expect(showSizePicker(shoes, { color: null, variantId: null })).toBe(true);
    const single = product([variant({})], [374]);
    expect(showSizePicker(single, { color: null, variantId: null })).toBe(true);
  });

  it('the price follows the chosen variant', () => {
    expect(displayedPrice(shoes, { color: 'Черный', variantId: null })).toEqual({ price: 9990, from: false });
    expect(displayedPrice(shoes, { color: 'Белый', variantId: white42.id })).toEqual({
      price: 8990,
      from: false,
    });
    expect(displayedPrice(shoes, { color: null, variantId: null })).toEqual({ price: 8990, from: true });
  });

  it("a colour's picture: its variant's own, else the picture a variant points at, else the product's", () => {
    const withOwn = variant({ color: 'Черный', image: '/media/black.jpg' });
    const pointing = variant({ color: 'Белый', img_id: 7 });
    const bare = variant({ color: 'Синий' });
    const p = {
      ...product([withOwn, pointing, bare]),
      images: [
        { id: 6, src: '/media/first.jpg' },
        { id: 7, src: '/media/white.jpg' },
      ],
      image_src: '/media/first.jpg',
    } as Product;
    expect(pictureForColor(p, 'Черный')).toBe('/media/black.jpg');
    expect(pictureForColor(p, 'Белый')).toBe('/media/white.jpg');
    expect(pictureForColor(p, 'Синий')).toBe('/media/first.jpg');
    expect(galleryFor(p, 'Белый', 10)).toEqual(['/media/white.jpg', '/media/first.jpg']);
    expect(galleryFor(p, null, 1)).toEqual(['/media/first.jpg']);
  });

  it('offers no size tile for a variant without a size (a sizeless product)', () => {
    const bag = product([variant({ color: 'Черный' })], [17]);
    expect(sizeTiles(bag, initialSelection(bag))).toEqual([]);
    expect(sizeTiles(shoes, initialSelection(shoes)).map((v) => v.size_eu)).toEqual(['42', '43']);
  });
});
