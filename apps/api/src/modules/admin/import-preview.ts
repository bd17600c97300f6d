// What an import file would do, listed before it writes (DESIGN §7.6, docs/product.md §12.2): every
// category, brand, product and variant it would create, change or delete, with before → after in
// Russian. Read against the catalogue as it is; the importer (catalog module) stays the only writer.
import type { AdminImportChange } from '@shop/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, categories, products, variants } from '../../db/schema/index.ts';
import type { ImportFile } from '../catalog/index.ts';

const MAX_LISTED = 2000;
const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`;
const quoted = (v: string | null | undefined) => (v ? `«${v}»` : '—');

export async function previewImport(
  db: Database,
  file: ImportFile,
): Promise<{ changes: AdminImportChange[]; more: number }> {
  const changes: AdminImportChange[] = [];
  const push = (c: AdminImportChange) => changes.push(c);

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
    if (parts.length)
      push({ entity: 'category', action: 'update', name: was.name, detail: parts.join(', ') });
  }

  const brandNames = file.brands.map((b) => b.name);
  const known = brandNames.length
    ? await db.select().from(brands).where(inArray(brands.name, brandNames))
    : [];
  const brandByName = new Map(known.map((b) => [b.name, b]));
  for (const b of file.brands) {
    const was = brandByName.get(b.name);
    if (!was) push({ entity: 'brand', action: 'create', name: b.name, detail: null });
    else if ((was.logoUrl ?? null) !== (b.logo_url ?? null) || was.popularity !== b.popularity) {
      push({ entity: 'brand', action: 'update', name: b.name, detail: 'логотип или популярность' });
    }
  }

  const spus = file.products.map((p) => p.spu);
  const existing = spus.length ? await db.select().from(products).where(inArray(products.spu, spus)) : [];
  const productBySpu = new Map(existing.map((p) => [p.spu, p]));
  const ownVariants = existing.length
    ? await db
        .select()
        .from(variants)
        .where(
          inArray(
            variants.productId,
            existing.map((p) => p.id),
          ),
        )
    : [];
  for (const p of file.products) {
    const was = productBySpu.get(p.spu);
    if (!was) {
      push({ entity: 'product', action: 'create', name: p.title, detail: `${p.variants.length} вар.` });
      continue;
    }
    if (was.title !== p.title) {
      push({
        entity: 'product',
        action: 'update',
        name: was.title,
        detail: `название ${quoted(was.title)} → ${quoted(p.title)}`,
      });
    }
    const mine = ownVariants.filter((v) => v.productId === was.id);
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
      if (parts.length) push({ entity: 'variant', action: 'update', name, detail: parts.join(', ') });
    }
    const inFile = new Set(p.variants.map((v) => v.sku));
    for (const old of mine) {
      if (!inFile.has(old.sku)) {
        push({
          entity: 'variant',
          action: 'delete',
          name: `${was.title} · ${old.title}`,
          detail: 'нет в файле',
        });
      }
    }
  }
  return { changes: changes.slice(0, MAX_LISTED), more: Math.max(0, changes.length - MAX_LISTED) };
}
