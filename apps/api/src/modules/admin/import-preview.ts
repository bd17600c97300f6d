// What an import file would do, listed before it writes (DESIGN §7.6, docs/product.md §12.2): every
// category, brand, product and variant it would create, change or delete, with before → after in
// Russian. Read against the catalogue as it is; the importer (catalog module) stays the only writer.
import type { AdminImportChange } from '@shop/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, categories, productImages, products, variants } from '../../db/schema/index.ts';
import type { ImportFile } from '../catalog/index.ts';

const MAX_LISTED = 2000;
const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`;
const quoted = (v: string | null | undefined) => (v ? `«${v}»` : '—');

type Push = (change: AdminImportChange) => void;

async function previewCategories(db: Database, file: ImportFile, push: Push) {
  const catIds = file.categories.map((c) => c.id);
  const cats = catIds.length ? await db.select().from(categories).where(inArray(categories.id, catIds)) : [];
  const catById = new Map(cats.map((c) => [c.id, c]));
  for (const c of file.categories) {
    const was = catById.get(c.id);
    if (!was) {
      push({ entity: 'category', action: 'create', name: c.name, detail: `№${c.id}` });
      continue;
    }
    const parts: string[] = [];
    if (was.name !== c.name) parts.push(`название ${quoted(was.name)} → ${quoted(c.name)}`);
    if ((was.parentId ?? null) !== (c.parent_id ?? null)) {
      parts.push(`родитель №${was.parentId ?? '—'} → №${c.parent_id ?? '—'}`);
    }
    if (was.position !== c.position) parts.push(`порядок ${was.position} → ${c.position}`);
    if ((was.imageSrc ?? null) !== (c.image_src ?? null)) parts.push('картинка');
    if (parts.length) push({ entity: 'category', action: 'update', name: was.name, detail: parts.join(', ') });
  }
}

async function previewBrands(db: Database, file: ImportFile, push: Push) {
  const brandNames = file.brands.map((b) => b.name);
  const known = brandNames.length ? await db.select().from(brands).where(inArray(brands.name, brandNames)) : [];
  const brandByName = new Map(known.map((b) => [b.name, b]));
  for (const b of file.brands) {
    const was = brandByName.get(b.name);
    if (!was) {
      push({ entity: 'brand', action: 'create', name: b.name, detail: null });
      continue;
    }
    const parts: string[] = [];
    if ((was.logoUrl ?? null) !== (b.logo_url ?? null)) parts.push('логотип');
    if (was.popularity !== b.popularity) parts.push(`популярность ${was.popularity} → ${b.popularity}`);
    if (was.aliases.join(', ') !== b.aliases.join(', '))
      parts.push(`другие написания ${quoted(was.aliases.join(', '))} → ${quoted(b.aliases.join(', '))}`);
    if (parts.length) push({ entity: 'brand', action: 'update', name: b.name, detail: parts.join(', ') });
  }
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;
type Names = { brand: Map<number, string>; category: Map<number, string> };

/** What changes in one product's own fields (its categories as the file names them, ancestors aside). */
function productParts(was: ProductRow, p: ImportFile['products'][number], names: Names, images: string[]) {
  const parts: string[] = [];
  if (was.title !== p.title) parts.push(`название ${quoted(was.title)} → ${quoted(p.title)}`);
  const brandWas = was.brandId != null ? (names.brand.get(was.brandId) ?? null) : null;
  if (brandWas !== (p.brand ?? null)) parts.push(`бренд ${quoted(brandWas)} → ${quoted(p.brand)}`);
  const missing = p.categories.filter((id) => !was.categoryIds.includes(id));
  if (missing.length)
    parts.push(`категории: добавится ${missing.map((id) => quoted(names.category.get(id) ?? `№${id}`)).join(', ')}`);
  if (was.description !== p.description) parts.push('описание');
  if (images.join(' ') !== p.images.join(' ')) parts.push(`картинки ${images.length} → ${p.images.length}`);
  return parts;
}

function previewVariants(push: Push, title: string, mine: VariantRow[], p: ImportFile['products'][number]) {
  const bySku = new Map(mine.map((v) => [v.sku, v]));
  for (const v of p.variants) {
    const old = bySku.get(v.sku);
    const name = `${p.title} · ${v.title}`;
    if (!old) {
      push({ entity: 'variant', action: 'create', name, detail: `${rub(v.price)}, ${v.qty} шт.` });
      continue;
    }
    const parts: string[] = [];
    if (old.price !== v.price) parts.push(`цена ${rub(old.price)} → ${rub(v.price)}`);
    if (old.qty !== v.qty) parts.push(`остаток ${old.qty} → ${v.qty} шт.`);
    if (old.title !== v.title) parts.push(`название ${quoted(old.title)} → ${quoted(v.title)}`);
    if ((old.size ?? null) !== (v.size ?? null)) parts.push(`размер ${quoted(old.size)} → ${quoted(v.size)}`);
    if ((old.color ?? null) !== (v.color ?? null)) parts.push(`цвет ${quoted(old.color)} → ${quoted(v.color)}`);
    if (parts.length) push({ entity: 'variant', action: 'update', name, detail: parts.join(', ') });
  }
  const inFile = new Set(p.variants.map((v) => v.sku));
  for (const old of mine) {
    if (!inFile.has(old.sku))
      push({ entity: 'variant', action: 'delete', name: `${title} · ${old.title}`, detail: 'нет в файле' });
  }
}

async function previewProducts(db: Database, file: ImportFile, push: Push) {
  const spus = file.products.map((p) => p.spu);
  const existing = spus.length ? await db.select().from(products).where(inArray(products.spu, spus)) : [];
  const productBySpu = new Map(existing.map((p) => [p.spu, p]));
  const ids = existing.map((p) => p.id);
  const [ownVariants, ownImages, brandRows, categoryRows] = await Promise.all([
    ids.length ? db.select().from(variants).where(inArray(variants.productId, ids)) : [],
    ids.length ? db.select().from(productImages).where(inArray(productImages.productId, ids)) : [],
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ id: categories.id, name: categories.name }).from(categories),
  ]);
  const names: Names = {
    brand: new Map(brandRows.map((b) => [b.id, b.name])),
    category: new Map([
      ...categoryRows.map((c) => [c.id, c.name] as const),
      ...file.categories.map((c) => [c.id, c.name] as const),
    ]),
  };
  for (const p of file.products) {
    const was = productBySpu.get(p.spu);
    if (!was) {
      push({ entity: 'product', action: 'create', name: p.title, detail: `${p.variants.length} вар.` });
      continue;
    }
    const images = ownImages
      .filter((i) => i.productId === was.id)
      .sort((a, b) => a.position - b.position)
      .map((i) => i.src);
    const parts = productParts(was, p, names, images);
    if (parts.length) push({ entity: 'product', action: 'update', name: was.title, detail: parts.join(', ') });
    const mine = ownVariants.filter((v) => v.productId === was.id);
    previewVariants(push, was.title, mine, p);
  }
}

/**
 * Everything the file would create, change or delete. The import deletes only variants (those of
 * a product in the file that the file no longer lists); products, categories and brands it
 * creates or changes, never deletes.
 */
export async function previewImport(
  db: Database,
  file: ImportFile,
): Promise<{ changes: AdminImportChange[]; more: number }> {
  const changes: AdminImportChange[] = [];
  const push: Push = (c) => changes.push(c);
  await previewCategories(db, file, push);
  await previewBrands(db, file, push);
  await previewProducts(db, file, push);
  return { changes: changes.slice(0, MAX_LISTED), more: Math.max(0, changes.length - MAX_LISTED) };
}
