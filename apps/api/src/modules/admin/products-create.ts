// Products made in the console (docs/product.md §12.6): a product with its variants goes through the
// catalogue importer as a one-product file (the same checks, listing columns, search vectors and
// suggestions as any import), hidden until published unless asked otherwise; pictures uploaded from
// the phone are re-encoded by the find screenshots' code (upright, ≤ 1600 px, JPEG, no EXIF) and
// kept in the media store as media/products/{id}/…, served and resized by /media and /img like any shop path.
import type {
  AdminBrand,
  AdminBrandsQuery,
  AdminCreatedProduct,
  AdminPicturesOrderBody,
  AdminProductCreateBody,
} from '@shop/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, categories, productImages, products, variants } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { cleanBrandName, findBrand, findBrandNamed, importCatalog, parseImportFile } from '../catalog/index.ts';
import { reencodeScreenshot } from '../find/index.ts';
import type { MediaStore } from '../media/index.ts';
import { writeAudit } from '../staff/index.ts';

/** A product has at most this many pictures (the importer's limit). */
const MAX_PICTURES = 50;

async function readCreated(db: Database, productId: number): Promise<AdminCreatedProduct> {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Товар не найден');
  const images = await db
    .select({ src: productImages.src })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const rows = await db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.id));
  const [brand] = product.brandId
    ? await db.select({ name: brands.name }).from(brands).where(eq(brands.id, product.brandId))
    : [];
  return {
    id: product.id,
    spu: product.spu,
    title: product.title,
    brand: brand?.name ?? null,
    is_published: product.isPublished,
    images: images.map((i) => i.src),
    variants: rows.map((v) => ({
      id: v.id,
      sku: v.sku,
      price: v.price,
      qty: v.qty,
      color: v.color,
      size: v.size,
    })),
  };
}

/**
 * The shop's brands for the product form's picker: those whose name or another spelling contains
 * what was typed, names starting with it first, then the most popular; none typed, the most popular.
 */
export async function listBrands(db: Database, query: AdminBrandsQuery): Promise<AdminBrand[]> {
  const q = query.q?.toLowerCase() ?? '';
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const productCount = sql<number>`(select count(*)::int from products p where p.brand_id = brands.id)`;
  const rows = await db
    .select({ id: brands.id, name: brands.name, products: productCount })
    .from(brands)
    .where(
      q
        ? sql`(lower(${brands.name}) like ${pattern} or exists (select 1 from unnest(brands.aliases) a where lower(a) like ${pattern}))`
        : undefined,
    )
    .orderBy(
      ...(q ? [sql`lower(${brands.name}) like ${pattern.slice(1)} desc`] : []),
      desc(brands.popularity),
      asc(brands.name),
    )
    .limit(query.limit);
  return rows.map((r) => ({ ...r, products: Number(r.products) }));
}

/**
 * The product's brand as the import file needs it: an existing one by id, or one typed in the form
 * (the shop's brand of that name in any case, else a new one the import makes).
 */
async function brandOf(db: Database, body: AdminProductCreateBody) {
  if (body.brand_id) {
    const brand = await findBrand(db, body.brand_id);
    if (!brand) throw badRequest('Нет такого бренда', 'brand_id');
    return brand;
  }
  if (!body.brand_name) return undefined;
  const name = cleanBrandName(body.brand_name);
  return (await findBrandNamed(db, name)) ?? { name, logoUrl: null, popularity: 0, aliases: [] as string[] };
}

/** The categories and every ancestor, as the import file needs them (parents in the file). */
async function categoryRows(db: Database, ids: number[]) {
  const found = new Map<number, typeof categories.$inferSelect>();
  let wanted = [...new Set(ids)];
  while (wanted.length > 0) {
    const rows = await db.select().from(categories).where(inArray(categories.id, wanted));
    for (const r of rows) found.set(r.id, r);
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0 && ids.includes(missing[0]!))
      throw badRequest(`Нет категории ${missing[0]}`, 'category_ids');
    wanted = rows.map((r) => r.parentId).filter((p): p is number => p !== null && !found.has(p));
  }
  return [...found.values()];
}

