// The facets answers kept per instance (catalog.routes.ts) and the one way to drop them: every
// catalogue write of the console (product, variant, publish, import) clears them, so staff see a
// changed price or stock in the filters at once. Other instances catch up within the TTL.
import type { ProductFilters } from '@shop/contract';
import { LRUCache } from 'lru-cache';

/**
 * Facets count every product the selection reaches: at a million products a category page costs
 * a full aggregation. Every shopper opening the same page asks the same question, so answers are
 * kept briefly per instance; counts may lag stock by this long, which a filter sheet can afford.
 */
const FACETS_TTL_MS = 30_000;

/** Holds the pending answer, so concurrent requests for one selection share one computation. */
export type FacetsCache = LRUCache<string, Promise<ProductFilters>>;

export const createFacetsCache = (): FacetsCache => new LRUCache({ max: 1000, ttl: FACETS_TTL_MS });
