// The catalogue listing: one keyset-paged page of product cards and the cursor of the next.
import type { ProductCard } from '@shop/contract';
import { queryRows, type Database } from '../../db/client.ts';
import { brandRef } from './brand-ref.ts';
import { encodeCursor } from './cursor.ts';
import { listingRows, resolveSort, type ListingQuery } from './listing.sql.ts';
import { planSearch } from './search-plan.ts';

type Image = { id: number; src: string };

type CardRow = {
  id: number;
  spu: string;
  title: string;
  computed_title: string;
  image_src: string | null;
  min_price: number;
  price: number;
  in_stock: boolean;
  brand_id: number | null;
  brand_name: string | null;
  brand_logo_url: string | null;
  sort_key: number | string;
  images: Image[] | string;
};

export async function listProducts(
  db: Database,
  query: ListingQuery,
): Promise<{ products: ProductCard[]; cursor: string | null; more: boolean }> {
  const sort = resolveSort(query);
  const rows = await listingRows(query, await planSearch(db, query), (q) => queryRows<CardRow>(db, q));
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    products: page.map((r) => ({
      id: r.id,
      spu: r.spu,
      title: r.title,
      computed_title: { title: r.computed_title },
      brand: brandRef(r),
      image_src: r.image_src,
      images: typeof r.images === 'string' ? (JSON.parse(r.images) as Image[]) : r.images,
      min_price: r.min_price,
      price: r.price,
      in_stock: r.in_stock,
    })),
    cursor:
      more && last
        ? encodeCursor({ sort, key: sort === 'NEWEST' ? last.sort_key : Number(last.sort_key), id: last.id })
        : null,
    more,
  };
}
