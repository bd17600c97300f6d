// Loads the short product view the cart and favourites show, for a set of product ids.
import type { ProductBrief } from '@shop/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, products } from '../../db/schema/index.ts';

export async function loadProductBriefs(db: Database, ids: number[]): Promise<Map<number, ProductBrief>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      spu: products.spu,
      title: products.title,
      imageSrc: products.imageSrc,
      price: products.price,
      minPrice: products.minPrice,
      inStock: products.inStock,
      brandId: brands.id,
      brandName: brands.name,
      brandLogo: brands.logoUrl,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        spu: r.spu,
        title: r.title,
        image_src: r.imageSrc,
        price: r.price,
        min_price: r.minPrice,
        in_stock: r.inStock,
        brand: r.brandId === null ? null : { id: r.brandId, name: r.brandName ?? '', logo_url: r.brandLogo },
      },
    ]),
  );
}
