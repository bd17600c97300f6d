// The console's catalogue edits (docs/product.md §12.2–12.3): a product's texts and publication, a variant's
// price and stock, an import file with a dry run. Each keeps the catalogue's derived columns (search vector,
// listing columns) current in the same transaction and lands in the audit log.
import type {
  AdminImportResult,
  AdminProduct,
  AdminProductPatchBody,
  AdminVariant,
  AdminVariantPatchBody,
} from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, variants } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import {
  importCatalog,
  rebuildSearchTerms,
  searchVectorUpdate,
} from '../catalog/catalog-import.repository.ts';
import { parseImportFile } from '../catalog/import-format.ts';
import { refreshListingColumns } from '../catalog/listing-columns.ts';
import { writeAudit } from '../staff/audit.repository.ts';

const toProduct = (p: typeof products.$inferSelect): AdminProduct => ({
  id: p.id,
  spu: p.spu,
  title: p.title,
  description: p.description,
  is_published: p.isPublished,
});

/** A product as staff see it, hidden or not. */
export async function getAdminProduct(db: Database, id: number): Promise<AdminProduct> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound('Товар не найден');
  return toProduct(row);
}

export async function patchProduct(
  db: Database,
  id: number,
  body: AdminProductPatchBody,
  actorTelegramId: number,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound('Товар не найден');
    const [after] = await tx
      .update(products)
      .set({
        ...(body.title === undefined ? {} : { title: body.title, computedTitle: body.title }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.is_published === undefined ? {} : { isPublished: body.is_published }),
      })
      .where(eq(products.id, id))
      .returning();
    await tx.execute(searchVectorUpdate(sql`p.id = ${id}`));
    // Suggestions count only what shoppers can find.
    if (before.isPublished !== after!.isPublished) await rebuildSearchTerms(tx);
    await writeAudit(tx, {
      actorTelegramId,
      action: 'product.update',
      entity: 'product',
      entityId: String(id),
      before: { title: before.title, description: before.description, is_published: before.isPublished },
      after: { title: after!.title, description: after!.description, is_published: after!.isPublished },
    });
    return toProduct(after!);
  });
}

export async function patchVariant(
  db: Database,
  id: number,
  body: AdminVariantPatchBody,
  actorTelegramId: number,
): Promise<AdminVariant> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(variants).where(eq(variants.id, id)).for('update');
    if (!before) throw notFound('Вариант не найден');
    const [after] = await tx
      .update(variants)
      .set({
        ...(body.price === undefined ? {} : { price: body.price }),
        ...(body.qty === undefined ? {} : { qty: body.qty }),
      })
      .where(eq(variants.id, id))
      .returning();
    await refreshListingColumns(tx, [before.productId]);
    await writeAudit(tx, {
      actorTelegramId,
      action: 'variant.update',
      entity: 'variant',
      entityId: String(id),
      before: { price: before.price, qty: before.qty },
      after: { price: after!.price, qty: after!.qty },
    });
    return {
      id: after!.id,
      product_id: after!.productId,
      title: after!.title,
      price: after!.price,
      qty: after!.qty,
    };
  });
}

/** Thrown inside the import transaction to roll a dry run (or a file with errors) back. */
class RollBack extends Error {}

/**
 * Runs the import in a transaction and keeps it only when it is not a dry run and the file has
 * no errors: a file is applied whole or not at all, and the dry run counts what it would do.
 */
export async function importFromConsole(
  db: Database,
  input: unknown,
  dryRun: boolean,
  actorTelegramId: number,
): Promise<AdminImportResult> {
  const { file, issues } = parseImportFile(input);
  let counts = { created: 0, updated: 0 };
  try {
    await db.transaction(async (tx) => {
      const summary = await importCatalog(tx, file);
      counts = { created: summary.created, updated: summary.updated };
      if (dryRun || issues.length > 0) throw new RollBack();
      await writeAudit(tx, {
        actorTelegramId,
        action: 'catalog.import',
        entity: 'catalog',
        entityId: null,
        before: null,
        after: { ...summary, products: file.products.length },
      });
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  return { dry_run: dryRun, ...counts, errors: issues };
}
