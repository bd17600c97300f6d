// Import tells the truth before it writes (issue 25 item 4): JSON, CSV and XLSX files; a template
// to download; every error with its row and field in Russian; the dry run lists each change before
// → after, and an applied table keeps what it has no column for.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products, variants } from '../../db/schema/index.ts';
import { buildTestApp, login, makeTelegramUser, type TestApp } from '../../test/app.ts';
import { waitForImportJob } from '../../test/console-kit.ts';
import { IMPORT_COLUMNS } from './import-columns.ts';

const owner = makeTelegramUser();
let t: TestApp;
let auth: string;
const CATEGORY = 7300;

type Issue = { path: string; row: string | null; field: string | null; message: string };
type Change = { entity: string; action: string; name: string; detail: string | null };
type Result = { created: number; updated: number; errors: Issue[]; changes: Change[] };

beforeAll(async () => {
  t = await buildTestApp({ adminTelegramIds: [owner.id] });
  auth = await login(t.app, owner);
  await t.app.db.insert(categories).values({ id: CATEGORY, name: 'Кеды для таблицы', position: 0 });
});
afterAll(() => t.close());

const upload = (bytes: Buffer | string, dryRun = true) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/catalog/import?dry_run=${dryRun ? 1 : 0}`,
    headers: { authorization: auth, 'content-type': 'application/octet-stream' },
    payload: typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes,
  });
const resultOf = (res: { json: <T>() => T }) => res.json<{ result: Result }>().result;

const HEADER = IMPORT_COLUMNS.map((c) => c.header).join(';');
const csvRow = (cells: Partial<Record<string, string>>) => IMPORT_COLUMNS.map((c) => cells[c.key] ?? '').join(';');

async function xlsxOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Товары');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('a CSV file', () => {
  it('lists every error with its row and column in Russian, and writes nothing', async () => {
    const csv = [
      HEADER,
      csvRow({ spu: 'CSV-1', title: 'Кеды из таблицы', categories: 'Кеды для таблицы', sku: 'a', price: '0', qty: '2' }),
      csvRow({ spu: 'CSV-1', sku: 'b', price: '1 990 ₽', qty: 'много' }),
      csvRow({ spu: 'CSV-2', title: '', categories: 'Нет такой', sku: 'a', price: '1990', qty: '1' }),
      csvRow({ spu: 'CSV-3', title: 'Без цены', categories: String(CATEGORY), sku: 'a', qty: '1' }),
    ].join('\r\n');
    const res = await upload(`\uFEFF${csv}`);
    expect(res.statusCode, res.body).toBe(200);
    const { errors } = resultOf(res);
    const brief = errors.map((e) => [e.row, e.field, e.message]);
    expect(brief).toEqual(
      expect.arrayContaining([
        ['Строка 2', 'Цена, ₽', 'не меньше 1 ₽'],
        ['Строка 3', 'Остаток', 'нужно число'],
        ['Строка 4', 'Категории', 'нет категории «Нет такой»'],
        ['Строка 4', 'Название товара', 'нужен текст'],
        ['Строка 5', 'Цена, ₽', 'нужно число'],
      ]),
    );
    expect(errors, JSON.stringify(brief)).toHaveLength(5);
    expect(await t.app.db.select().from(products).where(eq(products.spu, 'CSV-1'))).toEqual([]);
  });

  it('a file that is not JSON says where it breaks, on the page rather than as a 400', async () => {
    const res = await upload('{\n  "products": [\n    { "spu": "x", }\n  ]\n}');
    expect(res.statusCode, res.body).toBe(200);
    const [error] = resultOf(res).errors;
    expect(error!.message).toMatch(/^Файл не читается как JSON: ошибка в строке 3, позиция \d+$/);
    expect(error!.row).toMatch(/^Строка 3, позиция \d+$/);
  });

  it('a table without a required column names it', async () => {
    const res = await upload('Артикул товара (spu);Название товара;Цена\r\nX;Y;100\r\n');
    const messages = resultOf(res).errors.map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining(['нет столбца «Артикул варианта (sku)»', 'нет столбца «Остаток»']),
    );
  });
});

describe('a JSON file with six mistakes', () => {
  it('reports all six, each with its row and field', async () => {
    const good = (spu: string) => ({
      spu,
      title: `Товар ${spu}`,
      categories: [CATEGORY],
      variants: [{ sku: 'a', title: '42', price: 1000, qty: 1 }],
    });
    const file = {
      brands: [{ name: 'Adidas тест' }],
      products: [
        { ...good('J1'), title: '' },
        { ...good('J2'), variants: [{ sku: 'a', title: '42', price: -5, qty: 1 }] },
        { ...good('J3'), brand: 'Adiddas' },
        { ...good('J4'), categories: [999] },
        good('J5'),
        good('J5'),
        { ...good('J6'), variants: [] },
      ],
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/import?dry_run=1',
      headers: { authorization: auth },
      payload: file,
    });
    const brief = resultOf(res).errors.map((e) => [e.row, e.field]);
    expect(brief).toEqual([
      ['Товар 1', 'название'],
      ['Товар 2, вариант 1', 'цена'],
      ['Товар 3', 'бренд'],
      ['Товар 4', 'категории'],
      ['Товар 6', 'артикул товара (spu)'],
      ['Товар 7', 'варианты'],
    ]);
  });
});

describe('an XLSX file', () => {
  it('a dry run lists each change before → after; applied, the product keeps what the table has no column for', async () => {
    // A product already in the shop, with characteristics the table has no column for.
    const [brand] = await t.app.db.insert(brands).values({ name: 'Бренд для таблицы' }).returning();
    const [product] = await t.app.db
      .insert(products)
      .values({
        spu: 'XLSX-1',
        title: 'Кеды из Excel',
        computedTitle: 'Кеды из Excel',
        brandId: brand!.id,
        categoryIds: [CATEGORY],
        characteristics: [{ key: 'Материал', value: 'Кожа' }],
        minPrice: 4490,
        price: 4490,
      })
      .returning();
    await t.app.db.insert(variants).values([
      { productId: product!.id, sku: '42', title: '42', size: '42', price: 4490, qty: 3 },
      { productId: product!.id, sku: '43', title: '43', size: '43', price: 4490, qty: 1 },
    ]);
    const bytes = await xlsxOf([
      IMPORT_COLUMNS.map((c) => c.header),
      ['XLSX-1', 'Кеды из Excel', null, null, null, null, '42', '42', 3990, 3, null, '42', null],
      ['XLSX-NEW', 'Новые кеды', 'Новый бренд таблицы', 'Кеды для таблицы', null, null, 'a', null, 2990, 5],
    ]);

    const dry = await upload(bytes);
    expect(dry.statusCode, dry.body).toBe(200);
    const result = resultOf(dry);
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ created: 1, updated: 1 });
    expect(result.changes).toEqual(
      expect.arrayContaining([
        { entity: 'brand', action: 'create', name: 'Новый бренд таблицы', detail: null },
        { entity: 'product', action: 'create', name: 'Новые кеды', detail: '1 вар.' },
        {
          entity: 'variant',
          action: 'update',
          name: 'Кеды из Excel · 42',
          detail: `цена ${(4490).toLocaleString('ru-RU')} ₽ → ${(3990).toLocaleString('ru-RU')} ₽`,
        },
        { entity: 'variant', action: 'delete', name: 'Кеды из Excel · 43', detail: 'нет в файле' },
      ]),
    );
    // The brand and categories cells left empty keep the product's own: no change listed for them.
    expect(result.changes.filter((c) => c.entity === 'product' && c.action === 'update')).toEqual([]);

    const applied = await upload(bytes, false);
    expect(applied.statusCode, applied.body).toBe(202);
    const job = await waitForImportJob(t.app, applied.json<{ result: { id: number } }>().result.id, auth);
    expect(job).toMatchObject({ status: 'done', created: 1, updated: 1, errors: [] });
    const [after] = await t.app.db.select().from(products).where(eq(products.spu, 'XLSX-1'));
    expect(after).toMatchObject({ brandId: brand!.id, characteristics: [{ key: 'Материал', value: 'Кожа' }] });
    const left = await t.app.db.select().from(variants).where(eq(variants.productId, product!.id));
    expect(left.map((v) => [v.sku, v.price, v.qty])).toEqual([['42', 3990, 3]]);
  });
});

describe('the template', () => {
  it('downloads as CSV and XLSX, and a file made from it reads with no column errors', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/import/template?format=csv',
      headers: { authorization: auth },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('catalog-template.csv');
    expect(csv.body.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/import/template?format=xlsx',
      headers: { authorization: auth },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(IMPORT_COLUMNS.map((c) => c.header));

    // The template's own example (its category replaced by one this shop has) checks clean.
    const filled = csv.body.replaceAll('Кроссовки;', 'Кеды для таблицы;');
    const res = await upload(filled);
    expect(resultOf(res).errors).toEqual([]);
    expect(resultOf(res).created).toBe(1);
  });
});
