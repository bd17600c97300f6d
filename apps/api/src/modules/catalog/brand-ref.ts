// The brand of a product as every catalogue, cart and favourites answer shows it.
import type { BrandRef } from '@shop/contract';

/** A brand from the `brand_id`/`brand_name`/`brand_logo_url` columns of a left join (null: none). */
export function brandRef(row: {
  brand_id: number | null;
  brand_name: string | null;
  brand_logo_url: string | null;
}): BrandRef | null {
  return row.brand_id == null
    ? null
    : { id: row.brand_id, name: row.brand_name ?? '', logo_url: row.brand_logo_url };
}