export async function createProduct(
  db: Database,
  body: AdminProductCreateBody,
  actorTelegramId: number,
): Promise<AdminCreatedProduct> {
  const spu = `console-${randomUUID()}`;
  const id = await db.transaction(async (tx) => {
    const brand = await brandOf(tx, body);
    const cats = await categoryRows(tx, body.category_ids);
    const file = {
      brands: brand
        ? [
            {
              name: brand.name,
              logo_url: brand.logoUrl,
              popularity: brand.popularity,
              aliases: brand.aliases,
            },
          ]
        : [],
      categories: cats.map((c) => ({
        id: c.id,
        parent_id: c.parentId,
        name: c.name,
        position: c.position,
        image_src: c.imageSrc,
      })),
      products: [
        {
          spu,
          title: body.title,
          description: body.description,
          brand: brand?.name ?? null,
          categories: body.category_ids,
          fit_people: body.fit_people,
          images: [],
          variants: body.variants.map((v) => ({
            sku: v.sku,
            title: [body.title, v.color, v.size].filter(Boolean).join(', '),
            price: v.price,
            qty: v.qty,
            color: v.color ?? null,
            size: v.size ?? null,
            size_eu: v.size ?? null,
            options: {
              ...(v.color ? { Color: v.color } : {}),
              ...(v.size ? { Size: v.size } : {}),
            },
          })),
        },
      ],
    };
    const { file: parsed, issues } = parseImportFile(file);
    if (issues.length > 0) throw badRequest(`${issues[0]!.path}: ${issues[0]!.message}`);
    await importCatalog(tx, parsed);
    const [created] = await tx
      .update(products)
      .set({ isPublished: body.is_published })
      .where(eq(products.spu, spu))
      .returning({ id: products.id });
    await writeAudit(tx, {
      actorTelegramId,
      action: 'product.create',
      entity: 'product',
      entityId: String(created!.id),
      before: null,
      after: { title: body.title, variants: body.variants.length, is_published: body.is_published },
    });
    return created!.id;
  });
  return readCreated(db, id);
}

/** Re-encodes and stores an uploaded picture, and adds it after the product's others. */
export async function addPicture(
  db: Database,
  media: MediaStore,
  productId: number,
  image: Buffer,
  actorTelegramId: number,
): Promise<AdminCreatedProduct> {
  const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!exists) throw notFound('Товар не найден');
  const { jpeg } = await reencodeScreenshot(image);
  const name = `${randomBytes(12).toString('hex')}.jpg`;
  // The media store (local DATA_DIR/media or S3), under the key its /media/… address names.
  await media.put(`media/products/${productId}/${name}`, jpeg, 'image/jpeg');
  const src = `/media/products/${productId}/${name}`;
  await db.transaction(async (tx) => {
    // The product's row lock orders two uploads at once.
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const [count] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int`,
      })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    if (Number(count?.n ?? 0) >= MAX_PICTURES) throw conflict(`У товара уже ${MAX_PICTURES} картинок`);
    const position = Number(count?.next ?? 0);
    await tx.insert(productImages).values({ productId, src, position });
    if (Number(count?.n ?? 0) === 0)
      await tx.update(products).set({ imageSrc: src }).where(eq(products.id, productId));
    await writeAudit(tx, {
      actorTelegramId,
      action: 'product.picture',
      entity: 'product',
      entityId: String(productId),
      before: null,
      after: { src, position },
    });
  });
  return readCreated(db, productId);
}

/** Puts the product's pictures in the given order (every one of them, each once); the first is the card's. */
export async function orderPictures(
  db: Database,
  productId: number,
  body: AdminPicturesOrderBody,
  actorTelegramId: number,
): Promise<AdminCreatedProduct> {
  await db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!exists) throw notFound('Товар не найден');
    const rows = await tx.select().from(productImages).where(eq(productImages.productId, productId));
    const current = rows.map((r) => r.src).sort();
    if (body.images.length !== rows.length || [...body.images].sort().some((src, i) => src !== current[i])) {
      throw badRequest('Порядок должен назвать каждую картинку товара один раз', 'images');
    }
    for (const [position, src] of body.images.entries()) {
      const row = rows.find((r) => r.src === src)!;
      await tx.update(productImages).set({ position }).where(eq(productImages.id, row.id));
    }
    await tx.update(products).set({ imageSrc: body.images[0]! }).where(eq(products.id, productId));
    await writeAudit(tx, {
      actorTelegramId,
      action: 'product.pictures_order',
      entity: 'product',
      entityId: String(productId),
      before: { images: rows.sort((a, b) => a.position - b.position).map((r) => r.src) },
      after: { images: body.images },
    });
  });
  return readCreated(db, productId);
}
