import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { facetsCacheKey } from './catalog.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await insertProduct(t.database.db);
});
afterAll(() => t.close());

const total = async (query = '') =>
  (await t.app.inject({ url: `/api/v2/product/filters${query}` })).json<{ result: { total: number } }>()
    .result.total;

describe('facets cache', () => {
  it('gives one key to one selection, whatever the order or repetition of its values', () => {
    expect(facetsCacheKey({ colors: ['Красный', 'Черный'], brand_ids: [2, 1] })).toBe(
      facetsCacheKey({ brand_ids: [1, 2, 2], colors: ['Черный', 'Красный'], sizes_eu: [] }),
    );
    expect(facetsCacheKey({ colors: ['Красный'] })).not.toBe(facetsCacheKey({ colors: ['Черный'] }));
    expect(facetsCacheKey({ search_string: 'nike' })).not.toBe(facetsCacheKey({}));
  });

  it('answers a repeated selection from the cache and computes a new one afresh', async () => {
    const first = await total();
    expect(first).toBe(1);
    await insertProduct(t.database.db);
    expect(await total()).toBe(first);
    // Another selection is computed now, so it sees the new product.
    expect(await total('?category_fit_people=unisex')).toBe(2);
  });

  it('shares one computation between concurrent requests and stays correct', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => total('?category_fit_people=unisex,men')),
    );
    expect(new Set(answers)).toEqual(new Set([2]));
  });
});
