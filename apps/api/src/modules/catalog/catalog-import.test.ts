// The importer: one error per bad row with its path, all-or-nothing, idempotent, updates by spu.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { importCatalog } from './catalog-import.repository.ts';
import { refreshListingColumns } from './listing-columns.ts';
import { demoCatalog } from './demo/demo-catalog.ts';
import { parseImportFile, type ImportFile } from './import-format.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const small = (): ImportFile => {
  const file = demoCatalog(30);
  return JSON.parse(JSON.stringify(file)) as ImportFile;
};

const snapshot = () =>
  queryRows<{
    spu: string;
    updated_at: string;
    title: string;
    min_price: number;
    variant_ids: string;
    images: string;
  }>(
    t.database.db,
    sql`SELECT p.spu, p.updated_at::text, p.title, p.min_price,
               (SELECT string_agg(v.id || ':' || v.sku || ':' || v.price || ':' || v.qty, ',' ORDER BY v.id) FROM variants v WHERE v.product_id = p.id) AS variant_ids,
               (SELECT string_agg(i.id::text, ',' ORDER BY i.id) FROM product_images i WHERE i.product_id = p.id) AS images
        FROM products p ORDER BY p.spu`,
  );

describe('parseImportFile', () => {
  it('reports every error of every row with its path, its row and field in Russian, and its reason', () => {
    const file = small() as unknown as { products: Record<string, unknown>[]; brands: unknown[] };
    file.products[1]!.title = '';
    (file.products[3]!.variants as Record<string, unknown>[])[2]!.price = -5;
    (file.products[4]!.variants as Record<string, unknown>[])[0]!.qty = 'много';
    file.products[5]!.brand = 'Нет такого';
    file.products[6]!.categories = [12345];
    file.products[7]!.spu = file.products[8]!.spu;
    file.brands.push({ name: '' });
    const { issues } = parseImportFile(file);
    expect(issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: 'brands[21].name', message: 'не может быть пустым' },
      { path: 'products[1].title', message: 'не может быть пустым' },
      { path: 'products[3].variants[2].price', message: 'не меньше 1 ₽' },
      { path: 'products[4].variants[0].qty', message: expect.any(String) as string },
      { path: 'products[5].brand', message: 'бренда «Нет такого» нет в списке brands' },
      { path: 'products[6].categories[0]', message: 'нет категории 12345' },
      { path: 'products[8].spu', message: expect.stringContaining('повторяется') as string },
    ]);
    expect(issues[2]).toMatchObject({ row: 'Товар 4, вариант 3', field: 'цена' });
    expect(issues[0]).toMatchObject({ row: 'Бренд 22', field: 'название' });
  });

  it('refuses a file that is not a catalogue', () => {
    expect(parseImportFile([1, 2]).issues).toHaveLength(1);
    expect(parseImportFile({ products: 'x' }).issues[0]!.path).toBe('.products');
  });
});

describe('importCatalog', () => {
  it('imports, then changes nothing on a second run, then updates by spu keeping variant ids', async () => {
    const file = small();
    const first = await importCatalog(t.database.db, file);
    expect(first.created).toBe(30);
    const before = await snapshot();

    const again = await importCatalog(t.database.db, small());
    expect(again).toEqual({ brands: 0, categories: 0, created: 0, updated: 0, unchanged: 30 });
    expect(await snapshot()).toEqual(before);

    const changed = small();
    changed.products[2]!.title = 'Новое название';
    changed.products[2]!.variants[0]!.price = 100;
    changed.products[2]!.variants.pop();
    const third = await importCatalog(t.database.db, changed);
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 29 });
    const after = await snapshot();
    const spu = changed.products[2]!.spu;
    const old = before.find((r) => r.spu === spu)!;
    const now = after.find((r) => r.spu === spu)!;
    expect(now.title).toBe('Новое название');
    expect(now.min_price).toBe(100);
    const oldIds = old.variant_ids.split(',').map((v) => v.split(':')[0]);
    const newIds = now.variant_ids.split(',').map((v) => v.split(':')[0]);
    expect(newIds).toEqual(oldIds.slice(0, -1));
    expect(after.filter((r) => r.spu !== spu)).toEqual(before.filter((r) => r.spu !== spu));
  });

  it('is all-or-nothing: a failing row leaves the catalogue as it was', async () => {
    const before = await snapshot();
    const file = small();
    file.products[0]!.title = 'Это не должно сохраниться';
    file.products.push({ ...file.products[1]!, spu: 'NEW-ONE' });
    // Bypasses the parser to make the database refuse the last row (negative stock).
    file.products.push({
      ...file.products[2]!,
      spu: 'BROKEN',
      variants: [{ ...file.products[2]!.variants[0]!, qty: -1 }],
    });
    await expect(importCatalog(t.database.db, file)).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });
});

describe('refreshListingColumns', () => {
  it('follows stock and price changes made outside an import', async () => {
    const [p] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM products WHERE in_stock ORDER BY id LIMIT 1`,
    );
    const id = p!.id;
    await t.database.db.execute(sql`UPDATE variants SET qty = 0 WHERE product_id = ${id}`);
    await t.database.db.execute(
      sql`UPDATE variants SET qty = 2, price = 777777 WHERE id = (SELECT max(id) FROM variants WHERE product_id = ${id})`,
    );
    const [{ cheapest } = { cheapest: 0 }] = await queryRows<{ cheapest: number }>(
      t.database.db,
      sql`SELECT min(price) AS cheapest FROM variants WHERE product_id = ${id}`,
    );
    await refreshListingColumns(t.database.db, [id]);
    const [after] = await queryRows<{ min_price: number; price: number; in_stock: boolean }>(
      t.database.db,
      sql`SELECT min_price, price, in_stock FROM products WHERE id = ${id}`,
    );
    expect(after).toEqual({ min_price: cheapest, price: 777777, in_stock: true });
    await t.database.db.execute(sql`UPDATE variants SET qty = 0 WHERE product_id = ${id}`);
    await refreshListingColumns(t.database.db, [id]);
    const [none] = await queryRows<{ price: number; in_stock: boolean }>(
      t.database.db,
      sql`SELECT price, in_stock FROM products WHERE id = ${id}`,
    );
    expect(none).toEqual({ price: cheapest, in_stock: false });
  });
});

describe('the demo catalogue', () => {
  it('passes the import rules', () => {
    expect(parseImportFile(demoCatalog()).issues).toEqual([]);
  });
});
