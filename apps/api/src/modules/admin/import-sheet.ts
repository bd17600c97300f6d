// A table import (CSV or XLSX, one variant a row, import-columns.ts) turned into the import file's
// shape, so that one parser and one importer serve every format. Rows of one `spu` are one product
// (its own columns read from its first row). A product already in the shop keeps what the table
// has no column for (characteristics, options, size table, audience, popularity) and, when those
// cells are empty, its description, pictures, brand and categories. Unknown brands are created;
// categories are named by number or by name. Errors carry the table's row and column.
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, categories, productImages, products, variants } from '../../db/schema/index.ts';
import { importIssue, type ImportIssue, type KnownKeys } from '../catalog/index.ts';
import { columnOf, headerOf, IMPORT_COLUMNS, type ColumnKey } from './import-columns.ts';
import type { Cell, TableRow } from './import-table.ts';

type RawVariant = Record<string, unknown>;
type RawProduct = Record<string, unknown> & { spu: string; variants: RawVariant[] };
type Current = Awaited<ReturnType<typeof loadCurrent>>;

export type SheetImport = {
  input: { brands: { name: string }[]; products: RawProduct[] };
  /** Problems found while reading the table, already with row and column. */
  issues: ImportIssue[];
  /** Gives a parser issue (by path) the table's row and column. */
  locate: (issue: ImportIssue) => ImportIssue;
};

