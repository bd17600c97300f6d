import { describe, expect, it } from 'vitest';
import {
  computeFindPrice,
  CreateFindRequestBodySchema,
  DEFAULT_FIND_SETTINGS,
  parsePoizonQuery,
} from './find.ts';

describe('parsePoizonQuery', () => {
  it('reads the raw share text of the Poizon app with a fast.dewu.com link', () => {
    const text =
      '【得物】发现一件好物，Nike Air Force 1 https://fast.dewu.com/page/productDetail?spuId=1000112&skuId=602990624&propertyValueId=0，点击链接直接打开。';
    expect(parsePoizonQuery(text)).toEqual({
      kind: 'spu',
      spu_id: '1000112',
      sku_id: '602990624',
      url: 'https://fast.dewu.com/page/productDetail?spuId=1000112&skuId=602990624&propertyValueId=0',
    });
  });

  it('reads m.dewu.com, cdn-m.dewu.com, www.dewu.com and dewulink:// links', () => {
    expect(parsePoizonQuery('https://m.dewu.com/router/product/ProductDetail?spuId=3519244')).toMatchObject({
      kind: 'spu',
      spu_id: '3519244',
    });
    expect(
      parsePoizonQuery(
        'https://cdn-m.dewu.com/router/product/ProductDetail?sourceName=pc&spuId=77001&skuId=5',
      ),
    ).toMatchObject({ kind: 'spu', spu_id: '77001', sku_id: '5' });
    expect(parsePoizonQuery('www.dewu.com/product-detail.html?spuId=1234567&skuId=99')).toMatchObject({
      kind: 'spu',
      spu_id: '1234567',
    });
    expect(
      parsePoizonQuery(
        'dewulink://cdn-m.dewu.com/router/product/ProductDetail?spuId=555123&sourceName=shareDetail',
      ),
    ).toMatchObject({ kind: 'spu', spu_id: '555123' });
  });

  it('reads poizon.com links with the number in the path or the query', () => {
    expect(parsePoizonQuery('https://www.poizon.com/product/nike-dunk-low-panda-1458372')).toMatchObject({
      kind: 'spu',
      spu_id: '1458372',
    });
    expect(parsePoizonQuery('Смотри: https://poizon.com/product?spuId=2000111.')).toMatchObject({
      kind: 'spu',
      spu_id: '2000111',
    });
    expect(parsePoizonQuery('https://www.poizon.com/category/sneakers')).toEqual({
      kind: 'link',
      url: 'https://www.poizon.com/category/sneakers',
    });
  });

  it('keeps a dw4.co short link for following, with or without a scheme and inside share text', () => {
    expect(parsePoizonQuery('https://dw4.co/t/A/ExampleShare')).toEqual({
      kind: 'short_link',
      url: 'https://dw4.co/t/A/ExampleShare',
    });
    expect(
      parsePoizonQuery(
        '【得物】发现一件好物，7 CA1201 … https://dw4.co/t/A/Xy12Ab 拼接短袖 Polo 衫，点击链接直接打开。',
      ),
    ).toEqual({ kind: 'short_link', url: 'https://dw4.co/t/A/Xy12Ab' });
    expect(parsePoizonQuery('dw4.co/t/A/abc123')).toEqual({
      kind: 'short_link',
      url: 'https://dw4.co/t/A/abc123',
    });
  });

  it('reads a bare spuId and an article number', () => {
    expect(parsePoizonQuery(' 1000112 ')).toEqual({ kind: 'spu', spu_id: '1000112' });
    expect(parsePoizonQuery('dd1391-100')).toEqual({ kind: 'article', article: 'DD1391-100' });
    expect(parsePoizonQuery('M2002RDA')).toEqual({ kind: 'article', article: 'M2002RDA' });
    expect(parsePoizonQuery('1183A201-001')).toEqual({ kind: 'article', article: '1183A201-001' });
  });

  it('refuses text with no link or article, other shops and short numbers', () => {
    expect(parsePoizonQuery('')).toBeNull();
    expect(parsePoizonQuery('хочу кроссовки')).toBeNull();
    expect(parsePoizonQuery('hello')).toBeNull();
    expect(parsePoizonQuery('1234')).toBeNull();
    expect(parsePoizonQuery('https://www.ozon.ru/product/12345678')).toBeNull();
    expect(parsePoizonQuery('https://evil.example/dewu.com/?spuId=123456')).toBeNull();
    expect(parsePoizonQuery('https://dewu.com.evil.example/?spuId=123456')).toBeNull();
  });
});

describe('computeFindPrice', () => {
  it('follows the example of the research: 699 ¥, rate 12 + 3 %, 1 kg → 10 510 ₽', () => {
    const b = computeFindPrice(699, 1, DEFAULT_FIND_SETTINGS);
    expect(b.rate).toBe(12.36);
    expect(b.goods_rub).toBe(8640);
    expect(b.delivery_rub).toBe(1000);
    expect(b.total_rub).toBe(10510);
    expect(b.goods_rub + b.service_rub + b.delivery_rub).toBe(b.total_rub);
  });

  it('takes the minimum service fee for cheap goods and counts started 500 g', () => {
    const b = computeFindPrice(100, 0.2, DEFAULT_FIND_SETTINGS);
    // 100 × 12.36 = 1236; fee max(123.6, 500) = 500; delivery 1 × 500; 2236 → 2240.
    expect(b.total_rub).toBe(2240);
    expect(computeFindPrice(100, 0.51, DEFAULT_FIND_SETTINGS).delivery_rub).toBe(1000);
    expect(computeFindPrice(100, 1.5, DEFAULT_FIND_SETTINGS).delivery_rub).toBe(1500);
  });

  it('always lands on a multiple of 10 ₽ and never below the exact sum', () => {
    for (const cny of [1, 9.99, 123.45, 999, 4321.5]) {
      const b = computeFindPrice(cny, 0.7, { ...DEFAULT_FIND_SETTINGS, cny_rub_rate: 12.7777 });
      expect(b.total_rub % 10).toBe(0);
      const exact = cny * b.rate + Math.max(cny * b.rate * 0.1, 500) + b.delivery_rub;
      expect(b.total_rub).toBeGreaterThanOrEqual(Math.floor(exact));
      expect(b.total_rub - exact).toBeLessThan(10.01);
    }
  });
});

describe('CreateFindRequestBodySchema', () => {
  it('needs a link, an article or a screenshot', () => {
    expect(CreateFindRequestBodySchema.safeParse({ size: '42' }).success).toBe(false);
    expect(
      CreateFindRequestBodySchema.safeParse({ url: 'https://dw4.co/t/A/x', button: 'blue' }).success,
    ).toBe(true);
    expect(CreateFindRequestBodySchema.safeParse({ url: 'x', button: 'pink' }).success).toBe(false);
  });
});
