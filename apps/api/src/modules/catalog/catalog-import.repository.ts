// The import is one transaction whose steps (functions below, in the order they run) read top to bottom.
// Writes an import file into the catalogue in one transaction: brands and categories by key,
// products by `spu` (unchanged rows are skipped by content hash, so a second run changes nothing),
// variants by (product, sku) so their ids survive updates, then the search vectors and terms.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import {
  brands,
  categories,
  productCategories,
  productImages,
  products,
  variants,
} from '../../db/schema/index.ts';
import type { ImportFile, ImportProduct, KnownKeys } from './import-format.ts';

export type ImportSummary = {
  brands: number;
  categories: number;
  created: number;
  updated: number;
  unchanged: number;
};

const CHUNK = 500;
function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The denormalised listing columns of a product, from its variants. */
export function listingColumns(product: ImportProduct) {
  const prices = product.variants.map((v) => v.price);
  const inStockPrices = product.variants.filter((v) => v.qty > 0).map((v) => v.price);
  const minPrice = prices.length ? Math.min(...prices) : 0;
  return {
    minPrice,
    // The price a card shows: the cheapest variant one can buy, else the cheapest at all.
    price: inStockPrices.length ? Math.min(...inStockPrices) : minPrice,
    colors: [...new Set(product.variants.map((v) => v.color).filter((c): c is string => !!c))],
    sizesEu: [...new Set(product.variants.map((v) => v.size_eu).filter((s): s is string => !!s))],
    inStock: inStockPrices.length > 0,
  };
}

/** SQL recomputing the `search` tsvector (title and brand > category > description). */
export const searchVectorUpdate = (where: ReturnType<typeof sql>) => sql`
  UPDATE products p SET search =
    setweight(to_tsvector('russian', p.title), 'A') ||
    setweight(to_tsvector('simple', coalesce(b.name, '') || ' ' || array_to_string(coalesce(b.aliases, '{}'), ' ')), 'A') ||
    setweight(to_tsvector('russian', coalesce((SELECT string_agg(c.name, ' ') FROM categories c WHERE c.id = ANY(p.category_ids)), '')), 'B') ||
    setweight(to_tsvector('russian', regexp_replace(p.description, '<[^>]*>', ' ', 'g')), 'D')
  FROM products p2 LEFT JOIN brands b ON b.id = p2.brand_id
  WHERE p2.id = p.id AND ${where}`;

/**
 * Rebuilds the suggestion terms: brands and their aliases, categories, frequent title words of
 * published products (publishing or hiding a product rebuilds them too).
 */