const text = (c: Cell | undefined) => (c == null ? undefined : String(c));
/** «12 990 ₽», «12990,00» and a number cell alike; anything else is left for the parser to refuse. */
const number = (c: Cell | undefined): unknown => {
  if (c == null) return undefined;
  if (typeof c === 'number') return c;
  const t = c.replace(/[\s\u00a0₽]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : c;
};
const list = (c: Cell | undefined) =>
  (text(c) ?? '')
    .split(/[\n;,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** What the shop has for the table's spus: products, their pictures and variants; brands; categories. */
async function loadCurrent(db: Database, spus: string[]) {
  const found = spus.length ? await db.select().from(products).where(inArray(products.spu, spus)) : [];
  const ids = found.map((p) => p.id);
  const [images, ownVariants, brandRows, categoryRows] = await Promise.all([
    ids.length ? db.select().from(productImages).where(inArray(productImages.productId, ids)) : [],
    ids.length ? db.select().from(variants).where(inArray(variants.productId, ids)) : [],
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ id: categories.id, name: categories.name }).from(categories),
  ]);
  return {
    products: new Map(found.map((p) => [p.spu, p])),
    images: (productId: number) =>
      images
        .filter((i) => i.productId === productId)
        .sort((a, b) => a.position - b.position)
        .map((i) => i.src),
    variants: (productId: number) => new Map(ownVariants.filter((v) => v.productId === productId).map((v) => [v.sku, v])),
    brandName: new Map(brandRows.map((b) => [b.id, b.name])),
    categories: categoryRows,
    known: {
      brands: new Set(brandRows.map((b) => b.name)),
      categoryIds: new Set(categoryRows.map((c) => c.id)),
    } satisfies KnownKeys,
  };
}

/** «12, Кроссовки» → category ids; a name must name exactly one category. */
function categoryIds(cell: Cell | undefined, current: Current, problem: (message: string) => void) {
  const ids: number[] = [];
  for (const token of list(cell)) {
    if (/^\d+$/.test(token)) {
      ids.push(Number(token));
      continue;
    }
    const named = current.categories.filter((c) => c.name.toLowerCase() === token.toLowerCase());
    if (named.length === 1) ids.push(named[0]!.id);
    else if (named.length > 1) problem(`категорий «${token}» несколько — укажите номер нужной`);
    else problem(`нет категории «${token}»`);
  }
  return ids;
}

function productOf(cells: Record<ColumnKey, Cell | undefined>, current: Current, problem: (k: ColumnKey, m: string) => void) {
  const spu = text(cells.spu)!;
  const was = current.products.get(spu);
  const title = text(cells.title);
  const images = list(cells.images);
  const ids = categoryIds(cells.categories, current, (m) => problem('categories', m));
  const base = was
    ? {
        ...(was.title === title ? { computed_title: was.computedTitle } : {}),
        fit_people: was.fitPeople,
        characteristics: was.characteristics,
        options: was.options,
        size_table: was.sizeTable,
        popularity: was.popularity,
        sales: was.sales,
      }
    : {};
  return {
    ...base,
    spu,
    title,
    description: text(cells.description) ?? was?.description ?? '',
    brand: text(cells.brand) ?? (was?.brandId != null ? current.brandName.get(was.brandId) : undefined),
    categories: cells.categories != null ? ids : (was?.categoryIds ?? []),
    images: images.length || !was ? images : current.images(was.id),
    variants: [] as RawVariant[],
  };
}

function variantOf(cells: Record<ColumnKey, Cell | undefined>, product: RawProduct, current: Current) {
  const was = current.products.get(product.spu);
  const old = was ? current.variants(was.id).get(text(cells.sku) ?? '') : undefined;
  const images = product.images as string[];
  const image = old?.image ? images.indexOf(old.image) : -1;
  const named = [text(cells.color), text(cells.size)].filter(Boolean).join(' · ');
  return {
    sku: text(cells.sku),
    title: text(cells.variant_title) ?? old?.title ?? (named || text(cells.title) || product.title || text(cells.sku)),
    price: number(cells.price),
    qty: number(cells.qty),
    color: text(cells.color) ?? null,
    size: text(cells.size) ?? null,
    size_eu: text(cells.size_eu) ?? null,
    options: old?.options ?? {},
    ...(image >= 0 ? { image } : {}),
  };
}

export async function sheetToImport(db: Database, rows: TableRow[]): Promise<SheetImport & { known: KnownKeys }> {
  const issues: ImportIssue[] = [];
  const at = (line: number, header: string | null, message: string): ImportIssue => ({
    ...importIssue('(файл)', message),
    row: `Строка ${line}`,
    field: header,
  });
  const [head, ...data] = rows;
  const columns = (head?.cells ?? []).map((c) => (c == null ? undefined : columnOf(String(c))));
  head?.cells.forEach((c, i) => {
    if (c != null && !columns[i])
      issues.push(at(head.line, String(c), 'столбец не распознан: названия столбцов — как в шаблоне'));
  });
  for (const column of IMPORT_COLUMNS)
    if (column.required && !columns.includes(column.key))
      issues.push(at(head?.line ?? 1, column.header, `нет столбца «${column.header}»`));
  const cellsOf = (row: TableRow) => {
    const out = {} as Record<ColumnKey, Cell | undefined>;
    columns.forEach((key, i) => key && (out[key] = row.cells[i] ?? null));
    return out;
  };
  const spus = [...new Set(data.map((r) => text(cellsOf(r).spu)).filter((s): s is string => !!s))];
  const current = await loadCurrent(db, spus);
  const products = new Map<string, { index: number; line: number; product: RawProduct; lines: number[] }>();
  const newBrands = new Set<string>();
  if (!issues.length)
    for (const row of data) {
      const cells = cellsOf(row);
      const spu = text(cells.spu);
      if (!spu) {
        issues.push(at(row.line, headerOf('spu'), 'не может быть пустым'));
        continue;
      }
      let entry = products.get(spu);
      if (!entry) {
        const product = productOf(cells, current, (k, m) => issues.push(at(row.line, headerOf(k), m)));
        entry = { index: products.size, line: row.line, product, lines: [] };
        products.set(spu, entry);
        const brand = product.brand;
        if (brand && !current.known.brands.has(brand)) newBrands.add(brand);
      }
      entry.product.variants.push(variantOf(cells, entry.product, current));
      entry.lines.push(row.line);
    }
  const byIndex = [...products.values()];
  const locate = (issue: ImportIssue): ImportIssue => {
    const m = /^products\[(\d+)\](?:\.variants\[(\d+)\])?\.?([a-z_]*)/.exec(issue.path);
    const entry = m ? byIndex[Number(m[1])] : undefined;
    if (!m || !entry) return issue;
    const line = m[2] !== undefined ? entry.lines[Number(m[2])] : entry.line;
    const key = (m[2] !== undefined && m[3] === 'title' ? 'variant_title' : m[3]) as ColumnKey;
    const header = IMPORT_COLUMNS.some((c) => c.key === key) ? headerOf(key) : issue.field;
    return { ...issue, row: `Строка ${line ?? entry.line}`, field: header };
  };
  return {
    input: { brands: [...newBrands].map((name) => ({ name })), products: byIndex.map((e) => e.product) },
    issues,
    locate,
    known: current.known,
  };
}

