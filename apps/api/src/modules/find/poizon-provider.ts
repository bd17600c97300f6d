// Where Poizon items come from (docs/decisions/021-poizon-provider.md): `none` (every unknown item
// becomes a request), `fixture` (items shipped in the repository, for the demo and tests) and
// `http` (a Poizon data API of the documented shape). Prices come in fen (1/100 yuan).
import type { PoizonItem } from '@shop/contract';

export type ProviderItem = {
  spuId: string;
  title: string;
  brand: string;
  article: string | null;
  category: PoizonItem['category'];
  images: string[];
  sizes: { size: string; priceFen: number }[];
};

export interface PoizonProvider {
  readonly kind: 'none' | 'fixture' | 'http';
  /** The spuId behind a short link, or null when the provider cannot tell. */
  resolveLink(url: string): Promise<{ spuId: string; skuId?: string } | null>;
  getProduct(spuId: string): Promise<ProviderItem | null>;
  /** Throws ProviderUnavailable when search is off or the provider is down. */
  search(q: string, page: number, limit: number): Promise<{ items: ProviderItem[]; more: boolean }>;
}

export class ProviderUnavailable extends Error {}

export const noneProvider: PoizonProvider = {
  kind: 'none',
  resolveLink: async () => null,
  getProduct: async () => null,
  search: async () => {
    throw new ProviderUnavailable('no Poizon provider');
  },
};
