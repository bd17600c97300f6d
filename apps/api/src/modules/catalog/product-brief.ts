// Loads the short product view the cart and favourites show, for a set of product ids.
import type { ProductBrief } from '@shop/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, products } from '../../db/schema/index.ts';
import { brandRef } from './brand-ref.ts';

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
      brand_id: brands.id,
      brand_name: brands.name,
      brand_logo_url: brands.logoUrl,
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
        brand: brandRef(r),
      },
    ]),
  );
}