export async function rebuildSearchTerms(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM search_terms`);
  await db.execute(sql`
    INSERT INTO search_terms (term, display, weight)
    SELECT DISTINCT ON (term) term, display, weight FROM (
      SELECT lower(b.name) AS term, b.name AS display, 1000000 + b.popularity AS weight FROM brands b
      UNION ALL
      SELECT lower(a), b.name, 900000 + b.popularity FROM brands b, unnest(b.aliases) a
      UNION ALL
      SELECT lower(c.name), c.name, 500000 + (SELECT count(*)::int FROM products p WHERE c.id = ANY(p.category_ids) AND p.is_published)
        FROM categories c
      UNION ALL
      SELECT w, w, n FROM (
        SELECT w, count(*)::int AS n
        FROM (SELECT DISTINCT id, lower(unnest(regexp_split_to_array(title, '[^[:alnum:]]+'))) AS w FROM products WHERE is_published) words
        WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
        GROUP BY w ORDER BY n DESC LIMIT 2000
      ) frequent
    ) t
    WHERE term <> ''
    ORDER BY term, weight DESC`);
}

function hashProduct(product: ImportProduct): string {
  return createHash('sha256').update(JSON.stringify(product)).digest('base64url');
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The shop's brand names and category ids, which a file may name without listing them. */
export async function knownCatalogKeys(db: Database): Promise<KnownKeys> {
  const [brandRows, categoryRows] = await Promise.all([
    db.select({ name: brands.name }).from(brands),
    db.select({ id: categories.id }).from(categories),
  ]);
  return { brands: new Set(brandRows.map((b) => b.name)), categoryIds: new Set(categoryRows.map((c) => c.id)) };
}

async function upsertBrands(tx: Tx, file: ImportFile): Promise<number> {
  let count = 0;
  for (const brand of file.brands) {
    const rows = await tx
      .insert(brands)
      .values({
        name: brand.name,
        logoUrl: brand.logo_url ?? null,
        popularity: brand.popularity,
        aliases: brand.aliases,
      })
      .onConflictDoUpdate({
        target: brands.name,
        set: { logoUrl: brand.logo_url ?? null, popularity: brand.popularity, aliases: brand.aliases },
        setWhere: sql`(brands.logo_url, brands.popularity, brands.aliases) IS DISTINCT FROM (excluded.logo_url, excluded.popularity, excluded.aliases)`,
      })
      .returning({ id: brands.id });
    count += rows.length;
  }
  return count;
}

/** Parents first, so the tree's foreign key holds whatever the file order. */
async function upsertCategories(tx: Tx, file: ImportFile): Promise<number> {
  let count = 0;
  const pending = [...file.categories];
  const written = new Set((await tx.select({ id: categories.id }).from(categories)).map((c) => c.id));
  while (pending.length) {
    const index = pending.findIndex(
      (c) => c.parent_id == null || written.has(c.parent_id) || !pending.some((p) => p.id === c.parent_id),
    );
    const [category] = pending.splice(index < 0 ? 0 : index, 1);
    if (!category) break;
    const values = {
      parentId: category.parent_id ?? null,
      name: category.name,
      position: category.position,
      imageSrc: category.image_src ?? null,
    };
    const rows = await tx
      .insert(categories)
      .values({ id: category.id, ...values })
      .onConflictDoUpdate({
        target: categories.id,
        set: values,
        setWhere: sql`(categories.parent_id, categories.name, categories.position, categories.image_src) IS DISTINCT FROM (excluded.parent_id, excluded.name, excluded.position, excluded.image_src)`,
      })
      .returning({ id: categories.id });
    written.add(category.id);
    count += rows.length;
  }
  return count;
}

/** A category id list with every ancestor added (the listing filters by any of them). */
async function ancestorsOf(tx: Tx): Promise<(ids: number[]) => number[]> {
  const parents = new Map(
    (await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories)).map((c) => [
      c.id,
      c.parentId,
    ]),
  );
  return (ids) => {
    const all = new Set<number>();
    for (let id of ids) {
      for (let depth = 0; depth < 20 && !all.has(id); depth++) {
        all.add(id);
        const parent = parents.get(id);
        if (parent == null) break;
        id = parent;
      }
    }
    return [...all];
  };
}

type Touched = { id: number; product: ImportProduct; isNew: boolean };

/** Products by spu: new ones inserted, changed ones updated, unchanged ones (same hash) skipped. */
async function writeProducts(tx: Tx, file: ImportFile, summary: ImportSummary): Promise<Touched[]> {
  const withAncestors = await ancestorsOf(tx);
  const brandIds = new Map(
    (await tx.select({ id: brands.id, name: brands.name }).from(brands)).map((b) => [b.name, b.id]),
  );
  const existing = new Map<string, { id: number; hash: string }>();
  for (const part of chunks(
    file.products.map((p) => p.spu),
    5000,
  )) {
    const rows = await tx
      .select({ id: products.id, spu: products.spu, hash: products.contentHash })
      .from(products)
      .where(inArray(products.spu, part));
    for (const row of rows) existing.set(row.spu, { id: row.id, hash: row.hash });
  }
  const rowOf = (product: ImportProduct, hash: string) => ({
    spu: product.spu,
    title: product.title,
    computedTitle: product.computed_title ?? product.title,
    description: product.description,
    brandId: product.brand ? (brandIds.get(product.brand) ?? null) : null,
    characteristics: product.characteristics,
    options: product.options,
    sizeTable: product.size_table ?? null,
    imageSrc: product.images[0] ?? null,
    ...listingColumns(product),
    categoryIds: withAncestors(product.categories),
    popularity: product.popularity,
    sales: product.sales,
    fitPeople: product.fit_people,
    ...(product.published_at ? { publishedAt: new Date(product.published_at) } : {}),
    contentHash: hash,
    updatedAt: new Date(),
  });

  const touched: Touched[] = [];
  const fresh: { product: ImportProduct; hash: string }[] = [];
  for (const product of file.products) {
    const hash = hashProduct(product);
    const found = existing.get(product.spu);
    if (!found) fresh.push({ product, hash });
    else if (found.hash === hash) summary.unchanged++;
    else {
      await tx.update(products).set(rowOf(product, hash)).where(eq(products.id, found.id));
      touched.push({ id: found.id, product, isNew: false });
      summary.updated++;
    }
  }
  for (const part of chunks(fresh)) {
    const rows = await tx
      .insert(products)
      .values(part.map(({ product, hash }) => rowOf(product, hash)))
      .returning({ id: products.id, spu: products.spu });
    const bySpu = new Map(rows.map((r) => [r.spu, r.id]));
    for (const { product } of part) touched.push({ id: bySpu.get(product.spu)!, product, isNew: true });
    summary.created += rows.length;
  }
  return touched;
}

/** Category links and pictures of the written products, anew; answers image ids by `${product}:${position}`. */
async function writeLinksAndImages(tx: Tx, touched: Touched[]): Promise<Map<string, number>> {
  const withAncestors = await ancestorsOf(tx);
  const changedIds = touched.filter((t) => !t.isNew).map((t) => t.id);
  if (changedIds.length) {
    await tx.delete(productCategories).where(inArray(productCategories.productId, changedIds));
    await tx.delete(productImages).where(inArray(productImages.productId, changedIds));
  }
  for (const part of chunks(
    touched.flatMap((t) =>
      withAncestors(t.product.categories).map((categoryId) => ({ productId: t.id, categoryId })),
    ),
    2000,
  ))
    await tx.insert(productCategories).values(part);

  const imageIds = new Map<string, number>();
  for (const part of chunks(
    touched.flatMap((t) => t.product.images.map((src, position) => ({ productId: t.id, src, position }))),
    2000,
  )) {
    const rows = await tx.insert(productImages).values(part).returning({
      id: productImages.id,
      productId: productImages.productId,
      position: productImages.position,
    });
    for (const row of rows) imageIds.set(`${row.productId}:${row.position}`, row.id);
  }
  return imageIds;
}

/** Variants by (product, sku), so their ids survive; those that left the file go. */
async function writeVariants(tx: Tx, touched: Touched[], imageIds: Map<string, number>): Promise<void> {
  const variantRows = touched.flatMap((t) =>
    t.product.variants.map((v, position) => ({
      productId: t.id,
      sku: v.sku,
      position,
      title: v.title,
      price: v.price,
      qty: v.qty,
      color: v.color ?? null,
      size: v.size ?? null,
      sizeEu: v.size_eu ?? null,
      image: v.image != null ? (t.product.images[v.image] ?? null) : null,
      imgId: v.image != null ? (imageIds.get(`${t.id}:${v.image}`) ?? null) : null,
      options: v.options,
    })),
  );
  for (const part of chunks(variantRows, 1000)) {
    await tx
      .insert(variants)
      .values(part)
      .onConflictDoUpdate({
        target: [variants.productId, variants.sku],
        set: {
          position: sql`excluded.position`,
          title: sql`excluded.title`,
          price: sql`excluded.price`,
          qty: sql`excluded.qty`,
          color: sql`excluded.color`,
          size: sql`excluded.size`,
          sizeEu: sql`excluded.size_eu`,
          image: sql`excluded.image`,
          imgId: sql`excluded.img_id`,
          options: sql`excluded.options`,
        },
      });
  }
  // Variants that left the file go (an order keeps its own snapshot of what was bought).
  for (const t of touched.filter((t) => !t.isNew)) {
    await tx.delete(variants).where(
      and(
        eq(variants.productId, t.id),
        notInArray(
          variants.sku,
          t.product.variants.map((v) => v.sku),
        ),
      ),
    );
  }
}

export async function importCatalog(db: Database, file: ImportFile): Promise<ImportSummary> {
  return db.transaction(async (tx) => {
    const summary: ImportSummary = { brands: 0, categories: 0, created: 0, updated: 0, unchanged: 0 };
    summary.brands = await upsertBrands(tx, file);
    summary.categories = await upsertCategories(tx, file);
    const touched = await writeProducts(tx, file, summary);
    if (!touched.length) return summary;
    const imageIds = await writeLinksAndImages(tx, touched);
    await writeVariants(tx, touched, imageIds);
    for (const part of chunks(
      touched.map((t) => t.id),
      5000,
    )) {
      await tx.execute(searchVectorUpdate(sql`p.id = ANY(${`{${part.join(',')}}`}::int[])`));
    }
    await rebuildSearchTerms(tx);
    return summary;
  });
}

export async function catalogIsEmpty(db: Database): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM products LIMIT 1) x`,
  );
  return (rows[0]?.n ?? 0) === 0;
}
